"""Drills on the bar: enter first, the entry point 25 − die, closed entry points, closed boards.

Positions come from play-out moments where the side on roll has checkers
on the bar (hit in play, or sent there), with the opponent's home points
closed on purpose where the rule needs them.  Passing is never the
answer by default: the drills where the turn may pass are mixed with
positions where one die enters, under the same question.
"""

from __future__ import annotations

import random
from functools import lru_cache

from tutor.engine import BAR, Dice, Position, is_blocked

from .build import Sides, held, plausible
from tutor.rules import RuleCode

from .core import DrillFields, DrillKind, decided, register
from .goals import CAPTURE, capture_one_way, lift_bar, lift_entries
from .playouts import GAMES, game, pick
from .tempting import complete, legal_results, level_by_plays, one_result, rejected_for, step
from .wording import CAPTURING_LOOK, CAPTURING_TURN, ENTERING_CAPTURE, ENTERING_TURN, ENTRIES_LOOK, FULL_TURN, on_bar, roll_text, side_name

HOME = range(1, 7)


def send_to_bar(rng: random.Random, mover: list[int], count: int) -> bool:
    """Put ``count`` more of the mover's checkers on the bar, as if they had been hit.

    Lone checkers go first (those are the ones a real opponent hits).
    """
    for _ in range(count):
        blots = [point for point in range(1, 25) if mover[point] == 1]
        occupied = [point for point in range(1, 25) if mover[point]]
        point = pick(rng, blots or occupied)
        if point is None:
            return False
        mover[point] -= 1
        mover[BAR] += 1
    return True


def close_points(sides: Sides, points: list[int]) -> bool:
    """Make the opponent hold each of its home ``points`` (its own numbering) with two or more checkers.

    The checkers come from the opponent's farthest points outside home, as
    if it had brought them in; a lone mover checker on such a point is sent
    to the bar.  Fails when a mover anchor sits there or checkers run out.
    """
    mover, other = sides.mover, sides.other
    for point in points:
        mine = BAR - point
        if is_blocked(mover, mine):
            return False
        if mover[mine] == 1:
            mover[mine] = 0
            mover[BAR] += 1
        while not is_blocked(other, point):
            source = next((p for p in range(24, 6, -1) if other[p] and p != point), None)
            if source is None:
                return False
            other[source] -= 1
            other[point] += 1
    return True


def open_point(sides: Sides, point: int) -> bool:
    """Leave the opponent's home ``point`` (its numbering) with one checker at most, the others
    moved to its other home points; False when that would pile them up."""
    other = sides.other
    while is_blocked(other, point):
        target = next((p for p in (6, 5, 4, 3, 2, 1, 8, 7) if p != point and is_blocked(other, p) and other[p] < 5), None)
        if target is None:
            return False
        other[point] -= 1
        other[target] += 1
    return True


@lru_cache(maxsize=GAMES)
def _waiting(seed: int) -> tuple[Position, ...]:
    """The moments of a play-out where the side on roll has one to three checkers on the bar."""
    return tuple(position for position in game(seed) if 0 < position.bar(position.turn) <= 3 and position.winner() is None)


def bar_moment(rng: random.Random) -> Sides | None:
    """A moment of a play-out with the side on roll on the bar (hit in play, or sent there)."""
    seed = rng.randrange(GAMES)
    positions = game(seed)
    hit_in_play = pick(rng, _waiting(seed)) if rng.random() < 0.6 else None
    if hit_in_play is not None:
        return Sides.of(hit_in_play)
    position = pick(rng, positions[4:-1])
    if position is None or position.winner() is not None:
        return None
    sides = Sides.of(position)
    return sides if send_to_bar(rng, sides.mover, 1) else None


def roll(rng: random.Random, doubles: bool = True) -> Dice:
    while True:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        if doubles or dice[0] != dice[1]:
            return (max(dice), min(dice))


def _rolled(position: Position, dice: Dice) -> str:
    """«Juegas con las negras, tienes una ficha en la barra y tiras 6-3»."""
    return f"Juegas con las {side_name(position.turn)}, tienes {on_bar(position)} en la barra y tiras {roll_text(dice)}"


def _played(rng: random.Random, level: int, position: Position, question: str, tempting_first: str, other: int, code: str,
            sides: Sides | None = None, loose: Position | None = None) -> DrillFields | None:
    """A play drill at ``level`` by its number of legal plays (up to three, up to eight, more),
    tempted by ``tempting_first`` and a move of the die ``other``.  At level 1 every legal
    play reaches the same position (``one_result``): the rule leaves no choice.  At the
    other levels, given the board being built (``sides``) and the plays of a learner who
    ignores the rule (``loose``, when they have legal ones), the learner must capture a blot
    only one legal play reaches (``goals.capture_one_way``)."""
    plays = position.legal_plays()
    if level_by_plays(len(plays), easy=3, hard=9) != level or plays[0].is_pass or not plausible(position):
        return None
    if level == 1 and not one_result(position):
        return None
    goal = None
    if level > 1 and sides is not None:
        goal_sides = capture_one_way(rng, sides, position, loose)
        if goal_sides is None:
            return None
        position, goal, question = goal_sides.position(position.dice), CAPTURE, question.replace(FULL_TURN, CAPTURING_TURN)
    tempting = complete(rng, position, tempting_first, other, (code,))
    return None if tempting is None else DrillFields(position, DrillKind.PLAY, question, tempting=tempting, codes=(code,), goal=goal)


@register(RuleCode.BAR_FIRST)
def bar_first(rng: random.Random, level: int) -> DrillFields | None:
    """A checker waits on the bar; the tempting play moves another checker first.

    The level is how many legal plays there are: up to three, up to eight,
    more; from level 2 on, with a blot to capture that only a play entering
    first reaches, while a learner who leaves the bar for later sees other captures.
    """
    sides = bar_moment(rng)
    if sides is None:
        return None
    dice = roll(rng)
    position = sides.position(dice)
    mover = position.mover
    sources = [p for p in range(1, 25) if mover[p] and p - dice[0] >= 1 and not held(position.opponent_board, p - dice[0])]
    src = pick(rng, sources)
    if src is None:
        return None
    return _played(rng, level, position, f"{_rolled(position, dice)}. {FULL_TURN}", step(src, src - dice[0]), dice[1], "bar-first",
                   sides, lift_bar(sides).position(dice))


@register(RuleCode.ENTER_POINT)
def enter_point(rng: random.Random, level: int) -> DrillFields | None:
    """The tempting play enters on the die's own number instead of 25 − die.

    The level is how many legal plays there are: up to three, up to eight,
    more; from level 2 on, with a blot to capture that only one legal play reaches
    (a learner who enters on the die's own number plays no legal play at all).
    """
    sides = bar_moment(rng)
    if sides is None:
        return None
    dice = roll(rng, doubles=False)
    die = rng.choice(dice)
    if sides.holds(BAR - die):
        return None  # that die cannot enter anyway: the drill is about the point, not a block
    other = dice[1] if die == dice[0] else dice[0]
    position = sides.position(dice)
    question = f"{_rolled(position, dice)}. ¿En qué punto entra cada dado? {ENTERING_CAPTURE if level > 1 else ENTERING_TURN}"
    return _played(rng, level, position, question, f"bar/{die}", other, "wrong-die", sides)


ENTER_BLOCKED_SEEN = 3
"""At level 1, the fewest different plays a learner who enters on closed points sees (the legal one among them)."""


ENTER_BLOCKED_TRIES = 3
"""Boards of level 1 with enough plays for the learner who enters on closed points are rare: more tries per attempt."""


@register(RuleCode.ENTER_BLOCKED)
def enter_blocked(rng: random.Random, level: int) -> DrillFields | None:
    """One die's entry point is held by the opponent; the tempting play enters there.

    Level 1: one checker on the bar, and at least ``ENTER_BLOCKED_SEEN`` plays
    for a learner who enters on closed points; 2: two (only one can enter, and
    the other die waits with it); 3: one or two, against a board of three or
    more closed points.  At levels 1 and 3 every legal play reaches the same
    position.  At levels 2 and 3 the learner must also capture a blot only
    the legal play reaches (``goals.capture_one_way``), which a learner who
    takes a lone checker for a block never does.
    """
    for _ in range(ENTER_BLOCKED_TRIES if level == 1 else 1):
        fields = _enter_blocked(rng, level)
        if fields is not None:
            return fields
    return None


def _enter_blocked(rng: random.Random, level: int) -> DrillFields | None:
    sides = bar_moment(rng)
    if sides is None:
        return None
    dice = roll(rng, doubles=False)
    closed, open_ = (dice[0], dice[1]) if rng.random() < 0.5 else (dice[1], dice[0])
    waiting = {1: 1, 2: 2, 3: rng.choice((1, 2))}[level]
    extra = [point for point in HOME if point not in (closed, open_)]
    rng.shuffle(extra)
    closing = [closed] + (extra[: rng.randint(2, 3)] if level == 3 else [])
    if not open_point(sides, open_) or not close_points(sides, closing):
        return None
    if sides.mover[BAR] > waiting or not send_to_bar(rng, sides.mover, waiting - sides.mover[BAR]):
        return None
    position = sides.position(dice)
    if position.legal_plays()[0].is_pass or not plausible(position) or (level != 2 and not one_result(position)):
        return None
    goal = None
    if level == 1 and len(legal_results(lift_entries(sides).position(dice))) < ENTER_BLOCKED_SEEN:
        return None
    if level > 1:
        goal_sides = capture_one_way(rng, sides, position, None)
        if goal_sides is None:
            return None
        position, goal = goal_sides.position(dice), CAPTURE
    tempting = complete(rng, position, f"bar/{BAR - closed}", open_, ("blocked",))
    if tempting is None:
        return None
    turn = CAPTURING_LOOK if goal else ENTRIES_LOOK
    question = f"{_rolled(position, dice)}. {turn}"
    return DrillFields(position, DrillKind.PLAY, question, tempting=tempting, codes=("blocked",), goal=goal)


def _turn_or_pass(rng: random.Random, sides: Sides, dice: Dice, closed: int) -> DrillFields | None:
    """A drill where the turn passes, or where one die enters: the same question either way.

    The tempting play enters on the closed point ``closed`` (its die), or,
    when one checker enters and others still wait, moves another checker
    with the die that cannot enter.
    """
    position = sides.position(dice)
    if not position.is_valid or not plausible(position):
        return None
    question = f"{_rolled(position, dice)}. {FULL_TURN}"
    tempting = f"bar/{BAR - closed}"
    if rejected_for(position, tempting, ("blocked",)):
        return DrillFields(position, DrillKind.PLAY, question, tempting=tempting, codes=("blocked",))
    return None


def _one_enters(rng: random.Random, sides: Sides, closed: int, open_: int) -> DrillFields | None:
    """One die enters on ``open_``'s point; with others still waiting, the other die is lost.
    Every legal play reaches the same position, as when the turn passes."""
    dice = (max(closed, open_), min(closed, open_))
    position = sides.position(dice)
    plays = position.legal_plays()
    if plays[0].is_pass or not one_result(position) or not plausible(position):
        return None
    mover = position.mover
    if position.bar(position.turn) > 1:
        sources = [p for p in range(1, 25) if mover[p] and p - closed >= 1 and not held(position.opponent_board, p - closed)]
        src = pick(rng, sources)
        tempting = None if src is None else f"bar/{BAR - open_} {step(src, src - closed)}"
        codes: tuple[str, ...] = ("bar-first",)
    else:
        tempting = complete(rng, position, f"bar/{BAR - closed}", open_, ("blocked",))
        codes = ("blocked",)
    if tempting is None or not rejected_for(position, tempting, codes):
        return None
    question = f"{_rolled(position, dice)}. {FULL_TURN}"
    return DrillFields(position, DrillKind.PLAY, question, tempting=tempting, codes=codes)


ENTERING_ATTEMPTS = 200
"""Boards where one die enters and leaves a single play are rarer than boards that pass: more tries keep half and half."""


@register(RuleCode.CLOSED_OUT)
def closed_out(rng: random.Random, level: int) -> DrillFields | None:
    """The opponent's six home points are all closed: whatever the roll, the turn passes.

    Mixed half and half, under the same question, with boards of five
    closed points where one die enters.  The level is how many checkers
    wait on the bar: one, two, three or more.
    """
    return decided(rng, (True, False), lambda entering: _closed_out(rng, level, entering), attempts=ENTERING_ATTEMPTS)


def _closed_out(rng: random.Random, level: int, entering: bool) -> DrillFields | None:
    sides = bar_moment(rng)
    if sides is None:
        return None
    open_ = rng.choice(HOME) if entering else 0
    if not close_points(sides, [point for point in HOME if point != open_]):
        return None
    if entering and not open_point(sides, open_):
        return None
    mover = sides.mover
    if mover[BAR] < level and not send_to_bar(rng, mover, level - mover[BAR]):
        return None
    if min(mover[BAR], 3) != level:
        return None
    if entering:
        return _one_enters(rng, sides, rng.choice([point for point in HOME if point != open_]), open_)
    dice = roll(rng)
    return _turn_or_pass(rng, sides, dice, dice[0])


@register(RuleCode.NO_ENTRY)
def no_entry(rng: random.Random, level: int) -> DrillFields | None:
    """Both dice point at closed entry points (the board is not closed): the turn passes.

    Mixed half and half, under the same question, with rolls where one die
    enters.  The level is how many home points the opponent holds (two or
    three, four, five).
    """
    return decided(rng, (True, False), lambda entering: _no_entry(rng, level, entering), attempts=ENTERING_ATTEMPTS)


def _no_entry(rng: random.Random, level: int, entering: bool) -> DrillFields | None:
    sides = bar_moment(rng)
    if sides is None:
        return None
    wanted = {1: rng.choice((2, 3)), 2: 4, 3: 5}[level]
    closed = [point for point in HOME if is_blocked(sides.other, point)]
    if len(closed) > wanted:
        return None
    extra = rng.sample([point for point in HOME if point not in closed], wanted - len(closed))
    if not close_points(sides, extra):
        return None
    closed = [point for point in HOME if is_blocked(sides.other, point)]
    if len(closed) != wanted:
        return None
    if entering:
        return _one_enters(rng, sides, rng.choice(closed), rng.choice([point for point in HOME if point not in closed]))
    dice = (rng.choice(closed), rng.choice(closed))
    return _turn_or_pass(rng, sides, (max(dice), min(dice)), dice[0])
