"""Judging a proposed play: a ``Verdict`` with machine-readable ``Reason``\\ s.

A play is legal when its written steps can be carried out, in some order
and with some assignment of the dice, by legal single moves, and the
position reached is one that a legal full play reaches.  Otherwise the
verdict says why, with stable codes and the concrete points and dice.  The
engine writes no prose: the Django layer turns codes into Spanish.

Codes (the ``Reason`` fields each one fills):

``syntax``                 the text could not be read (``detail`` says why)
``no-checker``             no checker of the mover on ``src``
``bar-first``              ``on_bar`` checkers must enter before ``src`` moves
``backwards``              ``dst`` is not nearer home than ``src`` (``distance`` is not positive);
                           ``example`` is the play with such steps turned round, when that is legal
``wrong-die``              none of ``dice_left`` (nor a sum of them) covers ``distance`` from ``src`` to ``dst``;
                           ``dice_needed`` would, one die alone; from the bar, ``blocked_points`` are
                           the entry points of ``dice_left`` that are closed
``blocked``                every way from ``src`` stops on a point of ``blocked_points``;
                           ``opponent_checkers`` hold the first one, ``die`` is the die tried
``bear-off-not-all-home``  bearing off from ``at`` while ``farther`` checkers of the mover, the
                           farthest on ``farthest``, are outside home
``higher-die-not-highest`` bearing off from ``at`` with the higher ``die`` (the die it would use)
                           while ``farther`` checkers of the mover stand higher, up to ``farthest``
``too-many-moves``         ``moves_written`` moves written, the dice give only ``moves_possible``
``must-use-more-dice``     the play makes ``moves_written`` moves; ``example`` (the legal play with
                           most moves in common) makes ``moves_possible``
``must-use-larger-die``    only one die can be played and it must be ``die``

Whatever the code, a play judged whole (``check_play``) gives every reason
an ``alternative``: a legal play of the same position, the one closest to
what was written (the empty play when no checker can move), so that a
refusal can say what to do instead.  Every reason also gives ``mirrored``
when the text, every point counted from the other side (25 − point; the
bar and off stay), is a legal play: the rival's numbers written by mistake
(``12/18`` → ``13/7``, ``bar/3`` → ``bar/22``).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import permutations
from typing import TYPE_CHECKING, Collection, Final, Iterator, Mapping

from .codes import ReasonCode
from .constants import BAR, DIE_FACES, HOME_TOP, OFF, Board, Dice, State
from .errors import NotationError
from .movegen import Move, is_blocked, move_obstacle
from .notation import Segment, format_moves, parse_play
from .partial import PartialPlay, expand_dice, without_die
from .partial import move_from as _move_from
from .play import Play, plays_by_boards

if TYPE_CHECKING:
    from .position import Position

CODES: Final = tuple(ReasonCode)
"""Every reason code, stable: other tools and stored attempts rely on them."""


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a play is illegal: a stable ``code`` and the points and dice involved.

    Points are in the mover's numbering (``BAR`` 25, ``OFF`` 0).  Each field
    has one meaning whatever the code, so that a sentence can be built from
    it without guessing:

    - ``src``, ``dst``: the step that fails, as written (``dst`` may be ``OFF``);
    - ``at``: where the single move that fails starts: ``src``, or a stop on the
      way when the step takes several dice (None when no single move was tried);
    - ``die``: the die the failing single move would use;
    - ``dice``: the roll; ``dice_left``: the dice not yet used when the step failed;
    - ``distance``: pips from ``src`` to ``dst`` (negative when written backwards);
    - ``blocked_points``: the made points that stop the step (both midpoints of ``13/2``);
    - ``opponent_checkers``: how many opposing checkers hold ``blocked_points[0]``;
    - ``farthest``: the mover's checker farthest from home (a point or ``BAR``);
    - ``farther``: how many of the mover's checkers keep it from bearing off from
      ``at``: those outside home, or those on points higher than ``at``;
    - ``dice_needed``: the die values that would carry a checker from ``src`` to
      ``dst`` in one legal move (empty when none would);
    - ``on_bar``: the mover's checkers on the bar;
    - ``moves_written``, ``moves_possible``: single moves in the text, and in a legal play;
    - ``example``: a legal play, the one closest to what was written;
    - ``alternative``: a legal play of the same position, the closest to what
      was written (``""`` when the only legal play is to pass); None from
      ``step_reason``, which judges one move;
    - ``mirrored``: the legal play the text makes in the other side's
      numbering (``12/18`` → ``13/7``, ``bar/3`` → ``bar/22``), when it makes one;
    - ``before``: the single moves of the steps written earlier that were
      carried out: the board the failing step starts from is the position
      after them;
    - ``detail``: for ``syntax``, what could not be read.

    Every fact a sentence about the reason states is one of these fields, so
    that each sentence can be checked against the engine.  ``code`` is a
    ``ReasonCode``; its text is accepted too.
    """

    code: ReasonCode
    src: int | None = None
    dst: int | None = None
    die: int | None = None
    dice: tuple[int, ...] = ()
    dice_left: tuple[int, ...] = ()
    distance: int | None = None
    blocked_points: tuple[int, ...] = ()
    opponent_checkers: int | None = None
    farthest: int | None = None
    on_bar: int | None = None
    moves_written: int | None = None
    moves_possible: int | None = None
    example: str | None = None
    detail: str | None = None
    at: int | None = None
    farther: int | None = None
    dice_needed: tuple[int, ...] = ()
    before: tuple[Move, ...] = ()
    alternative: str | None = None
    mirrored: str | None = None

    def __post_init__(self) -> None:
        if type(self.code) is not ReasonCode:
            object.__setattr__(self, "code", ReasonCode(self.code))


@dataclass(frozen=True, slots=True)
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
    def codes(self) -> tuple[ReasonCode, ...]:
        return tuple(reason.code for reason in self.reasons)


def check_play(position: Position, text: str, dice: Dice, *, offer: Collection[str] = ()) -> Verdict:
    """Judge ``text`` as the full play of the side on roll with ``dice``.

    An illegal play's ``alternative`` is the legal play nearest to it,
    among the plays ``offer`` names (notation) when any of them is legal.
    """
    try:
        segments = parse_play(text)
    except NotationError as error:
        first = next(iter(plays_by_boards(position, dice).values()))
        syntax = Reason(ReasonCode.SYNTAX, detail=str(error), alternative=format_moves(first))
        return Verdict(str(text)[:200], dice, False, (syntax,))
    legal = plays_by_boards(position, dice)
    m, o = position.mover, position.opponent_board
    dice_list = _dice_list(dice)
    marked = sorted(segment.dst for segment in segments if segment.hit_marked)
    best: tuple[int, Board, Board] | None = None
    partial: list[tuple[Move, ...]] = []  # ways of playing the text that stop short of a full play
    for m2, o2, moves, _ in _realizations(m, o, tuple((s.src, s.dst) for s in segments), dice_list):
        if (m2, o2) not in legal:
            partial.append(moves)
            continue
        mismatch = _hit_mismatch(moves, marked)
        if best is None or mismatch < best[0]:
            best = (mismatch, m2, o2)
            if not mismatch:
                break
    if best is not None:
        _, m2, o2 = best
        play = Play(position, dice, legal[(m2, o2)], position.after_play(m2, o2))
        return Verdict(text, dice, True, (), play)
    alternative = format_moves(_nearest(_offered(list(legal.values()), offer), segments))
    if partial:
        return Verdict(text, dice, False, (replace(_fuller_play_reason(legal, partial, dice), alternative=alternative),))
    reasons = _diagnose(m, o, segments, dice_list, tuple(dice))
    if any(reason.code is ReasonCode.BACKWARDS for reason in reasons):
        turned = _turned_round(m, o, segments, dice_list, legal)
        reasons = [replace(reason, example=turned) if reason.code is ReasonCode.BACKWARDS else reason for reason in reasons]
    mirrored = _mirrored(m, o, segments, dice_list, legal)
    return Verdict(text, dice, False, tuple(replace(reason, alternative=alternative, mirrored=mirrored) for reason in reasons))


def _offered(plays: list[tuple[Move, ...]], offer: Collection[str]) -> list[tuple[Move, ...]]:
    """The legal plays ``offer`` names, or all of them when it names none."""
    wanted = set(offer)
    named = [moves for moves in plays if format_moves(moves) in wanted]
    return named or plays


def _nearest(plays: list[tuple[Move, ...]], segments: list[Segment]) -> tuple[Move, ...]:
    """The legal play nearest to the written steps: each step it makes (or turned round) counts two, each checker it moves from a written start one.

    What a learner most likely meant stays in the alternative offered: the
    same checker moved, by a legal number of pips when the written one was
    not.  Ties go to the play generated first, so the answer is stable.
    """

    def score(moves: tuple[Move, ...]) -> int:
        starts = [move.src for move in moves]
        steps = {(move.src, move.dst) for move in moves} | {(chain_src, move.dst) for chain_src, move in _chains(moves)}
        total = 0
        for segment in segments:
            turned = (segment.dst, segment.src)  # a step written backwards most likely meant the other way
            if (segment.src, segment.dst) in steps or turned in steps:
                total += 2
            elif segment.src in starts:
                starts.remove(segment.src)
                total += 1
        return total

    return max(plays, key=score)


def _chains(moves: tuple[Move, ...]) -> list[tuple[int, Move]]:
    """Each move with the start of the chain of moves of one checker it ends (``13/7/5``: 13 with the move to 5)."""
    found: list[tuple[int, Move]] = []
    for index, move in enumerate(moves):
        start = move.src
        for earlier in reversed(moves[:index]):
            if earlier.dst == start:
                start = earlier.src
        found.append((start, move))
    return found


def _mirrored(m: Board, o: Board, segments: list[Segment], dice_list: tuple[int, ...], legal: Mapping[State, tuple[Move, ...]]) -> str | None:
    """The legal play the text makes with every point counted from the other side (``12/18`` → ``13/7``), if any.

    The bar and off are the same from both sides: ``bar/3`` is ``bar/22``, ``21/off`` is ``4/off``.
    """
    mirrored = tuple((mirror_point(segment.src), mirror_point(segment.dst)) for segment in segments)
    for m2, o2, _, _ in _realizations(m, o, mirrored, dice_list):
        if (m2, o2) in legal:
            return format_moves(legal[(m2, o2)])
    return None


def mirror_point(point: int) -> int:
    """``point`` counted from the other side: 25 − point, the bar and off unchanged."""
    return point if point in (BAR, OFF) else BAR - point


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


def _fuller_play_reason(legal: Mapping[State, tuple[Move, ...]], partial: list[tuple[Move, ...]], dice: Dice) -> Reason:
    """The play is a legal sequence of moves but not a legal full play."""
    plays = list(legal.values())
    needed = len(plays[0])
    used = min(len(moves) for moves in partial)
    example = _closest(plays, [moves for moves in partial if len(moves) == used])
    if needed == used == 1:
        return Reason(ReasonCode.MUST_USE_LARGER_DIE, die=example[0].die, dice=tuple(dice), example=format_moves(example))
    return Reason(
        ReasonCode.MUST_USE_MORE_DICE, dice=tuple(dice), moves_written=used, moves_possible=needed, example=format_moves(example)
    )


def _closest(plays: list[tuple[Move, ...]], written: list[tuple[Move, ...]]) -> tuple[Move, ...]:
    """The legal play with the most single moves in common with a way of playing the text.

    Ties go to the play generated first, so the answer is stable.
    """

    def common(moves: tuple[Move, ...]) -> int:
        best = 0
        for attempt in written:
            left = [(move.src, move.dst) for move in attempt]
            shared = 0
            for move in moves:
                if (move.src, move.dst) in left:
                    left.remove((move.src, move.dst))
                    shared += 1
            best = max(best, shared)
        return best

    return max(plays, key=common)



def _diagnose(m: Board, o: Board, segments: list[Segment], dice_list: tuple[int, ...], roll: tuple[int, ...]) -> list[Reason]:
    """Reasons for a play that cannot be carried out, step by step as written.

    A failed step still spends the die it tried, as the learner meant it to:
    ``2/off 1/off`` with 6–5 is judged as the 6 for the 2 and the 5 for the 1.
    Each reason keeps the moves of the steps carried out before it
    (``before``): what it says is true of the board they leave.
    """
    reasons: list[Reason] = []
    if len(segments) > len(dice_list):
        reasons.append(_too_many(segments, dice_list, roll))
    dice_left = dice_list
    before: tuple[Move, ...] = ()
    stranded: set[int] = set()  # where a failed step would have left its checker
    for segment in segments:
        if not dice_left:
            break
        if segment.src in stranded:
            continue  # the continuation of a failed step fails with it
        path = next(_realizations(m, o, ((segment.src, segment.dst),), dice_left), None)
        if path is not None:
            m, o, moves, dice_left = path
            before += moves
            continue
        reason = replace(_segment_reason(m, o, segment, dice_left, roll), before=before)
        reasons.append(reason)
        stranded.add(segment.dst)
        if reason.die in dice_left:
            dice_left = without_die(dice_left, reason.die)
    if not reasons:  # every step works alone, but not all of them together
        reasons.append(_too_many(segments, dice_list, roll))
    return reasons


def _too_many(segments: list[Segment], dice_list: tuple[int, ...], roll: tuple[int, ...]) -> Reason:
    return Reason(ReasonCode.TOO_MANY_MOVES, dice=roll, moves_written=len(segments), moves_possible=len(dice_list))


def dice_destinations(src: int, dice_left: tuple[int, ...]) -> frozenset[int]:
    """Every point (or ``OFF``) the dice left can carry a checker on ``src`` to, whatever stands in the way.

    One die, or several on the same checker; a checker is borne off when
    the dice reach the edge or go past it.  Mover's numbering, ``BAR`` 25.
    Which of these steps the rules allow (blocks, the bar, bearing off) is
    ``step_reason``'s question; this says only what the dice can cover.

    >>> sorted(dice_destinations(13, (6, 3))), sorted(dice_destinations(5, (3, 3)))
    ([4, 7, 10], [0, 2])
    """
    sums = _dice_sums(tuple(dice_left))
    found = {src - total for total in sums if src - total > 0}
    if sums and sums[-1] >= src:
        found.add(OFF)
    return frozenset(found)


@lru_cache(maxsize=64)
def _dice_sums(dice_left: tuple[int, ...]) -> tuple[int, ...]:
    """Every total of one or more of the dice left, ascending (few rolls: kept)."""
    sums = {0}
    for die in dice_left:
        sums |= {total + die for total in sums}
    sums.discard(0)
    return tuple(sorted(sums))


def step_reason(
    partial: PartialPlay, src: int, dst: int | None, dice: Dice, before: tuple[Move, ...] = ()
) -> Reason | None:
    """Why a checker on ``src`` cannot go to ``dst`` now, in the middle of a turn; None when it can.

    ``partial`` is the turn so far (``PartialPlay.start`` before any move),
    ``dice`` the roll and ``before`` the single moves that led to ``partial``,
    kept in the reason like a written play's earlier steps, so that what its
    sentence says can be checked on the same board.  The step may take
    several dice (``24/13``); only the rules of single moves apply, not the
    full-turn obligations.  A step the dice cannot cover
    (``dice_destinations``) is ``backwards`` or ``wrong-die``.  With ``dst``
    None the question is whether that checker may be picked up at all
    (``no-checker``, ``bar-first``).  The board asks this when it refuses a
    move, to say why.

    >>> start = PartialPlay.start(Position.initial().with_dice((3, 3)))
    >>> [str(r.code) if r else None for r in (step_reason(start, 6, 1, (3, 3)), step_reason(start, 8, 11, (3, 3)), step_reason(start, 8, 5, (3, 3)))]
    ['wrong-die', 'backwards', None]
    """
    reason = _step_reason(partial, src, dst, dice)
    return replace(reason, before=before) if reason is not None and before else reason


def _step_reason(partial: PartialPlay, src: int, dst: int | None, dice: Dice) -> Reason | None:
    m, o, dice_left = partial
    roll = tuple(dice)
    if dst is None:
        if not m[src]:
            return Reason(ReasonCode.NO_CHECKER, src=src, dice=roll, dice_left=dice_left)
        first = move_obstacle(m, o, src, max(dice_left, default=1))
        if first is not None and first.code is ReasonCode.BAR_FIRST:
            return Reason(ReasonCode.BAR_FIRST, src=src, at=src, dice=roll, dice_left=dice_left, on_bar=first.checkers)
        return None
    if not dice_left:
        rolled = len(expand_dice(dice))
        return Reason(ReasonCode.TOO_MANY_MOVES, src=src, dst=dst, dice=roll, moves_written=rolled + 1, moves_possible=rolled)
    if next(partial.carry_out(((src, dst),)), None) is not None:
        return None
    return _segment_reason(m, o, Segment(src, dst), dice_left, roll)


def _turned_round(m: Board, o: Board, segments: list[Segment], dice_list: tuple[int, ...], legal: Mapping[State, tuple[Move, ...]]) -> str | None:
    """The legal play the text makes once its backward steps are turned round (``7/13`` → ``13/7``), if any."""
    turned = tuple((s.dst, s.src) if s.dst != OFF and s.dst >= s.src else (s.src, s.dst) for s in segments)
    for m2, o2, _, _ in _realizations(m, o, turned, dice_list):
        if (m2, o2) in legal:
            return format_moves(legal[(m2, o2)])
    return None


def _segment_reason(m: Board, o: Board, segment: Segment, dice_left: tuple[int, ...], roll: tuple[int, ...]) -> Reason:
    """Why one written step cannot be carried out with the dice left.

    Nothing to move on ``src`` comes before a checker waiting on the bar: a
    sentence about the bar names the checker that was to move.
    """
    src, dst = segment.src, segment.dst
    distance = src - dst if dst != OFF else src
    first = move_obstacle(m, o, src, dice_left[0])
    if first is not None and first.code is ReasonCode.BAR_FIRST and m[src]:
        return Reason(ReasonCode.BAR_FIRST, src=src, dst=dst, at=src, dice=roll, dice_left=dice_left, on_bar=first.checkers)
    # A step written towards the far end (7/13) is "backwards" even when no
    # checker stands on its start: most often it is 13/7 written the wrong way round.
    if dst != OFF and dst >= src:
        return Reason(ReasonCode.BACKWARDS, src=src, dst=dst, dice=roll, dice_left=dice_left, distance=distance)
    if not m[src]:
        return Reason(ReasonCode.NO_CHECKER, src=src, dst=dst, dice=roll, dice_left=dice_left)
    sequences = _die_sequences(src, dst, dice_left)
    if not sequences:
        return _wrong_die(m, o, src, dst, roll, dice_left, distance)
    # The fewest dice first (what the learner most likely meant), then the
    # order of dice that got furthest before a rule stopped it.
    walks = []
    for sequence in sequences:
        progress, reason = _walk(m, o, src, dst, sequence, roll, dice_left)
        walks.append((len(sequence), -progress, reason))
    fewest, _, chosen = min(walks, key=lambda walk: walk[:2])
    if chosen.code is not ReasonCode.BLOCKED or chosen.blocked_points[0] == dst:
        return chosen
    # Name every made point that closes a way of the same length (both midpoints of 13/2).
    points = [chosen.blocked_points[0]]
    points += [r.blocked_points[0] for n, _, r in walks if n == fewest and r.code is ReasonCode.BLOCKED and r.blocked_points[0] not in points]
    return replace(chosen, blocked_points=tuple(points))


def _wrong_die(m: Board, o: Board, src: int, dst: int, roll: tuple[int, ...], dice_left: tuple[int, ...], distance: int) -> Reason:
    """No die left, nor a sum of them, fits the step: which single die would, and from the bar which entry points are closed."""
    needed = tuple(
        die for die in range(1, DIE_FACES + 1)
        if (found := _move_from(m, o, src, die)) is not None and found[0].dst == dst
    )
    closed: tuple[int, ...] = ()
    if src == BAR:
        closed = tuple(BAR - die for die in sorted(set(dice_left), reverse=True) if is_blocked(o, die))
    return Reason(
        ReasonCode.WRONG_DIE, src=src, dst=dst, dice=roll, dice_left=tuple(sorted(dice_left, reverse=True)), distance=distance,
        dice_needed=needed, blocked_points=closed, opponent_checkers=o[BAR - closed[0]] if closed else None,
    )


def _in_the_way(m: Board, code: ReasonCode, point: int) -> int:
    """The mover's checkers that keep a checker on ``point`` from bearing off: outside home, or higher up."""
    if code is ReasonCode.BEAR_OFF_NOT_ALL_HOME:
        return sum(m[HOME_TOP + 1 : BAR + 1])
    return sum(m[point + 1 : BAR + 1])


def _die_sequences(src: int, dst: int, dice_left: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Orders of dice that would carry a checker from ``src`` exactly to ``dst`` (or off)."""
    found: set[tuple[int, ...]] = set()
    for size in range(1, len(dice_left) + 1):
        for sequence in permutations(dice_left, size):
            total = sum(sequence)
            if dst != OFF:
                if total == src - dst:
                    found.add(sequence)
            elif total >= src and total - sequence[-1] < src:
                found.add(sequence)
    return sorted(found, key=lambda s: (len(s), [-d for d in s]))


def _walk(m: Board, o: Board, src: int, dst: int, sequence: tuple[int, ...], roll: tuple[int, ...], dice_left: tuple[int, ...]) -> tuple[int, Reason]:
    """Follow one order of dice until a single move is illegal; say why (``at`` is where it stood)."""
    point = src
    for progress, die in enumerate(sequence):
        obstacle = move_obstacle(m, o, point, die)
        if obstacle is not None:
            reason = Reason(obstacle.code, src=src, dst=dst, at=point, die=die, dice=roll, dice_left=dice_left,
                            distance=src - dst if dst else src)
            if obstacle.code is ReasonCode.BLOCKED:
                return progress, replace(reason, blocked_points=(obstacle.point,), opponent_checkers=obstacle.checkers)
            if obstacle.code is ReasonCode.BAR_FIRST:
                return progress, replace(reason, on_bar=obstacle.checkers)
            if obstacle.code is ReasonCode.NO_CHECKER:
                return progress, reason
            return progress, replace(reason, farthest=obstacle.point, farther=_in_the_way(m, obstacle.code, point))
        step = _move_from(m, o, point, die)
        assert step is not None
        move, m, o = step
        point = move.dst
    # unreachable: a complete walk would have been a realization
    return len(sequence), Reason(ReasonCode.WRONG_DIE, src=src, dst=dst, dice=roll, dice_left=sequence)


__all__ = ["CODES", "Reason", "ReasonCode", "Verdict", "check_play", "dice_destinations", "step_reason"]
