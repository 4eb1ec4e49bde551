"""A position written by hand, as lessons describe one: checkers per point in White's numbering."""

from __future__ import annotations

from typing import Mapping

from .constants import BAR
from .errors import PositionError


def boards_from_layout(white: Mapping[int | str, int], black: Mapping[int | str, int]) -> tuple[list[int], list[int]]:
    """Two 26-lists, each in its side's numbering, from maps in White's numbering (``Position.from_layout``)."""
    white_board = [0] * 26
    black_board = [0] * 26
    for mapping, board, is_black in ((white, white_board, False), (black, black_board, True)):
        for key, count in mapping.items():
            if isinstance(key, str):
                if key.strip().lower() not in ("bar", "barra"):
                    raise PositionError(f"unknown place {key!r}: use a point 1..24 or 'bar'")
                index = BAR
            else:
                if not 1 <= int(key) <= 24:
                    raise PositionError(f"point {key} is outside 1..24")
                index = 25 - int(key) if is_black else int(key)
            board[index] += int(count)
    return white_board, black_board
