"""Expiry of practice matches that nobody can reach any more.

An anonymous visitor's matches are found only through the ids kept in the
browser's session (``access``).  Once a match has not been touched for
longer than a session lives (``SESSION_COOKIE_AGE``, two weeks by default),
no session can still point to it: the row is dead weight, and a script that
starts games without keeping cookies would otherwise fill the database.
Matches of an account are never expired here: they are its history.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.utils import timezone

from .models import PracticeMatch


def abandoned_cutoff(now=None):
    """Anonymous matches last touched before this moment are unreachable."""
    return (now or timezone.now()) - timedelta(seconds=settings.SESSION_COOKIE_AGE)


def abandoned_matches(now=None):
    return PracticeMatch.objects.filter(user__isnull=True, updated__lt=abandoned_cutoff(now))


def expire_abandoned(now=None) -> int:
    """Delete the abandoned anonymous matches (and their moves); how many matches went."""
    matches = abandoned_matches(now)
    count = matches.count()
    matches.delete()
    return count
