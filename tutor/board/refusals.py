"""What the live board refuses at once, with the reason in Spanish.

The board in the browser knows no rule; the server tells it, for the side
on roll, which points no checker may land on this turn (two or more
opposing checkers hold them: that cannot change while the mover plays) and
what to say when a checker is picked up while another waits on the bar.
Points are in the mover's numbering, like the notation box; the sentences
are the rule catalogue's (``tutor.rules``).
"""

from __future__ import annotations

from tutor.engine import BAR, Position, is_blocked, opponent
from tutor.rules import BAR_FIRST_ON_THE_BOARD, blocked_landing

from .describe import SIDE_WORDS


def board_refusals(position: Position) -> dict:
    """``{"to": {point: reason}, "bar_first": reason or None}`` for the side on roll.

    ``bar_first`` applies while the mover still has a checker on the bar.

    >>> from tutor.engine import Position
    >>> refusals = board_refusals(Position.initial())
    >>> sorted(refusals["to"], key=int), refusals["bar_first"]
    (['1', '12', '17', '19'], None)
    >>> refusals["to"]["1"]
    'No puedes ir al 1: lo tienen dos fichas negras.'
    """
    theirs = position.opponent_board
    other = SIDE_WORDS[opponent(position.turn)]
    blocked = {}
    for point in range(1, 25):
        if is_blocked(theirs, 25 - point):
            blocked[str(point)] = blocked_landing(point, theirs[25 - point], other)
    bar_first = BAR_FIRST_ON_THE_BOARD if position.mover[BAR] else None
    return {"to": blocked, "bar_first": bar_first}
