"""The immutable ``Position``: checkers, side on roll, dice, cube and match.

Each side's checkers are kept as a 26-tuple in that side's own numbering, as
GNU Backgammon does: index ``OFF`` (0) counts the checkers borne off, 1..24
the points, ``BAR`` (25) the checkers on the bar.  White's point ``p`` is
Black's point ``25 - p``.  Keeping both sides in their own numbering makes
move generation identical for both colours and makes a play's result a
simple swap, with no re-indexing.

The one value type of the engine, with the functions around it: the
modules that read and write it (``xgid``, ``gnubgid``), find its plays
(``play``) and judge one (``check``) use ``Position`` only in their types,
and build one through the class they are handed or ``Position.after_play``.
This module imports them; none of them imports it back.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Collection, Iterable, Mapping, TypedDict, Unpack

from .constants import BAR, BLACK, CHECKERS_PER_SIDE, OFF, WHITE, Board, Dice, is_die, opponent
from . import gnubgid, xgid
from .check import Verdict, check_play
from .defects import Defect, find_defects
from .dice import parse_dice
from .errors import PositionError
from .layout import boards_from_layout
from .play import Play, legal_plays, plays_by_boards


class Stakes(TypedDict, total=False):
    """What a ``Position`` holds besides the checkers, as keyword arguments.

    ``Position()``, ``initial``, ``from_layout`` and ``replace`` take these;
    a type checker then knows each one's type, and an unknown name is an error.
    """

    turn: int
    dice: Iterable[int] | None
    cube_value: int
    cube_owner: int | None
    match_length: int
    score: tuple[int, int]
    crawford: bool
    jacoby: bool
    max_cube_log: int


def _board_from_counts(on_board: Iterable[int], bar: int) -> Board:
    """A 26-tuple with the borne-off count derived from the rest."""
    points = tuple(on_board)
    if len(points) != 24:
        raise PositionError(f"expected 24 point counts, got {len(points)}")
    off = CHECKERS_PER_SIDE - sum(points) - bar
    return (off, *points, bar)


def _ints(values: Iterable[int]) -> tuple[int, ...]:
    """``values`` as a tuple of ints: dice arrive as tuples, lists or any iterable of numbers."""
    return tuple(int(value) for value in values)


@dataclass(frozen=True, slots=True, init=False, repr=False)
class Position:
    """A backgammon position: who is on roll, with which dice, and the stakes.

    Build one from an XGID, a GNU Backgammon ID, ``Position.initial()`` or
    ``Position.from_layout()``.  Instances are immutable (a frozen, slotted
    dataclass: assigning a field raises ``FrozenInstanceError``) and hashable;
    two positions are equal when every field is.

    >>> p = Position.initial()
    >>> p.pip_count(WHITE), p.borne_off(BLACK)
    (167, 0)
    """

    _boards: tuple[Board, Board]
    turn: int
    dice: Dice | None
    cube_value: int
    cube_owner: int | None
    match_length: int
    score: tuple[int, int]
    crawford: bool
    jacoby: bool
    max_cube_log: int
    _hash: int | None = field(compare=False)
    """Computed on first use: positions are dictionary keys in every search."""

    def __init__(
        self,
        white: Iterable[int],
        black: Iterable[int],
        *,
        turn: int = WHITE,
        dice: Iterable[int] | None = None,
        cube_value: int = 1,
        cube_owner: int | None = None,
        match_length: int = 0,
        score: tuple[int, int] = (0, 0),
        crawford: bool = False,
        jacoby: bool = False,
        max_cube_log: int = 10,
    ) -> None:
        """Build from two 26-sequences in each side's own numbering.

        Index 0 (borne off) is recomputed from the rest, so callers may pass
        anything there.
        """
        boards = []
        for counts in (white, black):
            counts = tuple(int(c) for c in counts)
            if len(counts) != 26:
                raise PositionError(f"a side needs 26 counts (off, 1..24, bar), got {len(counts)}")
            boards.append(_board_from_counts(counts[1:25], counts[BAR]))
        if turn not in (WHITE, BLACK):
            raise PositionError(f"turn must be WHITE (0) or BLACK (1), not {turn!r}")
        if cube_owner not in (None, WHITE, BLACK):
            raise PositionError(f"cube owner must be None, WHITE or BLACK, not {cube_owner!r}")
        dice_pair = None
        if dice is not None:
            values = _ints(dice)
            if len(values) != 2:
                raise PositionError("dice must be a pair")
            dice_pair = (values[0], values[1])
        _init(
            self,
            (boards[0], boards[1]),
            turn,
            dice_pair,
            int(cube_value),
            cube_owner,
            int(match_length),
            (int(score[0]), int(score[1])),
            bool(crawford),
            bool(jacoby),
            int(max_cube_log),
        )

    # -- construction -----------------------------------------------------

    @classmethod
    def initial(cls, **stakes: Unpack[Stakes]) -> Position:
        """The starting position, White on roll and no dice yet.

        >>> Position.initial().to_xgid()
        'XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10'
        """
        side = [0] * 26
        for point, count in ((24, 2), (13, 5), (8, 3), (6, 5)):
            side[point] = count
        return cls(side, side, **stakes)

    @classmethod
    def from_layout(
        cls,
        white: Mapping[int | str, int],
        black: Mapping[int | str, int],
        **fields: Unpack[Stakes],
    ) -> Position:
        """Build from readable maps of checkers, both in White's numbering.

        Keys are point numbers as drawn in the diagrams (White's home bottom
        right, 1..24 for both colours) or ``"bar"``; checkers not placed are
        borne off.  This is how lessons describe a position by hand.

        >>> p = Position.from_layout({6: 2, 1: 1}, {21: 2, "bar": 1})
        >>> p.borne_off(WHITE), p.checkers(BLACK)[4], p.bar(BLACK)
        (12, 2, 1)
        """
        white_board, black_board = boards_from_layout(white, black)
        return cls(white_board, black_board, **fields)

    @classmethod
    def from_xgid(cls, text: str) -> Position:
        """Read an XGID (``XGID=`` prefix optional); the dice travel in it."""
        return xgid.parse_xgid(text, cls)

    def to_xgid(self) -> str:
        """Write the XGID, White at the bottom whoever is on roll."""
        return xgid.format_xgid(self)

    @classmethod
    def from_gnubg_id(cls, position_id: str, match_id: str | None = None) -> Position:
        """Read a GNU Backgammon Position ID and, optionally, a Match ID."""
        return gnubgid.read_gnubg_id(position_id, match_id, cls)

    def to_gnubg_id(self) -> str:
        """Write gnubg's combined ``POSID:MATCHID``; ``from_gnubg_id`` reads it back.

        >>> Position.initial().to_gnubg_id()
        '4HPwATDgc/ABMA:cAkAAAAAAAAE'
        """
        return gnubgid.format_gnubg_id(self)

    def replace(self, **changes: Unpack[Stakes]) -> Position:
        """A copy with some fields changed (``dice``, ``turn``, ``cube_value`` …)."""
        fields: Stakes = {
            "turn": self.turn,
            "dice": self.dice,
            "cube_value": self.cube_value,
            "cube_owner": self.cube_owner,
            "match_length": self.match_length,
            "score": self.score,
            "crawford": self.crawford,
            "jacoby": self.jacoby,
            "max_cube_log": self.max_cube_log,
        }
        unknown = set(changes) - set(fields)
        if unknown:
            raise TypeError(f"unknown Position fields: {sorted(unknown)}")
        fields.update(changes)
        return Position(self._boards[WHITE], self._boards[BLACK], **fields)

    def after_play(self, mover: Board, other: Board) -> Position:
        """The position once the side on roll has played ``mover`` against ``other``: the other side to roll.

        A fast path for move generation: the boards are trusted, nothing is
        re-validated.
        """
        result = Position.__new__(Position)
        boards = (mover, other) if self.turn == WHITE else (other, mover)
        _init(
            result,
            boards,
            opponent(self.turn),
            None,
            self.cube_value,
            self.cube_owner,
            self.match_length,
            self.score,
            self.crawford,
            self.jacoby,
            self.max_cube_log,
        )
        return result

    def with_dice(self, dice: Iterable[int] | str | None) -> Position:
        """The same position with other dice (a pair, ``"6-3"``, or None)."""
        if isinstance(dice, str):
            dice = parse_dice(dice)
        return self.replace(dice=None if dice is None else tuple(dice))

    # -- reading ----------------------------------------------------------

    def checkers(self, side: int) -> Board:
        """The 26-tuple of ``side`` in its own numbering (0 off, 25 bar)."""
        return self._boards[side]

    def bar(self, side: int) -> int:
        return self._boards[side][BAR]

    def borne_off(self, side: int) -> int:
        return self._boards[side][OFF]

    def point(self, white_point: int) -> tuple[int | None, int]:
        """Who holds a point given in White's numbering, and how many.

        >>> Position.initial().point(6), Position.initial().point(19)
        ((0, 5), (1, 5))
        """
        white = self._boards[WHITE][white_point]
        black = self._boards[BLACK][25 - white_point]
        if white and not black:
            return WHITE, white
        if black and not white:
            return BLACK, black
        return (None, 0) if not white else (None, white + black)

    def pip_count(self, side: int) -> int:
        """Total pips that ``side`` needs to bear everything off.

        >>> Position.initial().pip_count(BLACK)
        167
        """
        board = self._boards[side]
        return sum(point * board[point] for point in range(1, 26))

    @property
    def mover(self) -> Board:
        """The side on roll's checkers, in its own numbering."""
        return self._boards[self.turn]

    @property
    def opponent_board(self) -> Board:
        return self._boards[opponent(self.turn)]

    def winner(self) -> int | None:
        """The side that has borne off all 15 checkers, if any."""
        for side in (WHITE, BLACK):
            if self._boards[side][OFF] == CHECKERS_PER_SIDE:
                return side
        return None

    # -- validity ---------------------------------------------------------

    @property
    def defects(self) -> Defect:
        """Every reason why this position could not occur in a game."""
        return find_defects(self)

    @property
    def is_valid(self) -> bool:
        return not self.defects

    # -- plays ------------------------------------------------------------

    def legal_plays(self, dice: Iterable[int] | str | None = None) -> list[Play]:
        """Every distinct legal full play, distinct by resulting position.

        >>> len(Position.initial().legal_plays((3, 1)))
        16
        """
        return legal_plays(self, self._dice_or_own(dice))

    def play_count(self, dice: Iterable[int] | str | None = None) -> int:
        """How many distinct legal full plays there are: ``len(legal_plays())``, without building them.

        1 is a forced play (a roll that cannot be played is one play, the
        empty one).  The count comes from the map ``check`` builds and keeps
        for the last few positions, so asking after checking a play costs
        nothing more: a long match file is replayed at half the cost.

        >>> Position.initial().play_count((3, 1)), Position.initial().play_count((6, 6))
        (16, 11)
        """
        return len(plays_by_boards(self, self._dice_or_own(dice)))

    def check(self, text: str, dice: Iterable[int] | str | None = None, *, offer: Collection[str] = ()) -> Verdict:
        """Judge a proposed play written in notation; never raises on bad text.

        ``offer`` lists the plays (in notation) that an illegal play's
        ``alternative`` is chosen among, when it names any legal one: a
        puzzle that accepts only some plays suggests one of them.

        >>> Position.initial().check("8/5 6/5", dice=(3, 1)).legal
        True
        >>> Position.initial().check("24/18", dice=(3, 1)).reasons[0].alternative
        '24/23 24/21'
        >>> Position.initial().check("24/18", dice=(3, 1), offer=["8/5 6/5"]).reasons[0].alternative
        '8/5 6/5'
        """
        return check_play(self, text, self._dice_or_own(dice), offer=offer)

    def _dice_or_own(self, dice: Iterable[int] | str | None) -> Dice:
        if dice is None:
            if self.dice is None:
                raise PositionError("no dice: pass them or set them on the position")
            return self.dice
        if isinstance(dice, str):
            return parse_dice(dice)
        pair = _ints(dice)
        if len(pair) != 2 or not all(is_die(d) for d in pair):
            raise PositionError(f"dice must be two numbers 1..6, not {pair!r}")
        return pair[0], pair[1]

    # -- identity ---------------------------------------------------------

    def __hash__(self) -> int:
        cached = self._hash
        if cached is None:
            cached = hash(
                (
                    self._boards,
                    self.turn,
                    self.dice,
                    self.cube_value,
                    self.cube_owner,
                    self.match_length,
                    self.score,
                    self.crawford,
                    self.jacoby,
                    self.max_cube_log,
                )
            )
            _set(self, "_hash", cached)
        return cached

    def __repr__(self) -> str:
        return f"Position.from_xgid({self.to_xgid()!r})"


_set = object.__setattr__


def _init(
    position: Position,
    boards: tuple[Board, Board],
    turn: int,
    dice: Dice | None,
    cube_value: int,
    cube_owner: int | None,
    match_length: int,
    score: tuple[int, int],
    crawford: bool,
    jacoby: bool,
    max_cube_log: int,
) -> None:
    _set(position, "_boards", boards)
    _set(position, "turn", turn)
    _set(position, "dice", dice)
    _set(position, "cube_value", cube_value)
    _set(position, "cube_owner", cube_owner)
    _set(position, "match_length", match_length)
    _set(position, "score", score)
    _set(position, "crawford", crawford)
    _set(position, "jacoby", jacoby)
    _set(position, "max_cube_log", max_cube_log)
    _set(position, "_hash", None)


def parse_gnubg_id(position_id: str, match_id: str | None = None) -> Position:
    """Read a Position ID and, optionally, a Match ID: ``Position.from_gnubg_id`` as a function.

    The combined ``POSID:MATCHID`` form (optionally after ``GNUbgID``) is
    accepted as the first argument.

    >>> parse_gnubg_id("GNUbgID: 4HPwATDgc/ABMA:MAAAAAAAAAAA").turn == BLACK
    True
    """
    return Position.from_gnubg_id(position_id, match_id)


__all__ = ["Position", "Stakes", "Defect", "Board", "Dice", "parse_gnubg_id", "BLACK", "WHITE"]
