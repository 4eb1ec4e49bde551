"""Positions that look like backgammon: games played out with the engine.

Drills start from positions reached in play, not from checkers dropped at
random.  A *game* is a seeded play-out from the starting position in which
each side picks one of its legal plays at random, often preferring
plays that hit (so that checkers go to the bar as in real games) and,
most of the time a play that bears off the most and wastes no pips
inside the home board (so home boards stay spread over the six points
instead of piling on the low ones, as in real play).  Games are cached by seed: a drill picks a
game and a moment of it, then adjusts what its rule needs.

Boards here are lists in the mover's own numbering (0 borne off, 1..24 the
points, 25 the bar), as in ``tutor.engine``; the opponent's point ``p`` is
the mover's point ``25 - p``.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Sequence

from tutor.engine import BAR, BLACK, CHECKERS_PER_SIDE, OFF, WHITE, Position, is_blocked

GAMES = 64
"""How many distinct play-out games the drills draw from (each cached once made)."""
MAX_TURNS = 300


def _preference(play) -> int:
    """Hits count, so play-outs send checkers to the bar as real games do (cheap to compute)."""
    return play.hits


def _racing(play) -> tuple[int, int]:
    """Bear off the most, and do not shuffle checkers already home (pips spent inside home are lost)."""
    inside = sum(1 for move in play.moves if move.src <= 6 and move.dst > 0)
    return play.bears_off, -inside


@lru_cache(maxsize=GAMES)
def game(seed: int) -> tuple[Position, ...]:
    """Every position of one seeded play-out, with the side on roll and no dice, in order.

    The last position is the finished game (one side has borne off all 15).
    """
    rng = random.Random(f"playout:{seed}")
    position = Position.initial(turn=rng.choice((WHITE, BLACK)))
    found = [position]
    for _ in range(MAX_TURNS):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        plays = position.legal_plays(dice)
        if rng.random() < 0.85:
            best_race = max(_racing(play) for play in plays)
            plays = [play for play in plays if _racing(play) == best_race]
        if len(plays) > 1 and rng.random() < 0.2:
            best = max(_preference(play) for play in plays)
            plays = [play for play in plays if _preference(play) == best]
        position = rng.choice(plays).result
        found.append(position)
        if position.winner() is not None:
            break
    return tuple(found)


def random_game(rng: random.Random) -> tuple[Position, ...]:
    return game(rng.randrange(GAMES))


def sides(position: Position) -> tuple[list[int], list[int]]:
    """The mover's and the opponent's boards as editable lists."""
    return list(position.mover), list(position.opponent_board)


def build(mover: Sequence[int], other: Sequence[int], turn: int, **fields: object) -> Position:
    """A Position from boards in their owners' numbering, ``turn`` on roll."""
    white, black = (mover, other) if turn == WHITE else (other, mover)
    return Position(white, black, turn=turn, **fields)  # type: ignore[arg-type]


def outside_home(board: Sequence[int]) -> int:
    """Checkers of a side not yet in its home board (bar included)."""
    return sum(board[point] for point in range(7, 26))


def on_board(board: Sequence[int]) -> int:
    return CHECKERS_PER_SIDE - board[OFF]


def highest(board: Sequence[int]) -> int:
    """The farthest occupied point (25 for the bar, 0 if none left)."""
    for point in range(BAR, 0, -1):
        if board[point]:
            return point
    return 0


def made(board: Sequence[int], point: int) -> bool:
    """True when the side owning ``board`` holds ``point`` (its own numbering) with two or more."""
    return is_blocked(board, point)


def blocks(other: Sequence[int], mover_point: int) -> bool:
    """True when the opponent holds the mover's ``mover_point`` with two or more checkers."""
    return is_blocked(other, 25 - mover_point)


def pick(rng: random.Random, items: Sequence):
    return items[rng.randrange(len(items))] if items else None
