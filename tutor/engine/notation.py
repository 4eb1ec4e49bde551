"""Backgammon notation, read and written, in the mover's own numbering.

Written: ``13/7 8/5*``, ``bar/23``, ``6/off``, ``9/5*/3``, ``13/7(2)``,
``24/13`` (one checker moved by both dice).  Read: the same, plus the Spanish
aliases ``barra`` and ``fuera``, ``25`` for the bar and ``0`` for off, moves
separated by spaces or commas, and ``*`` optional (the engine knows whether
a move hits).  The empty play, when no checker can move, is written as
nothing and read from nothing or ``pasar``.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Iterable, NamedTuple

from .constants import BAR, OFF
from .errors import NotationError
from .movegen import Move

MAX_PLAY_TEXT = 200
"""Longer texts are not plays; refusing them early keeps parsing cheap."""

PASS_WORDS = frozenset({"pasar", "paso", "pass", "-"})
"""Ways to write the empty play, when no checker can move."""
_SOURCE_WORDS = {"bar": BAR, "barra": BAR}
_DESTINATION_WORDS = {"off": OFF, "fuera": OFF}
_CHAIN = re.compile(
    r"""^(?P<src>bar|barra|\d{1,2})\*?
        (?P<rest>(?:/(?:\d{1,2}|off|fuera)\*?)+)
        (?:\((?P<times>[1-4])\))?$""",
    re.VERBOSE,
)
_STEP = re.compile(r"/(\d{1,2}|off|fuera)(\*?)")


class Segment(NamedTuple):
    """One written step ``src/dst`` of a checker; may need several dice."""

    src: int
    dst: int
    hit_marked: bool = False


def parse_play(text: str) -> list[Segment]:
    """Read a play into its written steps, multipliers expanded.

    >>> parse_play("bar/22 9/5*/3")
    [Segment(src=25, dst=22, hit_marked=False), Segment(src=9, dst=5, hit_marked=True), Segment(src=5, dst=3, hit_marked=False)]
    >>> [tuple(s[:2]) for s in parse_play("13/7(2), 6/fuera")]
    [(13, 7), (13, 7), (6, 0)]
    """
    if not isinstance(text, str):
        raise NotationError("a play must be text")
    if len(text) > MAX_PLAY_TEXT:
        raise NotationError(f"a play is at most {MAX_PLAY_TEXT} characters")
    normalised = text.strip().lower()
    if normalised in PASS_WORDS:
        return []
    normalised = re.sub(r"\s*/\s*", "/", normalised)
    normalised = re.sub(r"\s+\*", "*", normalised)
    normalised = re.sub(r"\s*\(\s*(\d)\s*\)", r"(\1)", normalised)
    segments: list[Segment] = []
    for token in re.split(r"[\s,;]+", normalised):
        if token:
            segments.extend(_parse_chain(token))
    return segments


def _parse_chain(token: str) -> list[Segment]:
    match = _CHAIN.match(token)
    if match is None:
        raise NotationError(f"cannot read {token!r}: write moves as origin/destination, e.g. 13/7 or bar/22")
    src = _source(match["src"])
    steps: list[Segment] = []
    for point_text, star in _STEP.findall(match["rest"]):
        dst = _destination(point_text)
        if src == OFF:
            raise NotationError(f"nothing moves on after bearing off in {token!r}")
        steps.append(Segment(src, dst, bool(star)))
        src = dst
    return steps * int(match["times"] or 1)


def _source(text: str) -> int:
    if text in _SOURCE_WORDS:
        return _SOURCE_WORDS[text]
    point = int(text)
    if not 1 <= point <= 25:
        raise NotationError(f"{point} is not a point to move from (1..24, or bar)")
    return point


def _destination(text: str) -> int:
    if text in _DESTINATION_WORDS:
        return _DESTINATION_WORDS[text]
    point = int(text)
    if not 0 <= point <= 24:
        raise NotationError(f"{point} is not a point to move to (1..24, or off)")
    return point


def point_name(point: int) -> str:
    """``bar``, ``off`` or the number."""
    if point == BAR:
        return "bar"
    if point == OFF:
        return "off"
    return str(point)


def format_moves(moves: Iterable[Move]) -> str:
    """Canonical notation for single moves taken in order.

    A checker moved by several dice is one chain (``24/13``); intermediate
    points are written only where it hit (``9/5*/3``) or when the chain
    bears off (``6/4/off``).  Equal chains are
    counted (``13/7(2)``).  Chains come from the farthest point first.

    >>> format_moves([Move(13, 9, 4), Move(13, 9, 4), Move(9, 5, 4), Move(9, 5, 4)])
    '13/5(2)'
    """
    chains: list[list[tuple[int, bool]]] = []
    for move in moves:
        for chain in chains:
            end = chain[-1][0]
            if end == move.src and end != OFF:
                chain.append((move.dst, move.hit))
                break
        else:
            chains.append([(move.src, False), (move.dst, move.hit)])
    written = [_format_chain(chain) for chain in chains]
    order = {text: (chain[0][0], chain[-1][0]) for text, chain in zip(written, chains)}
    counts = Counter(written)
    parts = sorted(counts, key=lambda text: order[text], reverse=True)
    return " ".join(text if counts[text] == 1 else f"{text}({counts[text]})" for text in parts)


def _format_chain(chain: list[tuple[int, bool]]) -> str:
    text = point_name(chain[0][0])
    last = len(chain) - 1
    # Bearing off with several dice keeps its stops (6/4/off): there the
    # order of the dice decides legality, so the reader should see it.
    every_stop = chain[-1][0] == OFF
    for index, (point, hit) in enumerate(chain[1:], start=1):
        if hit or index == last or every_stop:
            text += "/" + point_name(point) + ("*" if hit else "")
    return text
