"""Grading a recorded decision after the game, the same way for practice and live games.

The learner's decisions in practice are graded while the game is played
(``game.py``); everything else is graded once the game is over, by a worker
process (``tasks.py`` here and in ``tutor.play``): the program's plays and
cube actions in practice, and both players' decisions in a live game.  Both
kinds of action answer ``decision_kind`` and ``decision_position``, so one
function grades either, exactly as practice grades the learner: a play
against the best at the same depth, a no-double on gnubg's quick look when
it is clear, a double or an answer to one at the grading depth.
"""

from __future__ import annotations

from . import evaluator
from .gnubg_cube import best_cube_action, cube_analysis
from .grading import colour_for
from .models import Action
from .shown import top_plays

Kind = Action.Kind
GRADED_FIELDS = ["best", "forced", "analysis", "loss", "colour"]


def grade_decision(action) -> None:
    """Ask gnubg about ``action`` (a practice ``Action`` or a ``LiveAction``) and save its light.

    Raises ``EvaluatorUnavailable`` with nothing saved when gnubg cannot answer.
    """
    position = action.decision_position
    kind = action.decision_kind
    if kind == Kind.MOVE:
        chosen = position.check(action.play).play
        analysis = evaluator.grade_play(position, chosen)
        loss = analysis.loss(chosen)
        action.best = analysis.best.notation
        action.forced = analysis.forced
        action.analysis = {"plies": analysis.plies, "plays": top_plays(analysis, chosen)}
    elif kind == Kind.NO_DOUBLE:
        cube = cube_analysis(position, evaluator.grading_plies(), 0.0)
        loss = cube.double_loss(False)
        action.best = best_cube_action(cube)
        action.analysis = {**cube.as_json(), "plies": cube.plies}
    else:
        cube = evaluator.analyse_cube(position)
        if kind == Kind.DOUBLE:
            loss = cube.double_loss(True)
            action.best = best_cube_action(cube)
        else:
            loss = cube.take_loss(kind == Kind.TAKE)
            action.best = "Aceptar" if cube.should_take else "Abandonar"
        action.analysis = {**cube.as_json(), "plies": cube.plies}
    action.loss = loss
    action.colour = colour_for(loss)
    action.save(update_fields=GRADED_FIELDS)
