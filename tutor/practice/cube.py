"""The practice games' cube policy beyond the engine's rules: dead cubes and what gnubg is asked.

The engine says when the rules allow a double (``can_double``); match play
adds what gnubg and XG follow: a double is pointless once the cube already
covers what the side on roll needs to win the match.
"""

from __future__ import annotations

from tutor.engine import Position, can_double

from . import evaluator
from .evaluator import CubeAnalysis
from .grading import CLOSE_CUBE

DEAD_CUBE = "El cubo ya vale lo que te falta para ganar el match: doblar no te daría nada."
"""Why the learner may not double when the cube already covers what they need."""


def cube_alive(position: Position) -> bool:
    """Whether a double can still gain anything for the side on roll.

    In a match, once the cube is worth what the side on roll needs, winning
    this game already wins the match: gnubg and XG never double then.
    """
    return not position.match_length or position.score[position.turn] + position.cube_value < position.match_length


def may_double(position: Position) -> bool:
    """The rules allow a double and it is not a dead cube."""
    return can_double(position) and cube_alive(position)


def cube_analysis(position: Position, plies: int, noise: float) -> CubeAnalysis:
    """gnubg's cube decision at ``plies``, or its quick look when doubling is clearly wrong.

    A cash (double/pass) is never «clearly wrong»: only positions where
    doubling loses more than ``CLOSE_CUBE`` at 0-ply skip the deeper look,
    as gnubg's analysis does.
    """
    quick = evaluator.analyse_cube(position, 0, noise)
    if quick.doubled - quick.no_double <= -CLOSE_CUBE or plies <= 1:
        return quick
    return evaluator.analyse_cube(position, plies, noise)


def best_cube_action(cube: CubeAnalysis) -> str:
    """What gnubg would do with the cube, in the words the review shows."""
    if cube.should_double:
        return "Doblar"
    return "No doblar (demasiado bueno)" if cube.no_double > cube.double_pass + evaluator.EQUITY_TOLERANCE else "No doblar"
