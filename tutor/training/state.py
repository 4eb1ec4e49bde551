"""Per-browser drilling state: the learner's own seed, where each stream is, the streak.

The seed makes each learner's drills their own (and reproducible); it
lives in the session like the streak, for visitors and accounts alike.
"""

from __future__ import annotations

import secrets

from django.http import HttpRequest

SEED_KEY = "drill_seed"
STREAK_KEY = "drill_streak"
MAX_SEED = 2**31 - 1


def learner_seed(request: HttpRequest) -> int:
    seed = request.session.get(SEED_KEY)
    if not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        seed = secrets.randbelow(MAX_SEED)
        request.session[SEED_KEY] = seed
    return seed


def streak(request: HttpRequest) -> int:
    value = request.session.get(STREAK_KEY, 0)
    return value if isinstance(value, int) and value >= 0 else 0


def count_answer(request: HttpRequest, correct: bool) -> int:
    """The streak after one more answer: right answers in a row."""
    value = streak(request) + 1 if correct else 0
    request.session[STREAK_KEY] = value
    return value


