"""After the game: gnubg's grade on every decision of both players, the ``.mat`` file, mistakes to try again.

Grading happens once, after the game is over (never while it is played, so
nobody gets help), in a worker process (``tasks.py``, queued when the game
ends), with the practice mode's evaluator, thresholds and traffic light;
the grades are stored on the actions in the practice actions' shape, so the
practice review's pieces (``Light``, ``totals``, the stepper) show them
unchanged.  The review page answers at once with what is graded so far and
fills in when the worker is done.  The ``.mat`` export is the shared
writer (``tutor.games.mat``) fed with the live game's actions, under the
two players' names.

A no-double needs no row of its own: the server records a ``ROLL`` both
when the player chose to roll and when it rolled by itself (doubling not
allowed: after a take, for the cube's owner's rival, in the Crawford game,
after a pass).  The position before a roll is the roll's position without
its dice; when the player could double there (``may_double``, as practice
asks), rolling was a decision, graded like practice's no-doubles and
stored on that ``ROLL``.  So games finished before this grading get it too.
Each player turns their own ámbar and rojo decisions into practice's
``Exercise`` rows, tried again on the practice exercise page.
"""

from __future__ import annotations

import re
from typing import Callable

from tutor.accounts.models import display_name
from tutor.engine import BLACK, WHITE, Position
from tutor.games.cube_policy import may_double
from tutor.games.mat import match_text, transcripts
from tutor.practice.decisions import grade_decision
from tutor.practice.luck import measure_luck
from tutor.practice.wording import totals
from tutor.practice.statistics import match_statistics
from tutor.practice.models import Exercise
from tutor.practice.stepper import Actor, build_steps, stepper

from .models import LiveAction, LiveGame

Kind = LiveAction.Kind
GRADED = (Kind.MOVE, Kind.DOUBLE, Kind.TAKE, Kind.DROP)
DECISIONS = GRADED + (Kind.ROLL,)
EXPORTED = GRADED + (Kind.BEAVER, Kind.RESULT, Kind.RESIGN, Kind.CLAIM, Kind.FLAG)
ENDINGS = (Kind.RESULT, Kind.RESIGN, Kind.CLAIM, Kind.FLAG, Kind.ABORT)


def grade_game(game: LiveGame, after_each: Callable[[], None] | None = None) -> None:
    """Ask gnubg about each decision of a finished game, then the luck of each roll, once.

    Each grade is saved as soon as it is known: when gnubg becomes
    unavailable half-way (``EvaluatorUnavailable``), the next run goes on
    from there instead of starting again.  ``after_each`` is called after
    every grade (the worker tells the open review pages).
    """
    if game.graded or not game.is_over:
        return
    for action in to_grade(game):
        grade_decision(action)
        if after_each is not None:
            after_each()
    measure_luck(game.actions.filter(kind=Kind.MOVE))
    LiveGame.objects.filter(pk=game.pk).update(graded=True)
    game.graded = True


def to_grade(game: LiveGame) -> list[LiveAction]:
    """The decisions of ``game`` gnubg has not graded yet: plays, cube actions and chosen rolls."""
    found = game.actions.filter(kind__in=DECISIONS, colour="", forced=False)
    return [
        action for action in found
        if (action.kind != Kind.ROLL or declined_double(action) is not None) and not answers_a_beaver(action)
    ]


def answers_a_beaver(action: LiveAction) -> bool:
    """A take or a drop by the side that doubled: its answer to a beaver, which gnubg's analysis of a double does not grade."""
    return action.kind in (Kind.TAKE, Kind.DROP) and action.side == action.position.turn


def declined_double(action: LiveAction) -> Position | None:
    """The position where ``action``'s player could double and rolled instead; None for a roll of the server's."""
    before = action.decision_position
    return before if action.kind == Kind.ROLL and may_double(before) else None


def review_context(game: LiveGame, viewer, wanted: str | None = None) -> dict:
    """Both players' totals, every decision to step through from the viewer's side, the viewer's exercises."""
    actions = list(game.actions.filter(kind__in=DECISIONS + ENDINGS))
    viewer_side = game.side_of(viewer)
    names = {side: display_name(game.player(side)) for side in (WHITE, BLACK)}

    def actor(side: int) -> Actor:
        if side == viewer_side:
            return Actor("Tú", own=True)
        return Actor(names[side], of_whom=f"de {names[side]}")

    chosen = [a for a in actions if a.kind != Kind.ROLL or a.graded or declined_double(a) is not None]
    steps = build_steps(chosen, actor=actor, pending=lambda action: not game.graded and not action.forced)
    kept = Exercise.objects.filter(live_action__game=game, live_action__side=viewer_side).count() if viewer_side is not None else 0
    graded = [a for a in actions if a.kind in DECISIONS and a.graded]
    # Every decision: the statistics count the graded ones, and the luck of forced plays' rolls too.
    statistics = match_statistics([a for a in actions if a.kind in DECISIONS], {side: "Tú" if side == viewer_side else names[side] for side in (WHITE, BLACK)})
    players = [
        {
            "name": names[side],
            "side": side,
            "totals": totals([a for a in graded if a.side == side]),  # type: ignore[misc]  # read as practice's Action
            "statistics": statistics.match[side],
            "mistakes": sum(1 for a in graded if a.side == side and a.is_mistake and not a.forced),
            "is_viewer": side == viewer_side,
        }
        for side in (WHITE, BLACK)
    ]
    return {
        "game": game,
        "players": players,
        "statistics": statistics,
        "viewer_side": viewer_side,
        "new_exercises": viewer_side is not None and len(mistakes(game, viewer_side)) > kept,
        "stepper": stepper(steps, wanted, viewer=viewer_side),
    }


def mistakes(game: LiveGame, side: int) -> list[LiveAction]:
    """``side``'s ámbar and rojo decisions in ``game``, in order."""
    return list(game.actions.filter(side=side, kind__in=DECISIONS, colour__in=["ambar", "rojo"], forced=False))


def create_exercises(game: LiveGame, side: int) -> int:
    """An exercise for each of ``side``'s mistakes not yet kept; how many are new."""
    return sum(int(Exercise.objects.get_or_create(live_action=action)[1]) for action in mistakes(game, side))


def export_text(game: LiveGame) -> str:
    """The game in ``.mat`` format, with the players' names."""
    games = transcripts(
        game.actions.filter(kind__in=EXPORTED), length=game.length, last_game=game.game_number, over=game.is_over,
        first=game.position, winner=game.winner, final_score=game.final_score if game.is_over else None,
    )
    names = (_mat_name(game.player(WHITE)), _mat_name(game.player(BLACK)))
    return match_text(game.length, names, games, jacoby=game.position.jacoby)


def _mat_name(user) -> str:
    """A player's name as the .mat format wants it: one word, plain letters."""
    return re.sub(r"[^A-Za-z0-9_-]", "", user.username if user else "") or "Jugador"
