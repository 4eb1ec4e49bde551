"""``Play``: a full turn, with the position it produces.

Plays are distinct by the position they produce; their notation is written
only when asked for (``notation`` is lazy), because most callers of
``legal_plays`` never print most plays.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING

from .codes import ReasonCode
from .constants import BAR, OFF, Dice, State
from .errors import IllegalPlayError, NotationError
from .movegen import Move, full_plays, play_list
from .partial import PartialPlay

if TYPE_CHECKING:
    from .position import Position

_set = object.__setattr__


@dataclass(frozen=True, slots=True, init=False, eq=False, repr=False)
class Play:
    """A legal full play: its moves, in the mover's numbering, and its result.

    Immutable (a frozen, slotted dataclass) and hashable, like ``Position``:
    two plays are equal when they start from and lead to the same positions,
    whatever the order of their moves.

    >>> play = Position.initial().check("8/5 6/5", dice=(3, 1)).play
    >>> play.notation, play.dice_used
    ('8/5 6/5', 2)
    """

    position: Position
    dice: Dice
    moves: tuple[Move, ...]
    result: Position
    _notation: str | None = field(compare=False)
    """Written on first use."""

    def __init__(self, position: Position, dice: Dice, moves: tuple[Move, ...], result: Position) -> None:
        # By hand rather than generated: a big double builds thousands of plays,
        # and the generated frozen __init__ looks object.__setattr__ up each time.
        _set(self, "position", position)
        _set(self, "dice", dice)
        _set(self, "moves", moves)
        _set(self, "result", result)
        _set(self, "_notation", None)

    @classmethod
    def parse(cls, text: str, position: Position, dice: Dice | str | None = None) -> Play:
        """The legal play written as ``text``; raises ``NotationError`` or ``IllegalPlayError``.

        >>> Play.parse("6/5 8/5", Position.initial(), "31").notation
        '8/5 6/5'
        """
        verdict = position.check(text, dice)
        if verdict.play is None:
            codes = ", ".join(reason.code for reason in verdict.reasons)
            if verdict.reasons and verdict.reasons[0].code is ReasonCode.SYNTAX:
                raise NotationError(verdict.reasons[0].detail or "unreadable play")
            raise IllegalPlayError(f"illegal play {text!r}: {codes}", verdict)
        return verdict.play

    @property
    def notation(self) -> str:
        """Canonical notation in the mover's numbering, e.g. ``13/7 8/5*``."""
        notation = self._notation
        if notation is None:
            from .notation import format_moves

            notation = format_moves(self.moves)
            _set(self, "_notation", notation)
        return notation

    def steps(self) -> tuple[Position, ...]:
        """The board after each single move, the same side still on roll: for showing a play move by move.

        >>> [step.point(5) for step in Position.initial().check("8/5 6/5", dice=(3, 1)).play.steps()]
        [(0, 1), (0, 2)]
        """
        start = self.position.replace(dice=self.dice)
        partial = PartialPlay.start(start)
        steps = []
        for move in self.moves:
            after = partial.after(move)
            assert after is not None, "a legal play's moves can be made one after another"
            partial = after
            steps.append(partial.position(start))
        return tuple(steps)

    @property
    def dice_used(self) -> int:
        return len(self.moves)

    @property
    def is_pass(self) -> bool:
        """True when no checker could move: the turn passes."""
        return not self.moves

    @property
    def hits(self) -> int:
        return sum(1 for move in self.moves if move.hit)

    @property
    def bears_off(self) -> int:
        return sum(1 for move in self.moves if move.dst == OFF)

    @property
    def enters(self) -> int:
        return sum(1 for move in self.moves if move.src == BAR)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Play):
            return NotImplemented
        return self.position == other.position and self.result == other.result

    def __hash__(self) -> int:
        return hash((self.position, self.result))

    def __repr__(self) -> str:
        return f"<Play {self.notation or '(pass)'} {self.dice[0]}-{self.dice[1]}>"


def legal_plays(position: Position, dice: Dice) -> list[Play]:
    """Every distinct legal full play of ``position`` with ``dice``."""
    return [
        Play(position, dice, moves, position.after_play(mover, other))
        for mover, other, moves in play_list(position.mover, position.opponent_board, dice)
    ]


@functools.lru_cache(maxsize=16)
def plays_by_boards(position: Position, dice: Dice) -> Mapping[State, tuple[Move, ...]]:
    """The raw generator output for ``position``: boards after the play -> moves.

    Kept (read-only) for the last few positions: explaining why tempting
    plays are illegal checks hundreds of plays in one position, and each
    check needs this map, which takes tens of milliseconds to build in a
    position with thousands of plays.
    """
    return MappingProxyType(full_plays(position.mover, position.opponent_board, dice))
