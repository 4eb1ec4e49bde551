"""Builders for the lobby and ratings tests: accounts a teacher created, ratings, a fixed clock."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from django.contrib.auth import get_user_model

from tests.classroom_factories import PASSWORD
from tutor.accounts.models import Profile
from tutor.lobby.service import Wish
from tutor.ratings.models import Rating

NOW = datetime(2025, 3, 1, 18, 0, tzinfo=timezone.utc)
"""The lobby's clock in service tests: every call gets ``now`` from here, nothing sleeps."""

MATCH_TO_3 = Wish(length=3, rated=True)


def later(seconds: float) -> datetime:
    return NOW + timedelta(seconds=seconds)


def make_young(username: str, teacher) -> object:
    """An account a teacher created for a student (it plays only inside its class)."""
    user = get_user_model().objects.create_user(username, password=PASSWORD, first_name=username.title())
    Profile.objects.create(user=user, created_by=teacher)
    return user


def rate(user, rating: float, experience: int = 500) -> None:
    Rating.objects.update_or_create(user=user, defaults={"rating": rating, "experience": experience})
