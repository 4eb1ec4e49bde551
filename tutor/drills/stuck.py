"""Positions where the dice barely fit: the full-turn obligations decide the play.

The situations of «use as many dice as you can» and «if only one, the
larger» are rare in open play, so they are built: the mover's home checkers
sit on low points, where no die moves them while a checker is still out
(nothing bears off until all are home), one or two *runners* are the only
checkers free to move, and the opponent holds exactly the points that make
one order of the dice, or one die, impossible.  Everything else on the
board is filled in as players keep it (``build``).  The engine then checks
that the roll does what the drill says.

Points here are in the mover's numbering; ``BAR`` is a runner waiting to enter.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tutor.engine import BAR, Move, PartialPlay, Position

from .build import MAX_STACK, Sides, any_side, fill_opponent, spread

ROLLS = tuple((high, low) for high in range(2, 7) for low in range(1, high))
"""The fifteen rolls that are not doubles, larger die first."""


def landing(runner: int, die: int) -> int:
    """Where a runner lands with ``die`` (a checker on the bar enters on 25 − die)."""
    return runner - die


def crunched_home(rng: random.Random, sides: Sides, low: int, away: int, held: list[int]) -> bool:
    """The home checkers, on points no die of the roll can move while ``away`` checkers are out.

    A checker on a point up to the smaller die ``low`` cannot move either
    die without bearing off, and nothing bears off before every checker is
    home.  The points the opponent ``held`` stay free.
    """
    points = [point for point in range(1, low + 1) if point not in held]
    count = home_count(rng, (MAX_STACK - 1) * len(points), away)
    return count is not None and spread(rng, sides.mover, count, points, MAX_STACK - 1)


def home_count(rng: random.Random, room: int, away: int) -> int | None:
    """How many checkers the crunched home board holds: as many as fit, some borne off already.

    ``away`` checkers are outside (runners); the rest were borne off before
    a runner was hit, which is how such boards arise.  None when fewer fit
    than nine borne off would leave.
    """
    most = 15 - away
    least = max(1, most - 9)
    return None if room < least else rng.randint(least, min(most, room))


@dataclass(frozen=True, slots=True)
class Spot:
    """A built position with the roll, and the move that tempts (in the mover's numbering)."""

    position: Position
    src: int
    dst: int


def _opponent_holds(sides: Sides, points: list[int]) -> bool:
    for point in points:
        if not sides.free_for_opponent(point):
            return False
        sides.set_opponent(point, max(sides.opponent_on(point), 2))
    return True


def one_die_only(rng: random.Random, level: int) -> Spot | None:
    """Either die can be played alone, not both: a runner whose two landings are open
    and the point both dice together reach is held.

    Level 1: the runner is in the outfield; 2: it waits on the bar; 3: one
    more checker is out but held back on both dice.  The tempting move is
    the runner with the smaller die.
    """
    high, low = rng.choice(ROLLS)
    sides = Sides.empty(any_side(rng))
    runner = BAR if level == 2 else rng.randint(7 + high, 24)
    sides.mover[runner] = 1
    held = [landing(runner, high + low)]
    away = 1
    if level == 3:
        straggler = rng.randint(7 + high, 23)
        if straggler == runner:
            return None
        sides.mover[straggler] = 1
        held += [straggler - high, straggler - low]
        away = 2
    keep_open = [landing(runner, high), landing(runner, low)]
    if set(held) & set(keep_open) or not _opponent_holds(sides, held):
        return None
    if not crunched_home(rng, sides, low, away, held) or not fill_opponent(rng, sides, keep_open):
        return None
    return Spot(sides.position((high, low)), runner, landing(runner, low))


def stranding(rng: random.Random, level: int) -> Spot | None:
    """Both dice can be played, but one first move leaves the other die nothing to do.

    Two runners: ``first`` must take the die ``d1`` so that ``second`` can
    take ``d2`` (neither can take both); the tempting move gives ``d1`` to
    ``second``, after which ``first`` is held on ``d2`` and ``second``
    cannot go on.  Level 1: both
    runners in the outfield; 2: ``first`` waits on the bar (entering with
    the wrong die strands the other); 3: as level 1 with a third checker out,
    held back on both dice.
    """
    dice = rng.choice(ROLLS)
    d1, d2 = dice if rng.random() < 0.5 else dice[::-1]
    sides = Sides.empty(any_side(rng))
    if level == 2:
        first, second = BAR, rng.randint(7, 20)
        keep_open = [landing(first, d2), landing(second, d1), landing(first, d1)]
        held = [landing(first, d1 + d2), landing(second, d2)]
        src, dst = first, landing(first, d1)
    else:
        first, second = rng.sample(range(7, 19), 2)
        keep_open = [landing(first, d1), landing(second, d2), landing(second, d1)]
        held = [landing(first, d2), landing(second, d1 + d2), landing(first, d1 + d2)]
        src, dst = second, landing(second, d1)
    sides.mover[first] += 1
    sides.mover[second] += 1
    away = 2
    if level == 3:
        third = rng.randint(7 + max(dice), 23)
        if third in (first, second):
            return None
        sides.mover[third] = 1
        held += [third - d1, third - d2]
        away = 3
    held = [point for point in held if point >= 1]
    if set(held) & set(keep_open) or not _opponent_holds(sides, held):
        return None
    if not crunched_home(rng, sides, min(dice), away, held) or not fill_opponent(rng, sides, keep_open):
        return None
    return Spot(sides.position(dice), src, dst)


def stranded_by(position: Position) -> list[Move]:
    """First moves after which no die left can be played (a turn that stops there is too short)."""
    start = PartialPlay.start(position)
    return [move for move, after in start.moves() if next(after.moves(), None) is None]
