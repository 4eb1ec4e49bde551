"""gnubg's judgement of a learner's recorded decision: the fields of its traffic light.

A decision is recorded at once, without a light (``game``); the light is
worked out afterwards, outside any transaction (``program.grade_pending``),
from the recorded action alone: its kind, its position and, for a play,
its moves.  So a light that was not given yet (a web process that
restarted) is given by whoever reads the game next.
"""

from __future__ import annotations

from tutor.engine import Play, Position
from tutor.games.beavers import may_beaver

from . import evaluator
from .gnubg_cube import best_cube_action, cube_analysis
from .evaluator import CubeAnalysis
from .grading import colour_for
from .models import Action
from .shown import top_plays

CUBE_KINDS = (Action.Kind.NO_DOUBLE, Action.Kind.DOUBLE, Action.Kind.TAKE, Action.Kind.DROP, Action.Kind.BEAVER)
GRADED_KINDS = (Action.Kind.MOVE, *CUBE_KINDS)
"""The learner's decisions that get a light."""


def play_fields(position: Position, play: Play) -> dict:
    """The light of ``play`` against gnubg's best play, at the grading depth (no gnubg for a forced play)."""
    analysis = evaluator.grade_play(position, play)
    loss = analysis.loss(play)
    return {
        "best": analysis.best.notation,
        "loss": loss,
        "colour": colour_for(loss),
        "analysis": {"plays": top_plays(analysis, play), "plies": analysis.plies},
    }


def cube_fields(kind: str, position: Position) -> dict:
    """The light of a cube decision made at ``position`` (before the roll of the side that may double).

    A no-double far from a double is graded on gnubg's quick look (verde:
    «no dobla: correcto»); a close one, a cash included, at the grading
    depth.  A double, a take and a pass are graded at the grading depth.
    """
    if kind == Action.Kind.NO_DOUBLE:
        cube = cube_analysis(position, evaluator.grading_plies(), 0.0)
    else:
        cube = evaluator.analyse_cube(position)
    if kind in (Action.Kind.NO_DOUBLE, Action.Kind.DOUBLE):
        loss, best = cube.double_loss(kind == Action.Kind.DOUBLE), best_cube_action(cube)
    elif kind == Action.Kind.BEAVER:
        loss, best = beaver_loss(cube)
    else:
        loss, best = cube.take_loss(kind == Action.Kind.TAKE), "Aceptar" if cube.should_take else "Abandonar"
    return _cube_light(loss, best, cube)


def beaver_loss(cube: CubeAnalysis, chosen: str = "Beaver") -> tuple[float, str]:
    """What an answer to a double gives away when a beaver is allowed (a beaver, unless ``chosen`` says
    «Aceptar» or «Abandonar»), and gnubg's best answer of the three, from the analysis of the double.

    In units of the cube before the double, for the side doubled: a take is
    worth ``-double_take``, a drop ``-double_pass``; a beaver (the cube
    twice as high, still the taker's) is worth twice a take, unless the
    doubler then does better to drop it, which costs it twice the double's
    value: ``min(-2 × double_take, 2 × double_pass)``.
    """
    worth = {
        "Aceptar": -cube.double_take,
        "Abandonar": -cube.double_pass,
        "Beaver": min(-2 * cube.double_take, 2 * cube.double_pass),
    }
    best = max(worth, key=lambda answer: worth[answer])
    return max(0.0, worth[best] - worth[chosen]), best


def beaver_answer_fields(took: bool, position: Position) -> dict:
    """The light of the doubler's answer to the program's beaver, from the analysis of its own double.

    In units of the cube before the double, for the doubler: taking is worth
    twice ``double_take`` (the same cube as a take, twice as high), dropping
    twice ``double_pass`` lost.
    """
    cube = evaluator.analyse_cube(position)
    worth = {"Aceptar": 2 * cube.double_take, "Abandonar": -2 * cube.double_pass}
    best = max(worth, key=lambda answer: worth[answer])
    chosen = "Aceptar" if took else "Abandonar"
    return _cube_light(max(0.0, worth[best] - worth[chosen]), best, cube)


def fields(action: Action) -> dict:
    """The light of a recorded decision of the learner."""
    position = action.position
    if action.kind == Action.Kind.MOVE:
        return play_fields(position, recorded_play(action))
    if action.kind in (Action.Kind.TAKE, Action.Kind.DROP) and action.side == position.turn:
        return beaver_answer_fields(action.kind == Action.Kind.TAKE, position)
    if action.kind in (Action.Kind.TAKE, Action.Kind.DROP) and may_beaver(position, action.match.beavers):
        # A take or a drop where a beaver was allowed is measured against the beaver too.
        cube = evaluator.analyse_cube(position)
        return _cube_light(*beaver_loss(cube, "Aceptar" if action.kind == Action.Kind.TAKE else "Abandonar"), cube)
    return cube_fields(action.kind, position)


def recorded_play(action: Action) -> Play:
    """The legal play an action recorded, found by its single moves."""
    moves = sorted(map(tuple, action.moves or []))
    for play in action.position.legal_plays():
        if sorted((move.src, move.dst, int(move.hit)) for move in play.moves) == moves:
            return play
    raise ValueError(f"action {action.pk} records no legal play of its position")


def _cube_light(loss: float, best: str, cube: CubeAnalysis) -> dict:
    return {"best": best, "loss": loss, "colour": colour_for(loss), "analysis": {**cube.as_json(), "plies": cube.plies}}
