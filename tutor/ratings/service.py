"""Reading ratings and applying the result of a rated match, both players in one transaction.

``rate_finished_match`` receives play's ``match_finished`` inside the
transaction that ends the match: the ratings change with the result or not
at all.  It locks the match's ``RatedMatch`` row (so a result is applied
once) and both players' ``Rating`` rows in the order of their ids (so two
matches ending at once with a player in common wait for each other
instead of deadlocking).

Two players start at most ``PAIR_LIMIT`` rated matches together in 24
hours (``rivals_at_limit``, asked by the lobby before it pairs them, and
said on every player's page): a rating measures play against many
rivals, not an arrangement with one.
"""

from __future__ import annotations

from collections import Counter
from datetime import timedelta

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from . import fibs
from .models import RatedMatch, Rating, RatingChange


PAIR_LIMIT = 3
"""Rated matches two players may start together in ``PAIR_WINDOW``: two accounts trading wins cannot
move a rating far in a day (aborted matches, which rate nothing, do not count)."""
PAIR_WINDOW = timedelta(hours=24)


def standing_of(user) -> fibs.Standing:
    """A player's rating and experience: FIBS's start for someone who has none yet."""
    row = Rating.objects.filter(user_id=user.pk).first()
    return row.standing if row is not None else fibs.Standing()


def ratings_of(user_ids) -> dict[int, float]:
    """Each player's rating, by id (1500 for those without a row)."""
    ids = set(user_ids)
    found = dict(Rating.objects.filter(user_id__in=ids).values_list("user_id", "rating"))
    return {pk: found.get(pk, fibs.START_RATING) for pk in ids}


def rating_if_entered(user_id: int) -> float | None:
    """The player's rating, or None before they first play in the public lobby (they have no row yet)."""
    return Rating.objects.filter(user_id=user_id).values_list("rating", flat=True).first()


def enter(user) -> Rating:
    """The player's row, created the first time they play in the public lobby (their page becomes visible)."""
    return Rating.objects.get_or_create(user_id=user.pk)[0]


def mark_rated(game, *, now=None) -> RatedMatch:
    """``game``, just created (at ``now``), counts for both players' ratings when it ends."""
    if not game.length or game.classroom_id is not None:
        raise ValueError("only matches outside a class are rated")
    return RatedMatch.objects.create(game=game, created=now or timezone.now())


def rated_rivals_today(user_id: int, *, now) -> Counter[int]:
    """How many rated matches ``user_id`` has started with each rival in the last ``PAIR_WINDOW`` (aborted ones left out)."""
    started = (RatedMatch.objects.filter(created__gt=now - PAIR_WINDOW)
               .filter(Q(game__white_id=user_id) | Q(game__black_id=user_id))
               .exclude(game__phase="over", game__winner__isnull=True)
               .values_list("game__white_id", "game__black_id"))
    return Counter(black if white == user_id else white for white, black in started)


def rivals_at_limit(user_id: int, *, now) -> set[int]:
    """The players ``user_id`` may not start another rated match with before some of today's drop out of the window."""
    return {rival for rival, count in rated_rivals_today(user_id, now=now).items() if count >= PAIR_LIMIT}


def pair_at_limit(user_id: int, rival_id: int, *, now) -> bool:
    return rated_rivals_today(user_id, now=now)[rival_id] >= PAIR_LIMIT


def is_rated(game) -> bool:
    return RatedMatch.objects.filter(game_id=game.pk).exists()


def rate_finished_match(sender=None, *, game, now=None, **kwargs) -> list[RatingChange]:
    """Apply a rated match's result to both players (nothing for an unrated one, or twice).

    A match conceded or claimed counts like any other: its winner won it.
    """
    if game.winner is None or game.black_id is None or not game.length:
        return []
    now = now or timezone.now()
    with transaction.atomic():
        rated = RatedMatch.objects.select_for_update().filter(game_id=game.pk, applied_at__isnull=True).first()
        if rated is None:
            return []
        winner_id, loser_id = (game.white_id, game.black_id) if game.winner == 0 else (game.black_id, game.white_id)
        rows = _locked(winner_id, loser_id)
        winner, loser = rows[winner_id], rows[loser_id]
        after_winner, after_loser = fibs.match_result(winner.standing, loser.standing, game.length)
        changes = [
            _change(winner, after_winner, game, loser_id, won=True, now=now),
            _change(loser, after_loser, game, winner_id, won=False, now=now),
        ]
        rated.applied_at = now
        rated.save(update_fields=["applied_at"])
    return changes


def _locked(*user_ids: int) -> dict[int, Rating]:
    Rating.objects.bulk_create([Rating(user_id=pk) for pk in user_ids], ignore_conflicts=True)
    return {row.user_id: row for row in Rating.objects.select_for_update().filter(user_id__in=user_ids).order_by("user_id")}


def _change(row: Rating, after: fibs.Standing, game, rival_id: int, *, won: bool, now) -> RatingChange:
    change = RatingChange.objects.create(
        user_id=row.user_id, game=game, rival_id=rival_id, length=game.length, won=won,
        rating_before=row.rating, rating_after=after.rating, experience_before=row.experience, created=now,
    )
    row.rating, row.experience = after.rating, after.experience
    row.save(update_fields=["rating", "experience", "updated"])
    return change
