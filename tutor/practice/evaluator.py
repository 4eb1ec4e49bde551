"""The practice app's questions to GNU Backgammon (the PyPI ``gnubg`` package).

The rest of the app asks about a ``Position`` of our engine and never
touches gnubg itself:

* ``analyse_plays(position)``: every legal play with gnubg's equity, best
  first (the computer's choice and hints);
* ``grade_play(position, play)``: the same, with the learner's ``play`` and
  the best candidates all evaluated at one depth, so the loss never
  compares scores of two depths, whatever gnubg's move filter did;
* ``analyse_cube(position)``: no double, double/take and double/pass for
  the side on roll, before the roll;
* ``roll_luck(position)``: what the dice of ``position`` gave the side on
  roll against the average roll (GNU Backgammon's luck, at 0-ply).

Equities are cubeful, from the point of view of the side on roll, in units
of the cube as it stands (money) or in gnubg's normalised match equity
(matches).  A loss is the best equity minus the equity of the choice.

gnubg runs in a worker process of its own (``worker.py``; the questions
themselves are in ``gnubg_tasks.py``), never in the web process, so a
fork cannot copy it and a stuck call is abandoned after
``PRACTICE_EVALUATOR_TIMEOUT`` seconds and the worker replaced.  Any
failure raises ``EvaluatorUnavailable`` before the caller has changed
anything.
"""

from __future__ import annotations

import logging
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, Iterator

from django.conf import settings

from tutor.engine import Play, Position

from .gnubg_moves import result_key
from .grading import thresholds
from .worker import WorkerFailed, supervisor

logger = logging.getLogger(__name__)

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

EQUITY_TOLERANCE = 0.001
"""Equities closer than this are equal: no cube action on rounding noise."""


_patience: ContextVar[float | None] = ContextVar("gnubg_patience", default=None)


@contextmanager
def patience(seconds: float) -> Iterator[None]:
    """Wait up to ``seconds`` for each answer inside the block, instead of ``PRACTICE_EVALUATOR_TIMEOUT``.

    A web request cannot keep a learner waiting long; a worker grading a
    finished game in the background can wait longer for a hard position.
    """
    token = _patience.set(seconds)
    try:
        yield
    finally:
        _patience.reset(token)


class EvaluatorUnavailable(Exception):
    """gnubg could not answer (missing, crashed, too slow): nothing was changed."""


@dataclass(frozen=True)
class RankedPlay:
    """A legal play, gnubg's cubeful equity for it from the mover's view, and its depth."""

    play: Play
    equity: float
    plies: int | None = 0
    """None: dropped by gnubg's move filter at some shallower ply."""

    @property
    def notation(self) -> str:
        return self.play.notation


@dataclass(frozen=True)
class PlayAnalysis:
    """Every legal play of a position with its equity, best first.

    ``plies`` is the depth of the analysis; the plays evaluated that deep
    come first (``full_depth``), the others keep the score of the shallower
    ply that dropped them and follow.
    """

    position: Position
    ranked: tuple[RankedPlay, ...]
    plies: int

    @property
    def best(self) -> RankedPlay:
        return self.ranked[0]

    @property
    def full_depth(self) -> tuple[RankedPlay, ...]:
        return tuple(entry for entry in self.ranked if entry.plies == self.plies)

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
        """How much equity ``play`` gives away against the best play, both at the same depth."""
        entry = self.find(play)
        if entry.plies != self.best.plies:
            raise ValueError(f"{play.notation} was evaluated at {entry.plies}-ply, the best at {self.best.plies}-ply")
        return max(0.0, self.best.equity - entry.equity)


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
        """Doubling beats playing on by more than rounding noise (false when too good, too)."""
        return self.doubled > self.no_double + EQUITY_TOLERANCE

    @property
    def should_take(self) -> bool:
        """Taking leaves the doubler less than passing (a tie is a take)."""
        return self.double_take <= self.double_pass + EQUITY_TOLERANCE

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

    With gnubg's own move filter: right for choosing the best play (the
    computer, hints), not for grading another one (``grade_play``); only
    the best is known to be at full depth, so ``loss`` refuses the others.
    ``noise`` (the computer's weaker levels) perturbs gnubg's evaluations
    deterministically.  A single legal play needs no evaluation.
    """
    plays = _plays_of(position)
    plies = grading_plies() if plies is None else plies
    if len(plays) == 1:
        return PlayAnalysis(position, (RankedPlay(plays[0], 0.0, plies),), plies)
    scores, chosen = _run("score_plays", position.to_xgid(), plies, noise)
    return _ranked(position, plays, scores, plies, set(scores) if plies == 0 else chosen)


def grade_play(position: Position, play: Play, plies: int | None = None) -> PlayAnalysis:
    """The analysis that grades ``play``: it and the best candidates at one depth.

    The depth is ``plies`` (``PRACTICE_GRADING_PLIES`` by default), except
    for a play whose loss at 0-ply or 1-ply is so far from both thresholds
    of the light that no deeper look changes its colour: it is graded at
    the shallower depth against the best at that depth
    (``gnubg_tasks.grade_plays``).  ``plies`` of the answer says which depth
    it was.
    """
    plays = _plays_of(position)
    plies = grading_plies() if plies is None else plies
    if len(plays) == 1:
        return PlayAnalysis(position, (RankedPlay(plays[0], 0.0, plies),), plies)
    depth, scores, deep = _run("grade_plays", position.to_xgid(), plies, result_key(play), thresholds())
    return _ranked(position, plays, scores, depth, deep)


def full_width_plays(position: Position, plies: int) -> PlayAnalysis:
    """Every play evaluated at ``plies``, none dropped: slow, the reference for checking grading."""
    plays = _plays_of(position)
    scores = _run("full_width", position.to_xgid(), plies)
    return _ranked(position, plays, scores, plies, set(scores))


def analyse_cube(position: Position, plies: int | None = None, noise: float = 0.0) -> CubeAnalysis:
    """The cube decision of the side on roll of ``position`` (no dice yet).

    The equities look ``plies`` deep: the roll, then the best play of each
    roll judged at ``plies - 1`` (at least 0).
    """
    if position.dice is not None:
        raise ValueError("a cube decision comes before the roll")
    plies = grading_plies() if plies is None else plies
    no_double, double_take = _run("cube_equities", position.to_xgid(), max(plies - 1, 0), noise)
    return CubeAnalysis(no_double, double_take, 1.0, plies)


def roll_luck(position: Position, opening: bool = False) -> float:
    """The luck of the dice of ``position`` for the side on roll (``gnubg_tasks.roll_luck`` says how).

    Always at 0-ply: 22 searches for the best play (the roll and the 21
    distinct rolls; 31 for an opening roll), so a review can afford it for
    every roll of a match.  ``opening``: the game's first roll, never a
    double, which also decides who plays first.
    """
    if position.dice is None:
        raise ValueError("luck is the luck of a roll: the position needs its dice")
    return float(_run("roll_luck", position.to_xgid(), opening))


def grading_plies() -> int:
    return int(getattr(settings, "PRACTICE_GRADING_PLIES", 2))


def worker_pid() -> int | None:
    """The process id of this process's gnubg worker, if one is running."""
    return supervisor.pid()


# -- helpers ----------------------------------------------------------------------


def _plays_of(position: Position) -> list[Play]:
    if position.dice is None:
        raise ValueError("a play analysis needs a position with its dice")
    return position.legal_plays()


def _ranked(position: Position, plays: list[Play], scores: dict, plies: int, deep: set) -> PlayAnalysis:
    missing = [play.notation for play in plays if result_key(play) not in scores]
    if missing:
        logger.error("gnubg left %s without a score in %s", missing, position.to_xgid())
        raise EvaluatorUnavailable(f"gnubg left {len(missing)} legal plays without a score")
    entries = [
        RankedPlay(play, scores[key], plies if key in deep else None)
        for play in plays
        for key in [result_key(play)]
    ]
    # The plays evaluated at full depth first, best first; then the others, best first.
    entries.sort(key=lambda entry: (entry.plies != plies, -entry.equity))
    return PlayAnalysis(position, tuple(entries), plies)


def _run(task: str, *args: Any) -> Any:
    """Run a task of ``gnubg_tasks`` (or ``"module:function"``) in the worker process."""
    timeout = _patience.get() or float(getattr(settings, "PRACTICE_EVALUATOR_TIMEOUT", 15))
    startup = float(getattr(settings, "PRACTICE_EVALUATOR_STARTUP", 60))
    try:
        return supervisor.call(task, args, timeout=timeout, startup_timeout=startup)
    except WorkerFailed as error:
        logger.error("gnubg could not answer: %s", error)
        raise EvaluatorUnavailable(str(error)) from error
