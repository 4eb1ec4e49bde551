"""What the evaluator's worker process asks GNU Backgammon: each task is ``task(g, xgid, ...)``.

These functions run only inside the worker process (``worker.py``), which
hands them the loaded ``gnubg`` module as ``g``; nothing here imports it.
Positions travel as XGIDs, results as plain tuples and dicts.

What they rely on in the binding (gnubg 1.1.0a16):

- ``find_best_moves`` gives the cubeful score of every legal play, best
  first among the plays evaluated at the deepest ply.  With a move filter,
  plays dropped at a shallower ply keep that ply's score and follow the
  survivors unsorted: scores of different depths.  With ``extramoves`` 0 the
  survivors of each ply are exactly the best ``acceptmoves`` of the 0-ply
  ranking, so which plays reached the full depth is known in advance, and
  their scores equal a full-width evaluation's (``grade_plays`` relies on
  it).  The others keep a shallower score and are sorted with them.
- ``evaluate`` returns cubeless probabilities and equity only.
- ``cube_info`` turns the Jacoby rule on for money play and then prices
  gammons at 0 while the cube is centred; our money games are played
  without it, so the prices are set back to 1.
- ``hint()`` can crash or hang: it is never called.
- Cube decisions are not exposed, so they are computed as gnubg does: the
  average over the 21 rolls of the best play's cubeful score, once with
  the cube as it is (no double) and once doubled and owned by the
  opponent (double/take); double/pass is one cube won.
"""

from __future__ import annotations

import os
from typing import Any

from tutor.engine import Position, opponent

from .gnubg_moves import ResultKey, board, boards_after, map_entries, result_key, scores_by_result

ROLLS = tuple((high, low) for high in range(1, 7) for low in range(1, high + 1))
"""The 21 distinct rolls; a non-double happens twice in 36."""

MOVE_FILTERS = [
    {"ply": ply, "level": level, "acceptmoves": accept, "extramoves": extra, "threshold": threshold}
    for ply in (1, 2, 3, 4)
    for level, (accept, extra, threshold) in enumerate(((2, 6, 0.16), (1, 3, 0.08), (1, 1, 0.04), (1, 1, 0.04))[:ply])
]
"""gnubg's move filters for the computer's own choice and for hints: after
each ply, the best plays (``acceptmoves``) and a few more within a
threshold are looked at one ply deeper.  Only the best play matters there."""

FIRST_CUT = (2, 10, 0.12)
"""After 0-ply, at least 2 and at most 10 plays (those within 0.12 of the
best) are looked at 1 ply deeper; the learner's play always is, whatever its
rank.  Six, as in gnubg's own filter, left out the 2-ply best of
``-BB-CbEA----------a--Bbgc-:1:-1:1:15:0:0:0:0:10`` with 5-1 (``21/16 4/3``,
seventh at 0-ply), and the learner's ``21/20 7/2`` looked ámbar against the
plays that were left."""
SECOND_CUT = (1, 3, 0.06)
"""After 1-ply, the best and those within 0.06 of it, at most 3, plus the
learner's play go to the full depth."""
FAR = 0.25, 0.10
"""How far from every threshold of the light a play's loss at 0-ply (resp.
1-ply) must be for that shallow look to grade it: no deeper look changes
its colour then.  Nearer, the play and the best candidates go to the full
depth, however low the play ranks: on self-play positions a 1-ply loss
moved by up to 0.38 at 2-ply (by more than 0.06 for one play in ten), so
a play ranked low at 1-ply but within 0.10 of a threshold, like ``21/20
7/2`` in ``-BB-CbEA----------a--Bbgc-:1:-1:1:15:0:0:0:0:10`` (0.095, ámbar, at
1-ply; 0.142, rojo, at 2-ply), is graded at 2-ply."""


def ping(g: Any) -> int:
    """The worker's process id: proves it answers."""
    return os.getpid()


def score_plays(g: Any, xgid: str, plies: int, noise: float) -> tuple[dict[ResultKey, float], set]:
    """Every legal play's score with gnubg's own filter (the computer's choice, hints), and gnubg's choice.

    Only gnubg's first entry is surely at full depth: a play its filter
    dropped keeps a shallower score, which may even be higher.
    """
    position = Position.from_xgid(xgid)
    entries = _find_best_moves(g, position, _context(g, plies, noise), MOVE_FILTERS)
    return _mapped(g, position, entries), set(_mapped(g, position, entries[:1]))


def full_width(g: Any, xgid: str, plies: int) -> dict[ResultKey, float]:
    """Every legal play evaluated at ``plies``, no play dropped: the reference grading."""
    position = Position.from_xgid(xgid)
    count = len(position.legal_plays())
    entries = _find_best_moves(g, position, _context(g, plies, 0.0), _filters(count, count))
    return _mapped(g, position, entries)


def grade_plays(g: Any, xgid: str, plies: int, chosen: ResultKey, thresholds: tuple[float, ...]) -> tuple[int, dict, set]:
    """Scores for grading ``chosen``: ``(depth, scores, keys evaluated at that depth)``.

    The chosen play and the best candidates are all evaluated at the same
    depth, so the loss never compares scores of two depths.  gnubg's move
    filter is used with ``extramoves`` 0 and counts chosen here from our
    own 0-ply and 1-ply rankings, which are gnubg's, so which plays reached
    each depth is known exactly.
    """
    position = Position.from_xgid(xgid)
    count = len(position.legal_plays())
    first = _find_best_moves(g, position, _context(g, 0, 0.0), None)
    static = _mapped(g, position, first)
    if plies == 0 or _far(_loss(static, chosen), thresholds, FAR[0]):
        return 0, static, set(static)
    if _ambiguous(position, first):
        # Plays told apart only after a checker is borne off: gnubg's entries
        # cannot say which of them reached which depth, so every play goes
        # to the full depth (bear-offs, where gnubg's databases make it cheap).
        scores = _mapped(g, position, _find_best_moves(g, position, _context(g, plies, 0.0), _filters(count, count)))
        return plies, scores, set(scores)
    ahead = _best_first(static)
    wide = max(_cut(static, FIRST_CUT), ahead.index(chosen) + 1)
    near = _mapped(g, position, _find_best_moves(g, position, _context(g, 1, 0.0), _filters(wide, wide)))
    looked = set(ahead[:wide])
    at_one = {key: near[key] for key in looked}
    if plies == 1 or _far(_loss(at_one, chosen), thresholds, FAR[1]):
        return 1, near, looked
    ranked = _best_first(at_one)
    narrow = max(_cut(at_one, SECOND_CUT), ranked.index(chosen) + 1)
    # gnubg ranks the second cut with its own 1-ply numbers, which may swap
    # near-equal plays with ours: one more play absorbs such a swap.
    entries = _find_best_moves(g, position, _context(g, plies, 0.0), _filters(wide, min(wide, narrow + 1)))
    return plies, _mapped(g, position, entries), set(ranked[:narrow])


def cube_equities(g: Any, xgid: str, plies: int, noise: float) -> tuple[float, float]:
    """No double and double/take for the side on roll, in units of the cube now."""
    position = Position.from_xgid(xgid)
    context = _context(g, plies, noise)
    here = _cube_info(g, position)
    taken = _cube_info(g, position, cube_value=position.cube_value * 2, owner=opponent(position.turn))
    no_double = _average_over_rolls(g, position, here, context)
    double_take = _average_over_rolls(g, position, taken, context)
    if position.match_length:
        double_take = g.mwc_to_eq(g.eq_to_mwc(double_take, taken), here)
    else:
        double_take *= 2
    return no_double, double_take


def roll_luck(g: Any, xgid: str, opening: bool) -> float:
    """How much the roll of ``xgid`` gave its side, at 0-ply: its best play's equity minus the rolls' average.

    GNU Backgammon's luck (``LuckNormal``): the cubeful equity after the
    best play with the dice that came, minus the average over the 36 rolls
    of the equity after the best play with each.  The opening roll
    (``LuckFirst``) is never a double, and it also decides who plays first:
    the average is over its 30 outcomes, the 15 rolls played by this side
    and the same 15 played by the other side, counted against this side.
    Same cube, same units as a loss.
    """
    position = Position.from_xgid(xgid)
    if position.dice is None:
        raise ValueError("luck is the luck of a roll: the position needs its dice")
    before = position.replace(dice=None)
    info = _cube_info(g, before)
    context = _context(g, 0, 0.0)
    first, second = position.dice
    rolled = _after_best_play(g, before, info, context, (max(first, second), min(first, second)))
    if not opening:
        return rolled - _average_over_rolls(g, before, info, context)
    other = before.replace(turn=opponent(before.turn))
    other_info = _cube_info(g, other)
    outcomes = [
        equity
        for high, low in ROLLS
        if high != low
        for equity in (_after_best_play(g, before, info, context, (high, low)),
                       -_after_best_play(g, other, other_info, context, (high, low)))
    ]
    return rolled - sum(outcomes) / len(outcomes)


# -- helpers ----------------------------------------------------------------------


def _best_first(scores: dict) -> list:
    return sorted(scores, key=lambda key: -scores[key])


def _loss(scores: dict, chosen: ResultKey) -> float:
    return max(scores.values()) - scores[chosen]


def _far(loss: float, thresholds: tuple[float, ...], margin: float) -> bool:
    """Whether ``loss`` is more than ``margin`` from every threshold: a shallow look decides its colour.

    >>> _far(0.40, (0.03, 0.12), 0.25), _far(0.095, (0.03, 0.12), 0.10), _far(0.30, (0.03, 0.12), 0.10)
    (True, False, True)
    """
    return all(abs(loss - threshold) > margin for threshold in thresholds)


def _cut(scores: dict, cut: tuple[int, int, float]) -> int:
    """How many plays a filter step keeps: at least, at most, and those within a threshold of the best."""
    least, most, threshold = cut
    best = max(scores.values())
    return min(most, max(least, sum(1 for score in scores.values() if score >= best - threshold)))


def _filters(accept_first: int, accept_deeper: int) -> list[dict]:
    """Filters that keep exactly the best ``accept_first`` after 0-ply, then the best ``accept_deeper`` of those."""
    return [
        {"ply": ply, "level": level, "acceptmoves": accept_first if level == 0 else accept_deeper, "extramoves": 0, "threshold": 0.0}
        for ply in (1, 2, 3, 4)
        for level in range(ply)
    ]


def _ambiguous(position: Position, entries: list[dict]) -> bool:
    """Whether some gnubg entry may stand for more than one of our plays."""
    legal = {result_key(play) for play in position.legal_plays()}
    return any(len(results) > 1 for _, results in map_entries(position, entries, legal))


def _context(g: Any, plies: int, noise: float) -> dict:
    return g.eval_context(1, int(plies), 1, 1, float(noise))


def _find_best_moves(g: Any, position: Position, context: dict, filters: list | None) -> list[dict]:
    info = _cube_info(g, position)
    if context["plies"] and filters:
        return g.find_best_moves(board(position), info, context, position.dice, filters)
    return g.find_best_moves(board(position), info, context, position.dice)


def _mapped(g: Any, position: Position, entries: list[dict]) -> dict[ResultKey, float]:
    legal = {result_key(play) for play in position.legal_plays()}

    def cubeless_order(keys: list) -> list:
        # Lowest 0-ply equity for the opponent first: the mover's best first.
        opponent_info = _cube_info(g, position.replace(turn=opponent(position.turn), dice=None))
        static = _context(g, 0, 0.0)
        return sorted(keys, key=lambda key: g.evaluate(boards_after(key), opponent_info, static)[5])

    return scores_by_result(position, entries, legal, cubeless_order)


def _cube_info(g: Any, position: Position, cube_value: int | None = None, owner: int | None | str = "same") -> dict:
    """gnubg's cube information for the side on roll; ``cube_value``/``owner`` override the position's."""
    turn = position.turn
    cube_owner = position.cube_owner if owner == "same" else owner
    gnubg_owner = -1 if cube_owner is None else (1 if cube_owner == turn else 0)
    score = (position.score[opponent(turn)], position.score[turn])
    info = g.cube_info(
        cube_value or position.cube_value, gnubg_owner, 1, position.match_length, score, int(position.crawford), 0
    )
    if position.match_length == 0 and not position.jacoby:
        info["jacoby"] = 0
        info["gammonprice"] = ((1.0, 1.0), (1.0, 1.0))
    return info


def _average_over_rolls(g: Any, position: Position, info: dict, context: dict) -> float:
    """The side on roll's average equity after the best play of each of the 36 rolls."""
    total = 0.0
    for high, low in ROLLS:
        total += _after_best_play(g, position, info, context, (high, low)) * (1 if high == low else 2)
    return total / 36


def _after_best_play(g: Any, position: Position, info: dict, context: dict, roll: tuple[int, int]) -> float:
    """The side on roll's cubeful equity after its best play of ``roll`` (``position`` has no dice)."""
    here = board(position)
    if context["plies"]:
        entries = g.find_best_moves(here, info, context, roll, MOVE_FILTERS)
    else:
        entries = g.find_best_moves(here, info, context, roll)
    return entries[0]["score"] if entries else _after_no_play(g, position, info, context)


def _after_no_play(g: Any, position: Position, info: dict, context: dict) -> float:
    """The side on roll's equity when its roll cannot be played: the other side rolls next.

    gnubg gives no cubeful equity for a position before its roll, so the
    cubeless one stands in for these few rolls.
    """
    turn = opponent(position.turn)
    cube_owner = {1: position.turn, 0: turn}.get(info["cubeowner"])
    other = position.replace(turn=turn, dice=None)
    other_info = _cube_info(g, other, cube_value=info["cube"], owner=cube_owner)
    equity = g.evaluate(board(other), other_info, context)[5]
    if not position.match_length:
        return -equity
    return g.mwc_to_eq(1.0 - g.eq_to_mwc(equity, other_info), info)
