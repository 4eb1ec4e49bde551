"""The work a practice match waits for after the learner's decision: the light, then the program's turn.

Both ask GNU Backgammon, and neither holds a transaction while it does:
gnubg thinks first, on what was read from the database, and what it
decided is then written in one short transaction.  A light is written
only on an action that still has none; the program's turn only if the
match is still at the version it was thought from (the same optimistic
check as the learner's decisions): two runners that raced (a background
thread and a page load after its lease ran out) cannot both write it.

``thinking`` decides who runs this and when; ``pending`` says whether a
match needs it at all.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import QuerySet

from tutor.games.sequence import claim

from . import game, judge
from .models import LEARNER, Action, PracticeMatch


def pending_lights(match: PracticeMatch) -> QuerySet[Action]:
    """The learner's decisions of ``match`` still waiting for their light."""
    return match.actions.filter(side=LEARNER, colour="", forced=False, kind__in=judge.GRADED_KINDS)


def pending(match: PracticeMatch) -> bool:
    """Whether ``match`` waits for a light or for the program."""
    return match.program_thinks or pending_lights(match).exists()


def grade_pending(match: PracticeMatch) -> int:
    """Give every decision of ``match`` waiting for a light its light; how many got one."""
    given = 0
    for action in list(pending_lights(match)):
        found = judge.fields(action)  # gnubg, outside any transaction
        given += Action.objects.filter(pk=action.pk, colour="").update(**found)
    return given


def play(pk: int) -> bool:
    """The program's decision, if match ``pk`` waits for one: thought first, then written; whether it was written."""
    match = PracticeMatch.objects.get(pk=pk)
    if not match.program_thinks:
        return False
    seq = match.seq
    turn = game.Turn(later=True)
    game.program_decides(match, turn)  # gnubg, outside any transaction
    with transaction.atomic():
        if not claim(PracticeMatch, pk, seq):
            return False  # someone else wrote it, or the match changed: this thinking is dropped
        turn.write()
        match.seq = seq + 1
        match.last_turn = [*(match.last_turn or []), *turn.as_json()]
        match.save()
    return True


def run(match: PracticeMatch) -> None:
    """Everything ``match`` waits for: the lights first (the learner sees them soonest), then the program."""
    grade_pending(match)
    play(match.pk)
