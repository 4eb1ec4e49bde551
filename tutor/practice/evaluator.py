"""The one module that talks to GNU Backgammon (the PyPI ``gnubg`` package).

The rest of the practice app asks it two questions about a ``Position`` of
our engine, and never imports ``gnubg`` itself:

* ``analyse_plays(position)``: every legal play with gnubg's equity, best first;
* ``analyse_cube(position)``: the equities of no double, double/take and
  double/pass for the side on roll, before the roll.

Equities are cubeful, from the point of view of the side on roll, in units
of the cube as it stands (money) or in gnubg's normalised match equity
(matches).  A loss is the best equity minus the equity of the choice.

What this module relies on in the binding (gnubg 1.1.0a16):

- A gnubg board is ``[opponent, side on roll]``, 25 counts each: index
  0..23 are the points 1..24 in that side's own numbering, 24 its bar.
  Our numbering is the same, so board and move tuples need no renumbering.
- ``find_best_moves`` gives the cubeful score of every legal play, best
  first, but each move tuple stops at the first checker borne off.  The
  scores are therefore mapped to our plays by the positions they reach
  (``_map_scores``); plays that only differ after that checker are told
  apart by gnubg's cubeless evaluation, which only decides which of their
  scores goes to which play.
- ``evaluate`` returns cubeless probabilities and equity only.
- ``cube_info`` turns the Jacoby rule on for money play and then prices
  gammons at 0 while the cube is centred; our money games are played
  without it, so the prices are set back to 1.
- ``hint()`` can crash or hang: it is never called.
- Its position cache mixes depths across calls (a 2-ply question after a
  0-ply one about the same position gets 0-ply numbers back), so it is
  switched off when the module is loaded.
- Cube decisions are not exposed, so they are computed as gnubg does: the
  average over the 21 rolls of the best play's cubeful score, once with
  the cube as it is (no double) and once doubled and owned by the
  opponent (double/take); double/pass is one cube won.

Process safety: the native module is imported lazily by the first
analysis, inside one worker thread owned by the current process (a forked
child starts its own), and every call runs on that thread, one at a time:
gnubg crashes when called from a second thread, even one at a time.
Callers wait at most ``PRACTICE_EVALUATOR_TIMEOUT`` seconds.  Any failure,
timeout included, raises ``EvaluatorUnavailable``, before the caller has
changed anything.
"""

from __future__ import annotations

import logging
import os
import threading
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass
from typing import Any, Callable

from django.conf import settings

from tutor.engine import OFF, Play, Position, opponent
from tutor.engine.movegen import Move, apply_move, single_moves

from .dice import single_dice, without

logger = logging.getLogger(__name__)

ROLLS = tuple((high, low) for high in range(1, 7) for low in range(1, high + 1))
"""The 21 distinct rolls; a non-double happens twice in 36."""

MOVE_FILTERS = [
    {"ply": ply, "level": level, "acceptmoves": accept, "extramoves": extra, "threshold": threshold}
    for ply in (1, 2, 3, 4)
    for level, (accept, extra, threshold) in enumerate(((2, 6, 0.16), (1, 3, 0.08), (1, 1, 0.04), (1, 1, 0.04))[:ply])
]
"""gnubg's move filters for deeper plies: after each ply, the best plays
(``acceptmoves``; with 0 the binding keeps none, not even the best) and a
few more within a threshold are looked at one ply deeper.  Lighter than
gnubg's defaults, which keeps a 2-ply grading inside the time budget (see
bench/practice.py); a play discarded early keeps the score of the ply that
discarded it, as in gnubg's own hint list, and is far from the best anyway."""

RATINGS = (
    (0.002, "Extraterrestre"),
    (0.005, "Clase mundial"),
    (0.008, "Experto"),
    (0.012, "Avanzado"),
    (0.018, "Intermedio"),
    (0.026, "Aprendiz"),
    (0.035, "Principiante"),
)
"""gnubg's rating scale: average error per decision below each limit."""
WORST_RATING = "Desastroso"


class EvaluatorUnavailable(Exception):
    """gnubg could not answer (missing, crashed, too slow): nothing was changed."""


@dataclass(frozen=True)
class RankedPlay:
    """A legal play and gnubg's cubeful equity for it, from the mover's view."""

    play: Play
    equity: float

    @property
    def notation(self) -> str:
        return self.play.notation


@dataclass(frozen=True)
class PlayAnalysis:
    """Every legal play of a position with its equity, best first."""

    position: Position
    ranked: tuple[RankedPlay, ...]
    plies: int

    @property
    def best(self) -> RankedPlay:
        return self.ranked[0]

    @property
    def forced(self) -> bool:
        """Only one play is legal: there was nothing to decide."""
        return len(self.ranked) == 1

    def find(self, play: Play) -> RankedPlay:
        """The ranked entry of ``play`` (matched by the position it reaches)."""
        for entry in self.ranked:
            if entry.play.result == play.result:
                return entry
        raise KeyError(play.notation)

    def loss(self, play: Play) -> float:
        """How much equity ``play`` gives away against the best play."""
        return max(0.0, self.best.equity - self.find(play).equity)


@dataclass(frozen=True)
class CubeAnalysis:
    """The cube decision of the side on roll, before rolling, from its view.

    ``double_pass`` is 1: one cube won, the unit of the other two.
    """

    no_double: float
    double_take: float
    double_pass: float
    plies: int

    @property
    def doubled(self) -> float:
        """What a double is worth to the doubler when the other side answers well."""
        return min(self.double_take, self.double_pass)

    @property
    def should_double(self) -> bool:
        """Doubling beats playing on (false when too good to double, too)."""
        return self.doubled > self.no_double

    @property
    def should_take(self) -> bool:
        """Taking leaves the doubler less than passing."""
        return self.double_take <= self.double_pass

    def double_loss(self, doubled: bool) -> float:
        """What the side on roll gives away by doubling (or not)."""
        best = max(self.no_double, self.doubled)
        return max(0.0, best - (self.doubled if doubled else self.no_double))

    def take_loss(self, took: bool) -> float:
        """What the side doubled gives away by taking (or passing)."""
        return max(0.0, (self.double_take if took else self.double_pass) - self.doubled)

    def as_json(self) -> dict[str, float]:
        return {"no_double": self.no_double, "double_take": self.double_take, "double_pass": self.double_pass}


def rating(average_error: float) -> str:
    """gnubg's word for an average error per decision, in Spanish.

    >>> rating(0.001), rating(0.01), rating(0.2)
    ('Extraterrestre', 'Avanzado', 'Desastroso')
    """
    for limit, word in RATINGS:
        if average_error < limit:
            return word
    return WORST_RATING


# -- the questions ----------------------------------------------------------------


def analyse_plays(position: Position, plies: int | None = None, noise: float = 0.0) -> PlayAnalysis:
    """Rank every legal play of ``position`` (which has its dice) by gnubg's equity.

    ``plies`` defaults to ``PRACTICE_GRADING_PLIES``; ``noise`` (the
    computer's weaker levels) perturbs gnubg's evaluations deterministically.
    A single legal play (a forced play or a pass) needs no evaluation.
    """
    if position.dice is None:
        raise ValueError("analyse_plays needs a position with its dice")
    plies = grading_plies() if plies is None else plies
    plays = position.legal_plays()
    if len(plays) == 1:
        return PlayAnalysis(position, (RankedPlay(plays[0], 0.0),), plies)
    scores = _run(_score_plays, position, plays, plies, noise)
    ranked = sorted((RankedPlay(play, scores[_result_key(play)]) for play in plays), key=lambda entry: -entry.equity)
    return PlayAnalysis(position, tuple(ranked), plies)


def analyse_cube(position: Position, plies: int | None = None, noise: float = 0.0) -> CubeAnalysis:
    """The cube decision of the side on roll of ``position`` (no dice yet).

    The equities look ``plies`` deep: the roll, then the best play of each
    roll judged at ``plies - 1`` (at least 0).
    """
    if position.dice is not None:
        raise ValueError("a cube decision comes before the roll")
    plies = grading_plies() if plies is None else plies
    no_double, double_take = _run(_cube_equities, position, max(plies - 1, 0), noise)
    return CubeAnalysis(no_double, double_take, 1.0, plies)


def grading_plies() -> int:
    return int(getattr(settings, "PRACTICE_GRADING_PLIES", 2))


# -- the worker thread ------------------------------------------------------------

_state: dict[str, Any] = {"pid": None, "executor": None, "module": None, "inherited": False}
_state_lock = threading.Lock()


def _executor() -> ThreadPoolExecutor:
    with _state_lock:
        if _state["pid"] != os.getpid():
            # A new process, or a forked child: never reuse the parent's thread.
            # gnubg itself must only ever run on the thread that loaded it, so
            # a child of a process that had loaded it cannot use it at all.
            _state.update(
                pid=os.getpid(),
                executor=ThreadPoolExecutor(max_workers=1, thread_name_prefix="gnubg"),
                inherited=_state["module"] is not None,
            )
        return _state["executor"]


def _gnubg() -> Any:
    """The native module, loaded on first use, on the worker thread."""
    if _state["inherited"]:
        raise EvaluatorUnavailable("gnubg was loaded before this process was forked")
    if _state["module"] is None:
        import gnubg  # noqa: PLC0415  (lazy on purpose: never before a fork)

        # The binding's position cache hands back evaluations made at another
        # depth by earlier calls, so an answer would depend on what was asked
        # before; without it every answer is the same whenever it is asked.
        gnubg.command("set cache 0")
        _state["module"] = gnubg
    return _state["module"]


def _run(task: Callable[..., Any], *args: Any) -> Any:
    """Run ``task(gnubg, *args)`` on the worker thread and wait for it."""
    timeout = float(getattr(settings, "PRACTICE_EVALUATOR_TIMEOUT", 15))
    try:
        future = _executor().submit(lambda: task(_gnubg(), *args))
        return future.result(timeout=timeout)
    except FutureTimeout:
        logger.error("gnubg did not answer within %s s", timeout)
        raise EvaluatorUnavailable("gnubg did not answer in time") from None
    except EvaluatorUnavailable as error:
        logger.error("gnubg's answer could not be used: %s", error)
        raise
    except Exception as error:  # the native module, its import, or a mapping bug
        logger.exception("gnubg failed")
        raise EvaluatorUnavailable(str(error)) from error


# -- gnubg's view of our positions ------------------------------------------------


def _board(position: Position) -> list[list[int]]:
    """``[opponent, side on roll]``, each points 1..24 then the bar."""
    return [list(position.opponent_board[1:26]), list(position.mover[1:26])]


def _boards_after(mover: tuple[int, ...], other: tuple[int, ...]) -> list[list[int]]:
    """The board after a play, from the view of the side now on roll (the other one)."""
    return [list(mover[1:26]), list(other[1:26])]


def _cube_info(g: Any, position: Position, cube_value: int | None = None, owner: int | None | str = "same") -> dict:
    """gnubg's cube information for the side on roll of ``position``.

    ``cube_value`` and ``owner`` (a side or None) override the position's
    cube, e.g. for the double/take branch.
    """
    turn = position.turn
    cube_owner = position.cube_owner if owner == "same" else owner
    gnubg_owner = -1 if cube_owner is None else (1 if cube_owner == turn else 0)
    score = (position.score[opponent(turn)], position.score[turn])
    info = g.cube_info(
        cube_value or position.cube_value,
        gnubg_owner,
        1,
        position.match_length,
        score,
        int(position.crawford),
        0,
    )
    if position.match_length == 0 and not position.jacoby:
        info["jacoby"] = 0
        info["gammonprice"] = ((1.0, 1.0), (1.0, 1.0))
    return info


def _eval_context(g: Any, plies: int, noise: float) -> dict:
    return g.eval_context(1, int(plies), 1, 1, float(noise))


def _find_best_moves(g: Any, board: list, info: dict, context: dict, dice: tuple[int, int]) -> list[dict]:
    if context["plies"]:
        return g.find_best_moves(board, info, context, dice, MOVE_FILTERS)
    return g.find_best_moves(board, info, context, dice)


# -- plays ------------------------------------------------------------------------


def _result_key(play: Play) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The boards a play reaches: the mover's, then the opponent's."""
    side = play.position.turn
    return play.result.checkers(side), play.result.checkers(opponent(side))


def _score_plays(g: Any, position: Position, plays: list[Play], plies: int, noise: float) -> dict:
    info = _cube_info(g, position)
    context = _eval_context(g, plies, noise)
    entries = _find_best_moves(g, _board(position), info, context, position.dice)
    legal = {_result_key(play) for play in plays}
    scored = _map_scores(position, entries, legal)

    def cubeless_order(keys: list) -> list:
        # Lowest 0-ply equity for the opponent first: the mover's best first.
        opponent_info = _cube_info(g, position.replace(turn=opponent(position.turn), dice=None))
        static = _eval_context(g, 0, 0.0)
        return sorted(keys, key=lambda key: g.evaluate(_boards_after(*key), opponent_info, static)[5])

    scores = _settle(scored, cubeless_order)
    missing = legal - scores.keys()
    if missing:
        raise EvaluatorUnavailable(f"gnubg left {len(missing)} legal plays without a score in {position.to_xgid()}")
    return scores


def _map_scores(position: Position, entries: list[dict], legal: set) -> list[tuple[float, set]]:
    """Each gnubg entry as ``(score, results it may stand for)``.

    A full move tuple leads to one result; a tuple cut at its first
    bear-off ends with the point borne off from, and may stand for every
    legal result that continues from there.
    """
    dice = position.dice
    start = (position.mover, position.opponent_board, single_dice(dice))
    mapped = []
    for entry in entries:
        steps = tuple(entry["move"])
        pairs = [(steps[i], steps[i + 1]) for i in range(0, len(steps) - 1, 2)]
        states = {start}
        for src, dst in pairs:
            states = {after for state in states for after in _apply(state, src, dst, src - dst)}
        if len(steps) % 2:
            borne_from = steps[-1]
            states = {
                after for state in states for die in set(state[2]) if die >= borne_from
                for after in _apply(state, borne_from, OFF, die)
            }
            results = _continuations(states)
        else:
            results = {(m, o) for m, o, _ in states}
        mapped.append((float(entry["score"]), results & legal))
    return mapped


def _settle(mapped: list[tuple[float, set]], order: Callable[[list], list]) -> dict:
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
    for results, group_scores in groups.items():
        for key, score in zip(order(sorted(results)), sorted(group_scores, reverse=True)):
            scores[key] = score
    return scores


def _apply(state: tuple, src: int, dst: int, die: int) -> list[tuple]:
    mover, other, left = state
    if die not in left:
        return []
    moved = apply_move(mover, other, Move(src, dst, die))
    return [(moved[0], moved[1], without(left, die))] if moved else []


def _continuations(states: set) -> set:
    """Every position reachable from ``states`` by playing on with the dice left."""
    seen = set(states)
    frontier = list(states)
    results = set()
    while frontier:
        mover, other, left = frontier.pop()
        results.add((mover, other))
        for die in set(left):
            for _, mover2, other2 in single_moves(mover, other, die):
                after = (mover2, other2, without(left, die))
                if after not in seen:
                    seen.add(after)
                    frontier.append(after)
    return results


# -- the cube ---------------------------------------------------------------------


def _cube_equities(g: Any, position: Position, plies: int, noise: float) -> tuple[float, float]:
    """No double and double/take for the side on roll, in units of the cube now."""
    context = _eval_context(g, plies, noise)
    here = _cube_info(g, position)
    taken = _cube_info(g, position, cube_value=position.cube_value * 2, owner=opponent(position.turn))
    no_double = _average_over_rolls(g, position, here, context)
    double_take = _average_over_rolls(g, position, taken, context)
    if position.match_length:
        double_take = g.mwc_to_eq(g.eq_to_mwc(double_take, taken), here)
    else:
        double_take *= 2
    return no_double, double_take


def _average_over_rolls(g: Any, position: Position, info: dict, context: dict) -> float:
    board = _board(position)
    total = 0.0
    for high, low in ROLLS:
        entries = _find_best_moves(g, board, info, context, (high, low))
        value = entries[0]["score"] if entries else _after_no_play(g, position, info, context)
        total += value * (1 if high == low else 2)
    return total / 36


def _after_no_play(g: Any, position: Position, info: dict, context: dict) -> float:
    """The side on roll's equity when its roll cannot be played: the other side rolls next.

    gnubg gives no cubeful equity for a position before its roll, so the
    cubeless one stands in for these few rolls.
    """
    turn = opponent(position.turn)
    cube_owner = {1: position.turn, 0: turn}.get(info["cubeowner"])
    other = position.replace(turn=turn, dice=None)
    other_info = _cube_info(g, other, cube_value=info["cube"], owner=cube_owner)
    equity = g.evaluate(_board(other), other_info, context)[5]
    if not position.match_length:
        return -equity
    return g.mwc_to_eq(1.0 - g.eq_to_mwc(equity, other_info), info)
