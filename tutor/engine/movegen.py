"""Move generation on raw boards: the rules of a single move, and full plays.

Everything here works on two 26-tuples in their owners' own numbering: the
mover's board ``m`` and the opponent's board ``o`` (the mover's point ``p``
is the opponent's point ``25 - p``).  ``single_moves`` is the one place where
the rules of one checker moving one die live; full plays, the checking of a
proposed play and the explanations all go through it.

Full plays are generated die by die, de-duplicating the positions reached
after each partial move, never by permuting moves.  With doubles the moves
are taken in non-increasing order of their starting point (as GNU Backgammon
does): any legal sequence of equal dice can be reordered that way with the
same result, so nothing is lost and permutations are never produced.
"""

from __future__ import annotations

from typing import Iterable, Iterator, NamedTuple, Sequence

from .codes import ReasonCode
from .constants import BAR, HOME_TOP, OFF, Board, Dice, State

Found = tuple[Board, Board, tuple["Move", ...]]
"""A play found: the mover's and the opponent's boards after it, and its moves."""


class Move(NamedTuple):
    """One checker moved by one die, in the mover's numbering.

    ``src`` is ``BAR`` (25) when entering, ``dst`` is ``OFF`` (0) when bearing
    off; ``hit`` says whether an opposing blot was sent to the bar.
    """

    src: int
    dst: int
    die: int
    hit: bool = False


def highest_point(m: Board) -> int:
    """The mover's farthest checker from home (25 means one on the bar, 0 none)."""
    for point in range(25, 0, -1):
        if m[point]:
            return point
    return 0


MADE_POINT = 2
"""Checkers of one side that make a point: the other side may not land there (a lone one is a blot)."""


def is_blocked(board: Sequence[int], point: int) -> bool:
    """Whether the side owning ``board`` holds ``point`` (in its own numbering) with two or more checkers.

    The other side may then neither land on it nor enter there: in the other
    side's numbering it is point ``25 - point``.  Only the points 1 to 24 can
    be held (the bar and the borne-off checkers are not points).

    >>> from tutor.engine import Position
    >>> board = Position.from_layout({6: 5, 8: 1}, {}).mover
    >>> is_blocked(board, 6), is_blocked(board, 8), is_blocked(board, 0)
    (True, False, False)
    """
    return 1 <= point <= 24 and board[point] >= MADE_POINT


def single_moves(m: Board, o: Board, die: int, max_src: int = BAR) -> Iterator[tuple[Move, Board, Board]]:
    """Every legal move of one checker by ``die``, with the boards after it.

    ``max_src`` limits the starting points (used for doubles' canonical
    order).  The rules applied, all from the seed pages:

    - a checker on the bar must enter first, on the point ``25 - die`` of the
      mover's numbering, and nothing else moves while one waits there;
    - no landing on a point held by two or more opposing checkers; landing on
      a lone opposing checker hits it;
    - bearing off only when every active checker is home; an exact die from
      its point; a higher die only from the highest occupied point.

    ``is_blocked`` states the second rule; it is written out below because
    this loop is the engine's hottest, and ``move_obstacle`` (which uses it)
    is tested against this function.

    >>> from tutor.engine import Position
    >>> p = Position.initial()  # with a 5, 24/19 and 6/1 would land on made points
    >>> sorted(move.src for move, _, _ in single_moves(p.mover, p.opponent_board, 5))
    [8, 13]
    """
    top = highest_point(m)
    if top == BAR:
        if max_src < BAR:
            return
        dst = BAR - die
        blockers = o[die]
        if blockers < 2:  # not is_blocked(o, die), written out (see above)
            yield _apply(m, o, BAR, dst, die, blockers == 1)
        return
    all_home = top <= HOME_TOP
    start = min(top, max_src)
    for src in range(start, 0, -1):
        if not m[src]:
            continue
        dst = src - die
        if dst > 0:
            blockers = o[25 - dst]
            if blockers < 2:  # not is_blocked(o, 25 - dst), written out
                yield _apply(m, o, src, dst, die, blockers == 1)
        elif all_home and (dst == 0 or src == top):
            yield _apply(m, o, src, OFF, die, False)


class Obstacle(NamedTuple):
    """Why one checker cannot move by one die: the rule, and the point that decides it."""

    code: ReasonCode
    point: int
    """The blocked point, the bar, the mover's farthest checker, or the empty ``src``."""
    checkers: int
    """The checkers on ``point``: the opponent's on a blocked point, the mover's otherwise."""


def move_obstacle(m: Board, o: Board, src: int, die: int) -> Obstacle | None:
    """Why ``single_moves`` offers no move from ``src`` with ``die``, or None.

    It states the same rules as ``single_moves`` from the other side; a test
    keeps the two in agreement.
    """
    top = highest_point(m)
    if top == BAR and src != BAR:
        return Obstacle(ReasonCode.BAR_FIRST, BAR, m[BAR])
    if not m[src]:
        return Obstacle(ReasonCode.NO_CHECKER, src, 0)
    dst = src - die
    if dst > 0:
        return Obstacle(ReasonCode.BLOCKED, dst, o[25 - dst]) if is_blocked(o, 25 - dst) else None
    if top > HOME_TOP:
        return Obstacle(ReasonCode.BEAR_OFF_NOT_ALL_HOME, top, m[top])
    if dst < 0 and src != top:
        return Obstacle(ReasonCode.HIGHER_DIE_NOT_HIGHEST, top, m[top])
    return None


_new_move = tuple.__new__
"""Builds a ``Move`` without the named-tuple constructor's overhead."""


def _apply(m: Board, o: Board, src: int, dst: int, die: int, hit: bool) -> tuple[Move, Board, Board]:
    mover = list(m)
    mover[src] -= 1
    mover[dst] += 1  # dst OFF (0) is the borne-off count
    if hit:
        other = list(o)
        other[25 - dst] = 0
        other[BAR] += 1
        return _new_move(Move, (src, dst, die, True)), tuple(mover), tuple(other)
    return _new_move(Move, (src, dst, die, False)), tuple(mover), o


def apply_move(m: Board, o: Board, move: Move) -> State | None:
    """The boards after ``move`` if it is legal from ``(m, o)``, else None."""
    for candidate, mover, other in single_moves(m, o, move.die):
        if candidate.src == move.src:
            return mover, other
    return None


def full_plays(m: Board, o: Board, dice: Dice) -> dict[State, tuple[Move, ...]]:
    """Every distinct legal full play: resulting boards mapped to one move list.

    Applies the full-turn obligation: as many dice as possible; when only
    one die can be played, the larger one if it can be.  A roll with no
    legal move gives the single empty play (the turn passes).
    """
    return {(m2, o2): moves for m2, o2, moves in play_list(m, o, dice)}


def play_list(m: Board, o: Board, dice: Dice) -> list[Found]:
    """``full_plays`` as a list of ``(mover, opponent, moves)``, in the same order.

    While searching, a position reached without hitting is known by the
    mover's board alone: the opponent's board is then the starting one, the
    very same tuple, since ``single_moves`` passes it on untouched when
    nothing is hit (and a hit puts a checker on the bar, so a play that hit
    never gives the starting board back).  After a hit the key is the pair
    of boards, which never equals a single board.  Hashing one board
    instead of two is most of the saving on big doubles.
    """
    d1, d2 = dice
    if d1 == d2:
        return _doubles(m, o, d1)
    return _non_doubles(m, o, max(d1, d2), min(d1, d2))


def _non_doubles(m: Board, o: Board, high: int, low: int) -> list[Found]:
    # keyed as play_list explains: the mover's board, or both boards after a hit
    both: dict[object, Found] = {}
    high_only: dict[object, Found] = {}
    low_only: dict[object, Found] = {}
    for first, second, singles in ((high, low, high_only), (low, high, low_only)):
        for move1, m1, o1 in single_moves(m, o, first):
            followed = False
            for move2, m2, o2 in single_moves(m1, o1, second):
                followed = True
                both.setdefault(m2 if o2 is o else (m2, o2), (m2, o2, (move1, move2)))
            if not followed and not both:
                singles.setdefault(m1 if o1 is o else (m1, o1), (m1, o1, (move1,)))
    for found in (both, high_only, low_only):
        if found:
            return list(found.values())
    return [(m, o, ())]


def _doubles(m: Board, o: Board, die: int) -> list[Found]:
    # A state is (mover, opponent, highest source allowed next, moves so far);
    # of two ways to one position the one allowing more later moves is kept.
    frontier: Iterable[tuple[Board, Board, int, tuple[Move, ...]]] = [(m, o, BAR, ())]
    for _ in range(4):
        following: dict[object, tuple[Board, Board, int, tuple[Move, ...]]] = {}
        for mover, other, max_src, moves in frontier:
            for move, m2, o2 in single_moves(mover, other, die, max_src):
                key = m2 if o2 is o else (m2, o2)
                state = (m2, o2, move.src, moves + (move,))
                known = following.setdefault(key, state)
                if known[2] < move.src:
                    following[key] = state
        if not following:
            break
        frontier = following.values()
    return [(m2, o2, moves) for m2, o2, _, moves in frontier]
