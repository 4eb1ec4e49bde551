"""Drills on hitting and going on with the same checker: «¿Es legal 13/7*/4?».

A checker that hits a lone rival checker with one die may keep moving with
the other die (or, with doubles, the dice left), as the lesson says; what
decides is whether each later stop is open.  The play is chosen first and
the rival's checkers placed after it, so the written play does not give the
answer: at level 1 the checker hits on its first stop and goes on to a point
that is open or held; at level 2 it plays a whole double, hitting on its first
or second stop, with one later stop held or none; at level 3 it hits on its
first stop and lands on a second rival checker, a lone one (hit again) or a
made point.
"""

from __future__ import annotations

import random

from tutor.engine import Position
from tutor.rules import RuleCode

from .build import Sides, make_point, plausible, set_opponent
from .core import DrillFields, DrillKind, decided, register
from .entering import roll
from .playouts import moment, pick
from .tempting import rejected_for
from .wording import you_play


@register(RuleCode.HIT_AND_CONTINUE)
def hit_and_continue(rng: random.Random, level: int) -> DrillFields | None:
    """Is this play, a checker hitting and going on, legal?  Half of them are."""
    return decided(rng, (True, False), lambda legal: _hit_and_continue(rng, level, legal))


def _stops(rng: random.Random, level: int, sides: Sides) -> tuple[tuple[int, int], list[int]] | None:
    """The dice and the points one checker goes through, its start first; None when it does not fit."""
    dice = (rng.randint(1, 5),) * 2 if level == 2 else roll(rng, doubles=False)
    steps = [dice[0]] * 4 if level == 2 else list(dice if rng.random() < 0.5 else dice[::-1])
    mover = sides.mover
    starts = [point for point in range(24, sum(steps), -1) if mover[point]]
    src = pick(rng, starts)
    if src is None:
        return None
    stops = [src]
    for step in steps:
        stops.append(stops[-1] - step)
    if any(mover[stop] for stop in stops[1:]):
        return None
    return (max(dice), min(dice)), stops


def _hit_and_continue(rng: random.Random, level: int, legal: bool) -> DrillFields | None:
    base = moment(rng)
    if base is None:
        return None
    sides = Sides.of(base)
    found = _stops(rng, level, sides)
    if found is None:
        return None
    dice, stops = found
    hit_at = 1 if level != 2 or rng.random() < 0.5 else 2
    later = stops[hit_at + 1:]
    blocked = rng.choice(later) if not legal else None
    hits = {stops[hit_at]} | ({stops[-1]} if level == 3 and legal else set())
    for stop in stops[1:]:
        count = 1 if stop in hits else 2 if stop == blocked else 0
        if count == 2:
            if not make_point(sides, stop):
                return None
        elif count != sides.opponent_on(stop) and not set_opponent(rng, sides, stop, count, keep_open=set(stops[1:]) - {stop}):
            return None
    if any(sides.opponent_on(stop) != (1 if stop in hits else 2 if stop == blocked else 0) for stop in stops[1:] if stop != blocked):
        return None
    marked = hits | ({stops[-1]} if level == 3 else set())
    text = "/".join(f"{stop}{'*' if stop in marked else ''}" for stop in stops)
    position = sides.position(dice)
    return _legality(position, text, legal, f"{you_play(position)}. ¿Es legal la jugada {text}?")


def _legality(position: Position, text: str, legal: bool, question: str) -> DrillFields | None:
    """Kept when the engine agrees with the board built for it, and refuses an illegal play as blocked."""
    if not position.is_valid or not plausible(position) or position.check(text).legal != legal:
        return None
    if not legal and not rejected_for(position, text, ("blocked",)):
        return None
    return DrillFields(position, DrillKind.LEGALITY, question, play=text, answer="si" if legal else "no", codes=() if legal else ("blocked",))
