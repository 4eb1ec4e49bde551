"""Keeping assignment results honest when the site can also show the answers.

The lessons show the solution of every puzzle (``/api/puzzles/<slug>/solution/``,
``?solucion=1``, the verdict of a right answer) and the explorer lists every
legal play of any position.  A teacher who puts a lesson puzzle, or a
position of their own, in an assignment needs to know whether a student's
answer was their own work.  Two rules:

- While a student has the exercise in a published assignment and has not
  answered it yet, no door of the site gives its answer (``puzzle_gated``,
  ``question_gated``): not the lessons' check and solution, the explorer,
  GNU Backgammon's grading (``/api/grade/``), the board's refusals, the
  drills nor the teachers' board editor.  Exercises are compared by
  question, not by spelling (``tutor.lessons.gates.question_key``): the
  same checkers and side on roll, and the same dice in any order when the
  answer depends on them, whatever the cube, the score, the match, the
  rule flags or the notation.  The question of an exercise is gated
  whether the teacher set it up or took it from a lesson.
- Whenever a signed-in user is given a solution, it is remembered
  (``remember_puzzle``, ``remember_question``); an attempt answered after
  that is marked ``solution_seen`` and the teacher sees it.  This covers
  solutions seen before the assignment was published, and the later
  attempts of a student who looked after a first answer; for a lesson
  puzzle, seeing the plays of its position counts as seeing its solution.

The lessons know nothing of assignments: ``ClassroomConfig.ready`` registers
``AssignmentGate`` with them and subscribes ``remember_shown`` to their
``solution_shown`` event.
"""

from __future__ import annotations

import functools

from django.db.models import Q
from django.utils import timezone

from tutor.engine import EngineError, Position
from tutor.lessons.gates import SolutionShown, puzzle_key, question_key
from tutor.lessons.library import get_library

from .models import Exercise, SolutionView

PUZZLE_GATED = (
    "Este ejercicio está en una de tus tareas y aún no lo has respondido: respóndelo en la tarea "
    "y después podrás ver aquí la solución."
)
POSITION_GATED = (
    "Esta posición es la de un ejercicio de una de tus tareas que aún no has respondido (aunque cambies "
    "el orden de los dados, el cubo, el marcador o la forma de escribirla): respóndelo en la tarea y "
    "después podrás verla aquí."
)


def _signed_in(user) -> bool:
    return bool(getattr(user, "is_authenticated", False))


def exercise_key(puzzle_slug: str, xgid: str, calculation: str) -> str:
    """The ``question_key`` of an exercise: its lesson puzzle's, or the teacher's own question's
    (``""`` when it can no longer be read)."""
    if puzzle_slug:
        puzzle = get_library().puzzles().get(puzzle_slug)
        return puzzle_key(puzzle) if puzzle is not None else ""
    return _custom_key(xgid, calculation)


@functools.lru_cache(maxsize=4096)
def _custom_key(xgid: str, calculation: str) -> str:
    """A teacher's question, read once per process: every door a student opens asks for all of theirs."""
    try:
        return question_key(Position.from_xgid(xgid), calculation)
    except EngineError:
        return ""


def _assigned(user):
    """Exercises of the user's groups' published assignments."""
    return Exercise.objects.filter(
        assignment__classroom__memberships__student=user, assignment__published_at__isnull=False
    )


def _unanswered(user):
    return _assigned(user).exclude(attempts__student=user)


def _keys(exercises) -> set[str]:
    """The questions of ``exercises``, as ``question_key`` names them."""
    rows = exercises.values_list("puzzle_slug", "xgid", "calculation")
    return {exercise_key(*row) for row in rows} - {""}


def puzzle_gated(user, slug: str) -> bool:
    """Whether ``user`` must answer lesson puzzle ``slug`` in an assignment before seeing its solution."""
    return _signed_in(user) and _unanswered(user).filter(puzzle_slug=slug).exists()


def question_gated(user, key: str) -> bool:
    """Whether ``key`` (a ``question_key``) is the question of an unanswered exercise of ``user``."""
    return _signed_in(user) and bool(key) and key in _keys(_unanswered(user))


def remember_puzzle(user, slug: str) -> None:
    """``user`` was given the solution of lesson puzzle ``slug`` (the first time is kept)."""
    if _signed_in(user):
        SolutionView.objects.get_or_create(user=user, puzzle_slug=slug, position="")


def remember_question(user, key: str) -> None:
    """``user`` was given the answer of question ``key``: kept when it is one of their exercises'."""
    if _signed_in(user) and key and key in _keys(Exercise.objects.filter(assignment__classroom__memberships__student=user)):
        SolutionView.objects.get_or_create(user=user, puzzle_slug="", position=key)


def seen_before(student, exercise: Exercise, when=None) -> bool:
    """Whether ``student`` had been given the solution of ``exercise`` by ``when``."""
    views = SolutionView.objects.filter(user=student, seen_at__lte=when or timezone.now())
    key = exercise_key(exercise.puzzle_slug, exercise.xgid, exercise.calculation)
    seen = Q(position=key) if key else Q(pk__in=[])
    if exercise.puzzle_slug:
        seen |= Q(puzzle_slug=exercise.puzzle_slug)
    return views.filter(seen).exists()


class AssignmentGate:
    """The lessons' ``SolutionGate``: a solution waits while it is an unanswered exercise of the user."""

    def puzzle_refusal(self, user, slug: str) -> str | None:
        return PUZZLE_GATED if puzzle_gated(user, slug) else None

    def question_refusal(self, user, key: str) -> str | None:
        return POSITION_GATED if question_gated(user, key) else None


def remember_shown(event: SolutionShown) -> None:
    """A solution the lessons gave (``solution_shown``), kept when it may matter to a teacher."""
    if event.puzzle:
        remember_puzzle(event.user, event.puzzle)
    if event.key:
        remember_question(event.user, event.key)
