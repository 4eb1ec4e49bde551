"""Which puzzles a learner has solved: in the session, or in the account.

Anonymous learners keep the list in their browser session; logged-in
learners keep it in their account (``SolvedPuzzle``), so it follows them
to any device.  On login the session's list is merged into the account.

A puzzle whose solution the learner asked for («Ver solución») is not
solved by answering it the same day: the answer is judged and shown, but it
neither marks the puzzle solved nor counts for the learner's memory of the
rule (``seen_solution_today``).  The next day it counts again: answering
then is remembering, not copying.
"""

from __future__ import annotations

from django.http import HttpRequest
from django.utils import timezone

SESSION_KEY = "solved_puzzles"
LAST_KEY = "last_solved_puzzle"
SEEN_KEY = "solutions_seen"
SEEN_TODAY = (
    "Has visto la solución hoy: esta respuesta no cuenta como resuelta ni para tu nivel de dominio. "
    "Vuelve a resolverlo mañana."
)
"""What a learner is told when they answer a puzzle whose solution they asked for today."""
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
    if getattr(request, "session", None) is not None:
        request.session[LAST_KEY] = slug[:MAX_SLUG_LENGTH]
    user = _account(request)
    if user is not None:
        from .models import SolvedPuzzle

        SolvedPuzzle.objects.get_or_create(user=user, slug=slug[:MAX_SLUG_LENGTH])
        return
    solved = _session_list(request)
    if slug not in solved and len(solved) < MAX_REMEMBERED:
        solved.add(slug)
        request.session[SESSION_KEY] = sorted(solved)


def note_solution_seen(request: HttpRequest, slug: str) -> None:
    """The learner asked for ``slug``'s solution: answers to it count for nothing until tomorrow."""
    session = getattr(request, "session", None)
    if session is None:
        return
    today = timezone.localdate().isoformat()
    seen = {key: day for key, day in _seen(request).items() if day == today}
    if len(seen) < MAX_REMEMBERED:
        seen[slug[:MAX_SLUG_LENGTH]] = today
    session[SEEN_KEY] = seen


def seen_solution_today(request: HttpRequest, slug: str) -> bool:
    return _seen(request).get(slug) == timezone.localdate().isoformat()


def _seen(request: HttpRequest) -> dict[str, str]:
    session = getattr(request, "session", None)
    stored = session.get(SEEN_KEY, {}) if session is not None else {}
    return {key: day for key, day in stored.items() if isinstance(key, str) and isinstance(day, str)} if isinstance(stored, dict) else {}


def merge_into_account(request: HttpRequest, user) -> None:
    """Move the session's solved puzzles into ``user``'s account (on login)."""
    from .models import SolvedPuzzle

    slugs = sorted(_session_list(request))[:MAX_REMEMBERED]
    if slugs:
        SolvedPuzzle.objects.bulk_create(
            [SolvedPuzzle(user=user, slug=slug) for slug in slugs], ignore_conflicts=True
        )
    request.session.pop(SESSION_KEY, None)


def _puzzle_url(slug: str) -> str:
    return f"/ejercicios/{slug}/"


def lesson_progress(request: HttpRequest, lesson_slug: str, after: str | None = None) -> dict:
    """How far the learner is in a lesson and the course, and where to go next.

    ``next_url`` leads to the next unsolved puzzle of the lesson after
    ``after`` (wrapping round), else to the next lesson of the course, else to
    the lesson index; the page shows it as «Siguiente ejercicio».
    """
    from .library import get_library

    library = get_library()
    solved = solved_puzzles(request)
    lesson = library.lesson(lesson_slug)
    puzzles = list(lesson.puzzles) if lesson else []
    course = library.course()
    course_puzzles = [puzzle.slug for item in course for puzzle in item.puzzles]
    slugs = [puzzle.slug for puzzle in puzzles]
    start = slugs.index(after) + 1 if after in slugs else 0
    ordered = slugs[start:] + slugs[:start]
    pending = [slug for slug in ordered if slug not in solved and slug != after]
    if pending:
        next_slug = pending[0]
        next_url, next_label = _puzzle_url(next_slug), "Siguiente ejercicio"
    else:
        next_slug = None
        position = next((i for i, item in enumerate(course) if item.slug == lesson_slug), None)
        following = course[position + 1] if position is not None and position + 1 < len(course) else None
        next_url, next_label = (following.url, "Siguiente lección") if following else ("/lecciones/", "Ver todas las lecciones")
    return {
        "lesson": lesson_slug,
        "solved": sum(1 for slug in slugs if slug in solved),
        "total": len(slugs),
        "course_solved": sum(1 for slug in course_puzzles if slug in solved),
        "course_total": len(course_puzzles),
        "next_url": next_url,
        "next_slug": next_slug,
        "next_label": next_label,
        "puzzle_solved": after in solved if after else None,
    }


def _last_solved(request: HttpRequest) -> str | None:
    """The puzzle solved last: remembered in the session, else the account's latest."""
    last = request.session.get(LAST_KEY) if getattr(request, "session", None) is not None else None
    if isinstance(last, str):
        return last
    user = _account(request)
    if user is None:
        return None
    from .models import SolvedPuzzle

    latest = SolvedPuzzle.objects.filter(user=user).order_by("-solved_at", "-pk").first()
    return latest.slug if latest else None


def resume_point(request: HttpRequest) -> dict | None:
    """Where a returning learner left off: the lesson of the puzzle solved last, if
    it still has unsolved puzzles, else the first course lesson that has some.

    None for a learner who has solved nothing yet (the home page then offers
    to start) or who has finished everything.
    """
    from .library import get_library

    solved = solved_puzzles(request)
    if not solved:
        return None
    library = get_library()
    last = library.puzzles().get(_last_solved(request) or "")
    course = library.course()
    if last is not None:
        start = next((i for i, lesson in enumerate(course) if lesson.slug == last.lesson), 0)
        course = course[start:] + course[:start]
    for lesson in course:
        pending = [puzzle for puzzle in lesson.puzzles if puzzle.slug not in solved]
        if pending:
            done = len(lesson.puzzles) - len(pending)
            return {"lesson": lesson, "url": _puzzle_url(pending[0].slug), "solved": done, "total": len(lesson.puzzles)}
    return None
