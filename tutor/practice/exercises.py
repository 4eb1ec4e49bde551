"""Personal exercises: the learner's ámbar and rojo decisions of a match, to try again.

A play is tried on the board as in the game and graded by gnubg against
the best play; an exercise is solved with a verde answer.  A cube decision
is answered with its two buttons and graded with the equities gnubg gave
when it was first made.  The decision may come from a practice match or
from a live game between two people (``Exercise.decision``): both kinds of
action give their position, ``decision_kind`` and gnubg's ``analysis``, so
one grading serves both.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import QuerySet

from . import evaluator
from .wording import Light
from .evaluator import CubeAnalysis
from .game import IllegalPlay
from .grading import colour_for
from .models import COMPUTER, LEARNER, Action, Colour, Exercise, PracticeMatch

CUBE_CHOICES = {
    "doblar": (Action.Kind.DOUBLE, Action.Kind.NO_DOUBLE),
    "no-doblar": (Action.Kind.DOUBLE, Action.Kind.NO_DOUBLE),
    "aceptar": (Action.Kind.TAKE, Action.Kind.DROP),
    "abandonar": (Action.Kind.TAKE, Action.Kind.DROP),
}
ANSWER_WORDS = {"doblar": "Doblar", "no-doblar": "No doblar", "aceptar": "Aceptar", "abandonar": "Abandonar"}


def mistakes(match: PracticeMatch) -> QuerySet[Action]:
    """The learner's ámbar and rojo decisions of ``match``, in order."""
    # A beaver, and the answer to the program's beaver, are graded in the game and its review, not repeated
    # as exercises: an exercise answers a double with take or drop, at its own equities.
    beavers = match.actions.filter(kind=Action.Kind.BEAVER, side=COMPUTER).values_list("number", flat=True)
    found = match.actions.filter(side=LEARNER, colour__in=[Colour.AMBER, Colour.RED]).exclude(kind=Action.Kind.BEAVER)
    found = found.exclude(best="Beaver")  # a take or drop where the beaver was right: the exercise offers no beaver
    return found.exclude(number__in=[number + 1 for number in beavers]).order_by("number")


def create_exercises(match: PracticeMatch) -> int:
    """An exercise for each mistake of ``match`` not yet kept; how many are new."""
    created = 0
    for action in mistakes(match):
        _, new = Exercise.objects.get_or_create(action=action)
        created += int(new)
    return created


@dataclass
class Group:
    """The exercises of one game, as «Tus ejercicios» lists them: a practice match or a live game."""

    anchor: str
    title: str
    review_url: str
    order: tuple
    items: list[Exercise] = field(default_factory=list)


def groups(kept) -> list[Group]:
    """``kept`` exercises grouped by the game they come from: practice matches first, then live games, then uploaded matches."""
    found: dict[tuple, Group] = {}
    for item in kept:
        decision = item.decision
        origin = decision.origin
        live = item.live_action_id is not None
        uploaded = item.uploaded_action_id is not None
        key = (2 if uploaded else int(live), origin.pk)
        if key not in found:
            title = f"{origin.title} con {decision.rival_name}" if decision.rival_name else origin.title
            anchor = f"subida-{origin.pk}" if uploaded else f"partida-{origin.code}" if live else f"match-{origin.pk}"
            found[key] = Group(anchor, title, origin.get_review_url(), key)
        found[key].items.append(item)
    return sorted(found.values(), key=lambda group: group.order)


def choices(exercise: Exercise) -> list[tuple[str, str]]:
    """The buttons of a cube exercise: ``(value, label)``; none for a play."""
    kind = exercise.decision.decision_kind
    if kind in (Action.Kind.DOUBLE, Action.Kind.NO_DOUBLE):
        return [("doblar", "Doblar"), ("no-doblar", "No doblar")]
    if kind in (Action.Kind.TAKE, Action.Kind.DROP):
        return [("aceptar", "Aceptar"), ("abandonar", "Abandonar")]
    return []


def try_play(exercise: Exercise, text: str) -> Light:
    """Grade another play for the exercise's position; illegal plays raise ``IllegalPlay``."""
    decision = exercise.decision
    position = decision.decision_position
    verdict = position.check(text or "")
    if not verdict.legal or verdict.play is None:
        raise IllegalPlay(verdict)
    analysis = evaluator.grade_play(position, verdict.play)
    loss = analysis.loss(verdict.play)
    return _attempted(exercise, Light.of(decision, chosen=verdict.play.notation or "no mueve", loss=loss, colour=colour_for(loss)))


def try_cube(exercise: Exercise, answer: str) -> Light:
    """Grade a cube answer with the equities kept from the game; ``ValueError`` for another word."""
    decision = exercise.decision
    kind = decision.decision_kind
    if answer not in CUBE_CHOICES or kind not in CUBE_CHOICES[answer]:
        raise ValueError(answer)
    data = decision.analysis
    cube = CubeAnalysis(data["no_double"], data["double_take"], data["double_pass"], data.get("plies", 0))
    if kind in (Action.Kind.DOUBLE, Action.Kind.NO_DOUBLE):
        loss = cube.double_loss(answer == "doblar")
    else:
        loss = cube.take_loss(answer == "aceptar")
    return _attempted(exercise, Light.of(decision, chosen=ANSWER_WORDS[answer], loss=loss, colour=colour_for(loss)))


def _attempted(exercise: Exercise, light: Light) -> Light:
    exercise.attempts += 1
    exercise.solved = exercise.solved or light.colour == Colour.GREEN
    exercise.save(update_fields=["attempts", "solved"])
    return light

