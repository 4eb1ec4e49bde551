"""What gnubg is asked about the cube, and how its answer is worded.

When a side may double at all is the games' one cube policy
(``tutor.games.cube_policy``), shared with the live games.
"""

from __future__ import annotations

from tutor.engine import Position

from . import evaluator
from .evaluator import CubeAnalysis
from .grading import CLOSE_CUBE


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
