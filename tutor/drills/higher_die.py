"""Drills where bearing off with the higher die is right: «saca todas las fichas que puedas».

The ``bear-off-higher`` drills tempt a learner to bear off a low checker
with a high die; these ask the other half of the rule, where the higher die
is the only way to the goal.  No checker sits on the higher die's point or
above it, so that die bears off the highest checker; what the lower die
does then is what each level asks:

1. it bears off with its exact point;
2. the highest point has changed, and it is now a higher die in its turn:
   it bears off the new highest checker;
3. the highest point is still above it and its own point is empty: it must
   be played inside, and only one checker comes off; in half of these
   drills it must be played first, before the higher die, because after the
   highest checker has gone it has nowhere to go.

The goal is to bear off as many checkers as the roll allows
(``Goal("sacar", n)``), and the question does not say how many.  Every
legal play that reaches it bears a checker off with a die higher than its
point and all of them reach one position, so a learner who believes «only
an exact die bears off» never finds it, and no other legal play is right.
"""

from __future__ import annotations

import random

from tutor.engine import OFF, Play, Position, single_moves
from tutor.rules import Goal, RuleCode

from .build import Sides, any_side, fill_opponent, plausible, spread
from .core import DrillFields, DrillKind, decided, register
from .tempting import rejected_for, step
from .wording import you_play

HOME = range(1, 7)
LEFT = (3, 13)
"""How many checkers the mover still has on the board."""
CODES = ("higher-die-not-highest",)
LOWER_FIRST_ATTEMPTS = 300
"""Level 3 positions where the lower die must come first are rare among those built: try longer."""
LOWER_DIE = {1: "exact", 2: "higher", 3: "inside"}
"""What the lower die does in the one play that bears off the most, by level."""


def question(position: Position) -> str:
    """«Juegas con las blancas y tiras 6–2. Juega el turno completo y saca todas las fichas que puedas.»"""
    return f"{you_play(position)}. Juega el turno completo y saca todas las fichas que puedas."


def lower_die_does(play: Play) -> str:
    """What the lower die does in ``play``, after the higher die bore off the highest checker:
    ``exact``, ``higher`` (bears off from below its number), ``inside``, or ``""`` for another shape."""
    high, low = max(play.dice), min(play.dice)
    by_high = [move for move in play.moves if move.die == high]
    by_low = [move for move in play.moves if move.die == low]
    if high == low or len(by_high) != 1 or len(by_low) != 1 or by_high[0].dst != OFF or not by_high[0].src < high:
        return ""
    move = by_low[0]
    if move.dst != OFF:
        return "inside"
    return "exact" if move.src == low else "higher"


@register(RuleCode.BEAR_OFF_HIGHER_DIE)
def higher_die_right(rng: random.Random, level: int) -> DrillFields | None:
    """Bear off as many checkers as the roll allows: the higher die takes the highest checker,
    and the lower die does what the level asks (``LOWER_DIE``).

    The highest point holds a single checker at levels 2 and 3, so that it
    changes once that checker is off; the tempting play bears off a lower
    checker with a die that may not.  At level 3 the rival holds one or two
    points inside the home board (a back game's anchors), which leave the
    lower die one move; whether it comes before the higher die is drawn
    first (``decided``), so a learner who always plays the larger die
    first fails half of them.
    """
    if level == 3:
        return decided(rng, (True, False), lambda lower_first: _higher_die_right(rng, level, lower_first), attempts=LOWER_FIRST_ATTEMPTS)
    return _higher_die_right(rng, level, False)


def _higher_die_right(rng: random.Random, level: int, lower_first: bool) -> DrillFields | None:
    top = rng.randint(3, 5)
    sides = Sides.empty(any_side(rng))
    board = sides.mover
    board[top] = 1 if level > 1 else rng.randint(1, 2)
    anchors = rng.sample(range(1, top), rng.choice((1, 2))) if level == 3 else []
    for anchor in anchors:
        sides.set_opponent(anchor, rng.choice((2, 2, 3)))
    points = [point for point in range(1, top) if point not in anchors]
    left = rng.randint(*LEFT)
    if not spread(rng, board, left - board[top], points, 5):
        return None
    if not fill_opponent(rng, sides, keep_open=[point for point in HOME if point not in anchors]):
        return None
    high = rng.randint(top + 1, 6)
    low = rng.randint(1, top - 1) if level != 2 else rng.randint(1, high - 1)
    position = sides.position((high, low))
    if not plausible(position):
        return None
    meeting = _meeting(position)
    if meeting is None or lower_die_does(meeting) != LOWER_DIE[level]:
        return None
    if level == 3 and _higher_die_first_reaches(position, meeting) == lower_first:
        return None
    tempting = _tempting(rng, position, meeting)
    if tempting is None:
        return None
    return DrillFields(position, DrillKind.PLAY, question(position), tempting=tempting, codes=CODES,
                       goal=Goal("sacar", meeting.bears_off), facts=steps_facts(meeting))


def _meeting(position: Position) -> Play | None:
    """The play that bears off the most checkers, when every legal play that does reaches one position
    and uses a die higher than the point it bears off from; None otherwise."""
    plays = position.legal_plays()
    most = max(play.bears_off for play in plays)
    meeting = [play for play in plays if play.bears_off == most]
    if not most or not all(any(move.dst == OFF and move.die > move.src for move in play.moves) for play in meeting):
        return None
    turn = position.turn
    if len({play.result.checkers(turn) for play in meeting}) != 1:
        return None
    return meeting[0]


def _higher_die_first_reaches(position: Position, play: Play) -> bool:
    """True when ``play``'s result can be reached playing the higher die first (alone, or then
    the lower die): then «play the larger die first» finds it."""
    high, low = max(play.dice), min(play.dice)
    result = play.result.checkers(position.turn)
    for _, mover, other in single_moves(position.mover, position.opponent_board, high):
        if mover == result or any(after == result for _, after, _ in single_moves(mover, other, low)):
            return True
    return False


def _tempting(rng: random.Random, position: Position, meeting: Play) -> str | None:
    """A natural mistake: a lower checker borne off with a die that may not bear it off yet,
    next to the play's other move; the first written that the engine rejects for ``CODES``."""
    mover = position.mover
    lower = [point for point in range(1, 7) if mover[point] and point < max(meeting.dice)]
    rng.shuffle(lower)
    others = [step(move.src, move.dst) for move in meeting.moves]
    for src in lower:
        for other in others:
            text = f"{other} {step(src, OFF)}"
            if step(src, OFF) != other and rejected_for(position, text, CODES):
                return text
    return None


def steps_facts(play: Play) -> tuple[tuple[int, int, int, int], ...]:
    """The moves of ``play`` as ``(die, src, dst, highest point before the move)``, in the order played:
    what the explanation (``tutor.rules.higher_die_steps``) needs."""
    board = list(play.position.mover)
    facts = []
    for move in play.moves:
        highest = max(point for point in HOME if board[point])
        facts.append((move.die, move.src, max(move.dst, OFF), highest))
        board[move.src] -= 1
        board[max(move.dst, OFF)] += 1
    return tuple(facts)
