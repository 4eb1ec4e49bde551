"""Drills on the starting position: recognise the fifteen checkers' points, from either side.

The board is set up for a new game, from the side of the learner's colour,
and the question asks whether the checkers are where the game starts:
each player has two checkers on their 24-point, five on their 13, three on
their 8 and five on their 6, counted from their own side.  Whether the
answer is «sí» is drawn first (``decided``); for «no» one stack of a side
is moved, keeping the sizes of the stacks: shifted by one point (the three
on the 7 instead of the 8) or swapped with another (three on the 6 and five
on the 8), so a learner who checks only the sizes, 2, 5, 3 and 5, says «sí».

1. your checkers (your rival's are always right);
2. your rival's, counted from their side: their 24 is your 1;
3. both sides; when something is wrong, it is your rival's four times in five.

The engine says whether the board is the starting position
(``Position.initial``).  The board is a new game of a money session or of
a match at some score, so boards do not repeat.
"""

from __future__ import annotations

import random

from tutor.engine import BLACK, WHITE, Position
from tutor.rules import RuleCode

from .build import Sides
from .core import DrillFields, DrillKind, decided, register
from .opening import LENGTHS
from .wording import side_name

START = {24: 2, 13: 5, 8: 3, 6: 5}
"""Where a side's checkers start, in its own numbering (``Position.initial``)."""
SHIFTS = {24: (23,), 13: (14,), 8: (7, 9), 6: (5, 7)}
"""Where one stack may be moved by one point without landing on the rival's starting points."""
SWAPS = ((8, 6), (24, 8), (13, 8))
"""Stacks of different sizes whose points may be exchanged."""

QUESTIONS = {
    1: "¿Están tus fichas en la colocación inicial?",
    2: "¿Están las fichas de tu rival en la colocación inicial?",
    3: "¿Están las fichas de los dos en la colocación inicial?",
}
ANSWERS = {
    1: ("start",) * 10 + ("mine",) * 10,
    2: ("start",) * 10 + ("theirs",) * 10,
    3: ("start",) * 9 + ("mine",) * 2 + ("theirs",) * 9,
}
"""What the board holds, by level: the starting position, or one side's stacks moved.  At level 3
the rival's side is wrong four times in five, so checking only your own checkers fails."""


@register(RuleCode.STARTING_POSITION)
def starting_position(rng: random.Random, level: int) -> DrillFields | None:
    """Is this the starting position (of your checkers, your rival's or both)?"""
    return decided(rng, ANSWERS[level], lambda board: _starting_position(rng, level, board))


def _starting_position(rng: random.Random, level: int, board: str) -> DrillFields | None:
    me = rng.choice((WHITE, BLACK))
    start = _new_game(rng, me)
    sides = Sides.of(start)
    if board != "start":
        _move_a_stack(rng, sides.mover if board == "mine" else sides.other)
    position = sides.position(match_length=start.match_length, score=start.score)
    if not position.is_valid:
        return None
    differences = where_it_differs(position)
    answer = "si" if not differences else "no"
    if (answer == "si") != (board == "start"):
        return None
    question = f"Juegas con las {side_name(me)} y empieza una partida. {QUESTIONS[level]}"
    return DrillFields(position, DrillKind.YES_NO, question, answer=answer, facts=differences)


def _new_game(rng: random.Random, me: int) -> Position:
    """The starting position of a new game with the learner's colour on roll: money, or a match at a score."""
    if rng.random() < 0.1:
        return Position.initial(turn=me)
    length = rng.choice(LENGTHS)
    return Position.initial(turn=me, match_length=length, score=(rng.randrange(length - 1), rng.randrange(length - 1)))


def _move_a_stack(rng: random.Random, board: list[int]) -> None:
    """Shift one stack by a point, or exchange the points of two stacks of different sizes."""
    if rng.random() < 0.5:
        src = rng.choice(list(SHIFTS))
        board[rng.choice(SHIFTS[src])], board[src] = board[src], 0
    else:
        first, second = rng.choice(SWAPS)
        board[first], board[second] = board[second], board[first]


def where_it_differs(position: Position) -> tuple[tuple[bool, int, int, int], ...]:
    """Each point where a side's checkers differ from the starting position, as
    ``(yours, point in that side's numbering, checkers there, checkers it should have)``;
    empty when the board is the starting position (the engine's ``Position.initial``)."""
    start = Position.initial(turn=position.turn)
    found = []
    for yours, here, there in ((True, position.mover, start.mover), (False, position.opponent_board, start.opponent_board)):
        found += [(yours, point, here[point], there[point]) for point in range(24, 0, -1) if here[point] != there[point]]
    return tuple(found)
