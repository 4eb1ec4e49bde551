"""Judging a proposed play: a ``Verdict`` with machine-readable ``Reason``\\ s.

A play is legal when its written steps can be carried out, in some order
and with some assignment of the dice, by legal single moves, and the
position reached is one that a legal full play reaches.  Otherwise the
verdict says why, with stable codes and the concrete points and dice.  The
engine writes no prose: the Django layer turns codes into Spanish.

Codes:

``syntax``                 the text could not be read (``detail`` says why)
``no-checker``             no checker of the mover on ``src``
``bar-first``              a checker on the bar must enter before ``src`` moves
``backwards``              ``dst`` is not nearer home than ``src``
``wrong-die``              no unused die (or sum of dice) covers ``src`` → ``dst``
``blocked``                ``blocker`` holds ``count`` opposing checkers
``bear-off-not-all-home``  bearing off from ``src`` while a checker is on ``blocker`` (outside home)
``higher-die-not-highest`` bearing off from ``src`` with the higher ``die`` while a checker is on ``blocker``
``too-many-moves``         ``count`` moves written, the dice give only ``allowed``
``must-use-more-dice``     the play uses ``count`` dice; ``example`` uses ``allowed``
``must-use-larger-die``    only one die can be played and it must be ``die``
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import permutations
from typing import Iterator

from .constants import OFF
from .errors import NotationError
from .movegen import Board, Move, move_obstacle
from .notation import Segment, parse_play
from .partial import PartialPlay, expand_dice
from .partial import move_from as _move_from
from .play import Play, plays_by_boards
from .position import Dice, Position, after_play

CODES = (
    "syntax",
    "no-checker",
    "bar-first",
    "backwards",
    "wrong-die",
    "blocked",
    "bear-off-not-all-home",
    "higher-die-not-highest",
    "too-many-moves",
    "must-use-more-dice",
    "must-use-larger-die",
)
"""Every reason code, stable: other tools and stored attempts rely on them."""


@dataclass(frozen=True)
class Reason:
    """Why a play is illegal: a stable ``code`` and the points and dice involved.

    Points are in the mover's numbering (``BAR`` 25, ``OFF`` 0).
    """

    code: str
    src: int | None = None
    dst: int | None = None
    die: int | None = None
    blocker: int | None = None
    count: int | None = None
    allowed: int | None = None
    dice: tuple[int, ...] = ()
    example: str | None = None
    detail: str | None = None


@dataclass(frozen=True)
class Verdict:
    """The judgement of one proposed play.

    ``play`` is the matching legal play when ``legal``; ``reasons`` is empty
    then.
    """

    text: str
    dice: Dice
    legal: bool
    reasons: tuple[Reason, ...] = ()
    play: Play | None = field(default=None, compare=False)

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(reason.code for reason in self.reasons)


def check_play(position: Position, text: str, dice: Dice) -> Verdict:
    """Judge ``text`` as the full play of the side on roll with ``dice``."""
    try:
        segments = parse_play(text)
    except NotationError as error:
        return Verdict(str(text)[:200], dice, False, (Reason("syntax", detail=str(error)),))
    legal = plays_by_boards(position, dice)
    m, o = position.mover, position.opponent_board
    dice_list = _dice_list(dice)
    marked = sorted(segment.dst for segment in segments if segment.hit_marked)
    best: tuple[int, Board, Board] | None = None
    realized_counts = set()
    for m2, o2, moves, _ in _realizations(m, o, tuple((s.src, s.dst) for s in segments), dice_list):
        if (m2, o2) not in legal:
            realized_counts.add(len(moves))
            continue
        mismatch = _hit_mismatch(moves, marked)
        if best is None or mismatch < best[0]:
            best = (mismatch, m2, o2)
            if not mismatch:
                break
    if best is not None:
        _, m2, o2 = best
        play = Play(position, dice, legal[(m2, o2)], after_play(position, m2, o2))
        return Verdict(text, dice, True, (), play)
    if realized_counts:
        return Verdict(text, dice, False, (_fuller_play_reason(legal, segments, min(realized_counts), dice),))
    return Verdict(text, dice, False, tuple(_diagnose(m, o, segments, dice_list)))


def _dice_list(dice: Dice) -> tuple[int, ...]:
    return expand_dice(dice)


def _hit_mismatch(moves: tuple[Move, ...], marked: list[int]) -> int:
    """How far a way of playing the text is from the hits it marks with ``*``.

    ``*`` is optional, but where the text can be read two ways, one hitting
    and one not, the reading that agrees with the marks is the one meant.
    """
    hits = sorted(move.dst for move in moves if move.hit)
    unmatched = list(marked)
    extra = 0
    for point in hits:
        if point in unmatched:
            unmatched.remove(point)
        else:
            extra += 1
    return extra + len(unmatched)


def _realizations(m: Board, o: Board, pending: tuple[tuple[int, int], ...], dice_left: tuple[int, ...]) -> Iterator[tuple[Board, Board, tuple[Move, ...], tuple[int, ...]]]:
    """Every way to carry out the written steps by legal single moves (see ``PartialPlay.carry_out``).

    Yields the boards reached, the moves and the dice left over.
    """
    for reached, moves in PartialPlay(m, o, dice_left).carry_out(pending):
        yield reached.mover, reached.opponent, moves, reached.dice_left


def _fuller_play_reason(legal: dict, segments: list[Segment], used: int, dice: Dice) -> Reason:
    """The play is a legal sequence of moves but not a legal full play."""
    plays = list(legal.values())
    needed = len(plays[0])
    example = _closest(plays, segments)
    if needed == used == 1:
        die = example[0].die
        return Reason("must-use-larger-die", die=die, dice=tuple(dice), example=_notation(example))
    return Reason("must-use-more-dice", count=used, allowed=needed, dice=tuple(dice), example=_notation(example))


def _closest(plays: list[tuple[Move, ...]], segments: list[Segment]) -> tuple[Move, ...]:
    """The legal play sharing most starting points with the written one."""
    written = [segment.src for segment in segments]

    def shared(moves: tuple[Move, ...]) -> int:
        sources = [move.src for move in moves]
        return sum(1 for src in written if src in sources)

    return max(plays, key=shared)


def _notation(moves: tuple[Move, ...]) -> str:
    from .notation import format_moves

    return format_moves(moves)


def _diagnose(m: Board, o: Board, segments: list[Segment], dice_list: tuple[int, ...]) -> list[Reason]:
    """Reasons for a play that cannot be carried out, step by step as written."""
    reasons: list[Reason] = []
    if len(segments) > len(dice_list):
        reasons.append(Reason("too-many-moves", count=len(segments), allowed=len(dice_list), dice=dice_list[:2]))
    dice_left = dice_list
    stranded: set[int] = set()  # where a failed step would have left its checker
    for segment in segments:
        if not dice_left:
            break
        if segment.src in stranded:
            continue  # the continuation of a failed step fails with it
        path = next(_realizations(m, o, ((segment.src, segment.dst),), dice_left), None)
        if path is not None:
            m, o, _, dice_left = path
            continue
        reasons.append(_segment_reason(m, o, segment, dice_left))
        stranded.add(segment.dst)
    if not reasons:  # every step works alone, but not all of them together
        reasons.append(Reason("too-many-moves", count=len(segments), allowed=len(dice_list), dice=dice_list[:2]))
    return reasons


def _segment_reason(m: Board, o: Board, segment: Segment, dice_left: tuple[int, ...]) -> Reason:
    """Why one written step cannot be carried out with the dice left."""
    src, dst = segment.src, segment.dst
    first = move_obstacle(m, o, src, dice_left[0])
    if first is not None and first[0] in ("bar-first", "no-checker"):
        return Reason(first[0], src=src, dst=dst, blocker=first[1])
    if dst != OFF and dst >= src:
        return Reason("backwards", src=src, dst=dst)
    sequences = _die_sequences(src, dst, dice_left)
    if not sequences:
        return Reason("wrong-die", src=src, dst=dst, dice=tuple(sorted(set(dice_left), reverse=True)), count=src - dst if dst else src)
    # The fewest dice first (what the learner most likely meant), then the
    # order of dice that got furthest before a rule stopped it.
    walks = []
    for sequence in sequences:
        progress, reason = _walk(m, o, src, dst, sequence)
        walks.append((len(sequence), -progress, reason))
    return min(walks, key=lambda walk: walk[:2])[2]


def _die_sequences(src: int, dst: int, dice_left: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Orders of dice that would carry a checker from ``src`` exactly to ``dst`` (or off)."""
    found = set()
    for size in range(1, len(dice_left) + 1):
        for sequence in permutations(dice_left, size):
            total = sum(sequence)
            if dst != OFF:
                if total == src - dst:
                    found.add(sequence)
            elif total >= src and total - sequence[-1] < src:
                found.add(sequence)
    return sorted(found, key=lambda s: (len(s), [-d for d in s]))


def _walk(m: Board, o: Board, src: int, dst: int, sequence: tuple[int, ...]) -> tuple[int, Reason]:
    """Follow one order of dice until a single move is illegal; say why."""
    point = src
    for progress, die in enumerate(sequence):
        obstacle = move_obstacle(m, o, point, die)
        if obstacle is not None:
            code, blocker, count = obstacle
            return progress, Reason(code, src=point, dst=dst, die=die, blocker=blocker, count=count)
        step = _move_from(m, o, point, die)
        assert step is not None
        move, m, o = step
        point = move.dst
    # unreachable: a complete walk would have been a realization
    return len(sequence), Reason("wrong-die", src=src, dst=dst, dice=sequence)


__all__ = ["CODES", "Reason", "Verdict", "check_play"]
