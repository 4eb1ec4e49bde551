"""Building positions checker by checker, so that they still look like backgammon.

Rare situations (only one die playable, one entry point open, a checker
that bears off and strands the other die) are built on purpose rather
than waited for in play-outs: the maker places the checkers its rule
needs, and the rest of each side goes where players keep checkers (the
opponent's home board, its bar point and midpoint; the mover's home
board, spread rather than piled).  Stacks stay small, each side has its
fifteen checkers, and the engine has the last word on every drill.

Boards are in their owners' numbering (0 borne off, 1..24, 25 the bar);
``Sides`` also speaks of the opponent's checkers by the *mover's* point
number, the one the questions use.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Collection, Sequence

from tutor.engine import BAR, BLACK, CHECKERS_PER_SIDE, OFF, WHITE, Dice, Position, is_blocked

MAX_STACK = 6
"""The most checkers a built point holds: more looks like nobody's game."""

OPPONENT_SPOTS = {6: 7, 5: 6, 4: 5, 8: 4, 13: 4, 3: 3, 7: 2, 2: 2, 9: 1, 10: 1, 11: 1, 1: 1, 12: 1}
"""Where an opponent keeps its checkers (its own numbering), and how much more often than elsewhere."""


@dataclass(slots=True)
class Sides:
    """Both boards of a position under construction, the mover's side on roll."""

    mover: list[int]
    other: list[int]
    turn: int

    @classmethod
    def empty(cls, turn: int) -> Sides:
        return cls([0] * 26, [0] * 26, turn)

    @classmethod
    def of(cls, position: Position) -> Sides:
        return cls(list(position.mover), list(position.opponent_board), position.turn)

    def holds(self, point: int) -> bool:
        """True when the opponent holds the mover's ``point``: nothing may land there."""
        return held(self.other, point)

    def opponent_on(self, point: int) -> int:
        """The opponent's checkers on the mover's ``point``."""
        return self.other[BAR - point]

    def set_opponent(self, point: int, count: int) -> None:
        self.other[BAR - point] = count

    def free_for_opponent(self, point: int) -> bool:
        """True when the opponent may put checkers on the mover's ``point`` (the mover has none there)."""
        return 1 <= point <= 24 and not self.mover[point]

    def left(self, board: Sequence[int]) -> int:
        """Checkers of ``board`` still to place: fifteen, less those on it and those borne off."""
        return CHECKERS_PER_SIDE - sum(board[1:]) - board[OFF]

    def position(self, dice: Dice | None = None, **stakes: object) -> Position:
        """The position, with the borne-off counts made up from what is on the board."""
        white, black = (self.mover, self.other) if self.turn == WHITE else (self.other, self.mover)
        return Position(white, black, turn=self.turn, dice=dice, **stakes)  # type: ignore[arg-type]


def held(other: Sequence[int], point: int) -> bool:
    """True when the opponent, whose board is ``other``, holds the mover's ``point`` (1..24)."""
    return is_blocked(other, BAR - point)


def any_side(rng: random.Random) -> int:
    return WHITE if rng.random() < 0.5 else BLACK


def spread(rng: random.Random, board: list[int], count: int, points: Sequence[int], cap: int = MAX_STACK) -> bool:
    """Put ``count`` checkers on ``points`` of ``board``, spread out, at most ``cap`` a point.

    Emptier points are likelier, so a home board fills up as players fill
    theirs; False when the points cannot hold them all.
    """
    points = list(points)
    if count > sum(max(cap - board[point], 0) for point in points):
        return False
    for _ in range(count):
        room = [point for point in points if board[point] < cap]
        weights = [cap + 1 - board[point] for point in room]
        board[rng.choices(room, weights)[0]] += 1
    return True


def fill_opponent(rng: random.Random, sides: Sides, keep_open: Collection[int] = (), blots: bool = False) -> bool:
    """Place the opponent's remaining checkers where an opponent keeps them, as made points.

    Never on the mover's checkers nor on ``keep_open`` (mover's points),
    at most ``MAX_STACK`` a point; a last odd checker joins a made point,
    or (with ``blots``) may stay alone.  False if there is no room.
    """
    board = sides.other
    need = sides.left(board)
    while need > 0:
        spots = [own for own in OPPONENT_SPOTS if sides.free_for_opponent(BAR - own) and BAR - own not in keep_open and board[own] < MAX_STACK]
        if not spots:
            return False
        made = [own for own in spots if is_blocked(board, own)]
        if need == 1 and made and not blots:
            spots = made
        weights = [OPPONENT_SPOTS[own] * (2 if is_blocked(board, own) else 1) for own in spots]
        own = rng.choices(spots, weights)[0]
        add = 1 if board[own] or need == 1 else min(need, rng.choice((2, 2, 3)))
        board[own] += add
        need -= add
    return True


def make_point(sides: Sides, point: int) -> bool:
    """Have the opponent hold the mover's ``point`` (False when it cannot: see ``take_spares``)."""
    return take_spares(sides, point, max(2, sides.opponent_on(point)))


def take_spares(sides: Sides, point: int, count: int) -> bool:
    """Bring the opponent's checkers on the mover's ``point`` up to ``count`` from its spares.

    A spare is a checker beyond the second on one of its points, or a lone
    checker outside its home board, the farthest first: no point it holds
    is given up.  False when none is left, or the mover sits there.
    """
    if not sides.free_for_opponent(point):
        return False
    board, own = sides.other, BAR - point
    while board[own] < count:
        spares = [source for source in range(24, 0, -1) if source != own and (board[source] >= 3 or (source > 6 and board[source] == 1))]
        if not spares:
            return False
        board[spares[0]] -= 1
        board[own] += 1
    return True


def set_opponent(rng: random.Random, sides: Sides, point: int, count: int, keep_open: Collection[int] = ()) -> bool:
    """Exactly ``count`` opponent checkers on the mover's ``point``: more come from
    spares, fewer send the rest where an opponent keeps them (never to ``keep_open``)."""
    if count > sides.opponent_on(point):
        return take_spares(sides, point, count)
    sides.set_opponent(point, count)
    return fill_opponent(rng, sides, {*keep_open, point})


def plausible(position: Position) -> bool:
    """No point holds more than ``MAX_STACK`` + 1 checkers (the play-outs' own piles included)."""
    return all(max(position.checkers(side)[1:25]) <= MAX_STACK + 1 for side in (WHITE, BLACK))
