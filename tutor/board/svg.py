"""The board drawn as SVG on the server: works without JavaScript and in print.

The board is seen from one side, the viewer's (``orientation.py`` decides
which): that side's home is at the bottom right and the point numbers are
written in its numbering.  Unflipped, White is at the bottom: the bottom
row shows 12..7 and 6..1 from left to right, the top row 13..18 and
19..24.  ``flipped`` shows the board from Black's side (the rows swap,
Black's home comes to the bottom right and Black's numbers are written;
the lessons add White's, the numbering they write positions in, in a
second row of numbers on a band of frame outside each long side).

Every place a checker can be is a ``<g data-point="...">`` (``1``..``24``
in White's numbering, ``bar-white``, ``bar-black``, ``off-white``,
``off-black``) that also carries its geometry as data attributes, so that
the browser can redraw stacks without knowing the layout::

    data-kind   point | bar | tray
    data-row    top | bottom          data-col  0..13, left to right
    data-label  the number said for the point (the mover's numbering on a puzzle)
    data-cx     centre x of the stack
    data-base   y where the stack starts, data-dir  1 (down) or -1 (up)
    data-step   distance between stacked checkers, data-max  checkers drawn
    data-count  checkers there, data-owner  white | black | (empty)
    data-pips   what one white and one black checker there add to each
                side's pip count: ``"6 19"`` (the browser multiplies and adds)

Prototypes of a checker, a borne-off slab and a count label of each colour
sit in ``<defs>`` with ``data-proto``; the browser clones them.  Colours
are presentation attributes, so the board looks right without CSS.
"""

from __future__ import annotations

import itertools
from functools import cache, lru_cache
from typing import Iterable

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from tutor.engine import BLACK, SIDE_NAMES, WHITE, Position

from .describe import board_title, describe_position
from .geometry import (
    BAR_CX,
    BAR_W,
    BAR_X,
    BOTTOM,
    CUBE,
    FIELD_H,
    HEIGHT,
    LEFT,
    MID,
    POINT_W,
    RADIUS,
    RIGHT,
    SLAB_H,
    SLAB_W,
    STRIP,
    TOP,
    TRAY_GAP,
    TRAY_W,
    TRAY_X,
    TRIANGLE_H,
    WIDTH,
    Place,
    board_places,
    tray_text_y,
)

# -- palette: flat wood, felt and ivory ------------------------------------

COLOURS = {
    "frame": "#6b4426",
    "frame_edge": "#3f2714",
    "felt": "#245f49",
    "bar": "#5c3920",
    "tray": "#3a2415",
    "point_light": "#e6d5ad",
    "point_dark": "#9a3440",
    "label": "#f6ead0",
    "label_other": "#f2c46b",
    "white": "#f8f3e8",
    "white_edge": "#4a3b28",
    "white_text": "#1f2421",
    "black": "#242424",
    "black_edge": "#cfc6b4",
    "black_text": "#fbf8f1",
    "cube": "#fbf8f1",
    "cube_edge": "#2b1b0e",
    "cube_text": "#1f2421",
    "highlight": "#ffd166",
}

FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', Arial, sans-serif"

_ids = itertools.count(1)


SECOND_ROW = 34
"""The height of the band of frame that holds the second row of point numbers, above and below the board."""


def new_board_id() -> str:
    """An id unique in this process, to tie labels to one board on a page."""
    return f"tablero-{next(_ids)}"


def render_board_svg(
    position: Position,
    *,
    flipped: bool = False,
    highlight: Iterable[int | str] = (),
    label_id: str | None = None,
    numbering: int | None = None,
    both_numberings: bool | None = None,
    description_numbering: int | None = None,
    describe_crawford: bool = True,
    overlay: str = "",
    over: bool = False,
) -> SafeString:
    """The whole board as an ``<svg>`` element, with a Spanish title and description.

    ``highlight`` lists places to mark (points in White's numbering, or
    ``"bar-white"``, ``"off-black"`` …).  ``label_id`` prefixes the ids of
    ``<title>`` and ``<desc>``; one is made up when omitted.  The large point
    numbers are always those of the side seen at the bottom (White, or Black
    when ``flipped``).  ``numbering`` is the side whose numbering each
    place's ``data-label`` uses, what the board says of a point: by default
    the bottom side's; a puzzle passes the mover's, the notation box's.

    ``both_numberings`` writes the other side's numbers in a second row, on a
    band of frame added outside the top and bottom edges (``SECOND_ROW``
    high: the points keep their place, the board grows), where they can be
    as large as the first row on a phone without crowding it; by default it is on only when the mover's numbering is
    not the one drawn large (a board the learner turned), so that the
    notation's numbers are always on the board.  The lessons ask for it on
    boards seen from Black, since they write positions in White's numbering
    («el 12 de las blancas»).
    ``description_numbering`` is the numbering of the points the
    description names: by default the bottom side's, as the labels.
    ``describe_crawford=False`` keeps the Crawford game out of the description
    (a question about it).
    ``overlay`` is SVG drawn over everything (a play's arrows, ``arrows.py``).
    ``over``: the game has ended, so the title and description say so and
    not whose turn it is.
    """
    prefix = escape(label_id or new_board_id())
    bottom = BLACK if flipped else WHITE
    if numbering is None:
        numbering = bottom
    if description_numbering is None:
        description_numbering = bottom
    both = numbering != bottom if both_numberings is None else both_numberings
    band = SECOND_ROW if both else 0
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="board-svg{" board-svg--two-rows" if both else ""}"'
        f' viewBox="0 {-band} {WIDTH} {HEIGHT + 2 * band}" width="{WIDTH}" height="{HEIGHT + 2 * band}" role="img"'
        f' aria-labelledby="{prefix}-title" aria-describedby="{prefix}-desc"'
        f' data-r="{RADIUS}" data-flipped="{str(flipped).lower()}"'
        f' font-family="{FONT}">',
        f'<title id="{prefix}-title">{escape(board_title(position, over=over))}</title>',
        f'<desc id="{prefix}-desc">{escape(describe_position(position, description_numbering, crawford=describe_crawford, over=over))}</desc>',
        _drawing(position.replace(dice=None), flipped, numbering, bool(both), frozenset(str(key) for key in highlight)),
        overlay,
        "</svg>",
    ]
    return mark_safe("".join(parts))


@lru_cache(maxsize=256)
def _drawing(position: Position, flipped: bool, numbering: int, both: bool, marked: frozenset[str]) -> str:
    """Everything drawn inside the board, which the dice do not change.

    Kept for the last few hundred boards: a live game draws the same
    checkers again after every roll, and for both players.  A new
    position is drawn mostly from kept pieces too: the frame and labels
    never change, and a play changes only a few places (``_place``).
    """
    places = board_places(position, flipped=flipped, numbering=numbering)
    return "".join([
        _prototypes(),
        _frame(SECOND_ROW if both else 0),
        _labels(tuple((place.cx, place.row, place.key) for place in places if place.kind == "point"), flipped, both),
        *(_place(place, place.key in marked) for place in places),
        _cube(position, flipped),
    ])


# -- drawing ---------------------------------------------------------------


@cache
def _prototypes() -> str:
    """What the browser clones to draw checkers, slabs and counts."""
    items = []
    for side in ("white", "black"):
        items.append(_checker(side, 0, 0, proto=True))
        items.append(_slab(side, 0, 0, proto=True))
        items.append(_count_text(side, 0, 0, "", proto=True))
    items.append(_count_text("tray", 0, 0, "", proto=True))
    return "<defs>" + "".join(items) + "</defs>"


@cache
def _frame(band: int = 0) -> str:
    """The frame, the felt, the bar and the trays; ``band`` more frame above and below for a second row of numbers."""
    c = COLOURS
    field_y, field_h = TOP, FIELD_H
    tray_h = FIELD_H // 2 - TRAY_GAP
    return (
        f'<rect class="board-frame" x="1" y="{1 - band}" width="{WIDTH - 2}" height="{HEIGHT + 2 * band - 2}" rx="10"'
        f' fill="{c["frame"]}" stroke="{c["frame_edge"]}" stroke-width="2"/>'
        f'<rect class="board-field" x="{LEFT}" y="{field_y}" width="{6 * POINT_W}" height="{field_h}" fill="{c["felt"]}"/>'
        f'<rect class="board-field" x="{RIGHT}" y="{field_y}" width="{6 * POINT_W}" height="{field_h}" fill="{c["felt"]}"/>'
        f'<rect class="board-bar" x="{BAR_X}" y="{field_y}" width="{BAR_W}" height="{field_h}" fill="{c["bar"]}"'
        f' stroke="{c["frame_edge"]}" stroke-width="1"/>'
        f'<rect class="board-tray" x="{TRAY_X}" y="{TOP}" width="{TRAY_W}" height="{tray_h}" rx="4" fill="{c["tray"]}"/>'
        f'<rect class="board-tray" x="{TRAY_X}" y="{MID + TRAY_GAP}" width="{TRAY_W}" height="{tray_h}" rx="4"'
        f' fill="{c["tray"]}"/>'
    )


@lru_cache(maxsize=16)
def _labels(points: tuple[tuple[int, str, str], ...], flipped: bool, both: bool = False) -> str:
    """The point numbers, written on the frame above and below the points.

    ``points`` holds each point's centre, row and key (White's number): the
    same for every board seen from one side, so the labels are drawn once.
    The number on the frame is the bottom side's (Black's when ``flipped``);
    with ``both``, the other side's follows it, in a second row on the band
    outside (``13`` on Black's 13, and ``12`` further out), in its own colour
    and centred on its band whatever size the page's style gives it (a phone
    writes both rows larger: ``static/css/board.css``).
    """
    texts = []
    for cx, row, key in points:
        y = TOP // 2 + 9 if row == "top" else BOTTOM + STRIP // 2 + 9
        white_number = int(key)
        large, small = (25 - white_number, white_number) if flipped else (white_number, 25 - white_number)
        texts.append(f'<text x="{cx}" y="{y}" class="board-labels__own">{large}</text>')
        if both:
            outer = -SECOND_ROW // 2 if row == "top" else HEIGHT + SECOND_ROW // 2
            texts.append(
                f'<text x="{cx}" y="{outer}" font-size="22" font-weight="500" dominant-baseline="central"'
                f' fill="{COLOURS["label_other"]}" class="board-labels__other">{small}</text>'
            )
    return (
        f'<g class="board-labels" aria-hidden="true" fill="{COLOURS["label"]}" font-size="26"'
        f' font-weight="600" text-anchor="middle">' + "".join(texts) + "</g>"
    )


@lru_cache(maxsize=4096)
def _place(place: Place, highlighted: bool) -> str:
    x, y, w, h = place.box
    classes = f"board-point board-point--{place.kind}" + (" is-highlighted" if highlighted else "")
    attributes = (
        f'class="{classes}" data-point="{place.key}" data-kind="{place.kind}" data-row="{place.row}"'
        f' data-col="{place.col}" data-label="{place.label}" data-cx="{place.cx}" data-base="{place.base}"'
        f' data-dir="{place.direction}" data-step="{place.step}" data-max="{place.max_drawn}"'
        f' data-count="{place.count}" data-owner="{place.owner}" data-pips="{place.pips[0]} {place.pips[1]}"'
    )
    if place.kind == "tray":
        attributes += f' data-text-y="{tray_text_y(place)}"'
    hit = (
        f'<rect class="board-hit" x="{x}" y="{y}" width="{w}" height="{h}"'
        + (
            f' fill="{COLOURS["highlight"]}" fill-opacity="0.3" stroke="{COLOURS["highlight"]}" stroke-width="4"'
            if highlighted
            else ' fill="transparent"'
        )
        + "/>"
    )
    # The hit area comes last: it takes the pointer everywhere in the column
    # and its outline (focus, selection) is drawn above the checkers.
    body = [_triangle(place) if place.kind == "point" else "", stack_markup(place), hit]
    return f"<g {attributes}>" + "".join(body) + "</g>"


def _triangle(place: Place) -> str:
    left = place.cx - POINT_W // 2
    edge, tip = (TOP, TOP + TRIANGLE_H) if place.row == "top" else (BOTTOM, BOTTOM - TRIANGLE_H)
    shade = "dark" if int(place.key) % 2 == 0 else "light"
    return (
        f'<polygon class="board-triangle board-triangle--{shade}"'
        f' points="{left + 2},{edge} {left + POINT_W - 2},{edge} {place.cx},{tip}"'
        f' fill="{COLOURS["point_" + shade]}"/>'
    )


def stack_markup(place: Place) -> str:
    """The checkers (or slabs) of a place, and its count when the stack overflows or in a tray."""
    items = []
    drawn = 0
    sides = [("white", place.white), ("black", place.black)]
    for side, count in sides:
        for _ in range(count):
            if drawn == place.max_drawn:
                break
            if place.kind == "tray":
                y = place.base + place.direction * drawn * place.step - (SLAB_H if place.direction < 0 else 0)
                items.append(_slab(side, place.cx, y))
            else:
                y = place.base + place.direction * (RADIUS + drawn * place.step)
                items.append(_checker(side, place.cx, y))
            drawn += 1
    if place.kind == "tray" and place.count:
        items.append(_count_text("tray", place.cx, tray_text_y(place), place.count))
    elif place.count > place.max_drawn:
        top_side = "black" if place.black else "white"
        y = place.base + place.direction * (RADIUS + (place.max_drawn - 1) * place.step)
        items.append(_count_text(top_side, place.cx, y, place.count))
    return "".join(items)


def _checker(side: str, cx: int, cy: int, proto: bool = False) -> str:
    marker = f'data-proto="checker-{side}"' if proto else f'data-side="{side}"'
    return (
        f'<circle class="board-checker board-checker--{side}" {marker} cx="{cx}" cy="{cy}" r="{RADIUS - 1}"'
        f' fill="{COLOURS[side]}" stroke="{COLOURS[side + "_edge"]}" stroke-width="2.5"/>'
    )


def _slab(side: str, cx: int, y: int, proto: bool = False) -> str:
    marker = f'data-proto="slab-{side}"' if proto else f'data-side="{side}"'
    return (
        f'<rect class="board-slab board-slab--{side}" {marker} x="{cx - SLAB_W // 2}" y="{y}"'
        f' width="{SLAB_W}" height="{SLAB_H}" rx="3" fill="{COLOURS[side]}"'
        f' stroke="{COLOURS[side + "_edge"]}" stroke-width="1.5"/>'
    )


def _count_text(colour: str, x: int, y: int, count: int | str, proto: bool = False) -> str:
    """A number: on the top checker (``white``/``black``) of a tall stack, or in a ``tray``."""
    marker = f' data-proto="count-{colour}"' if proto else ""
    fill = COLOURS["label"] if colour == "tray" else COLOURS[colour + "_text"]
    return (
        f'<text class="board-count"{marker} x="{x}" y="{y}" fill="{fill}" font-size="22" font-weight="700"'
        f' text-anchor="middle" dominant-baseline="central">{count}</text>'
    )


def _cube(position: Position, flipped: bool) -> str:
    """The doubling cube: on the bar, centred or at the owner's end (64 when centred at 1)."""
    bottom_side = BLACK if flipped else WHITE
    owner = position.cube_owner
    if owner is None:
        cy = MID
    elif owner == bottom_side:
        cy = BOTTOM - 4 - CUBE // 2
    else:
        cy = TOP + 4 + CUBE // 2
    value = 64 if position.cube_value == 1 and owner is None else position.cube_value
    owner_name = "" if owner is None else SIDE_NAMES[owner]
    c = COLOURS
    return (
        f'<g class="board-cube" data-cube-value="{position.cube_value}" data-cube-owner="{owner_name}">'
        f'<rect x="{BAR_CX - CUBE // 2}" y="{cy - CUBE // 2}" width="{CUBE}" height="{CUBE}" rx="6"'
        f' fill="{c["cube"]}" stroke="{c["cube_edge"]}" stroke-width="2"/>'
        f'<text x="{BAR_CX}" y="{cy}" fill="{c["cube_text"]}" font-size="{20 if value < 10 else 17}" font-weight="700"'
        f' text-anchor="middle" dominant-baseline="central">{value}</text></g>'
    )


# -- dice for the widget ---------------------------------------------------

_PIPS = {
    1: ((20, 20),),
    2: ((12, 12), (28, 28)),
    3: ((11, 11), (20, 20), (29, 29)),
    4: ((12, 12), (28, 12), (12, 28), (28, 28)),
    5: ((11, 11), (29, 11), (20, 20), (11, 29), (29, 29)),
    6: ((12, 10), (28, 10), (12, 20), (28, 20), (12, 30), (28, 30)),
}


def render_die_svg(value: int) -> SafeString:
    """One die face, decorative (its label is on the element around it)."""
    pips = "".join(f'<circle cx="{x}" cy="{y}" r="3.6"/>' for x, y in _PIPS[int(value)])
    return mark_safe(
        '<svg xmlns="http://www.w3.org/2000/svg" class="die__face" viewBox="0 0 40 40" width="40" height="40" aria-hidden="true" focusable="false">'
        f'<rect x="1.5" y="1.5" width="37" height="37" rx="7" fill="{COLOURS["white"]}"'
        f' stroke="{COLOURS["white_edge"]}" stroke-width="2"/>'
        f'<g fill="{COLOURS["white_text"]}">{pips}</g></svg>'
    )


__all__ = ["Place", "board_places", "new_board_id", "render_board_svg", "render_die_svg", "stack_markup", "tray_text_y"]
