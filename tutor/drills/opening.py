"""Drills of the opening roll: who starts, and with which dice.

Each side throws one die; a tie is thrown again; the higher die starts and
plays both numbers, its own and the rival's, as its first roll.  The throws
are listed in the question (yours first); the engine's ``opening_roll``,
fed exactly those dice, says who starts and with which roll, or that the
throws do not decide yet.  The board is the starting position of a new game,
in a money session or in a match at some score, so the boards do not repeat.
"""

from __future__ import annotations

import random

from tutor.engine import BLACK, WHITE, Position, RuleError, opening_roll
from tutor.rules import RuleCode

from .core import DrillFields, DrillKind, register
from .wording import you_play

Throw = tuple[int, int]
"""One throw of the opening roll: your die, your rival's."""

LENGTHS = tuple(range(3, 26))
"""Matches of every usual length: a new game starts in each, at any score."""


def _new_game(rng: random.Random, me: int) -> Position:
    """The starting position of a new game, with the learner's colour: money, or a match at a score
    where nobody is a point from winning (the Crawford question is another drill's)."""
    if rng.random() < 0.1:
        return Position.initial(turn=me)
    length = rng.choice(LENGTHS)
    score = (rng.randrange(length - 1), rng.randrange(length - 1))
    return Position.initial(turn=me, match_length=length, score=score)


def _outcome(throws: tuple[Throw, ...], me: int) -> tuple[bool | None, int]:
    """Whether you start (None: the throws do not decide yet) and the pips of the first roll, by the engine."""
    dice = iter([die for mine, theirs in throws for die in ((mine, theirs) if me == WHITE else (theirs, mine))])
    try:
        roll = opening_roll(lambda: next(dice))
    except (RuleError, StopIteration):
        return None, 0
    return roll.starter == me, sum(roll.dice)


def _throw(rng: random.Random, kind: str) -> Throw:
    high, low = rng.sample(range(1, 7), 2)
    if kind == "tie":
        return high, high
    return (max(high, low), min(high, low)) if kind == "win" else (min(high, low), max(high, low))


def _throws_text(throws: tuple[Throw, ...]) -> str:
    """«tiras un 4 y tu rival un 4; después, tú un 2 y tu rival un 6»."""
    first, *rest = throws
    said = f"tiras un {first[0]} y tu rival un {first[1]}"
    return said + "".join(f"; después, tú un {mine} y tu rival un {theirs}" for mine, theirs in rest)


STARTS_QUESTION = "¿Empiezas tú?"
PIPS_QUESTION = "¿Cuántos pips mueve en su primera jugada quien empieza?"
FIRST_THROWS = ("win",) * 9 + ("lose",) * 2 + ("tie",) * 9
"""Level 1, one throw: you start (yes) a little under half of the time; a tie (no) almost as often,
so that «a tie lets you start with the double» fails."""


@register(RuleCode.OPENING_ROLL)
def opening(rng: random.Random, level: int) -> DrillFields | None:
    """Who starts after one throw (level 1) or after ties thrown again (level 2), and how many pips
    the first roll moves, both dice, after ties or not (level 3)."""
    me = rng.choice((WHITE, BLACK))
    if level == 1:
        throws: tuple[Throw, ...] = (_throw(rng, rng.choice(FIRST_THROWS)),)
    else:
        ties = rng.randint(1, 2) if level == 2 or rng.random() < 0.5 else 0
        throws = tuple(_throw(rng, "tie") for _ in range(ties)) + (_throw(rng, rng.choice(("win", "lose"))),)
    return _opening(rng, level, me, throws)


def _opening(rng: random.Random, level: int, me: int, throws: tuple[Throw, ...]) -> DrillFields:
    position = _new_game(rng, me)
    you_start, pips = _outcome(throws, me)
    said = f"{you_play(position)}. Para decidir quién empieza, {_throws_text(throws)}."
    facts = (throws, you_start)
    if level == 3:
        return DrillFields(position, DrillKind.NUMBER, f"{said} {PIPS_QUESTION}", answer=str(pips), facts=facts)
    return DrillFields(position, DrillKind.YES_NO, f"{said} {STARTS_QUESTION}", answer="si" if you_start else "no", facts=facts)
