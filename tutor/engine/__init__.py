"""The backgammon rules engine: pure Python, no Django.

>>> from tutor.engine import Position
>>> p = Position.from_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10")
>>> len(p.legal_plays()), p.check("8/5 6/5").legal
(16, True)
>>> p.check("24/18").codes
('wrong-die',)
"""

from .check import CODES, Reason, Verdict
from .constants import BAR, BLACK, CHECKERS_PER_SIDE, OFF, WHITE, opponent
from .cube import CUBE_VALUES, can_double, double_reasons, drop, take
from .dice import OpeningRoll, format_dice, opening_roll, parse_dice
from .errors import (
    EngineError,
    GnubgIdError,
    IllegalPlayError,
    NotationError,
    PositionError,
    RuleError,
    XgidError,
)
from .gnubgid import format_gnubg_id, match_id, parse_gnubg_id, position_id
from .match import Match
from .movegen import Move
from .notation import format_moves, parse_play
from .play import Play
from .position import Defect, Position
from .scoring import MULTIPLIERS, GameResult, score_game

__all__ = [
    "BAR",
    "BLACK",
    "CHECKERS_PER_SIDE",
    "CODES",
    "CUBE_VALUES",
    "Defect",
    "EngineError",
    "GameResult",
    "GnubgIdError",
    "IllegalPlayError",
    "MULTIPLIERS",
    "Match",
    "Move",
    "NotationError",
    "OFF",
    "OpeningRoll",
    "Play",
    "Position",
    "PositionError",
    "Reason",
    "RuleError",
    "Verdict",
    "WHITE",
    "XgidError",
    "can_double",
    "double_reasons",
    "drop",
    "format_dice",
    "format_gnubg_id",
    "format_moves",
    "match_id",
    "opening_roll",
    "opponent",
    "parse_dice",
    "parse_gnubg_id",
    "parse_play",
    "position_id",
    "score_game",
    "take",
]
