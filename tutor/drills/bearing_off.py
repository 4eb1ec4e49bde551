"""Drills on bearing off: all checkers home, the exact die, the higher die from the
highest point, the exact point empty, and using both dice.

Unless a maker says otherwise, the level is how many checkers the mover
still has on the board: up to seven, up to eleven, more.  The yes/no
questions are built in pairs: the play asked about is written first, and
only then is the board made to allow it or not, so that nothing in the
play's text tells the answer; only the rule does.
"""

from __future__ import annotations

import random

from tutor.engine import OFF, Dice, Position

from .build import Sides, any_side, fill_opponent, plausible, spread
from tutor.rules import RuleCode

from .core import DrillFields, DrillKind, decided, register
from .playouts import pick
from .stuck import ROLLS, stranded_results
from .tempting import complete, one_result, rejected_for, step
from .wording import FULL_TURN, count_words, roll_text, side_name, you_play

HOME = range(1, 7)


def _question(position: Position) -> str:
    return f"{you_play(position)}. {FULL_TURN}"


def _drill(rng: random.Random, position: Position, first: str, other_die: int, code: str) -> DrillFields | None:
    """A play drill whose legal plays all reach the same position (``one_result``), tempted by ``first``."""
    tempting = complete(rng, position, first, other_die, (code,))
    if tempting is None or position.legal_plays()[0].is_pass or not one_result(position) or not plausible(position):
        return None
    return DrillFields(position, DrillKind.PLAY, _question(position), tempting=tempting, codes=(code,))


def _legality(position: Position, text: str, legal: bool, code: str | tuple[str, ...]) -> DrillFields | None:
    """A «¿Es legal …?» drill, kept only when the engine agrees with the board built for it
    (and, for an illegal play, finds one of the reason ``code`` or codes first)."""
    codes = (code,) if isinstance(code, str) else code
    verdict = position.check(text)
    if verdict.legal != legal or not plausible(position) or not position.is_valid:
        return None
    if not legal and not rejected_for(position, text, codes):
        return None
    off = position.borne_off(position.turn)
    situation = you_play(position)
    if off and position.dice is not None:
        situation = f"Juegas con las {side_name(position.turn)}, has retirado {count_words(off)} y tiras {roll_text(position.dice)}"
    question = f"{situation}. ¿Es legal la jugada {text}?"
    return DrillFields(position, DrillKind.LEGALITY, question, play=text, answer="si" if legal else "no", codes=() if legal else codes)


def _home_board(rng: random.Random, level: int, sides: Sides, needed: dict[int, int], away: int = 0, points: range | list[int] = HOME) -> bool:
    """The mover's home checkers for ``level``, with ``needed[point]`` on some points and the
    rest spread over ``points``, leaving room for ``away`` checkers outside home."""
    left = {1: rng.randint(3, 7), 2: rng.randint(8, 11), 3: rng.randint(12, 15)}[level]
    board = sides.mover
    for point, count in needed.items():
        board[point] = count
    rest = left - away - sum(board[1:])
    return rest >= 0 and spread(rng, board, rest, list(points), 5)


@register(RuleCode.BEAR_OFF_ALL_HOME)
def not_all_home(rng: random.Random, level: int) -> DrillFields | None:
    """Is it legal to bear off now?  Only once every checker is home, counting the ones the play brings in.

    The play bears off with an exact die, after bringing the last straggler
    home with the other die (levels 2 and 3) or with both dice (level 1);
    the board then gets one more checker outside home, or none.  Level 3
    has a full home board and that checker, if any, sits on the 7 or the 8.
    """
    return decided(rng, (True, False), lambda legal: _not_all_home(rng, level, legal))


def _not_all_home(rng: random.Random, level: int, legal: bool) -> DrillFields | None:
    sides = Sides.empty(any_side(rng))
    dice = rng.choice(ROLLS)
    bring_in = level > 1
    if bring_in:
        die_in, die_off = dice if rng.random() < 0.5 else dice[::-1]
        straggler = rng.randint(7, min(6 + die_in, 12))
        text = f"{step(straggler, straggler - die_in)} {step(die_off, OFF)}"
        needed = {die_off: rng.randint(1, 3)}
    else:
        text = f"{step(dice[0], OFF)} {step(dice[1], OFF)}"
        needed = {dice[0]: rng.randint(1, 3), dice[1]: rng.randint(1, 3)}
    if not _home_board(rng, level, sides, needed, away=1 if bring_in else 0):
        return None
    if bring_in:
        sides.mover[straggler] += 1
    if not legal:
        outside = rng.choice((7, 8)) if level == 3 else rng.randint(7, 11)
        spares = [point for point in HOME if sides.mover[point] > needed.get(point, 0)]
        spare = pick(rng, spares)
        if spare is None:
            return None
        sides.mover[spare] -= 1
        sides.mover[outside] += 1
    if not fill_opponent(rng, sides, keep_open=range(1, 13)):
        return None
    return _legality(sides.position(dice), text, legal, "bear-off-not-all-home")


EXACT_KINDS = ("exact",) * 10 + ("higher-below",) + ("higher-top",) + ("exact-looking",) * 9
"""The four kinds of bear-off asked about, in these proportions:

- ``exact``: the exact die bears off a checker below the highest point (legal);
- ``higher-below``: a higher die bears off a checker below the highest point (illegal);
- ``higher-top``: a higher die bears off the highest checker (legal, not exact);
- ``exact-looking``: written as an ``exact`` play, but one checker is still outside
  the home board, so nothing bears off (illegal).

A learner who believes «only an exact die bears off» answers the last two
wrong, one who believes «only the highest point bears off» the first; each
gets about half right, and «sí» is the answer of about half.  The exact and
exact-looking plays are written alike: only the board tells them apart.
"""


@register(RuleCode.BEAR_OFF_EXACT)
def exact_die(rng: random.Random, level: int) -> DrillFields | None:
    """Is it legal to bear off from this point?  With the exact die, or a higher one from the highest point.

    The play bears off one checker and moves another down with the other
    die; which die goes where, and the board, decide (``EXACT_KINDS``).
    """
    return decided(rng, EXACT_KINDS, lambda kind: _exact_die(rng, level, kind))


def _exact_die(rng: random.Random, level: int, kind: str) -> DrillFields | None:
    src = rng.randint(1, 5)
    other_die = rng.choice([die for die in range(1, 6) if die != src])
    die = rng.randint(src + 1, 6) if kind.startswith("higher") else src
    if die == other_die:
        return None
    below = range(other_die + 1, src) if kind == "higher-top" else range(other_die + 1, 7)
    mover_src = rng.choice([point for point in below if point != src] or [0])
    if not mover_src:
        return None
    needed = {src: rng.randint(1, 3), mover_src: 1}
    if kind != "higher-top":
        above = [point for point in range(src + 1, 7) if point != mover_src]
        if not above:
            return None
        needed[rng.choice(above)] = 1
    steps = [step(src, OFF), step(mover_src, mover_src - other_die)]
    rng.shuffle(steps)
    sides = Sides.empty(any_side(rng))
    points = range(1, src + 1) if kind == "higher-top" else HOME
    outside = 1 if kind == "exact-looking" else 0
    if not _home_board(rng, level, sides, needed, away=outside, points=points):
        return None
    if outside:
        sides.mover[rng.randint(7, 9)] += 1
    if not fill_opponent(rng, sides, keep_open=range(1, 10)):
        return None
    codes = ("bear-off-not-all-home",) if outside else ("higher-die-not-highest",)
    return _legality(sides.position((max(die, other_die), min(die, other_die))), " ".join(steps), kind in ("exact", "higher-top"), codes)


@register(RuleCode.BEAR_OFF_HIGHER)
def higher_die(rng: random.Random, level: int) -> DrillFields | None:
    """The larger die is above the highest checker: the tempting play bears off a lower one with it.

    Two or more lower points are occupied, so a learner who bears off from
    any of them usually picks an illegal play.
    """
    top = rng.randint(2, 5)
    lower = rng.sample(range(1, top), min(top - 1, rng.randint(2, 3)))
    if len(lower) < 2:
        return None
    sides = Sides.empty(any_side(rng))
    needed = {top: rng.randint(1, 3), **{point: 1 for point in lower}}
    if not _home_board(rng, level, sides, needed, points=range(1, top + 1)) or not fill_opponent(rng, sides, keep_open=HOME):
        return None
    high = rng.randint(top + 1, 6)
    other = rng.randint(1, 6)
    position = sides.position((max(high, other), min(high, other)))
    return _drill(rng, position, step(rng.choice(lower), OFF), other, "higher-die-not-highest")


@register(RuleCode.BEAR_OFF_EMPTY_POINT)
def empty_point(rng: random.Random, level: int) -> DrillFields | None:
    """The die's point is empty with checkers above it: they must move down, nothing lower bears off.

    At levels 2 and 3 the play the rule leaves also bears off with a die
    higher than the checker's point (``_needs_higher_die``): a learner who
    believes only an exact die bears off cannot find it.
    """
    die = rng.randint(2, 5)
    above, below = rng.randint(die + 1, 6), rng.randint(1, die - 1)
    sides = Sides.empty(any_side(rng))
    points = [point for point in HOME if point != die]
    if not _home_board(rng, level, sides, {above: rng.randint(1, 3), below: rng.randint(1, 2)}, points=points):
        return None
    if not fill_opponent(rng, sides, keep_open=HOME):
        return None
    other = rng.randint(1, 6)
    position = sides.position((max(die, other), min(die, other)))
    if level > 1 and not _needs_higher_die(position):
        return None
    src = rng.choice([point for point in range(1, die) if position.mover[point]])
    return _drill(rng, position, step(src, OFF), other, "higher-die-not-highest")


def _needs_higher_die(position: Position) -> bool:
    """True when every legal play bears a checker off with a die higher than its point."""
    return all(any(move.dst == OFF and move.die > move.src for move in play.moves) for play in position.legal_plays())


SMALL_ROLLS = tuple((high, low) for high, low in ROLLS if high + low <= 6)
"""The rolls one checker can take whole inside the home board."""


def _stranding_bear_off(rng: random.Random, level: int) -> tuple[Sides, Dice, int] | None:
    """A bear-off where no checker can play the die ``d2`` yet and only the checker on ``runner``
    can go on with it after taking ``d1`` (further down, or off when it lands on the point ``d2``).

    The rival holds the points ``d2`` below every checker above it (a back
    game's anchors), so no checker plays ``d2`` first, and nothing bears off
    with it while the runner sits higher.  Bearing off the checker on
    the point ``d1`` with ``d1``, or moving any other checker with it,
    leaves ``d2`` nothing to do: a learner who stops when stuck sees two
    plays or more besides the legal one.  Returns the point ``d1``.
    """
    high, low = rng.choice(SMALL_ROLLS)
    d1, d2 = (high, low) if rng.random() < 0.5 else (low, high)
    runner = rng.randint(d1 + d2, 6)
    if runner == d1:
        return None
    sides = Sides.empty(any_side(rng))
    left = {1: rng.randint(3, 4), 2: rng.randint(5, 7), 3: rng.randint(8, 11)}[level]
    sides.mover[runner] = 1
    sides.mover[d1] += 1
    route = {runner - d1, runner - d1 - d2, runner, d1}
    points = [point for point in HOME if point not in (d2, runner - d2) and (point < d2 or point - d2 not in route)]
    if not spread(rng, sides.mover, left - 2, points, 5):
        return None
    held = {point - d2 for point in HOME if sides.mover[point] and point > d2}
    if len(held) > 4 or any(sides.mover[point] for point in held) or route & held:
        return None
    for point in held:
        sides.set_opponent(point, rng.choice((2, 2, 3)))
    if not fill_opponent(rng, sides, keep_open=[point for point in HOME if point not in held]):
        return None
    return sides, (high, low), d1


@register(RuleCode.BEAR_OFF_BOTH_DICE)
def both_dice(rng: random.Random, level: int) -> DrillFields | None:
    """The tempting play bears off the checker on the first die's point and strands the other die.

    Only one checker can go on with the second die after the first
    (``_stranding_bear_off``), so the legal plays reach one position and at
    least two first moves strand the other die.  The level is how many
    checkers are left: three or four, five to seven, eight to eleven.
    """
    built = _stranding_bear_off(rng, level)
    if built is None:
        return None
    sides, dice, src = built
    position = sides.position(dice)
    if any(play.dice_used != 2 for play in position.legal_plays()) or not one_result(position):
        return None
    tempting = step(src, OFF)
    if len(stranded_results(position)) < 2 or not rejected_for(position, tempting, ("must-use-more-dice",)):
        return None
    return DrillFields(position, DrillKind.PLAY, _question(position), tempting=tempting, codes=("must-use-more-dice",))
