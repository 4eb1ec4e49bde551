"""Positions where the dice barely fit: the full-turn obligations decide the play.

The situations of «use as many dice as you can» and «if only one, the
larger» are rare in open play, so they are built: the mover's home checkers
sit on low points, where no die moves them while a checker is still out
(nothing bears off until all are home), a few *runners* are the only
checkers free to move, and the opponent holds exactly the points that make
one order of the dice, or one die, impossible.  Everything else on the
board is filled in as players keep it (``build``).  The engine then checks
that the roll does what the drill says.

Points here are in the mover's numbering; ``BAR`` is a runner waiting to enter.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tutor.engine import BAR, PartialPlay, Position

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


DECOYS = {1: 2, 2: 3, 3: 3}
"""For each level, how many runners can take the first die and then stop: with the one runner
that goes on, a learner who stops when stuck sees three or four plays."""


def one_runner_goes_on(rng: random.Random, level: int) -> Spot | None:
    """No checker can play the die ``d2`` yet; several runners can play ``d1``, and only one of
    them, ``runner``, can go on with ``d2`` from where it lands.

    The only legal play is ``runner`` taking both dice; every other runner
    taking ``d1`` leaves ``d2`` nothing to do, so a learner who stops when
    stuck sees one play per runner (``DECOYS``) and the rule alone tells
    them apart.  A move cannot take a move away from another checker, so the
    stranding first moves do not combine into a second legal play.  Level
    3 puts a rival blot where one runner stops with ``d1``, the one that goes
    on or a decoy, so hitting does not tell which play is legal.  The
    tempting move is a decoy taking ``d1``, the one that hits if one does.
    """
    dice = rng.choice(ROLLS)
    d1, d2 = dice if rng.random() < 0.5 else dice[::-1]
    sides = Sides.empty(any_side(rng))
    runners = rng.sample(range(7 + d1, 25), DECOYS[level] + 1)
    runner, decoys = runners[0], runners[1:]
    keep_open = [landing(runner, d1), landing(runner, d1 + d2)] + [landing(decoy, d1) for decoy in decoys]
    held = [landing(point, d2) for point in runners] + [landing(decoy, d1 + d2) for decoy in decoys]
    held = [point for point in held if point >= 1]
    for point in runners:
        sides.mover[point] = 1
    if set(held) & set(keep_open) or set(held) & set(runners) or not _opponent_holds(sides, held):
        return None
    decoy = rng.choice(decoys)
    if level == 3:
        hitter = rng.choice(runners)
        if not sides.free_for_opponent(landing(hitter, d1)):
            return None
        sides.set_opponent(landing(hitter, d1), 1)
        decoy = hitter if hitter in decoys else decoy
    if not crunched_home(rng, sides, min(dice), len(runners), held) or not fill_opponent(rng, sides, keep_open):
        return None
    return Spot(sides.position(dice), decoy, landing(decoy, d1))


def stranded_results(position: Position) -> set[tuple[int, ...]]:
    """The mover's boards after the first moves that strand every die left (distinct turns that stop too short)."""
    start = PartialPlay.start(position)
    return {after.mover for _, after in start.moves() if next(after.moves(), None) is None}
