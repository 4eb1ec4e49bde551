"""Which puzzles a learner has solved: in the session, or in the account.

Anonymous learners keep the list in their browser session; logged-in
learners keep it in their account (``SolvedPuzzle``), so it follows them
to any device.  On login the session's list is merged into the account.
"""

from __future__ import annotations

from django.http import HttpRequest

SESSION_KEY = "solved_puzzles"
MAX_REMEMBERED = 2000
MAX_SLUG_LENGTH = 100


def _session_list(request: HttpRequest) -> set[str]:
    stored = request.session.get(SESSION_KEY, [])
    if not isinstance(stored, list):
        return set()
    return {slug for slug in stored if isinstance(slug, str) and 0 < len(slug) <= MAX_SLUG_LENGTH}


def _account(request: HttpRequest):
    user = getattr(request, "user", None)
    return user if user is not None and user.is_authenticated else None


def solved_puzzles(request: HttpRequest) -> set[str]:
    user = _account(request)
    if user is None:
        return _session_list(request)
    from .models import SolvedPuzzle

    return set(SolvedPuzzle.objects.filter(user=user).values_list("slug", flat=True))


def mark_solved(request: HttpRequest, slug: str) -> None:
    user = _account(request)
    if user is not None:
        from .models import SolvedPuzzle

        SolvedPuzzle.objects.get_or_create(user=user, slug=slug[:MAX_SLUG_LENGTH])
        return
    solved = _session_list(request)
    if slug not in solved and len(solved) < MAX_REMEMBERED:
        solved.add(slug)
        request.session[SESSION_KEY] = sorted(solved)


def merge_into_account(request: HttpRequest, user) -> None:
    """Move the session's solved puzzles into ``user``'s account (on login)."""
    from .models import SolvedPuzzle

    slugs = sorted(_session_list(request))[:MAX_REMEMBERED]
    if slugs:
        SolvedPuzzle.objects.bulk_create(
            [SolvedPuzzle(user=user, slug=slug) for slug in slugs], ignore_conflicts=True
        )
    request.session.pop(SESSION_KEY, None)
