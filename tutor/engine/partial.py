"""Partial plays: a turn in progress, one checker and one die at a time.

A full play is what ``legal_plays`` returns; people (and GNU Backgammon's
move lists, and written notation) make it one single move after another.
Everything that follows a turn move by move goes through this module: the
checker of written plays, the destinations the board highlights, the
mapping of gnubg's moves to ours, the replay of a play move by move.

A ``PartialPlay`` is the state in between: both boards in their owners'
numbering and the dice still to play.  ``LegalTurn`` knows the legal full
plays of one position and roll, and answers which partial plays can still
become one of them and where each checker may go next.

>>> turn = LegalTurn(Position.initial().with_dice("6-5"))
>>> sorted(turn.destinations(turn.start)[24])
[13, 18]
>>> after = turn.start.move_from(24, 6)[1]
>>> after.dice_left, sorted(turn.destinations(after))
((5,), [8, 13, 18])
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Iterator, NamedTuple

from .constants import OFF, Board, Dice, opponent
from .movegen import Move, single_moves

if TYPE_CHECKING:
    from .play import Play
    from .position import Position


def expand_dice(dice: Dice) -> tuple[int, ...]:
    """The dice as single moves, larger first: two, or four of a double.

    The one place that says a double is played four times.

    >>> expand_dice((3, 5)), expand_dice((2, 2))
    ((5, 3), (2, 2, 2, 2))
    """
    high, low = max(dice), min(dice)
    return (high,) * 4 if high == low else (high, low)


def without_die(dice: tuple[int, ...], die: int) -> tuple[int, ...]:
    """``dice`` with one ``die`` used.

    >>> without_die((4, 4, 4), 4), without_die((6, 1), 1)
    ((4, 4), (6,))
    """
    index = dice.index(die)
    return dice[:index] + dice[index + 1 :]


def move_from(m: Board, o: Board, src: int, die: int) -> tuple[Move, Board, Board] | None:
    """The legal single move of a checker on ``src`` by ``die``, with the boards after it."""
    for move, m2, o2 in single_moves(m, o, die, max_src=src):
        return (move, m2, o2) if move.src == src else None
    return None


Step = tuple[int, int]
"""A written step ``(src, dst)``, which may take several dice (``24/13``)."""


class PartialPlay(NamedTuple):
    """A turn in progress: both boards (mover's numbering each) and the dice left.

    Partial plays are values: two reached by different orders of the same
    moves are equal, which is what makes searching over them cheap.
    """

    mover: Board
    opponent: Board
    dice_left: tuple[int, ...]

    @classmethod
    def start(cls, position: Position, dice: Dice | None = None) -> PartialPlay:
        """Nothing played yet: the position's (or ``dice``') single moves all left."""
        roll = position._dice_or_own(dice)
        return cls(position.mover, position.opponent_board, expand_dice(roll))

    @property
    def boards(self) -> tuple[Board, Board]:
        return self.mover, self.opponent

    def moves(self) -> Iterator[tuple[Move, PartialPlay]]:
        """Every legal single move with one of the dice left, and where it leads.

        Only the rules of one move apply here; whether the turn can still be
        completed legally is ``LegalTurn``'s question.
        """
        mover, opponent, dice_left = self
        for die in sorted(set(dice_left), reverse=True):
            left = without_die(dice_left, die)
            for move, m2, o2 in single_moves(mover, opponent, die):
                yield move, _new_partial(PartialPlay, (m2, o2, left))

    def move_from(self, src: int, die: int) -> tuple[Move, PartialPlay] | None:
        """The single move of a checker on ``src`` by ``die``, if one of the dice left allows it."""
        if die not in self.dice_left:
            return None
        found = move_from(self.mover, self.opponent, src, die)
        if found is None:
            return None
        move, m2, o2 = found
        return move, PartialPlay(m2, o2, without_die(self.dice_left, die))

    def after(self, move: Move) -> PartialPlay | None:
        """The partial play once ``move`` is made, or None if it cannot be made here."""
        found = self.move_from(move.src, move.die)
        if found is None or found[0].dst != move.dst:
            return None
        return found[1]

    def continuations(self) -> set[PartialPlay]:
        """Every partial play reachable by playing on with the dice left, this one included."""
        return reachable([self])

    def carry_out(self, steps: Iterable[Step]) -> Iterator[tuple[PartialPlay, tuple[Move, ...]]]:
        """Every way to carry out written steps by legal single moves.

        One die at a time, any step next: the steps of different checkers
        may interleave (two checkers entering with 1-1 before either moves
        on), and a step written across several dice (``24/13``) may take
        them in any order.  Yields the partial play reached and the moves;
        larger dice are tried first.
        """
        pending = tuple(steps)
        if not pending:
            yield self, ()
            return
        tried = set()
        for index, (src, dst) in enumerate(pending):
            for die in sorted(set(self.dice_left), reverse=True):
                if (src, dst, die) in tried:
                    continue
                tried.add((src, dst, die))
                found = self.move_from(src, die)
                if found is None:
                    continue
                move, after = found
                if move.dst == dst:
                    rest = pending[:index] + pending[index + 1 :]
                elif move.dst != OFF and move.dst > dst:
                    rest = pending[:index] + ((move.dst, dst),) + pending[index + 1 :]
                else:
                    continue
                for reached, later in after.carry_out(rest):
                    yield reached, (move,) + later

    def position(self, start: Position) -> Position:
        """The board mid-turn as a ``Position``: ``start``'s side still on roll, with its dice."""
        return start.after_play(self.mover, self.opponent).replace(turn=start.turn, dice=start.dice)


_new_partial = tuple.__new__
"""Builds a ``PartialPlay`` without the named-tuple constructor's overhead (searches build many)."""


def reachable(partials: Iterable[PartialPlay]) -> set[PartialPlay]:
    """Every partial play reachable from ``partials`` by playing on, them included."""
    seen = set(partials)
    frontier = list(seen)
    while frontier:
        for _, after in frontier.pop().moves():
            if after not in seen:
                seen.add(after)
                frontier.append(after)
    return seen


class LegalTurn:
    """The legal full plays of one position and roll, followed one move at a time.

    A partial play is *completable* when some legal full play extends it:
    the same number of dice as every legal play uses, ending on one of
    their positions.  Highlighting only completable moves is what lets the
    board refuse, before the turn ends, a move the full-turn rules forbid.
    """

    def __init__(self, position: Position, dice: Dice | None = None) -> None:
        self.position = position
        self.start = PartialPlay.start(position, dice)
        self.plays: list[Play] = position.legal_plays(dice)
        self._by_boards = {(play.result.checkers(position.turn), play.result.checkers(opponent(position.turn))): play for play in self.plays}
        self._dice_left_at_end = len(self.start.dice_left) - len(self.plays[0].moves)
        self._completable: dict[PartialPlay, bool] = {}
        self._next: dict[PartialPlay, list[tuple[Move, PartialPlay]]] = {}

    def is_complete(self, partial: PartialPlay) -> bool:
        """True when ``partial`` is a legal full play: nothing more may be played."""
        return len(partial.dice_left) == self._dice_left_at_end and partial.boards in self._by_boards

    def play(self, partial: PartialPlay) -> Play | None:
        """The legal full play ``partial`` has made, if it is complete."""
        return self._by_boards.get(partial.boards) if self.is_complete(partial) else None

    def can_complete(self, partial: PartialPlay) -> bool:
        """True when some legal full play extends ``partial``."""
        known = self._completable.get(partial)
        if known is None:
            if len(partial.dice_left) <= self._dice_left_at_end:
                known = self.is_complete(partial)
            else:
                known = any(self.can_complete(after) for _, after in partial.moves())
            self._completable[partial] = known
        return known

    def next_moves(self, partial: PartialPlay) -> list[tuple[Move, PartialPlay]]:
        """The single moves after which the turn can still be completed legally."""
        known = self._next.get(partial)
        if known is None:
            known = [] if self.is_complete(partial) else [(move, after) for move, after in partial.moves() if self.can_complete(after)]
            self._next[partial] = known
        return known

    def destinations(self, partial: PartialPlay) -> dict[int, set[int]]:
        """Where each checker may go next: ``{source: {destinations}}``, mover's numbering.

        A destination is one die away, or several dice on the same checker
        (``24/13`` with 6-5), and always keeps the turn completable.
        """
        targets: dict[int, set[int]] = {}
        for move, after in self.next_moves(partial):
            self._chain(targets, move.src, move.dst, after)
        return targets

    def _chain(self, targets: dict[int, set[int]], src: int, dst: int, partial: PartialPlay) -> None:
        targets.setdefault(src, set()).add(dst)
        if dst == OFF:
            return
        for move, after in self.next_moves(partial):
            if move.src == dst:
                self._chain(targets, src, move.dst, after)

    def walk(self) -> Iterator[PartialPlay]:
        """Every completable partial play, from the start, each once (complete ones included)."""
        seen = {self.start}
        frontier = [self.start]
        while frontier:
            partial = frontier.pop()
            yield partial
            for _, after in self.next_moves(partial):
                if after not in seen:
                    seen.add(after)
                    frontier.append(after)


__all__ = ["LegalTurn", "PartialPlay", "Step", "expand_dice", "move_from", "reachable", "without_die"]
