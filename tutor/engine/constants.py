"""Named constants shared by the whole engine.

Points are plain ints in the numbering of the side they belong to: 1..24,
with ``BAR`` (25) as the source of a checker entering and ``OFF`` (0) as the
destination of a checker borne off.  Sides are plain ints too, so that they
can index tuples without a lookup.
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
HOME_POINTS: Final = range(1, 7)
MAX_CUBE_VALUE: Final = 64

SIDE_NAMES: Final = ("white", "black")


def opponent(side: int) -> int:
    """The other side.

    >>> opponent(WHITE) == BLACK
    True
    """
    return 1 - side
