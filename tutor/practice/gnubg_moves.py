"""gnubg's move tuples turned into our plays: pure Python, no gnubg, no Django.

``find_best_moves`` scores every legal play, but each move tuple stops at
the first checker borne off.  The scores are therefore given to our plays
by the positions they reach: a full tuple leads to one result; a tuple cut
at its first bear-off may stand for every legal result that continues from
there, and those are told apart by an order the caller supplies (gnubg's
cubeless evaluation), which only decides which of their scores goes to
which play.  A result is identified by ``result_key``: the mover's board,
then the opponent's, after the play.
"""

from __future__ import annotations

from typing import Callable

from tutor.engine import OFF, Move, PartialPlay, Play, Position, opponent, reachable

ResultKey = tuple[tuple[int, ...], tuple[int, ...]]


def result_key(play: Play) -> ResultKey:
    """The boards a play reaches: the mover's, then the opponent's."""
    side = play.position.turn
    return play.result.checkers(side), play.result.checkers(opponent(side))


def board(position: Position) -> list[list[int]]:
    """gnubg's board for the side on roll: ``[opponent, side on roll]``, points 1..24 then the bar.

    Our numbering is gnubg's (each side counts from its own home), so no
    renumbering is needed.
    """
    return [list(position.opponent_board[1:26]), list(position.mover[1:26])]


def boards_after(key: ResultKey) -> list[list[int]]:
    """The board after a play, from the view of the side now on roll (the other one)."""
    mover, other = key
    return [list(mover[1:26]), list(other[1:26])]


def scores_by_result(
    position: Position, entries: list[dict], legal: set, order: Callable[[list], list]
) -> dict[ResultKey, float]:
    """Each legal result reached by ``entries`` with its entry's score."""
    return settle(map_entries(position, entries, legal), order)


def map_entries(position: Position, entries: list[dict], legal: set) -> list[tuple[float, set]]:
    """Each gnubg entry as ``(score, results it may stand for)``."""
    start = PartialPlay.start(position)
    mapped = []
    for entry in entries:
        steps = tuple(entry["move"])
        pairs = [(steps[i], steps[i + 1]) for i in range(0, len(steps) - 1, 2)]
        states = {start}
        for src, dst in pairs:
            states = {after for state in states for after in _after(state, src, dst, src - dst)}
        if len(steps) % 2:
            borne_from = steps[-1]
            states = {
                after
                for state in states
                for die in set(state.dice_left)
                if die >= borne_from
                for after in _after(state, borne_from, OFF, die)
            }
            results = {partial.boards for partial in reachable(states)}
        else:
            results = {partial.boards for partial in states}
        mapped.append((float(entry["score"]), results & legal))
    return mapped


def settle(mapped: list[tuple[float, set]], order: Callable[[list], list]) -> dict:
    """Give each result exactly one score.

    Entries that can only stand for one result take it, which may settle
    others; what is left are groups of entries standing for the same
    results, whose scores go, best first, to the results in ``order``.
    """
    scores: dict = {}
    pending = [(score, set(results)) for score, results in mapped]
    taken: set = set()
    while True:
        waiting = []
        newly: set = set()
        for score, results in pending:
            results.difference_update(taken)
            if len(results) == 1:
                (key,) = results
                scores.setdefault(key, score)
                newly.add(key)
            elif results:
                waiting.append((score, results))
        pending = waiting
        if not newly:
            break
        taken = newly
    groups: dict[frozenset, list[float]] = {}
    for score, results in pending:
        if results:
            groups.setdefault(frozenset(results), []).append(score)
    for group, group_scores in groups.items():
        for key, score in zip(order(sorted(group)), sorted(group_scores, reverse=True)):
            scores[key] = score
    return scores


def _after(partial: PartialPlay, src: int, dst: int, die: int) -> list[PartialPlay]:
    """The partial play after one of gnubg's steps, or nothing if it cannot be made."""
    after = partial.after(Move(src, dst, die))
    return [after] if after is not None else []
