"""The FIBS rating formula: how one finished match moves both players' ratings.

Pure Python (no Django), like the engine.  The First Internet Backgammon
Server's help («help formula») defines it, and most backgammon servers use
it since:

- ``D = |r1 - r2|`` and, for an ``n``-point match,
  ``P_upset = 1 / (10 ** (D * sqrt(n) / 2000) + 1)``: the chance that the
  lower-rated player wins.  A longer match leaves less to luck, so the
  same difference in ratings means more (the ``sqrt(n)`` weight);
- ``P`` is the chance the winner had of losing: ``1 - P_upset`` when the
  underdog wins, ``P_upset`` when the favourite does;
- each player's change is ``4 * K * sqrt(n) * P``, gained by the winner and
  lost by the loser, where ``K = max(1, 5 - experience / 100)`` and
  ``experience`` is the sum of the lengths of the player's earlier rated
  matches.  A new player's rating thus moves five times as fast, until
  400 points of experience bring it down to the normal pace.

Everyone starts at 1500 with no experience.  Only each player's own
experience scales their change, so the two changes differ while either of
them is new.

>>> winner, loser = match_result(Standing(), Standing(), 5)
>>> round(winner.rating, 2), loser.rating == 3000 - winner.rating, winner.experience
(1522.36, True, 5)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

START_RATING = 1500.0
FULL_EXPERIENCE = 400
"""From this experience on, a player's rating moves at the normal pace (``K`` is 1)."""


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's rating and experience (the sum of the lengths of their rated matches)."""

    rating: float = START_RATING
    experience: int = 0


def win_probability(rating: float, rival: float, length: int) -> float:
    """The chance that a player rated ``rating`` wins a ``length``-point match against ``rival``.

    For the underdog this is FIBS's ``P_upset``.

    >>> round(win_probability(1600, 1500, 1), 3), round(win_probability(1500, 1700, 5), 3)
    (0.529, 0.374)
    """
    _check_length(length)
    return 1 / (10 ** ((rival - rating) * math.sqrt(length) / 2000) + 1)


def experience_factor(experience: int) -> float:
    """FIBS's ``K``: 5 for a new player, one less for every 100 points of experience, never below 1.

    >>> experience_factor(0), experience_factor(150), experience_factor(400), experience_factor(2000)
    (5.0, 3.5, 1.0, 1.0)
    """
    if experience < 0:
        raise ValueError(f"experience cannot be negative: {experience}")
    return max(1.0, 5 - experience / 100)


def rating_change(winner: Standing, loser: Standing, length: int) -> tuple[float, float]:
    """What the winner gains and what the loser loses (both positive).

    >>> gain, loss = rating_change(Standing(1500, 500), Standing(1750, 500), 5)
    >>> round(gain, 1), round(loss, 1)
    (5.9, 5.9)
    """
    surprise = 1 - win_probability(winner.rating, loser.rating, length)
    base = 4 * math.sqrt(length) * surprise
    return base * experience_factor(winner.experience), base * experience_factor(loser.experience)


def match_result(winner: Standing, loser: Standing, length: int) -> tuple[Standing, Standing]:
    """Both players' standings after ``winner`` beat ``loser`` in a ``length``-point match."""
    gain, loss = rating_change(winner, loser, length)
    return (
        Standing(winner.rating + gain, winner.experience + length),
        Standing(loser.rating - loss, loser.experience + length),
    )


def _check_length(length: int) -> None:
    if length < 1:
        raise ValueError(f"only matches are rated, and a match has at least one point: {length}")
