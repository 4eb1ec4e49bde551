"""Rare situations found once per play-out game, then drawn from at will.

The full-turn obligations decide a turn only in special positions (a die
with nothing to do after the other, only one die playable).  Rather than
trying random moments, each game is scanned once for every roll with a
cheap filter on raw boards, the survivors are confirmed by the engine, and
the result is cached by game.  The filter moves checkers with the engine's
own ``single_moves`` on raw boards and only saves time: whatever it lets
through, the engine's ``legal_plays`` and ``check`` decide.
"""

from __future__ import annotations

from functools import lru_cache

from tutor.engine import Board, Position, single_moves

from .playouts import GAMES, game, sides
from .tempting import rejected_for, step

TRAP_STRIDE = 4
"""Traps are common enough that every fourth moment of a game is plenty (and four times faster)."""

ROLLS = tuple((high, low) for high in range(2, 7) for low in range(1, high))
"""The fifteen rolls that are not doubles, larger die first."""


def movable(m: Board, o: Board, die: int) -> list[tuple[int, int]]:
    """(src, dst) of the mover's single moves with ``die`` on raw boards."""
    return [(move.src, move.dst) for move, _, _ in single_moves(m, o, die)]


def can_move(m: Board, o: Board, die: int) -> bool:
    """Whether any checker of the mover can move ``die`` on raw boards."""
    return next(single_moves(m, o, die), None) is not None


@lru_cache(maxsize=GAMES)
def larger_die_spots(seed: int) -> tuple[tuple[int, tuple[int, int], str, str], ...]:
    """(moment, dice, only play, tempting smaller-die move) where only the larger die can be played."""
    found = []
    for index, position in enumerate(game(seed)[1:-1], start=1):
        m, o = position.mover, position.opponent_board
        for dice in ROLLS:
            high, low = dice
            highs, lows = list(single_moves(m, o, high)), list(single_moves(m, o, low))
            if not highs or not lows or len(highs) > 2 or len(lows) > 2:
                continue
            if any(can_move(m2, o2, low) for _, m2, o2 in highs) or any(can_move(m2, o2, high) for _, m2, o2 in lows):
                continue
            rolled = position.with_dice(dice)
            plays = rolled.legal_plays()
            if len(plays) != 1 or len(plays[0].moves) != 1:
                continue
            for move, _, _ in lows:
                text = step(move.src, move.dst)
                if rejected_for(rolled, text, ("must-use-larger-die",)):
                    found.append((index, dice, plays[0].notation, text))
                    break
    return tuple(found)


@lru_cache(maxsize=GAMES)
def trap_spots(seed: int) -> tuple[tuple[int, tuple[int, int], str], ...]:
    """(moment, dice, tempting) where one die played first leaves the other nothing,
    though another order plays both: the tempting play stops after that first move."""
    found = []
    positions = game(seed)
    for index in range(1, len(positions) - 1, TRAP_STRIDE):
        position = positions[index]
        m, o = position.mover, position.opponent_board
        for dice in ROLLS:
            for die, other in (dice, dice[::-1]):
                stuck = [move for move, m2, o2 in single_moves(m, o, die) if not can_move(m2, o2, other)]
                if not stuck:
                    continue
                rolled = position.with_dice(dice)
                for move in stuck:
                    text = step(move.src, move.dst)
                    if rejected_for(rolled, text, ("must-use-more-dice",)):
                        found.append((index, dice, text))
                        break
    return tuple(found)


def spot_position(seed: int, index: int, dice: tuple[int, int]) -> Position:
    return game(seed)[index].with_dice(dice)


__all__ = ["ROLLS", "can_move", "larger_die_spots", "movable", "sides", "spot_position", "trap_spots"]
