"""A practice match's review: the learner's lights, the program's decisions graded after each game.

The learner's decisions are graded while the game is played (the traffic
light is the point of practice); the program's plays and cube actions are
graded once their game is over, by a worker process (``tasks.py``), so the
review can show the errors of both sides and jump from one to the next.
The review page answers at once; its script asks for the progress
(``tasks.progress``) until the program's decisions are graded, then fills in.
"""

from __future__ import annotations

from django.db.models import QuerySet

from .decisions import grade_decision
from .luck import measure_luck
from .wording import totals
from .models import COMPUTER, LEARNER, Action, Exercise, PracticeMatch
from .statistics import match_statistics
from .stepper import Actor, build_steps, stepper

Kind = Action.Kind
PROGRAM_DECISIONS = (Kind.MOVE, Kind.DOUBLE, Kind.TAKE, Kind.DROP)
STEPS = (Kind.MOVE, Kind.DOUBLE, Kind.NO_DOUBLE, Kind.TAKE, Kind.DROP, Kind.RESULT)
ACTORS = {LEARNER: Actor("Tú", own=True), COMPUTER: Actor("El programa", of_whom="del programa")}


def program_decisions(match: PracticeMatch, games: list[int]) -> QuerySet:
    """The program's plays and cube actions in ``games`` of ``match``.

    Its answer to a beaver, recorded right after the learner's beaver, is
    left out: gnubg's cube analysis of it is the beaver's own, graded there.
    """
    beavers = match.actions.filter(kind=Kind.BEAVER).values_list("number", flat=True)
    found = match.actions.filter(side=COMPUTER, kind__in=PROGRAM_DECISIONS, game_number__in=games)
    return found.exclude(number__in=[number + 1 for number in beavers])


def finished_games(match: PracticeMatch) -> list[int]:
    return list(match.actions.filter(kind=Kind.RESULT).values_list("game_number", flat=True))


def grade_program(match: PracticeMatch, game_number: int) -> int:
    """Grade the program's decisions of a finished game not graded yet, then each roll's luck; how many were graded."""
    found = list(program_decisions(match, [game_number]).filter(colour=""))
    for action in found:
        grade_decision(action)
    measure_luck(match.actions.filter(kind=Kind.MOVE, game_number=game_number))
    return len(found)


def ungraded_games(match: PracticeMatch) -> list[int]:
    """The finished games whose program's decisions are not all graded."""
    return sorted(set(program_decisions(match, finished_games(match)).filter(colour="").values_list("game_number", flat=True)))


def review_context(match: PracticeMatch, wanted: str | None) -> dict:
    """The review's steps, both sides' totals and statistics, and what the learner can do with their mistakes."""
    actions = list(match.actions.filter(kind__in=STEPS))
    finished = set(finished_games(match))
    steps = build_steps(actions, actor=ACTORS.__getitem__, pending=lambda action: action.game_number in finished)
    mine = [action for action in actions if action.side == LEARNER]
    return {
        "match": match,
        "totals": totals(mine),
        "program_totals": totals([action for action in actions if action.side == COMPUTER]),
        "statistics": match_statistics(actions, {LEARNER: "Tú", COMPUTER: "El programa"}),
        "has_mistakes": any(action.is_mistake for action in mine),
        "exercise_count": Exercise.objects.filter(action__match=match).count(),
        "stepper": stepper(steps, wanted, viewer=LEARNER),
    }
