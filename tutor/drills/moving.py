"""Drills on moving: blocked points, stops of a checker using both dice, hitting,
and the full-turn obligations (as many dice as possible; only one: the larger).

A learner who ignores the rule must fail these: blocked-point drills hold
the points the dice would naturally reach, the yes/no questions are built
in pairs that differ only where the rule looks (the same play, a lone
checker or a made point under it), and the obligations come from built
positions where only the rule tells which play is left (``stuck``).
"""

from __future__ import annotations

import random

from tutor.engine import Dice, Position

from .build import Sides, held, make_point, plausible, set_opponent
from tutor.rules import RuleCode

from .core import DrillFields, DrillKind, decided, register
from .entering import roll
from .goals import CAPTURE, add_decoy, capture_one_way, lift_points
from .playouts import moment, pick
from .stuck import DECOYS, one_die_only, one_runner_goes_on, stranded_results
from .tempting import complete, one_result, rejected_for, step
from .wording import CAPTURING_TURN, FULL_TURN, you_play

BLOCKED_SHARE = 0.5
"""At least this share of the moves the dice would make land on held points, for each die."""
MAX_MADE = 3
"""The most points a blocked-point drill has the opponent make for one die."""


def _question(position: Position) -> str:
    return f"{you_play(position)}. {FULL_TURN}"


def _landings(mover: list[int] | tuple[int, ...], die: int) -> list[int]:
    """Where the mover's checkers would land with ``die``, one entry per checker point, blocks ignored."""
    return [src - die for src in range(24, die, -1) if mover[src]]


def _blocked_share(sides: Sides, die: int) -> float:
    spots = _landings(sides.mover, die)
    return sum(held(sides.other, spot) for spot in spots) / len(spots) if spots else 0.0


def _hold_landings(rng: random.Random, sides: Sides, dice: Dice) -> bool:
    """Have the opponent make points where the dice would carry the mover, until blocks bite.

    Each die must see at least ``BLOCKED_SHARE`` of its landings held, the
    way a prime stops a player: the points come from the opponent's spares.
    """
    for die in sorted(set(dice), reverse=True):
        made = 0
        while _blocked_share(sides, die) < BLOCKED_SHARE:
            spots = [spot for spot in _landings(sides.mover, die) if not held(sides.other, spot) and sides.free_for_opponent(spot)]
            spot = pick(rng, spots)
            made += 1
            if spot is None or made > MAX_MADE or not make_point(sides, spot):
                return False
    return True


BLOCKED_EASY = 4
"""The most legal plays a blocked-point drill of levels 1 and 2 leaves: few enough that one capture is possible."""


@register(RuleCode.BLOCKED)
def blocked(rng: random.Random, level: int) -> DrillFields | None:
    """Held points stop most of the moves the dice offer; the tempting play lands on one.

    The learner must also capture a blot that only one legal play reaches
    (``goals.capture_one_way``): a learner who lands on held points sees
    other captures, one who takes a blot for a block sees none.  Level 1:
    up to ``BLOCKED_EASY`` legal plays; 2: the same, with a second blot that
    only a checker landing on a held point would capture (``goals.add_decoy``);
    3: doubles, where every legal play reaches the same position (``one_result``).
    """
    base = moment(rng)
    if base is None:
        return None
    sides = Sides.of(base)
    dice = roll(rng, doubles=False) if level < 3 else (rng.randint(1, 6),) * 2
    if not _hold_landings(rng, sides, dice):
        return None
    position = sides.position(dice)
    plays = position.legal_plays()
    if plays[0].is_pass or (level < 3 and len(plays) > BLOCKED_EASY) or not plausible(position):
        return None
    if level == 3 and not one_result(position):
        return None
    die, other_die = dice if rng.random() < 0.5 else dice[::-1]
    tries = [spot + die for spot in _landings(position.mover, die) if held(position.opponent_board, spot)]
    src = pick(rng, tries)
    if src is None:
        return None
    goal_sides = capture_one_way(rng, sides, position, lift_points(sides).position(dice))
    if goal_sides is not None and level == 2:
        goal_sides = add_decoy(rng, goal_sides, position, lift_points(sides).position(dice))
    if goal_sides is None:
        return None
    goal_position = goal_sides.position(dice)
    tempting = complete(rng, goal_position, step(src, src - die), other_die, ("blocked",))
    if tempting is None:
        return None
    question = f"{you_play(goal_position)}. {CAPTURING_TURN}"
    return DrillFields(goal_position, DrillKind.PLAY, question, tempting=tempting, codes=("blocked",), goal=CAPTURE)


def _stops(src: int, dice: Dice) -> list[list[int]]:
    """The points a checker on ``src`` stops on with both dice, one list per order."""
    high, low = max(dice), min(dice)
    if high == low:
        return [[src - high * count for count in range(1, 4)]]
    return [[src - high], [src - low]]


@register(RuleCode.PASS_OVER)
def pass_over(rng: random.Random, level: int) -> DrillFields | None:
    """Is it legal for one checker to play the whole roll?  Only if some way stops on open points.

    The same checker and roll are asked about either way; what changes is
    whether the opponent holds the stops.  Level 1: both stops open or one
    held (legal, nearly always one), or both held; 2: one stop held (the other
    order still works), or both; 3: doubles, four moves of one checker,
    each of three stops open or one held.  A learner who thinks both stops
    must be open fails the legal items with one held.
    """
    return decided(rng, (True, False), lambda legal: _pass_over(rng, level, legal))


def _pass_over(rng: random.Random, level: int, legal: bool) -> DrillFields | None:
    base = moment(rng)
    if base is None:
        return None
    sides = Sides.of(base)
    dice = roll(rng, doubles=False) if level < 3 else (rng.randint(1, 5),) * 2
    total = sum(dice) * (2 if dice[0] == dice[1] else 1)
    src = pick(rng, [point for point in range(24, total, -1) if sides.mover[point]])
    if src is None:
        return None
    dst = src - total
    orders = _stops(src, dice)
    path = [point for order in orders for point in order] + [dst]
    if legal:
        one_held = level == 2 or (level == 1 and rng.random() < 0.9)
        held = [rng.choice(orders)[0]] if one_held else []
    else:
        held = [order[0] for order in orders] if level < 3 else [rng.choice(orders[0])]
    if not _set_path(rng, sides, path, held):
        return None
    text = step(src, dst)
    moves = "los cuatro movimientos del doble" if dice[0] == dice[1] else "los dos dados, uno tras otro"
    question = f"{you_play(sides.position(dice))}. Quieres jugar {moves} con la ficha del {src}. ¿Es legal la jugada {text}?"
    return _legality(sides.position(dice), text, legal, question)


def _set_path(rng: random.Random, sides: Sides, path: list[int], held: list[int]) -> bool:
    """The opponent holds the ``held`` points of ``path`` and has at most a lone checker on the others."""
    for point in path:
        wanted = 2 if point in held else min(sides.opponent_on(point), 1)
        if point in held and sides.mover[point]:
            return False
        if sides.opponent_on(point) != wanted and not set_opponent(rng, sides, point, wanted, path):
            return False
    return True


def _legality(position: Position, text: str, legal: bool, question: str) -> DrillFields | None:
    """A «¿Es legal …?» drill on landing or stopping on points, kept when the engine agrees with the board built for it."""
    if position.check(text).legal != legal or not plausible(position):
        return None
    if not legal and not rejected_for(position, text, ("blocked",)):
        return None
    return DrillFields(position, DrillKind.LEGALITY, question, play=text, answer="si" if legal else "no", codes=() if legal else ("blocked",))


@register(RuleCode.HIT)
def hit(rng: random.Random, level: int) -> DrillFields | None:
    """Is this play legal?  It lands on a rival point: one lone checker (captured) or two or more.

    The play is chosen first and only then the rival checkers under its
    landing point, so neither the asterisk (written half of the time,
    either way: it is optional) nor the points give the answer away.
    Level 1: the landing is the first of two separate moves; 2: the second;
    3: one checker lands there and goes on with the other die (the other
    way round is held, so the landing point decides).
    """
    return decided(rng, (True, False), lambda legal: _hit(rng, level, legal))


def _hit(rng: random.Random, level: int, legal: bool) -> DrillFields | None:
    base = moment(rng)
    if base is None:
        return None
    sides = Sides.of(base)
    dice = roll(rng, doubles=False)
    die, other_die = dice if rng.random() < 0.5 else dice[::-1]
    mover = sides.mover
    src = pick(rng, [point for point in range(24, die, -1) if mover[point] and not mover[point - die]])
    if src is None:
        return None
    target = src - die
    if level == 3:
        second_src, second_dst = target, target - other_die
        detour = src - other_die
        if second_dst < 1 or mover[detour] or not make_point(sides, detour):
            return None
    else:
        other_src = pick(rng, [point for point in range(24, other_die, -1) if mover[point] and point != src and not held(sides.other, point - other_die)])
        if other_src is None:
            return None
        second_src, second_dst = other_src, other_src - other_die
    if second_dst < 1 or second_dst == target or sides.opponent_on(second_dst):
        return None
    if not set_opponent(rng, sides, target, 1 if legal else rng.choice((2, 2, 3)), (second_dst,)):
        return None
    star = "*" if rng.random() < 0.5 else ""
    if level == 3:
        text = f"{src}/{target}{star}/{second_dst}"
    else:
        first, second = f"{src}/{target}{star}", step(second_src, second_dst)
        text = f"{first} {second}" if level == 1 else f"{second} {first}"
    position = sides.position(dice)
    return _legality(position, text, legal, f"{you_play(position)}. ¿Es legal la jugada {text}?")


@register(RuleCode.MORE_DICE)
def more_dice(rng: random.Random, level: int) -> DrillFields | None:
    """Only one runner can go on with the second die: the tempting play moves another runner
    with the first die and stops (see ``stuck.one_runner_goes_on`` for the levels).

    The drill is kept only when the legal plays reach one position and at
    least two first moves strand the other die, so a learner who stops when
    stuck picks the legal play at most one time in three.
    """
    spot = one_runner_goes_on(rng, level)
    if spot is None:
        return None
    position = spot.position
    tempting = step(spot.src, spot.dst)
    if not one_result(position) or len(stranded_results(position)) < DECOYS[level]:
        return None
    if not rejected_for(position, tempting, ("must-use-more-dice",)):
        return None
    return DrillFields(position, DrillKind.PLAY, _question(position), tempting=tempting, codes=("must-use-more-dice",))


EITHER_DIE = "cualquiera"
"""The answer of a larger-die drill that says either die will do (never right)."""


@register(RuleCode.LARGER_DIE)
def larger_die(rng: random.Random, level: int) -> DrillFields | None:
    """Either die could be played alone but not both (see ``stuck.one_die_only`` for the levels):
    what do you play?  The larger die's play, the smaller's, «either, as you like», or both dice
    through the point they reach together, which the rival holds; in an order drawn for each drill,
    answered by letter (``facts`` pairs each letter with its play, or ``EITHER_DIE``).

    Not a play on the board: there a learner who ignores the rule sees two plays, one with each
    die, and finds the legal one half of the time whatever the position (docs/drills.md).  Here the
    belief that either die will do has its own answer, and it is wrong.
    """
    spot = one_die_only(rng, level)
    if spot is None:
        return None
    position = spot.position
    plays = position.legal_plays()
    if len(plays) != 1 or plays[0].dice_used != 1:
        return None
    smaller = step(spot.src, spot.dst)
    if not rejected_for(position, smaller, ("must-use-larger-die",)):
        return None
    high, low = position.dice or (0, 0)
    larger, both = plays[0].notation, step(spot.src, spot.src - high - low)
    if position.check(both).legal:
        return None
    offered = [(larger, f"El {high}: {larger}"), (smaller, f"El {low}: {smaller}"),
               (EITHER_DIE, f"Cualquiera de los dos, {larger} o {smaller}: eliges tú"), (both, f"Los dos dados: {both}")]
    rng.shuffle(offered)
    keys = "abcd"
    return DrillFields(position, DrillKind.CHOICE, f"{you_play(position)}. ¿Qué juegas?", tempting=smaller,
                       codes=("must-use-larger-die",), answer=keys[[play for play, _ in offered].index(larger)],
                       choices=tuple((key, label) for key, (_, label) in zip(keys, offered)),
                       facts=tuple((key, play) for key, (play, _) in zip(keys, offered)))
