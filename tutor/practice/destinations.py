"""Where each checker may go next, for the board to highlight: computed here, never in the browser.

The board (static/js/board) knows no rules.  For the position on roll this
module walks every partial play that can still be completed into a legal
full play and lists, for each of them, the destinations of each checker
that keep it completable: one die at a time, or several dice on the same
checker.  A partial play is named by what it changed on the mover's side
(``"13:-1,7:1"``: a checker left the 13 and one arrived on the 7; the bar is
25 and off is 0), which the browser can work out from the moves it shows
without knowing any rule.  The names of complete plays are listed too, so
the page only lets a finished, legal play be confirmed.
"""

from __future__ import annotations

from functools import lru_cache

from tutor.board.templatetags.board_tags import destinations_json
from tutor.engine import Position
from tutor.engine.movegen import single_moves

from .dice import single_dice, without

Board = tuple[int, ...]


def change_key(start: Board, now: Board) -> str:
    """How the mover's checkers changed, as the browser names it.

    >>> start = (0, 0, 0, 0, 0, 0, 5, 0, 3) + (0,) * 17
    >>> now = (0, 0, 0, 0, 0, 2, 4, 0, 2) + (0,) * 17
    >>> change_key(start, now)
    '5:2,6:-1,8:-1'
    """
    return ",".join(f"{point}:{now[point] - start[point]}" for point in range(26) if now[point] != start[point])


def destination_map(position: Position) -> dict:
    """``{"moves": {partial play: {source: [destinations]}}, "complete": [names]}``.

    Sources and destinations are in the mover's numbering, written as the
    board widget reads them (``"bar"``, ``"off"``, numbers).
    """
    if position.dice is None:
        return {"moves": {}, "complete": []}
    plays = position.legal_plays()
    start = position.mover
    dice = single_dice(position.dice)
    needed = len(plays[0].moves)
    finals = {(play.result.checkers(position.turn), play.result.checkers(1 - position.turn)) for play in plays}

    @lru_cache(maxsize=None)
    def viable(mover: Board, other: Board, left: tuple[int, ...]) -> bool:
        if len(dice) - len(left) == needed:
            return (mover, other) in finals
        return any(viable(m2, o2, without(left, die)) for die in set(left) for _, m2, o2 in single_moves(mover, other, die))

    moves: dict[str, dict] = {}
    complete: set[str] = set()
    seen: set = set()
    frontier = [(start, position.opponent_board, dice)]
    while frontier:
        mover, other, left = frontier.pop()
        if (mover, other, left) in seen or not viable(mover, other, left):
            continue
        seen.add((mover, other, left))
        key = change_key(start, mover)
        if len(dice) - len(left) == needed:
            complete.add(key)
            continue
        targets = moves.setdefault(key, {})
        for die in set(left):
            for move, m2, o2 in single_moves(mover, other, die):
                after = (m2, o2, without(left, die))
                if viable(*after):
                    frontier.append(after)
                    _chain(targets, move.src, move.dst, after, viable)
    return {
        "moves": {key: destinations_json({src: sorted(dsts, reverse=True) for src, dsts in targets.items()}) for key, targets in moves.items()},
        "complete": sorted(complete),
    }


def _chain(targets: dict, src: int, dst: int, state: tuple, viable) -> None:
    """Record ``src → dst`` and every farther point the same checker can reach with the dice left."""
    targets.setdefault(src, set()).add(dst)
    mover, other, left = state
    if dst == 0:
        return
    for die in set(left):
        for move, m2, o2 in single_moves(mover, other, die):
            if move.src == dst:
                after = (m2, o2, without(left, die))
                if viable(*after):
                    _chain(targets, src, move.dst, after, viable)
