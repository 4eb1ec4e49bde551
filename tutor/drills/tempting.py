"""Writing tempting plays and keeping only those the engine rejects for the right reason.

A tempting play is the natural mistake of a learner who ignores exactly
the drill's rule.  It must be illegal for that rule's reason, and writing
it out must not reach a position some legal play reaches: otherwise the
learner's board would look right while the text is called wrong.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Sequence

from tutor.engine import BAR, OFF, EngineError, Position, parse_play

from .build import held

Boards = tuple[tuple[int, ...], tuple[int, ...]]


def step(src: int, dst: int) -> str:
    """One written step in the mover's notation: ``13/8``, ``bar/22``, ``6/off``."""
    left = "bar" if src == BAR else str(src)
    right = "off" if dst <= OFF else str(dst)
    return f"{left}/{right}"


def moved(mover: tuple[int, ...], other: tuple[int, ...], src: int, dst: int) -> Boards:
    """The boards after one checker goes from ``src`` to ``dst`` (a lone opposing checker there is hit),
    whatever the rules say."""
    after, others = list(mover), list(other)
    after[src] -= 1
    after[dst] += 1
    if dst != OFF and others[BAR - dst] == 1:
        others[BAR - dst] = 0
        others[BAR] += 1
    return tuple(after), tuple(others)


def written_result(position: Position, text: str) -> Boards | None:
    """The boards after moving each written step as written, whatever the rules say."""
    try:
        segments = parse_play(text)
    except EngineError:
        return None
    boards = position.mover, position.opponent_board
    for segment in segments:
        if boards[0][segment.src] <= 0:
            return None
        boards = moved(*boards, segment.src, segment.dst)
    return boards


@lru_cache(maxsize=64)
def legal_results(position: Position) -> frozenset[Boards]:
    """The boards every legal play reaches (kept for the last positions: makers ask several times)."""
    turn = position.turn
    return frozenset((play.result.checkers(turn), play.result.checkers(1 - turn)) for play in position.legal_plays())


def one_result(position: Position) -> bool:
    """True when every legal play reaches the same position: the rule leaves one play, not a choice
    where a learner who ignores it may still land on a legal one by chance."""
    return len(legal_results(position)) == 1


def rejected_for(position: Position, text: str, codes: Sequence[str]) -> bool:
    """True when the engine finds ``text`` illegal, its first reason one of ``codes``,
    and the written play reaches no position a legal play reaches."""
    verdict = position.check(text)
    if verdict.legal or not verdict.reasons or verdict.reasons[0].code not in codes:
        return False
    return written_result(position, text) not in legal_results(position)


def complete(rng: random.Random, position: Position, first: str, other_die: int, codes: Sequence[str]) -> str | None:
    """``first`` followed by a natural move of ``other_die``, still rejected for ``codes``.

    A learner writes a whole turn, so the tempting play uses both dice when
    some checker could take the other die; if no such completion keeps the
    same reason, ``first`` alone is the tempting play (when it has it).
    """
    mover = position.mover
    sources = [point for point in range(1, 25) if mover[point] and point - other_die >= 1]
    rng.shuffle(sources)
    for src in sources[:6]:
        dst = src - other_die
        if held(position.opponent_board, dst):
            continue
        text = f"{first} {step(src, dst)}"
        if rejected_for(position, text, codes):
            return text
    return first if rejected_for(position, first, codes) else None


def level_by_plays(count: int, easy: int = 4, hard: int = 16) -> int:
    """Few plays to choose from is easy (up to ``easy``); ``hard`` or more is a real game decision."""
    if count <= easy:
        return 1
    return 2 if count < hard else 3
