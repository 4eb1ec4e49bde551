"""After the game: gnubg's grade on every decision of both players, the ``.mat`` file, mistakes to try again.

Grading happens once, after the game is over (never while it is played, so
nobody gets help), with the practice mode's evaluator, thresholds and
traffic light; the grades are stored on the actions in the practice
actions' shape, so the practice review's pieces (``Light``, ``totals``)
show them unchanged.  The ``.mat`` export is practice's writer fed with
the live game's plays and cube actions, under the two players' names.
"""

from __future__ import annotations

import re
from types import SimpleNamespace

from tutor.accounts.models import display_name
from tutor.engine import BLACK, WHITE
from tutor.practice import evaluator
from tutor.practice.display import Light, best_play_places, totals
from tutor.practice.export import NAMES, match_text
from tutor.practice.grading import colour_for

from .models import LiveAction, LiveGame

Kind = LiveAction.Kind
GRADED = (Kind.MOVE, Kind.DOUBLE, Kind.TAKE, Kind.DROP)
EXPORTED = GRADED + (Kind.RESULT,)
TOP_PLAYS = 5


def grade_game(game: LiveGame) -> None:
    """Ask gnubg about each decision of a finished game, once.

    Each grade is saved as soon as it is known: when gnubg becomes
    unavailable half-way (``EvaluatorUnavailable``), the next visit goes on
    from there instead of starting again.
    """
    if game.graded or not game.is_over:
        return
    for action in game.actions.filter(kind__in=GRADED, colour="", forced=False):
        _grade(action)
    LiveGame.objects.filter(pk=game.pk).update(graded=True)
    game.graded = True


def _grade(action: LiveAction) -> None:
    position = action.position
    if action.kind == Kind.MOVE:
        analysis = evaluator.analyse_plays(position)
        chosen = position.check(action.play).play
        loss = analysis.loss(chosen)
        mine = analysis.find(chosen)
        shown = list(analysis.ranked[:TOP_PLAYS]) + ([mine] if mine not in analysis.ranked[:TOP_PLAYS] else [])
        action.best = analysis.best.notation
        action.forced = analysis.forced
        action.analysis = {
            "plies": analysis.plies,
            "plays": [{"play": e.notation, "equity": round(e.equity, 4), "loss": round(analysis.best.equity - e.equity, 4),
                       "chosen": e is mine} for e in shown],
        }
    else:
        cube = evaluator.analyse_cube(position)
        if action.kind == Kind.DOUBLE:
            loss = cube.double_loss(True)
            action.best = "Doblar" if cube.should_double else "No doblar"
        else:
            loss = cube.take_loss(action.kind == Kind.TAKE)
            action.best = "Aceptar" if cube.should_take else "Abandonar"
        action.analysis = {**cube.as_json(), "plies": cube.plies}
    action.loss = loss
    action.colour = colour_for(loss)
    action.save(update_fields=["best", "forced", "analysis", "loss", "colour"])


def review_context(game: LiveGame, viewer) -> dict:
    actions = list(game.actions.all())
    players = []
    for side in (WHITE, BLACK):
        mine = [a for a in actions if a.side == side and a.kind in GRADED]
        decisions = [
            {"action": a, "light": Light.of(a), "highlight": best_play_places(a) if side == WHITE else []}
            for a in mine if a.graded and not a.forced
        ]
        players.append({
            "name": display_name(game.player(side)),
            "side": side,
            "totals": totals(mine),
            "decisions": decisions,
            "mistakes": [d for d in decisions if d["action"].is_mistake],
        })
    return {"game": game, "players": players, "viewer_side": game.side_of(viewer)}


def export_text(game: LiveGame) -> str:
    """The game in ``.mat`` format, through practice's writer, with the players' names."""
    kept = [a for a in game.actions.all() if a.kind in EXPORTED]
    view = SimpleNamespace(
        length=game.length,
        game_number=game.game_number,
        is_over=game.is_over and game.winner is not None and bool(kept) and kept[-1].kind == Kind.RESULT,
        position=game.position,
        actions=SimpleNamespace(all=lambda: kept),
    )
    text = match_text(view)
    white, black = (_mat_name(game.player(side)) for side in (WHITE, BLACK))
    header = re.compile(rf"^ {re.escape(NAMES[WHITE])} : (\d+)\s+{re.escape(NAMES[BLACK])} : (\d+)$", re.M)
    return header.sub(lambda m: f" {f'{white} : {m[1]}':<31}{black} : {m[2]}", text)


def _mat_name(user) -> str:
    """A player's name as the .mat format wants it: one word, plain letters."""
    return re.sub(r"[^A-Za-z0-9_-]", "", user.username if user else "") or "Jugador"
