"""The backgammon rules engine: pure Python, no Django.

>>> from tutor.engine import Position
>>> p = Position.from_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10")
>>> [play.notation for play in p.legal_plays()][:1]
['8/5 6/5']
>>> p.check("24/20").codes
('wrong-die',)
"""

from .check import CODES, Reason, Verdict
from .constants import BAR, BLACK, CHECKERS_PER_SIDE, OFF, WHITE, opponent
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
from .movegen import Move
from .notation import format_moves, parse_play
from .play import Play
from .position import Defect, Position

__all__ = [
    "BAR",
    "BLACK",
    "CHECKERS_PER_SIDE",
    "CODES",
    "Defect",
    "EngineError",
    "GnubgIdError",
    "IllegalPlayError",
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
    "format_dice",
    "format_moves",
    "opening_roll",
    "opponent",
    "parse_dice",
    "parse_play",
]
