"""What a finished game is worth: single game, gammon or backgammon, times the cube.

A win is a single game (1), a gammon (2) when the loser has borne off no
checker, and a backgammon (3) when, besides, the loser still has a checker
on the bar or in the winner's home board.  The result is multiplied by the
cube.  Under the Jacoby rule, which only applies to money games, gammons
and backgammons count as single games while the cube has not been turned.

A game can also end before the last checker is borne off: a player offers
to resign it as a single game, a gammon or a backgammon, and the game ends
with that result if the rival accepts (``resignation``).  Offering a gammon
or a backgammon only makes sense while the resigning side could still lose
one, that is, while it has borne off no checker (``resignations``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .constants import BAR, BLACK, CHECKERS_PER_SIDE, OFF, SIDE_NAMES, WHITE, opponent
from .errors import RuleError, ScoreError
from .position import Position

MULTIPLIERS: Final = {"single": 1, "gammon": 2, "backgammon": 3}
"""What each kind of win multiplies the cube by."""

_WINNER_HOME_FOR_LOSER = range(19, 25)
"""The winner's points 1..6 in the loser's own numbering."""


@dataclass(frozen=True, slots=True)
class GameResult:
    """How a game ended and what it is worth.

    ``kind`` is what happened on the board; ``multiplier`` is what it
    counts for, which the Jacoby rule can cut to 1.

    >>> GameResult(WHITE, "gammon", multiplier=2, cube_value=4).points
    8
    """

    winner: int
    kind: str = "single"
    multiplier: int = 1
    cube_value: int = 1

    def __post_init__(self) -> None:
        if self.winner not in (WHITE, BLACK):
            raise ScoreError(f"the winner must be WHITE (0) or BLACK (1), not {self.winner!r}")
        if self.kind not in MULTIPLIERS:
            raise ScoreError(f"a game is won as one of {sorted(MULTIPLIERS)}, not {self.kind!r}")
        if self.multiplier not in (1, MULTIPLIERS[self.kind]):
            raise ScoreError(f"a {self.kind} counts 1 or {MULTIPLIERS[self.kind]}, not {self.multiplier}")

    @property
    def points(self) -> int:
        """The points the winner scores: multiplier times cube."""
        return self.multiplier * self.cube_value


def score_game(position: Position) -> GameResult:
    """The result of a game in which one side has borne off all 15 checkers.

    >>> loser_at_home = Position.from_layout({}, {24: 15})
    >>> score_game(loser_at_home)
    GameResult(winner=0, kind='gammon', multiplier=2, cube_value=1)
    """
    winner = position.winner()
    if winner is None:
        raise RuleError("the game is not over: no side has borne off all 15 checkers")
    loser = opponent(winner)
    if position.borne_off(loser) == CHECKERS_PER_SIDE:
        raise RuleError("both sides cannot have borne off all their checkers")
    kind = _kind(position.checkers(loser))
    return _result(position, winner, kind)


def resignations(position: Position, loser: int) -> tuple[str, ...]:
    """The results ``loser`` may offer to resign the game with, smallest first.

    Once a checker is off, no gammon (and so no backgammon) can be lost any
    more: only a single game is left to offer.

    >>> resignations(Position.initial(), BLACK)
    ('single', 'gammon', 'backgammon')
    >>> resignations(Position.from_layout({1: 14}, {24: 15}), WHITE)
    ('single',)
    """
    _require_side(loser)
    if position.winner() is not None:
        raise RuleError("the game is over: there is nothing left to resign")
    if position.borne_off(loser) > 0:
        return ("single",)
    return tuple(MULTIPLIERS)


def resignation(position: Position, loser: int, kind: str = "single") -> GameResult:
    """The result when ``loser`` resigns the game as ``kind`` and the rival accepts.

    It counts as a game won that way on the board: times the cube, and
    under the Jacoby rule a gammon or backgammon with the cube centred in
    money play counts as a single game.

    >>> resignation(Position.initial(cube_value=2, cube_owner=WHITE), WHITE, "gammon")
    GameResult(winner=1, kind='gammon', multiplier=2, cube_value=2)
    >>> resignation(Position.from_layout({1: 14}, {24: 15}), WHITE, "gammon").kind
    Traceback (most recent call last):
    ...
    tutor.engine.errors.RuleError: white may resign ('single',), not 'gammon'
    """
    allowed = resignations(position, loser)
    if kind not in allowed:
        raise RuleError(f"{SIDE_NAMES[loser]} may resign {allowed}, not {kind!r}")
    return _result(position, opponent(loser), kind)


def _result(position: Position, winner: int, kind: str) -> GameResult:
    jacoby_single = position.jacoby and position.match_length == 0 and position.cube_value == 1
    return GameResult(
        winner,
        kind,
        multiplier=1 if jacoby_single else MULTIPLIERS[kind],
        cube_value=position.cube_value,
    )


def _require_side(side: int) -> None:
    if side not in (WHITE, BLACK):
        raise RuleError(f"a side is WHITE (0) or BLACK (1), not {side!r}")


def _kind(loser: tuple[int, ...]) -> str:
    if loser[OFF] > 0:
        return "single"
    if loser[BAR] or any(loser[point] for point in _WINNER_HOME_FOR_LOSER):
        return "backgammon"
    return "gammon"


__all__ = ["GameResult", "MULTIPLIERS", "resignation", "resignations", "score_game"]
