"""The practice games' dice: the server throws them, from a secure source.

Production throws with the operating system's cryptographically secure
generator (``tutor.engine.dice.secure_die``).  When ``PRACTICE_DICE_SEED``
is set (tests only), each die comes from a ``random.Random`` seeded with
the seed and the number of dice the match has thrown so far, so a match
replays identically, request after request, whatever its database id.
"""

from __future__ import annotations

import random

from django.conf import settings

from tutor.engine import opening_roll
from tutor.engine.dice import OpeningRoll, secure_die


def throw_die(match) -> int:
    """One die for ``match``; counts it, so the next one differs."""
    seed = getattr(settings, "PRACTICE_DICE_SEED", None)
    match.dice_thrown += 1
    if seed is None:
        return secure_die()
    return random.Random(f"{seed}:{match.dice_thrown}").randint(1, 6)


def roll(match) -> tuple[int, int]:
    return throw_die(match), throw_die(match)


def opening(match) -> OpeningRoll:
    """The opening roll: one die each, again on a tie."""
    return opening_roll(lambda: throw_die(match))


def single_dice(dice: tuple[int, int]) -> tuple[int, ...]:
    """The dice as single moves, larger first: two, or four of a double.

    >>> single_dice((3, 5)), single_dice((2, 2))
    ((5, 3), (2, 2, 2, 2))
    """
    high, low = max(dice), min(dice)
    return (high,) * 4 if high == low else (high, low)


def without(dice: tuple[int, ...], die: int) -> tuple[int, ...]:
    """``dice`` with one ``die`` used.

    >>> without((4, 4, 4), 4), without((6, 1), 1)
    ((4, 4), (6,))
    """
    index = dice.index(die)
    return dice[:index] + dice[index + 1 :]
