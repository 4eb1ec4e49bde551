"""What a finished game is worth: single game, gammon or backgammon, times the cube.

A win is a single game (1), a gammon (2) when the loser has borne off no
checker, and a backgammon (3) when, besides, the loser still has a checker
on the bar or in the winner's home board.  The result is multiplied by the
cube.  Under the Jacoby rule, which only applies to money games, gammons
and backgammons count as single games while the cube has not been turned.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .constants import BAR, BLACK, CHECKERS_PER_SIDE, OFF, WHITE, opponent
from .errors import RuleError, ScoreError
from .position import Position

MULTIPLIERS: Final = {"single": 1, "gammon": 2, "backgammon": 3}
"""What each kind of win multiplies the cube by."""

_WINNER_HOME_FOR_LOSER = range(19, 25)
"""The winner's points 1..6 in the loser's own numbering."""


@dataclass(frozen=True)
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
    jacoby_single = position.jacoby and position.match_length == 0 and position.cube_value == 1
    return GameResult(
        winner,
        kind,
        multiplier=1 if jacoby_single else MULTIPLIERS[kind],
        cube_value=position.cube_value,
    )


def _kind(loser: tuple[int, ...]) -> str:
    if loser[OFF] > 0:
        return "single"
    if loser[BAR] or any(loser[point] for point in _WINNER_HOME_FOR_LOSER):
        return "backgammon"
    return "gammon"


__all__ = ["GameResult", "MULTIPLIERS", "score_game"]
