"""Positions that look like backgammon: games played out with the engine.

Many drills start from positions reached in play, not from checkers
dropped at random.  A *game* is a seeded play-out from the starting
position in which each side picks one of its legal plays at random, often
preferring plays that hit (so that checkers go to the bar as in real
games), never piling more than five checkers on a point when it can be
helped, and, most of the time, a play that bears off the most and wastes
no pips inside the home board (so home boards stay spread over the six
points, as in real play).  Games are cached by
seed: a drill picks a game and a moment of it, then adjusts what its rule
needs (``build``).

Boards here are in the mover's own numbering (0 borne off, 1..24 the
points, 25 the bar), as in ``tutor.engine``; the opponent's point ``p`` is
the mover's point ``25 - p``.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Sequence, TypeVar

from tutor.engine import BAR, BLACK, WHITE, Play, Position

GAMES = 128
"""How many distinct play-out games the drills draw from (each cached once made)."""
MAX_TURNS = 300

T = TypeVar("T")


def _preference(play: Play) -> int:
    """Hits count, so play-outs send checkers to the bar as real games do (cheap to compute)."""
    return play.hits


def _racing(play: Play) -> tuple[int, int]:
    """Bear off the most, and do not shuffle checkers already home (pips spent inside home are lost)."""
    inside = sum(1 for move in play.moves if move.src <= 6 and move.dst > 0)
    return play.bears_off, -inside


def _piles(play: Play) -> int:
    """How far the play piles checkers beyond five on one point (players spread them)."""
    return max(max(play.result.checkers(play.position.turn)[1:BAR]) - 5, 0)


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
        least = min(_piles(play) for play in plays)
        plays = [play for play in plays if _piles(play) == least]
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


def moment(rng: random.Random) -> Position | None:
    """A moment of a play-out, before the end, with nothing of the side on roll on the bar."""
    position = pick(rng, random_game(rng)[1:-1])
    if position is None or position.bar(position.turn):
        return None
    return position


def pick(rng: random.Random, items: Sequence[T]) -> T | None:
    return items[rng.randrange(len(items))] if items else None
