"""An uploaded match's review: gnubg's grade on every decision of both players, stepped through like the site's own.

Grading is the live games' (``tutor.play.live_review``) on this app's rows:
every play with a choice, every cube action, and every roll its player
could have doubled before (a no-double), graded once by the reviews'
worker (``tasks.py``) with practice's ``grade_decision``, each grade saved
as soon as it is known so that a worker stopped half-way goes on from
there.  The page shows what is graded so far and fills in as it goes.
The board is seen from the side the uploader says they played; before
they say it, from the first player's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from tutor.engine import BLACK, WHITE
from tutor.games.models import ActionKind
from tutor.practice.decisions import grade_decision
from tutor.practice.luck import measure_luck
from tutor.practice.wording import totals
from tutor.practice.models import Exercise
from tutor.practice.statistics import match_statistics
from tutor.practice.stepper import Actor, Stepper, build_steps, stepper

from .models import UploadedAction, UploadedMatch

Kind = ActionKind
DECISIONS = (Kind.MOVE, Kind.DOUBLE, Kind.TAKE, Kind.DROP, Kind.ROLL)
ENDINGS = (Kind.RESULT,)


@dataclass
class ReadOnlyStepper(Stepper):
    """The stepper as someone else reads the uploader's review: from the uploader's side, without «tus» words.

    With no viewer the stepper lists no «Tus peores» and its chart names
    both players; only the board and the chart's side are the uploader's.
    """

    side: int = WHITE

    @property
    def seen_from(self) -> int:
        return self.side


def to_grade(match: UploadedMatch) -> list[UploadedAction]:
    """The decisions of ``match`` gnubg has not graded yet (a beaver's answer by the doubler is not one gnubg grades)."""
    found = match.actions.filter(kind__in=DECISIONS, colour="", forced=False)
    return [action for action in found if not answers_a_beaver(action)]


def answers_a_beaver(action: UploadedAction) -> bool:
    """A take or a drop by the side that doubled: its answer to a beaver."""
    return action.kind in (Kind.TAKE, Kind.DROP) and action.side == action.position.turn


def grade_match(match: UploadedMatch, after_each: Callable[[], None] | None = None) -> int:
    """Ask gnubg about each decision not graded yet, then the luck of each roll; how many decisions were graded now.

    Raises ``EvaluatorUnavailable`` when gnubg cannot answer: what was
    graded stays graded, and the next run goes on from there.
    """
    if match.graded:
        return 0
    graded = 0
    for action in to_grade(match):
        grade_decision(action)
        graded += 1
        if after_each is not None:
            after_each()
    measure_luck(match.actions.filter(kind=Kind.MOVE))
    UploadedMatch.objects.filter(pk=match.pk).update(graded=True)
    match.graded = True
    return graded


def review_context(match: UploadedMatch, wanted: str | None = None, *, own: bool = True) -> dict:
    """Both players' totals and every decision to step through from the uploader's side.

    ``own`` is False for whoever reads someone else's review (a share link,
    a teacher): the uploader's side is then named, not «Tú».
    """
    actions = list(match.actions.filter(kind__in=DECISIONS + ENDINGS))
    side = match.side

    def actor(who: int) -> Actor:
        if own and who == side:
            return Actor("Tú", own=True)
        return Actor(match.name(who), of_whom=f"de {match.name(who)}")

    steps = build_steps(actions, actor=actor, pending=lambda action: not match.graded and not action.forced)
    graded = [a for a in actions if a.kind in DECISIONS and a.graded]
    # Every decision: the statistics count the graded ones, and the luck of forced plays' rolls too.
    statistics = match_statistics([a for a in actions if a.kind in DECISIONS], {who: actor(who).name for who in (WHITE, BLACK)})
    players = [
        {
            "name": match.name(who),
            "side": who,
            "totals": totals([a for a in graded if a.side == who]),  # type: ignore[misc]  # read as practice's Action
            "statistics": statistics.match[who],
            "mistakes": sum(1 for a in graded if a.side == who and a.is_mistake and not a.forced),
            "is_viewer": own and who == side,
        }
        for who in (WHITE, BLACK)
    ]
    shown = stepper(steps, wanted, viewer=side if own else None)
    if shown is not None and not own:
        shown = ReadOnlyStepper(shown.steps, shown.current, None, side=side if side is not None else WHITE)
    kept = Exercise.objects.filter(uploaded_action__match=match).count() if own and side is not None else 0
    return {
        "match": match,
        "players": players,
        "viewer_side": side if own else None,
        "new_exercises": own and side is not None and len(mistakes(match)) > kept,
        "stepper": shown,
        "statistics": statistics,
    }


def mistakes(match: UploadedMatch) -> list[UploadedAction]:
    """The uploader's ámbar and rojo decisions, in order (none before they say which player they were)."""
    if match.side is None:
        return []
    return list(match.actions.filter(side=match.side, kind__in=DECISIONS, colour__in=["ambar", "rojo"], forced=False))


def create_exercises(match: UploadedMatch) -> int:
    """An exercise for each of the uploader's mistakes not yet kept; how many are new."""
    return sum(int(Exercise.objects.get_or_create(uploaded_action=action)[1]) for action in mistakes(match))
