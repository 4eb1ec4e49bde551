"""Whose practice matches these are: the account's, or the browser session's.

Anonymous learners keep their matches through the ids remembered in their
session; logged-in learners keep them in their account (``user``), which
also gives them a history on any device.  Matches played before logging in
join the account on login (``signals``).
"""

from __future__ import annotations

from django.db.models import Q, QuerySet
from django.http import Http404, HttpRequest

from .models import PracticeMatch

SESSION_KEY = "practice_matches"
MAX_REMEMBERED = 200


def account(request: HttpRequest):
    """The logged-in user, or None."""
    user = getattr(request, "user", None)
    return user if user is not None and user.is_authenticated else None


def session_match_ids(request: HttpRequest) -> list[int]:
    stored = request.session.get(SESSION_KEY, [])
    if not isinstance(stored, list):
        return []
    return [pk for pk in stored if isinstance(pk, int) and not isinstance(pk, bool)]


def owned_matches(request: HttpRequest) -> QuerySet[PracticeMatch]:
    """The matches this visitor may see and play."""
    mine = Q(pk__in=session_match_ids(request), user__isnull=True)
    user = account(request)
    if user is not None:
        mine |= Q(user=user)
    return PracticeMatch.objects.filter(mine)


def get_match(request: HttpRequest, pk: int) -> PracticeMatch:
    """One of the visitor's matches, or 404 (someone else's match does not exist for them)."""
    match = owned_matches(request).filter(pk=pk).first()
    if match is None:
        raise Http404("No tienes ninguna partida de práctica con ese número.")
    return match


def remember(request: HttpRequest, match: PracticeMatch) -> None:
    """Keep a new match with the visitor: in the account, or in the session."""
    if match.user_id is not None:
        return
    ids = [pk for pk in session_match_ids(request) if pk != match.pk]
    request.session[SESSION_KEY] = ([match.pk] + ids)[:MAX_REMEMBERED]


def claim_session_matches(request: HttpRequest, user) -> None:
    """Give the session's anonymous matches to ``user`` (on login)."""
    ids = session_match_ids(request)
    if ids:
        PracticeMatch.objects.filter(pk__in=ids, user__isnull=True).update(user=user)
    request.session.pop(SESSION_KEY, None)
