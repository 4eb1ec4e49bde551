"""The doubling cube: who may double, and what taking or dropping does.

A double happens on the doubler's own turn, before rolling.  Both answers
start from that moment: ``take(position)`` and ``drop(position)`` receive
the position with the doubler on roll and no dice, exactly as it was when
the cube was offered.  Taking gives the cube, at twice its value, to the
taker, and the doubler goes on to roll; dropping ends the game and the
doubler wins the value of the cube before the double.

>>> p = Position.initial()
>>> can_double(p)
True
>>> taken = take(p)
>>> taken.cube_value, taken.cube_owner == BLACK, can_double(taken)
(2, True, False)
>>> drop(p).points
1
"""

from __future__ import annotations

from typing import Final

from .codes import DoubleRefusal
from .constants import BLACK, MAX_CUBE_VALUE, WHITE, opponent
from .errors import RuleError
from .position import Position
from .scoring import GameResult

CUBE_VALUES: Final = tuple(2**power for power in range(1, MAX_CUBE_VALUE.bit_length()))
"""The numbers on the cube's faces: 2, 4, 8, 16, 32 and 64."""

REASONS: Final = {
    DoubleRefusal.GAME_OVER: "the game is over",
    DoubleRefusal.NOT_YOUR_TURN: "a side can only double on its own turn",
    DoubleRefusal.DICE_ROLLED: "the dice have been rolled: doubling comes before the roll",
    DoubleRefusal.NOT_CUBE_OWNER: "the other side owns the cube",
    DoubleRefusal.CRAWFORD_GAME: "nobody may double in the Crawford game",
    DoubleRefusal.CUBE_AT_MAXIMUM: "the cube is at its highest value",
}
"""Every code ``double_reasons`` can return, with a developer's explanation."""


def cube_limit(position: Position) -> int:
    """The highest value the cube may reach: 64, or less if the position says so.

    >>> cube_limit(Position.initial(max_cube_log=3))
    8
    """
    return min(MAX_CUBE_VALUE, 1 << position.max_cube_log)


def double_reasons(position: Position, side: int | None = None) -> tuple[DoubleRefusal, ...]:
    """Why ``side`` (by default the side on roll) may not double now; empty if it may.

    >>> double_reasons(Position.initial().with_dice("6-5")) == ("dice-rolled",)
    True
    >>> double_reasons(Position.initial(), BLACK)
    (<DoubleRefusal.NOT_YOUR_TURN: 'not-your-turn'>,)
    """
    side = position.turn if side is None else side
    if side not in (WHITE, BLACK):
        raise RuleError(f"a side is WHITE (0) or BLACK (1), not {side!r}")
    found = []
    if position.winner() is not None:
        found.append(DoubleRefusal.GAME_OVER)
    if side != position.turn:
        found.append(DoubleRefusal.NOT_YOUR_TURN)
    if position.dice is not None:
        found.append(DoubleRefusal.DICE_ROLLED)
    if position.cube_owner not in (None, side):
        found.append(DoubleRefusal.NOT_CUBE_OWNER)
    if position.crawford and position.match_length:
        found.append(DoubleRefusal.CRAWFORD_GAME)
    if position.cube_value >= cube_limit(position):
        found.append(DoubleRefusal.CUBE_AT_MAXIMUM)
    return tuple(found)


def can_double(position: Position, side: int | None = None) -> bool:
    """Whether ``side`` (by default the side on roll) may double right now."""
    return not double_reasons(position, side)


def cube_is_dead(position: Position, side: int | None = None) -> bool:
    """Whether the cube already covers what ``side`` (by default the side on roll) needs to win the match.

    Not a rule of the game: the rules still allow the double, but winning
    this game already wins the match, so doubling can only cost (gnubg and
    XG never double then, and the site's games refuse it).  Never in money play.

    >>> cube_is_dead(Position.initial(match_length=5, score=(3, 0), cube_value=2, cube_owner=WHITE))
    True
    >>> cube_is_dead(Position.initial(match_length=5, score=(3, 0)))
    False
    """
    side = position.turn if side is None else side
    return bool(position.match_length) and position.score[side] + position.cube_value >= position.match_length


def take(position: Position) -> Position:
    """The position after the side on roll doubles and the other side takes.

    The taker owns the cube at twice its value; the doubler still has to roll.

    >>> take(take(Position.initial()).replace(turn=BLACK)).cube_value
    4
    """
    _require_double(position)
    return position.replace(cube_value=position.cube_value * 2, cube_owner=opponent(position.turn))


def drop(position: Position) -> GameResult:
    """The result when the side on roll doubles and the other side passes.

    The doubler wins a single game at the cube's value before the double.

    >>> drop(Position.initial(cube_value=4, cube_owner=WHITE)).points
    4
    """
    _require_double(position)
    return GameResult(position.turn, "single", multiplier=1, cube_value=position.cube_value)


def _require_double(position: Position) -> None:
    reasons = double_reasons(position)
    if reasons:
        raise RuleError(f"the side on roll cannot double: {', '.join(reasons)}")


__all__ = ["CUBE_VALUES", "REASONS", "DoubleRefusal", "can_double", "cube_is_dead", "cube_limit", "double_reasons", "drop", "take"]
