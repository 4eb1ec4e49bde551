"""The backgammon rules engine: pure Python, no Django.

>>> from tutor.engine import Position
>>> p = Position.from_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10")
>>> len(p.legal_plays()), p.check("8/5 6/5").legal
(16, True)
>>> p.check("24/18").codes
(<ReasonCode.WRONG_DIE: 'wrong-die'>,)
>>> p.check("24/18").codes == ("wrong-die",)
True

Apps import only the names listed in ``__all__`` below, never a submodule
(tests/test_architecture.py checks it): this package is the only door.
"""

from .check import CODES, Reason, Verdict, dice_destinations, mirror_point, step_reason
from .codes import DoubleRefusal, ReasonCode
from .constants import BAR, BLACK, CHECKERS_PER_SIDE, DIE_FACES, HOME_POINTS, OFF, SIDE_NAMES, WHITE, Board, Dice, opponent
from .cube import CUBE_VALUES, can_double, cube_is_dead, double_reasons, drop, take
from .dice import DieSource, OpeningRoll, format_dice, opening_roll, parse_dice, secure_die
from .errors import (
    EngineError,
    GnubgIdError,
    IllegalPlayError,
    NotationError,
    PositionError,
    RuleError,
    ScoreError,
    XgidError,
)
from .explain import tempting_plays
from .gnubgid import format_gnubg_id, match_id, position_id
from .match import Match
from .movegen import Move, is_blocked, single_moves
from .notation import format_moves, parse_play
from .partial import LegalTurn, PartialPlay, expand_dice, reachable, without_die
from .play import Play
from .position import Defect, Position, Stakes, parse_gnubg_id
from .scoring import MULTIPLIERS, GameResult, resignation, resignations, score_game

__all__ = [
    "BAR",
    "BLACK",
    "Board",
    "CHECKERS_PER_SIDE",
    "CODES",
    "CUBE_VALUES",
    "DIE_FACES",
    "Defect",
    "Dice",
    "DieSource",
    "DoubleRefusal",
    "EngineError",
    "GameResult",
    "GnubgIdError",
    "HOME_POINTS",
    "IllegalPlayError",
    "LegalTurn",
    "MULTIPLIERS",
    "Match",
    "Move",
    "NotationError",
    "OFF",
    "OpeningRoll",
    "PartialPlay",
    "Play",
    "Position",
    "PositionError",
    "Reason",
    "ReasonCode",
    "RuleError",
    "SIDE_NAMES",
    "ScoreError",
    "Stakes",
    "Verdict",
    "WHITE",
    "XgidError",
    "can_double",
    "cube_is_dead",
    "dice_destinations",
    "double_reasons",
    "drop",
    "expand_dice",
    "format_dice",
    "format_gnubg_id",
    "format_moves",
    "is_blocked",
    "match_id",
    "mirror_point",
    "opening_roll",
    "opponent",
    "parse_dice",
    "parse_gnubg_id",
    "parse_play",
    "position_id",
    "reachable",
    "resignation",
    "resignations",
    "score_game",
    "secure_die",
    "single_moves",
    "step_reason",
    "take",
    "tempting_plays",
    "without_die",
]
