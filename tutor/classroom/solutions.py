"""Keeping assignment results honest when the site can also show the answers.

The lessons show the solution of every puzzle (``/api/puzzles/<slug>/solution/``,
``?solucion=1``, the verdict of a right answer) and the explorer lists every
legal play of any position.  A teacher who puts a lesson puzzle, or a
position of their own, in an assignment needs to know whether a student's
answer was their own work.  Two rules:

- While a student has the exercise in a published assignment and has not
  answered it yet, the lessons, the explorer and GNU Backgammon's grading
  (``/api/grade/``) do not give its solution (``puzzle_gated``,
  ``position_gated``): the answer comes after answering.  The position of
  an exercise is gated whether the teacher set it up or took it from a
  lesson: the explorer would list every legal play of either.
- Whenever a signed-in user is given a solution, it is remembered
  (``remember_puzzle``, ``remember_position``); an attempt answered after
  that is marked ``solution_seen`` and the teacher sees it.  This covers
  solutions seen before the assignment was published, and the later
  attempts of a student who looked after a first answer; for a lesson
  puzzle, seeing the plays of its position counts as seeing its solution.

The lessons know nothing of assignments: ``ClassroomConfig.ready`` registers
``AssignmentGate`` with them and subscribes ``remember_shown`` to their
``solution_shown`` event.
"""

from __future__ import annotations

from django.db.models import Q
from django.utils import timezone

from tutor.engine import EngineError, Position
from tutor.lessons.gates import SolutionShown
from tutor.lessons.library import get_library

from .models import Exercise, SolutionView

PUZZLE_GATED = (
    "Este ejercicio está en una de tus tareas y aún no lo has respondido: respóndelo en la tarea "
    "y después podrás ver aquí la solución."
)
POSITION_GATED = (
    "Esta posición es un ejercicio de una de tus tareas y aún no lo has respondido: respóndelo en la "
    "tarea y después podrás explorar aquí sus jugadas."
)


def _signed_in(user) -> bool:
    return bool(getattr(user, "is_authenticated", False))


def position_key(xgid: str) -> str:
    """One spelling per position and dice (``""`` when the XGID is not valid)."""
    try:
        return Position.from_xgid(xgid).to_xgid()
    except EngineError:
        return ""


def _assigned(user):
    """Exercises of the user's groups' published assignments."""
    return Exercise.objects.filter(
        assignment__classroom__memberships__student=user, assignment__published_at__isnull=False
    )


def _unanswered(user):
    return _assigned(user).exclude(attempts__student=user)


def puzzle_position_key(slug: str) -> str:
    """The position (with its dice) of lesson puzzle ``slug``, spelt as ``position_key`` does."""
    puzzle = get_library().puzzles().get(slug)
    return puzzle.position.to_xgid() if puzzle is not None else ""


def _positions(exercises) -> set[str]:
    """The positions of ``exercises``: the teacher's own and those of lesson puzzles."""
    keys = set()
    for slug, xgid in exercises.values_list("puzzle_slug", "xgid"):
        keys.add(puzzle_position_key(slug) if slug else position_key(xgid))
    return keys - {""}


def puzzle_gated(user, slug: str) -> bool:
    """Whether ``user`` must answer lesson puzzle ``slug`` in an assignment before seeing its solution."""
    return _signed_in(user) and _unanswered(user).filter(puzzle_slug=slug).exists()


def position_gated(user, position: Position) -> bool:
    """Whether ``position`` (with its dice) is the position of an unanswered exercise of ``user``."""
    return _signed_in(user) and position.to_xgid() in _positions(_unanswered(user))


def remember_puzzle(user, slug: str) -> None:
    """``user`` was given the solution of lesson puzzle ``slug`` (the first time is kept)."""
    if _signed_in(user):
        SolutionView.objects.get_or_create(user=user, puzzle_slug=slug, position="")


def remember_position(user, position: Position) -> None:
    """``user`` saw every legal play of ``position``: kept when it is one of their exercises."""
    if _signed_in(user):
        key = position.to_xgid()
        if key in _positions(Exercise.objects.filter(assignment__classroom__memberships__student=user)):
            SolutionView.objects.get_or_create(user=user, puzzle_slug="", position=key)


def seen_before(student, exercise: Exercise, when=None) -> bool:
    """Whether ``student`` had been given the solution of ``exercise`` by ``when``."""
    views = SolutionView.objects.filter(user=student, seen_at__lte=when or timezone.now())
    if exercise.puzzle_slug:
        seen = Q(puzzle_slug=exercise.puzzle_slug)
        key = puzzle_position_key(exercise.puzzle_slug)
        return views.filter(seen | Q(position=key) if key else seen).exists()
    key = position_key(exercise.xgid)
    return bool(key) and views.filter(position=key).exists()


class AssignmentGate:
    """The lessons' ``SolutionGate``: a solution waits while it is an unanswered exercise of the user."""

    def puzzle_refusal(self, user, slug: str) -> str | None:
        return PUZZLE_GATED if puzzle_gated(user, slug) else None

    def position_refusal(self, user, position: Position) -> str | None:
        return POSITION_GATED if position_gated(user, position) else None


def remember_shown(event: SolutionShown) -> None:
    """A solution the lessons gave (``solution_shown``), kept when it may matter to a teacher."""
    if event.puzzle:
        remember_puzzle(event.user, event.puzzle)
    elif event.position is not None:
        remember_position(event.user, event.position)
