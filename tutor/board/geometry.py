"""Where everything is on the drawn board: its measures and every place checkers can be.

The SVG (``svg.py``) draws these places and the browser reads their
geometry from the data attributes they carry, so both agree by construction.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine import BAR, BLACK, SIDE_NAMES, WHITE, Position

# -- geometry (SVG user units) -------------------------------------------

FRAME = 14  # left and right edges of the frame
STRIP = 30  # top and bottom edges of the frame, where the point numbers go
POINT_W = 50
BAR_W = 52
TRAY_W = 62
FIELD_H = 520
TRIANGLE_H = 205
RADIUS = 23
STACK_STEP = 2 * RADIUS
MAX_STACK = 5
MAX_BAR_STACK = 4  # leaves room for the cube at the end of the bar
CUBE = 40
SLAB_W, SLAB_H, SLAB_STEP = 46, 10, 12

LEFT = FRAME
BAR_X = LEFT + 6 * POINT_W
RIGHT = BAR_X + BAR_W
TRAY_X = RIGHT + 6 * POINT_W + FRAME
WIDTH = TRAY_X + TRAY_W + FRAME
TOP = STRIP
BOTTOM = TOP + FIELD_H
HEIGHT = BOTTOM + STRIP
MID = TOP + FIELD_H // 2
BAR_CX = BAR_X + BAR_W // 2
TRAY_CX = TRAY_X + TRAY_W // 2
TRAY_GAP = 10  # half the gap between the two trays


@dataclass(frozen=True)
class Place:
    """Somewhere checkers can be: a point, one side's half of the bar, or a tray."""

    key: str
    kind: str
    row: str
    col: int
    label: str
    cx: int
    base: int
    direction: int
    step: int
    max_drawn: int
    box: tuple[int, int, int, int]
    white: int
    black: int
    pips: tuple[int, int] = (0, 0)
    """What one checker here adds to White's and to Black's pip count (``Position.pip_count``)."""

    @property
    def count(self) -> int:
        return self.white + self.black

    @property
    def owner(self) -> str:
        if self.white and not self.black:
            return "white"
        if self.black and not self.white:
            return "black"
        return "mixed" if self.white else ""


def board_places(position: Position, *, flipped: bool = False, numbering: int = WHITE) -> list[Place]:
    """Every place of the board, with its geometry and its checkers, in drawing order."""
    bottom_side = BLACK if flipped else WHITE
    places = []
    for row in ("top", "bottom"):
        for column in range(12):
            point = _point_at(row, column, flipped)
            places.append(_point_place(position, point, row, column, numbering))
    for side in (WHITE, BLACK):
        places.append(_bar_place(position, side, "top" if side == bottom_side else "bottom"))
        places.append(_tray_place(position, side, "bottom" if side == bottom_side else "top"))
    return places


def _point_at(row: str, column: int, flipped: bool) -> int:
    """The White point drawn in ``column`` (0..11, left to right) of ``row``."""
    if (row == "top") != flipped:
        return 13 + column
    return 12 - column


def _point_place(position: Position, point: int, row: str, column: int, numbering: int) -> Place:
    left = LEFT + column * POINT_W if column < 6 else RIGHT + (column - 6) * POINT_W
    top = row == "top"
    white, black = position.checkers(WHITE)[point], position.checkers(BLACK)[25 - point]
    return Place(
        key=str(point),
        kind="point",
        row=row,
        col=column if column < 6 else column + 1,
        label=str(point if numbering == WHITE else 25 - point),
        cx=left + POINT_W // 2,
        base=TOP + 1 if top else BOTTOM - 1,
        direction=1 if top else -1,
        step=STACK_STEP,
        max_drawn=MAX_STACK,
        box=(left, TOP if top else MID, POINT_W, FIELD_H // 2),
        white=white,
        black=black,
        pips=(point, 25 - point),
    )


def _bar_place(position: Position, side: int, row: str) -> Place:
    """One side's half of the bar; stacks start next to the centred cube."""
    top = row == "top"
    clearance = CUBE // 2 + 4
    count = position.bar(side)
    return Place(
        key=f"bar-{SIDE_NAMES[side]}",
        kind="bar",
        row=row,
        col=6,
        label="",
        cx=BAR_CX,
        base=MID - clearance if top else MID + clearance,
        direction=-1 if top else 1,
        step=STACK_STEP,
        max_drawn=MAX_BAR_STACK,
        box=(BAR_X, TOP if top else MID, BAR_W, FIELD_H // 2),
        white=count if side == WHITE else 0,
        black=count if side == BLACK else 0,
        pips=(BAR, BAR),
    )


def _tray_place(position: Position, side: int, row: str) -> Place:
    """One side's tray of borne-off checkers; slabs stack from the outer edge."""
    top = row == "top"
    count = position.borne_off(side)
    height = FIELD_H // 2 - TRAY_GAP
    return Place(
        key=f"off-{SIDE_NAMES[side]}",
        kind="tray",
        row=row,
        col=13,
        label="",
        cx=TRAY_CX,
        base=TOP + 4 if top else BOTTOM - 4,
        direction=1 if top else -1,
        step=SLAB_STEP,
        max_drawn=15,
        box=(TRAY_X, TOP if top else MID + TRAY_GAP, TRAY_W, height),
        white=count if side == WHITE else 0,
        black=count if side == BLACK else 0,
    )


def tray_text_y(place: Place) -> int:
    """Where a tray writes its count: at its inner end, clear of 15 slabs."""
    return MID - TRAY_GAP - 18 if place.row == "top" else MID + TRAY_GAP + 32
