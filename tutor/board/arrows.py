"""Plays drawn as arrows over the board: from the checker that moves to where it lands.

The review draws gnubg's best play and the play that was made this way
(``overlay`` of ``render_board_svg``), the server deciding what to draw as
it does for every mark.  Arrows start at the top checker of the stack that
moves and end at the place it lands on, one arrow per move in order, so two
checkers leaving one point start at two heights and a checker moving twice
draws two arrows end to end.  Each arrow is a ``<g data-arrow="best">`` (or
``"played"``) with the move in words for screen readers.
"""

from __future__ import annotations

import math
from typing import Iterable, TypedDict

from django.utils.html import escape

from tutor.engine import BAR, OFF, SIDE_NAMES, WHITE, Move, Position

from .geometry import RADIUS, SLAB_H, Place, board_places

class Look(TypedDict):
    """How one kind of arrow is drawn."""

    colour: str
    edge: str
    width: int
    dash: str


STYLES: dict[str, Look] = {
    "best": {"colour": "#ffd166", "edge": "#1f2421", "width": 10, "dash": ""},
    "played": {"colour": "#8ecae6", "edge": "#0b2a3a", "width": 7, "dash": "14 8"},
}
"""gnubg's best play: wide, solid gold; the play made: narrower, dashed blue."""
HEAD = 22


def place_key(point: int, side: int) -> str:
    """The board's name of ``point`` in ``side``'s numbering (``BAR``, ``OFF`` or 1..24)."""
    colour = SIDE_NAMES[side]
    if point == BAR:
        return f"bar-{colour}"
    if point == OFF:
        return f"off-{colour}"
    return str(point if side == WHITE else 25 - point)


def play_arrows(position: Position, moves: Iterable[Move], *, flipped: bool = False, style: str = "best", labelled: bool = True) -> str:
    """SVG arrows for ``moves`` (the mover's numbering) played one after another from ``position``.

    Each arrow carries its move's notation (``data-move``) unless ``labelled`` is False: where
    writing that notation is the question (the notation drills), the page must not hold it.
    """
    side = position.turn
    places = {place.key: place for place in board_places(position, flipped=flipped)}
    counts = {key: (place.white if side == WHITE else place.black) for key, place in places.items()}
    look = STYLES[style]
    parts = []
    for move in moves:
        source, target = place_key(move.src, side), place_key(move.dst, side)
        counts[source] -= 1
        start = _slot(places[source], counts[source])
        end = _slot(places[target], counts[target])
        counts[target] += 1
        words = f"{'bar' if move.src == BAR else move.src}/{'off' if move.dst == OFF else move.dst}{'*' if move.hit else ''}"
        parts.append(_arrow(start, end, look, style, words if labelled else ""))
    return "".join(parts)


def _slot(place: Place, index: int) -> tuple[float, float]:
    """The centre of the ``index``-th checker (from 0) of a stack, kept inside the drawn stack."""
    if place.kind == "tray":
        return place.cx, place.base + place.direction * (SLAB_H / 2 + place.step * index)
    shown = min(index, place.max_drawn - 1)
    return place.cx, place.base + place.direction * (RADIUS + place.step * shown)


def _arrow(start: tuple[float, float], end: tuple[float, float], look: Look, style: str, words: str) -> str:
    (x1, y1), (x2, y2) = start, end
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    # The shaft stops under the head, which ends at the landing checker's centre.
    bx, by = x2 - ux * HEAD, y2 - uy * HEAD
    left = (bx - uy * HEAD * 0.6, by + ux * HEAD * 0.6)
    right = (bx + uy * HEAD * 0.6, by - ux * HEAD * 0.6)
    dash = f' stroke-dasharray="{look["dash"]}"' if look["dash"] else ""
    shaft = f'x1="{x1:.0f}" y1="{y1:.0f}" x2="{bx:.0f}" y2="{by:.0f}"'
    head = f'{x2:.0f},{y2:.0f} {left[0]:.0f},{left[1]:.0f} {right[0]:.0f},{right[1]:.0f}'
    label = f' data-move="{escape(words)}"' if words else ""
    return (
        f'<g class="board-arrow board-arrow--{style}" data-arrow="{style}"{label} pointer-events="none">'
        f'<line {shaft} stroke="{look["edge"]}" stroke-width="{look["width"] + 4}" stroke-linecap="round" opacity="0.55"/>'
        f'<line {shaft} stroke="{look["colour"]}" stroke-width="{look["width"]}" stroke-linecap="round"{dash}/>'
        f'<polygon points="{head}" fill="{look["colour"]}" stroke="{look["edge"]}" stroke-width="2"/>'
        "</g>"
    )
