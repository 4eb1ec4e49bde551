"""Play drills with a goal only the rule allows: capture a blot that one legal play reaches.

When the roll leaves several legal plays, a learner who ignores the rule
may land on one of them by chance.  Asking for a goal closes that door: a
lone opposing checker (a *blot*) is placed where exactly one legal play,
by the position it reaches, captures it, while a learner who ignores the
rule sees the capture several other ways (``loose``: the same board with
the rule taken away, e.g. the opponent's points lifted, so the engine
finds the plays that learner believes in).  A learner who takes a lone
checker for a block sees no capture at all.  The goal itself, its check and
its Spanish are the lessons' ``Goal`` (``tutor.rules``).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Collection

from tutor.engine import BAR, Position
from tutor.rules import Goal

from .build import Sides, plausible

CAPTURE = Goal("captura")
LOOSE_CAPTURES = 3
"""The fewest ways a learner who ignores the rule sees to capture, the legal one among them:
picking one of them by chance is then right at most a third of the time."""

Board = tuple[int, ...]


def _landed(position: Position) -> Counter[int]:
    """For each point, how many legal plays (by the mover's board they reach) land a checker there."""
    reached: dict[Board, set[int]] = {}
    for play in position.legal_plays():
        reached.setdefault(play.result.checkers(position.turn), set()).update(move.dst for move in play.moves)
    return Counter(point for points in reached.values() for point in points)


def _captures(position: Position) -> set[Board]:
    """The mover's boards after the legal plays that capture."""
    return {play.result.checkers(position.turn) for play in position.legal_plays() if play.hits}


def lift_points(sides: Sides) -> Sides:
    """The same board with the opponent's made points lifted: where a learner who ignores blocks moves."""
    other = [0 if 1 <= point <= 24 and count >= 2 else count for point, count in enumerate(sides.other)]
    return Sides(list(sides.mover), other, sides.turn)


def lift_entries(sides: Sides) -> Sides:
    """The same board with the opponent's home points lifted: where a learner who enters on
    closed points enters (the rest of the board blocks as before)."""
    other = [0 if 1 <= point <= 6 and count >= 2 else count for point, count in enumerate(sides.other)]
    return Sides(list(sides.mover), other, sides.turn)


def lift_bar(sides: Sides) -> Sides:
    """The same board with the mover's checkers on the bar lifted: where a learner who
    forgets the bar moves the others."""
    mover = list(sides.mover)
    mover[BAR] = 0
    return Sides(mover, list(sides.other), sides.turn)


def capture_one_way(rng: random.Random, sides: Sides, position: Position, loose: Position | None) -> Sides | None:
    """``sides`` with an opponent blot where only one legal play of ``position`` captures it and
    ``loose`` captures it at least ``LOOSE_CAPTURES`` ways; None when no empty point will do.

    ``loose`` is None when the learner who ignores the rule can play no legal play at all
    (one who enters on the die's own number): then any single capture will do.

    The blot is one of the opponent's spare checkers, moved there (``_with_blot``).
    """
    legal = _landed(position)
    believed = _landed(loose) if loose is not None else Counter({point: LOOSE_CAPTURES for point in legal})
    spots = [point for point, count in legal.items()
             if count == 1 and 1 <= point <= 24 and believed[point] >= LOOSE_CAPTURES
             and not sides.mover[point] and not sides.opponent_on(point)]
    rng.shuffle(spots)
    for point in spots[:4]:
        trial = _with_blot(sides, point, reached={*legal, *believed})
        if trial is not None and _captured_one_way(trial.position(position.dice)):
            return trial
    return None


def add_decoy(rng: random.Random, sides: Sides, position: Position, loose: Position) -> Sides | None:
    """``sides`` with a second blot that ``loose`` captures and no legal play reaches:
    the learner must see which of two blots the rule lets them capture."""
    legal, believed = _landed(position), _landed(loose)
    targets = {point for point in legal if 1 <= point <= 24 and sides.opponent_on(point) == 1}
    spots = [point for point, count in believed.items()
             if 1 <= point <= 24 and not legal[point] and not sides.mover[point] and not sides.opponent_on(point)]
    rng.shuffle(spots)
    for point in spots:
        trial = _with_blot(sides, point, keep=targets, reached={*legal, *believed})
        if trial is not None and _captured_one_way(trial.position(position.dice)):
            return trial
    return None


def _with_blot(sides: Sides, point: int, keep: Collection[int] = (), reached: Collection[int] = ()) -> Sides | None:
    """A copy of ``sides`` with one of the opponent's spare checkers moved to the mover's ``point``.

    The farthest checker beyond the second of a point, else a lone one
    outside its home board (never a blot on the mover's ``keep`` points),
    else one of two on a point no checker of the mover can reach
    (``reached``): no point the mover could land on opens.
    """
    other = list(sides.other)
    stacked = (own for own in range(24, 0, -1) if other[own] >= 3)
    lone = (own for own in range(24, 6, -1) if other[own] == 1 and BAR - own not in keep)
    idle = (own for own in range(24, 0, -1) if other[own] == 2 and BAR - own not in reached and BAR - own != point)
    source = next(stacked, None) or next(lone, None) or next(idle, None)
    if source is None:
        return None
    other[source] -= 1
    other[BAR - point] += 1
    return Sides(list(sides.mover), other, sides.turn)


def _captured_one_way(position: Position) -> bool:
    return len(_captures(position)) == 1 and plausible(position)
