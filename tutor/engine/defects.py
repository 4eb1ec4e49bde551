"""What makes a position impossible, as flags, so that a lesson author sees every defect at once."""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

from .constants import BLACK, CHECKERS_PER_SIDE, MAX_CUBE_VALUE, OFF, WHITE, is_die

if TYPE_CHECKING:
    from .position import Position


class Defect(enum.Flag):
    """Everything that makes a position impossible, as flags.

    A lesson author sees every defect of a position at once instead of the
    first one only.
    """

    NONE = 0
    WHITE_TOO_MANY = enum.auto()
    BLACK_TOO_MANY = enum.auto()
    NEGATIVE_COUNT = enum.auto()
    SHARED_POINT = enum.auto()
    BOTH_FINISHED = enum.auto()
    BAD_DICE = enum.auto()
    BAD_CUBE = enum.auto()
    BAD_SCORE = enum.auto()
    BAD_CRAWFORD = enum.auto()


def find_defects(position: Position) -> Defect:
    """Every reason why ``position`` could not occur in a game (``Position.defects``)."""
    found = Defect.NONE
    white, black = position.checkers(WHITE), position.checkers(BLACK)
    if white[OFF] < 0:
        found |= Defect.WHITE_TOO_MANY
    if black[OFF] < 0:
        found |= Defect.BLACK_TOO_MANY
    if any(c < 0 for c in white[1:]) or any(c < 0 for c in black[1:]):
        found |= Defect.NEGATIVE_COUNT
    if any(white[p] and black[25 - p] for p in range(1, 25)):
        found |= Defect.SHARED_POINT
    if white[OFF] == CHECKERS_PER_SIDE and black[OFF] == CHECKERS_PER_SIDE:
        found |= Defect.BOTH_FINISHED
    if position.dice is not None and not all(is_die(d) for d in position.dice):
        found |= Defect.BAD_DICE
    value = position.cube_value
    if value < 1 or value & (value - 1) or value > max(MAX_CUBE_VALUE, 1 << position.max_cube_log):
        found |= Defect.BAD_CUBE
    elif value == 1 and position.cube_owner is not None:
        found |= Defect.BAD_CUBE
    if position.match_length < 0 or (
        position.match_length and not all(0 <= s < position.match_length for s in position.score)
    ):
        found |= Defect.BAD_SCORE
    if position.crawford and not (
        position.match_length and position.match_length - 1 in position.score and position.cube_value == 1
    ):
        found |= Defect.BAD_CRAWFORD
    return found
