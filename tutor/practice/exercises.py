"""Personal exercises: the learner's ámbar and rojo decisions of a match, to try again.

A play is tried on the board as in the game and graded by gnubg against
the best play; an exercise is solved with a verde answer.  A cube decision
is answered with its two buttons and graded with the equities gnubg gave
when it was first made.
"""

from __future__ import annotations

from django.db.models import QuerySet

from . import evaluator
from .display import Light
from .evaluator import CubeAnalysis
from .game import IllegalPlay
from .grading import colour_for
from .models import LEARNER, Action, Colour, Exercise, PracticeMatch

CUBE_CHOICES = {
    "doblar": (Action.Kind.DOUBLE, Action.Kind.NO_DOUBLE),
    "no-doblar": (Action.Kind.DOUBLE, Action.Kind.NO_DOUBLE),
    "aceptar": (Action.Kind.TAKE, Action.Kind.DROP),
    "abandonar": (Action.Kind.TAKE, Action.Kind.DROP),
}
ANSWER_WORDS = {"doblar": "Doblar", "no-doblar": "No doblar", "aceptar": "Aceptar", "abandonar": "Abandonar"}


def mistakes(match: PracticeMatch) -> QuerySet[Action]:
    """The learner's ámbar and rojo decisions of ``match``, in order."""
    return match.actions.filter(side=LEARNER, colour__in=[Colour.AMBER, Colour.RED]).order_by("number")


def create_exercises(match: PracticeMatch) -> int:
    """An exercise for each mistake of ``match`` not yet kept; how many are new."""
    created = 0
    for action in mistakes(match):
        _, new = Exercise.objects.get_or_create(action=action)
        created += int(new)
    return created


def choices(exercise: Exercise) -> list[tuple[str, str]]:
    """The buttons of a cube exercise: ``(value, label)``; none for a play."""
    kind = exercise.action.kind
    if kind in (Action.Kind.DOUBLE, Action.Kind.NO_DOUBLE):
        return [("doblar", "Doblar"), ("no-doblar", "No doblar")]
    if kind in (Action.Kind.TAKE, Action.Kind.DROP):
        return [("aceptar", "Aceptar"), ("abandonar", "Abandonar")]
    return []


def try_play(exercise: Exercise, text: str) -> Light:
    """Grade another play for the exercise's position; illegal plays raise ``IllegalPlay``."""
    position = exercise.action.position
    verdict = position.check(text or "")
    if not verdict.legal or verdict.play is None:
        raise IllegalPlay(verdict)
    analysis = evaluator.grade_play(position, verdict.play)
    loss = analysis.loss(verdict.play)
    return _attempted(exercise, Light.of(exercise.action, chosen=verdict.play.notation or "no mueve", loss=loss, colour=colour_for(loss)))


def try_cube(exercise: Exercise, answer: str) -> Light:
    """Grade a cube answer with the equities kept from the game; ``ValueError`` for another word."""
    action = exercise.action
    if answer not in CUBE_CHOICES or action.kind not in CUBE_CHOICES[answer]:
        raise ValueError(answer)
    data = action.analysis
    cube = CubeAnalysis(data["no_double"], data["double_take"], data["double_pass"], data.get("plies", 0))
    if action.kind in (Action.Kind.DOUBLE, Action.Kind.NO_DOUBLE):
        loss = cube.double_loss(answer == "doblar")
    else:
        loss = cube.take_loss(answer == "aceptar")
    return _attempted(exercise, Light.of(action, chosen=ANSWER_WORDS[answer], loss=loss, colour=colour_for(loss)))


def _attempted(exercise: Exercise, light: Light) -> Light:
    exercise.attempts += 1
    exercise.solved = exercise.solved or light.colour == Colour.GREEN
    exercise.save(update_fields=["attempts", "solved"])
    return light

