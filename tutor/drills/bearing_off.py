"""Drills on bearing off: all checkers home, the exact die, the higher die from the
highest point, the exact point empty, and using both dice.

The level is how many checkers the mover still has on the board: up to
seven, up to eleven, more.
"""

from __future__ import annotations

import random

from tutor.engine import BAR, Position
from tutor.rules import RuleCode

from .core import register, side_name
from .playouts import highest, outside_home, pick, random_game
from .scan import ROLLS
from .tempting import complete, rejected_for, step

ALL_ROLLS = ROLLS + tuple((die, die) for die in range(1, 7))


def _level(position: Position) -> int:
    left = 15 - position.borne_off(position.turn)
    return 1 if left <= 7 else 2 if left <= 11 else 3


def bearing_moment(rng: random.Random, level: int | None, outside: range = range(0, 1)) -> Position | None:
    """A moment of a play-out with ``outside`` checkers of the mover not yet home, at ``level``."""
    positions = random_game(rng)
    fitting = [
        position for position in positions[1:-1]
        if not position.bar(position.turn) and outside_home(position.mover) in outside
        and any(position.mover[1:7]) and (level is None or _level(position) == level)
    ]
    return pick(rng, fitting)


def _question(position: Position) -> str:
    dice = position.dice
    return f"Juegas con las {side_name(position.turn)} y tiras {dice[0]}-{dice[1]}. Juega el turno completo."


def _drill(rng: random.Random, position: Position, first: str, other_die: int, code: str) -> dict | None:
    tempting = complete(rng, position, first, other_die, (code,))
    if tempting is None or position.legal_plays()[0].is_pass:
        return None
    return {"position": position, "kind": "jugada", "tempting": tempting, "codes": (code,), "question": _question(position)}


@register(RuleCode.BEAR_OFF_ALL_HOME)
def not_all_home(rng: random.Random, level: int) -> dict | None:
    """A checker is still outside home; the tempting play bears off with an exact die anyway.

    Here the level is how many checkers are still outside: one, two or three.
    """
    base = bearing_moment(rng, None, range(level, level + 1))
    if base is None:
        return None
    mover = base.mover
    die = pick(rng, [point for point in range(1, 7) if mover[point]])
    other = rng.randint(1, 6)
    position = base.with_dice((max(die, other), min(die, other)))
    return _drill(rng, position, step(die, 0), other, "bear-off-not-all-home")


@register(RuleCode.BEAR_OFF_EXACT)
def exact_die(rng: random.Random, level: int) -> dict | None:
    """The tempting play bears off from a point that neither die, nor both together, reach."""
    base = bearing_moment(rng, level)
    if base is None:
        return None
    mover = base.mover
    src = pick(rng, [point for point in range(4, 7) if mover[point]])
    reach = {dice: 4 * dice[0] if dice[0] == dice[1] else sum(dice) for dice in ALL_ROLLS}
    dice = pick(rng, [dice for dice in ALL_ROLLS if reach[dice] < src]) if src else None
    if dice is None:
        return None
    return _drill(rng, base.with_dice(dice), step(src, 0), dice[1], "wrong-die")


@register(RuleCode.BEAR_OFF_HIGHER)
def higher_die(rng: random.Random, level: int) -> dict | None:
    """The larger die is above the highest checker: the tempting play bears off a lower one with it."""
    base = bearing_moment(rng, level)
    if base is None:
        return None
    mover = base.mover
    top = highest(mover)
    rolls = [dice for dice in ALL_ROLLS if dice[0] > top]
    dice = pick(rng, rolls)
    lower = [point for point in range(1, top) if mover[point]]
    src = pick(rng, lower)
    if dice is None or src is None:
        return None
    return _drill(rng, base.with_dice(dice), step(src, 0), dice[1], "higher-die-not-highest")


@register(RuleCode.BEAR_OFF_EMPTY_POINT)
def empty_point(rng: random.Random, level: int) -> dict | None:
    """The die's point is empty with checkers above it: they must move down, nothing lower bears off."""
    base = bearing_moment(rng, level)
    if base is None:
        return None
    mover = base.mover
    top = highest(mover)
    empty = [die for die in range(2, top) if not mover[die] and any(mover[1:die])]
    die = pick(rng, empty)
    if die is None:
        return None
    other = rng.randint(1, 6)
    src = pick(rng, [point for point in range(1, die) if mover[point]])
    position = base.with_dice((max(die, other), min(die, other)))
    return _drill(rng, position, step(src, 0), other, "higher-die-not-highest")


@register(RuleCode.BEAR_OFF_BOTH_DICE)
def both_dice(rng: random.Random, level: int) -> dict | None:
    """The tempting play bears off one checker and forgets the other die."""
    base = bearing_moment(rng, level)
    if base is None:
        return None
    dice = pick(rng, ROLLS)
    position = base.with_dice(dice)
    mover = position.mover
    top = highest(mover)
    src = dice[0] if mover[dice[0]] else top if dice[0] > top else None
    if src is None or src == BAR:
        return None
    tempting = step(src, 0)
    if not rejected_for(position, tempting, ("must-use-more-dice",)):
        return None
    return {"position": position, "kind": "jugada", "tempting": tempting, "codes": ("must-use-more-dice",), "question": _question(position)}
