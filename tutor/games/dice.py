"""The dice of every game the site runs, practice and live: the server throws them, from a secure source.

Production throws with the operating system's cryptographically secure
generator (``tutor.engine.secure_die``).  When ``PRACTICE_DICE_SEED``
is set (tests only), each die comes from a ``random.Random`` seeded with
the seed and the number of dice the game has thrown so far, so a game
replays identically, request after request, whatever its database id.
"""

from __future__ import annotations

import random

from django.conf import settings

from tutor.engine import DIE_FACES, OpeningRoll, opening_roll, secure_die

from .stored import ThrowsDice


def throw_die(match: ThrowsDice) -> int:
    """One die for ``match``; counts it, so the next one differs."""
    seed = getattr(settings, "PRACTICE_DICE_SEED", None)
    match.dice_thrown += 1
    if seed is None:
        return secure_die()
    return random.Random(f"{seed}:{match.dice_thrown}").randint(1, DIE_FACES)


def roll(match: ThrowsDice) -> tuple[int, int]:
    return throw_die(match), throw_die(match)


def opening(match: ThrowsDice) -> OpeningRoll:
    """The opening roll: one die each, again on a tie."""
    return opening_roll(lambda: throw_die(match))

