"""Where each checker may go next, for the board to highlight: computed here, never in the browser.

The board (static/js/board) knows no rules.  For the position on roll the
engine's ``LegalTurn`` walks every partial play that can still be completed
into a legal full play and gives, for each of them, the destinations of
each checker that keep it completable: one die at a time, or several dice
on the same checker.  A partial play is named by what it changed on the
mover's side (``"13:-1,7:1"``: a checker left the 13 and one arrived on the
7; the bar is 25 and off is 0), which the browser can work out from the
moves it shows without knowing any rule.  The names of complete plays are
listed too, so the page only lets a finished, legal play be confirmed.
"""

from __future__ import annotations

from typing import Any

from .widget import destinations_json
from tutor.engine import Board, LegalTurn, Position


def change_key(start: Board, now: Board) -> str:
    """How the mover's checkers changed, as the browser names it.

    >>> start = (0, 0, 0, 0, 0, 0, 5, 0, 3) + (0,) * 17
    >>> now = (0, 0, 0, 0, 0, 2, 4, 0, 2) + (0,) * 17
    >>> change_key(start, now)
    '5:2,6:-1,8:-1'
    """
    return ",".join(f"{point}:{now[point] - start[point]}" for point in range(len(start)) if now[point] != start[point])


def destination_map(position: Position) -> dict[str, Any]:
    """``{"moves": {partial play: {source: [destinations]}}, "complete": [names]}``.

    Sources and destinations are in the mover's numbering, written as the
    board widget reads them (``"bar"``, ``"off"``, numbers).  Partial plays
    that change the mover's side alike (hitting or not on the way) share a
    name, so their destinations are merged.
    """
    if position.dice is None:
        return {"moves": {}, "complete": []}
    turn = LegalTurn(position)
    moves: dict[str, dict[int, set[int]]] = {}
    complete: set[str] = set()
    for partial in turn.walk():
        key = change_key(position.mover, partial.mover)
        if turn.is_complete(partial):
            complete.add(key)
            continue
        targets = moves.setdefault(key, {})
        for src, dsts in turn.destinations(partial).items():
            targets.setdefault(src, set()).update(dsts)
    return {
        "moves": {key: destinations_json({src: sorted(dsts, reverse=True) for src, dsts in targets.items()}) for key, targets in moves.items()},
        "complete": sorted(complete),
    }
