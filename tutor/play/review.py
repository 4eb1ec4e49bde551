"""After the game: gnubg's grade on every decision of both players, the ``.mat`` file, mistakes to try again.

Grading happens once, after the game is over (never while it is played, so
nobody gets help), with the practice mode's evaluator, thresholds and
traffic light; the grades are stored on the actions in the practice
actions' shape, so the practice review's pieces (``Light``, ``totals``)
show them unchanged.  The ``.mat`` export is the shared writer
(``tutor.games.mat``) fed with the live game's actions, under the two
players' names.

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

from tutor.accounts.models import display_name
from tutor.engine import BLACK, WHITE, Position
from tutor.practice import evaluator
from tutor.games.cube import may_double
from tutor.practice.cube import best_cube_action, cube_analysis
from tutor.practice.display import Light, best_play_places, totals
from tutor.games.mat import match_text, transcripts
from tutor.practice.grading import colour_for
from tutor.practice.models import Exercise
from tutor.practice.shown import top_plays

from .models import LiveAction, LiveGame

Kind = LiveAction.Kind
GRADED = (Kind.MOVE, Kind.DOUBLE, Kind.TAKE, Kind.DROP)
DECISIONS = GRADED + (Kind.ROLL,)
EXPORTED = GRADED + (Kind.RESULT,)


def grade_game(game: LiveGame) -> None:
    """Ask gnubg about each decision of a finished game, once.

    Each grade is saved as soon as it is known: when gnubg becomes
    unavailable half-way (``EvaluatorUnavailable``), the next visit goes on
    from there instead of starting again.
    """
    if game.graded or not game.is_over:
        return
    for action in game.actions.filter(kind__in=DECISIONS, colour="", forced=False):
        if action.kind != Kind.ROLL or declined_double(action) is not None:
            _grade(action)
    LiveGame.objects.filter(pk=game.pk).update(graded=True)
    game.graded = True


def declined_double(action: LiveAction) -> Position | None:
    """The position where ``action``'s player could double and rolled instead; None for a roll of the server's."""
    before = action.decision_position
    return before if action.kind == Kind.ROLL and may_double(before) else None


def _grade(action: LiveAction) -> None:
    position = action.decision_position
    if action.kind == Kind.MOVE:
        # As practice grades a play: the chosen play and the best at the same depth.
        chosen = position.check(action.play).play
        analysis = evaluator.grade_play(position, chosen)
        loss = analysis.loss(chosen)
        action.best = analysis.best.notation
        action.forced = analysis.forced
        action.analysis = {"plies": analysis.plies, "plays": top_plays(analysis, chosen)}
    elif action.kind == Kind.ROLL:
        # As practice grades its no-doubles: a clear one on gnubg's quick look.
        cube = cube_analysis(position, evaluator.grading_plies(), 0.0)
        loss = cube.double_loss(False)
        action.best = best_cube_action(cube)
        action.analysis = {**cube.as_json(), "plies": cube.plies}
    else:
        cube = evaluator.analyse_cube(position)
        if action.kind == Kind.DOUBLE:
            loss = cube.double_loss(True)
            action.best = best_cube_action(cube)
        else:
            loss = cube.take_loss(action.kind == Kind.TAKE)
            action.best = "Aceptar" if cube.should_take else "Abandonar"
        action.analysis = {**cube.as_json(), "plies": cube.plies}
    action.loss = loss
    action.colour = colour_for(loss)
    action.save(update_fields=["best", "forced", "analysis", "loss", "colour"])


def review_context(game: LiveGame, viewer) -> dict:
    """Both players' totals, decisions and mistakes; the viewer's own exercises from this game."""
    actions = [a for a in game.actions.all() if a.kind in DECISIONS and a.graded]
    viewer_side = game.side_of(viewer)
    kept = {item.live_action_id: item for item in Exercise.objects.filter(live_action__game=game, live_action__side=viewer_side)}
    players = []
    for side in (WHITE, BLACK):
        mine = [a for a in actions if a.side == side]
        decisions = [
            {
                "action": a,
                "light": Light.of(a),
                "position": a.decision_position,
                "xgid": a.decision_position.to_xgid(),
                "highlight": best_play_places(a),
                "exercise": kept.get(a.pk),
            }
            for a in mine if not a.forced
        ]
        players.append({
            "name": display_name(game.player(side)),
            "side": side,
            "totals": totals(mine),
            "decisions": decisions,
            "mistakes": [d for d in decisions if d["action"].is_mistake],
            "is_viewer": side == viewer_side,
            "flipped": side == BLACK,
        })
    return {
        "game": game,
        "players": players,
        "viewer_side": viewer_side,
        "new_exercises": viewer_side is not None and len(mistakes(game, viewer_side)) > len(kept),
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
        first=game.position,
    )
    names = tuple(_mat_name(game.player(side)) for side in (WHITE, BLACK))
    return match_text(game.length, names, games, jacoby=game.position.jacoby)


def _mat_name(user) -> str:
    """A player's name as the .mat format wants it: one word, plain letters."""
    return re.sub(r"[^A-Za-z0-9_-]", "", user.username if user else "") or "Jugador"
