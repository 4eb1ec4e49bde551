"""Named constants shared by the whole engine.

Points are plain ints in the numbering of the side they belong to: 1..24,
with ``BAR`` (25) as the source of a checker entering and ``OFF`` (0) as the
destination of a checker borne off.  Sides are plain ints too, so that they
can index tuples without a lookup.

The engine's type aliases live here too, each defined once.
"""

from __future__ import annotations

from typing import Final

WHITE: Final = 0
"""The side that moves from 24 to 1 in the diagrams (XGID upper case)."""
BLACK: Final = 1
"""The other side (XGID lower case)."""
SIDES: Final = (WHITE, BLACK)

OFF: Final = 0
"""Destination of a checker borne off, and the index of the borne-off count."""
BAR: Final = 25
"""Source of a checker entering from the bar, and the index of the bar count."""

CHECKERS_PER_SIDE: Final = 15
HOME_TOP: Final = 6
"""The farthest point of a side's home board: bearing off waits until no checker is beyond it."""
HOME_POINTS: Final = range(1, HOME_TOP + 1)
DIE_FACES: Final = 6
"""A die shows 1..6."""
MAX_CUBE_VALUE: Final = 64

SIDE_NAMES: Final = ("white", "black")

Board = tuple[int, ...]
"""One side's 26 counts in its own numbering: ``OFF`` (0) borne off, 1..24, ``BAR`` (25)."""
State = tuple[Board, Board]
"""The mover's board and the opponent's board."""
Dice = tuple[int, int]
"""A roll: two dice 1..6, in the order thrown."""


def is_die(value: object) -> bool:
    """True for a die's face.

    >>> is_die(6), is_die(7), is_die(0)
    (True, False, False)
    """
    return isinstance(value, int) and 1 <= value <= DIE_FACES


def opponent(side: int) -> int:
    """The other side.

    >>> opponent(WHITE) == BLACK
    True
    """
    return 1 - side
