"""Which puzzles a learner has solved, remembered in the browser session.

The session is enough for learners studying alone; accounts (in the
classroom app) keep the same list per user.
"""

from __future__ import annotations

from django.http import HttpRequest

SESSION_KEY = "solved_puzzles"
MAX_REMEMBERED = 2000


def solved_puzzles(request: HttpRequest) -> set[str]:
    stored = request.session.get(SESSION_KEY, [])
    return set(stored) if isinstance(stored, list) else set()


def mark_solved(request: HttpRequest, slug: str) -> None:
    solved = solved_puzzles(request)
    if slug not in solved and len(solved) < MAX_REMEMBERED:
        solved.add(slug)
        request.session[SESSION_KEY] = sorted(solved)
