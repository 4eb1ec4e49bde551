"""A match to a fixed number of points, and its Crawford game.

The first side to reach the match length wins; points beyond it do not
count.  The game right after a side first comes within one point of the
target is the Crawford game, in which nobody may double; the games after it
are post-Crawford.  When both sides already stand one point away (a 1-point
match, or after the Crawford game) no Crawford game is played.  A length of
0 means money play: points pile up and the session never ends.

>>> m = Match.new(5).after_game(GameResult(WHITE, "gammon", 2, cube_value=2))
>>> m.score, m.crawford
((4, 0), True)
>>> m = m.after_game(GameResult(BLACK))
>>> m.score, m.crawford, m.post_crawford
((4, 1), False, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from .constants import BLACK, WHITE
from .errors import RuleError, ScoreError
from .position import Position, Stakes
from .scoring import GameResult


@dataclass(frozen=True, slots=True)
class Match:
    """The score of a match, and whether the game being played is the Crawford game."""

    length: int
    score: tuple[int, int] = (0, 0)
    crawford: bool = False

    def __post_init__(self) -> None:
        if self.length < 0 or min(self.score) < 0:
            raise ScoreError("match length and scores cannot be negative")
        if self.crawford and (self.is_over or self.score.count(self.length - 1) != 1 or self.length < 2):
            raise ScoreError("only a game with exactly one side a point from the target can be the Crawford game")

    @classmethod
    def new(cls, length: int) -> Match:
        """A match to ``length`` points at 0-0; 0 for money play."""
        return cls(length)

    @classmethod
    def of(cls, position: Position) -> Match:
        """The match a position is played in.

        >>> Match.of(Position.initial(match_length=7, score=(6, 2), crawford=True)).crawford
        True
        """
        return cls(position.match_length, position.score, position.crawford)

    @property
    def is_money(self) -> bool:
        return self.length == 0

    @property
    def winner(self) -> int | None:
        """The side that has reached the match length, if any."""
        if self.is_money:
            return None
        for side in (WHITE, BLACK):
            if self.score[side] >= self.length:
                return side
        return None

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def post_crawford(self) -> bool:
        """Whether the Crawford game has been played (and the match goes on).

        Once a side stands a point from the target, every game but the
        Crawford game itself is post-Crawford.
        """
        return self.length > 1 and not self.is_over and not self.crawford and self.length - 1 in self.score

    def after_game(self, result: GameResult) -> Match:
        """The match once ``result`` has been scored."""
        if self.is_over:
            raise RuleError("the match is over: no more games are played")
        score = list(self.score)
        score[result.winner] += result.points
        if not self.is_money:
            score[result.winner] = min(score[result.winner], self.length)
        # Only the winner's score moved, so "first comes within a point" is
        # "is a point away now and nobody was before".
        crawford = (
            self.length > 1
            and score[result.winner] == self.length - 1
            and self.length - 1 not in self.score
        )
        return Match(self.length, (score[WHITE], score[BLACK]), crawford)

    def position_fields(self) -> Stakes:
        """The ``Position`` fields of a game in this match, for ``Position.replace``.

        >>> Position.initial().replace(**Match(5, (4, 2), crawford=True).position_fields()).crawford
        True
        """
        if self.is_over:
            raise RuleError("the match is over: no more games are played")
        return {"match_length": self.length, "score": self.score, "crawford": self.crawford}


__all__ = ["Match"]
