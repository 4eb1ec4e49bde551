"""Writing tempting plays and keeping only those the engine rejects for the right reason."""

from __future__ import annotations

import random

from tutor.engine import BAR, OFF, Position, is_blocked


def step(src: int, dst: int) -> str:
    """One written step in the mover's notation: ``13/8``, ``bar/22``, ``6/off``."""
    left = "bar" if src == BAR else str(src)
    right = "off" if dst <= OFF else str(dst)
    return f"{left}/{right}"


def rejected_for(position: Position, text: str, codes: tuple[str, ...]) -> bool:
    """True when the engine finds ``text`` illegal and its first reason is one of ``codes``."""
    verdict = position.check(text)
    return not verdict.legal and bool(verdict.reasons) and verdict.reasons[0].code in codes


def complete(rng: random.Random, position: Position, first: str, other_die: int, codes: tuple[str, ...]) -> str | None:
    """``first`` followed by a natural move of ``other_die``, still rejected for ``codes``.

    A learner writes a whole turn, so the tempting play uses both dice when
    some checker could take the other die; if no such completion keeps the
    same reason, ``first`` alone is the tempting play (when it has it).
    """
    mover = position.mover
    sources = [point for point in range(1, 25) if mover[point] and point - other_die >= 1]
    rng.shuffle(sources)
    opponent = position.opponent_board
    for src in sources[:6]:
        dst = src - other_die
        if is_blocked(opponent, 25 - dst):
            continue
        text = f"{first} {step(src, dst)}"
        if rejected_for(position, text, codes):
            return text
    return first if rejected_for(position, first, codes) else None


def legal_play_count(position: Position) -> int:
    return len(position.legal_plays())


def level_by_plays(count: int, easy: int = 4, hard: int = 16) -> int:
    """Few plays to choose from is easy (up to ``easy``); ``hard`` or more is a real game decision."""
    if count <= easy:
        return 1
    return 2 if count < hard else 3



def level_by_pips(position: Position, low: int, high: int) -> int:
    """Where the number of plays says little: a short race to go is easy, a long one is hard."""
    pips = position.pip_count(position.turn)
    return 1 if pips <= low else 2 if pips <= high else 3
