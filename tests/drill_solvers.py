"""Rule-blind solvers: learners who know every rule of backgammon but one.

A drill tests its rule only if ignoring that rule fails it.  ``Blind`` is a
rule book with one rule dropped, or replaced by the misconception a learner
brings instead (``exact_only_highest``: «you always bear off from the highest
point first»).  It is written here on raw boards, apart from the engine on
purpose: the engine is what the drills are checked against, and these are
the rules as a learner who missed one lesson plays them.

A blind learner facing a play drill picks one of the plays that look legal
to them, none preferred; ``play_score`` is the chance that it is really
legal (legal plays among the plays they see, by the position each reaches).
When the drill asks for a goal (a capture), they pick among the plays they
see that meet it, any of theirs when none does, and are right only with a
legal play that meets it.
Facing «¿Es legal X?» they answer from their own rule book
(``legality_answer``).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Callable, Iterator

from tests.drill_match_solvers import MATCH_BLINDS, MATCH_RULES, engine_match_answer
from tutor.drills import Drill, DrillKind
from tutor.drills.tempting import legal_results, moved, written_result
from tutor.engine import BAR, BLACK, MULTIPLIERS, OFF, Position, double_reasons, parse_play, resignation, score_game
from tutor.rules import Goal, rule_for

Boards = tuple[tuple[int, ...], tuple[int, ...]]


@dataclass(frozen=True, slots=True)
class Blind:
    """A rule book; each field left at its default is the real rule."""

    bar_first: bool = True
    """False: other checkers move while one waits on the bar."""
    entry_on_die: bool = False
    """True: a checker enters on the point with the die's own number, not 25 − die."""
    entry_blocks: bool = True
    """False: a checker may enter on a point the opponent holds."""
    blocks: bool = True
    """False: a checker may land on a point the opponent holds (without hitting)."""
    stops: bool = True
    """False: one checker playing both dice only needs its last point open."""
    stuck_bar_frees: bool = False
    """True: a die that cannot enter may be played by another checker."""
    all_home: bool = True
    """False: checkers bear off from home while others are still outside."""
    higher_from_any: bool = False
    """True: a die above a checker's point bears it off from any point."""
    exact_only_highest: bool = False
    """True (a misconception): only the highest occupied point bears off, even with an exact die."""
    more_dice: bool = True
    """False: a turn may stop as soon as the next die has nothing to do."""
    larger_die: bool = True
    """False: when only one die can be played, either one will do."""
    blot_blocks: bool = False
    """True (a misconception): a point with one rival checker blocks, like a made point."""
    exact_only: bool = False
    """True (a misconception): only an exact die bears off, never a higher one."""
    larger_first: bool = False
    """True (a misconception): the larger die is always played first, when it can be."""


RULES_IGNORED: dict[str, Blind] = {
    "bar-first": Blind(bar_first=False),
    "enter-point": Blind(entry_on_die=True),
    "enter-blocked": Blind(entry_blocks=False),
    "closed-out": Blind(stuck_bar_frees=True, entry_blocks=False),
    "no-entry": Blind(stuck_bar_frees=True, entry_blocks=False),
    "blocked": Blind(blocks=False, entry_blocks=False),
    "pass-over": Blind(stops=False),
    "hit": Blind(blocks=False),
    "more-dice": Blind(more_dice=False),
    "larger-die": Blind(larger_die=False),
    "bear-off-all-home": Blind(all_home=False),
    "bear-off-exact": Blind(exact_only_highest=True),
    "bear-off-higher": Blind(higher_from_any=True),
    "bear-off-empty-point": Blind(higher_from_any=True),
    "bear-off-both-dice": Blind(more_dice=False, larger_die=False),
    "bear-off-higher-die": Blind(exact_only=True),
}
"""For each rule with plays to judge, the rule book of a learner who ignores it.

A learner who ignores that the bar can be closed does not see that closed
points keep a checker out, nor that a checker kept out holds back the others."""


def _highest_home(m: tuple[int, ...]) -> int:
    return next((point for point in range(6, 0, -1) if m[point]), 0)


def single_moves(m: tuple[int, ...], o: tuple[int, ...], die: int, blind: Blind) -> Iterator[tuple[int, int]]:
    """(src, dst) of every move of one checker by ``die`` under ``blind``'s rules."""
    if m[BAR]:
        entry = die if blind.entry_on_die else BAR - die
        can_enter = (not blind.entry_blocks or o[BAR - entry] < 2) and not (blind.blot_blocks and o[BAR - entry] == 1)
        if can_enter:
            yield BAR, entry
        if blind.bar_first and not (blind.stuck_bar_frees and not can_enter):
            return
    outside = any(m[point] for point in range(7, BAR + 1))
    may_bear_off = not outside or not blind.all_home
    top_home = _highest_home(m)
    for src in range(24, 0, -1):
        if not m[src]:
            continue
        dst = src - die
        if dst >= 1:
            if (blind.blocks and o[BAR - dst] >= 2) or (blind.blot_blocks and o[BAR - dst] == 1):
                continue
            yield src, dst
        elif may_bear_off and src <= 6:
            if dst == OFF and (not blind.exact_only_highest or src == top_home):
                yield src, OFF
            elif dst < OFF and not blind.exact_only and (src == top_home or blind.higher_from_any):
                yield src, OFF


def _jumps(m: tuple[int, ...], o: tuple[int, ...], distance: int, blind: Blind) -> Iterator[Boards]:
    """One checker playing the whole roll while only its last point counts (``stops=False``)."""
    if m[BAR] and blind.bar_first:
        return
    for src in range(24, 0, -1):
        dst = src - distance
        if m[src] and dst >= 1 and (not blind.blocks or o[BAR - dst] < 2):
            yield moved(m, o, src, dst)


def _dice_to_try(boards: Boards, left: tuple[int, ...], dice: tuple[int, ...], blind: Blind) -> list[int]:
    """The dice a learner tries next: all of them, or (``larger_first``) the larger alone at the start of the turn when it moves."""
    ordered = sorted(set(left), reverse=True)
    if blind.larger_first and left == dice and len(ordered) == 2 and next(single_moves(*boards, ordered[0], blind), None):
        return ordered[:1]
    return ordered


def plays(position: Position, blind: Blind) -> set[Boards]:
    """The boards after every full play that looks legal under ``blind``'s rules."""
    m, o = position.mover, position.opponent_board
    high, low = max(position.dice), min(position.dice)
    dice = (high,) * 4 if high == low else (high, low)
    frontier: dict[tuple[Boards, tuple[int, ...]], None] = {((m, o), dice): None}
    ends: list[tuple[Boards, tuple[int, ...]]] = []
    while frontier:
        following: dict[tuple[Boards, tuple[int, ...]], None] = {}
        for (boards, left) in frontier:
            any_move = False
            for die in _dice_to_try(boards, left, dice, blind):
                rest = list(left)
                rest.remove(die)
                for src, dst in single_moves(*boards, die, blind):
                    any_move = True
                    following[(moved(*boards, src, dst), tuple(rest))] = None
            if not any_move:
                ends.append((boards, left))
        frontier = following
    if not blind.stops:
        ends.extend((boards, ()) for boards in _jumps(m, o, sum(dice), blind))
    used = {index: len(dice) - len(left) for index, (_, left) in enumerate(ends)}
    most = max(used.values())
    kept = [end for index, end in enumerate(ends) if not blind.more_dice or used[index] == most]
    if blind.larger_die and most == 1 and high != low:
        with_high = [end for end in kept if end[1] == (low,)]
        kept = with_high or kept
    return {boards for boards, _ in kept}


def goal_met(position: Position, boards: Boards, goal: Goal) -> bool:
    """True when a play reaching ``boards`` meets ``goal``, read off the boards: checkers captured or borne off."""
    if goal.kind == "captura":
        return boards[1][BAR] - position.opponent_board[BAR] >= goal.count
    if goal.kind == "sacar":
        return boards[0][OFF] - position.mover[OFF] >= goal.count
    raise ValueError(f"no board reading for the goal {goal.kind!r}")


def right_results(position: Position, goal: Goal | None = None) -> frozenset[Boards]:
    """The boards of the legal plays that answer the drill: all of them, or those meeting ``goal``."""
    legal = legal_results(position)
    return legal if goal is None else frozenset(boards for boards in legal if goal_met(position, boards, goal))


def play_score(position: Position, blind: Blind, goal: Goal | None = None) -> float:
    """The chance that a play picked among those ``blind`` accepts (and takes to meet ``goal``) is right."""
    seen = plays(position, blind)
    if goal is not None:
        seen = {boards for boards in seen if goal_met(position, boards, goal)} or seen
    return len(seen & right_results(position, goal)) / len(seen)


def legality_answer(position: Position, text: str, blind: Blind) -> str:
    """«si» when ``text`` reaches a position ``blind`` accepts as a full play."""
    return "si" if written_result(position, text) in plays(position, blind) else "no"


# -- numbers and yes/no -------------------------------------------------------


def pips_by_whites_labels(drill: Drill) -> str:
    """A pip count read off White's point numbers (the large labels), whoever plays."""
    board = drill.position.mover
    flip = drill.position.turn == BLACK
    return str(sum((BAR - point if flip and point != BAR else point) * board[point] for point in range(1, BAR + 1)))


def pips_one_per_point(drill: Drill) -> str:
    """A pip count that adds each occupied point once, whatever its stack."""
    board = drill.position.mover
    return str(sum(point for point in range(1, BAR + 1) if board[point]))


def score_without_cube(drill: Drill) -> str:
    return str(score_game(drill.position).multiplier)


def score_without_kind(drill: Drill) -> str:
    return str(drill.position.cube_value)


def score_without_jacoby(drill: Drill) -> str:
    result = score_game(drill.position)
    return str(MULTIPLIERS[result.kind] * result.cube_value)


def resigned_without_cube(drill: Drill) -> str:
    kind, multiplier, _, _ = drill.facts
    return str(multiplier)


def resigned_without_jacoby(drill: Drill) -> str:
    kind = drill.facts[0]
    return str(MULTIPLIERS[kind] * drill.position.cube_value)


def always_yes(drill: Drill) -> str:
    return "si"


def doubling_without(reason: str) -> Callable[[Drill], str]:
    """Whether one may double, by a learner who does not know that ``reason`` forbids it."""

    def answer(drill: Drill) -> str:
        return "no" if set(double_reasons(drill.position)) - {reason} else "si"

    return answer


NUMBER_BLINDS: dict[str, dict[str, Callable[[Drill], str]]] = {
    "pip-count": {"reads White's labels": pips_by_whites_labels, "ignores stacks": pips_one_per_point},
    "scoring": {"ignores the cube": score_without_cube, "ignores the kind of win": score_without_kind},
    "resign-points": {
        "ignores the cube": resigned_without_cube,
        "ignores the kind offered": score_without_kind,
    },
    "may-double": {
        "always says yes": always_yes,
        "ignores who owns the cube": doubling_without("not-cube-owner"),
        "ignores the dice already rolled": doubling_without("dice-rolled"),
        "ignores the Crawford game": doubling_without("crawford-game"),
    },
}
"""For each rule answered with a number or yes/no, learners who each miss one part of it."""
NUMBER_BLINDS.update(MATCH_BLINDS)

MAY_DOUBLE_FOCUS = {1: "ignores who owns the cube", 2: "ignores the dice already rolled", 3: "ignores the Crawford game"}
"""The part of «may you double?» each level is about: the one its learner must not miss."""


def engine_answer(drill: Drill) -> bool:
    """True when the engine, asked directly, agrees with what the drill expects."""
    position = drill.position
    if drill.is_play:
        plays = position.legal_plays()
        if drill.goal is not None and not any(drill.goal.met_by(play, position) for play in plays):
            return False
        return drill.kind is not DrillKind.ONLY or [play.notation for play in plays] == [drill.answer]
    if drill.kind is DrillKind.LEGALITY:
        return position.check(drill.play).legal == (drill.answer == "si")
    if drill.asks_rule:
        broken = rule_for(position.check(drill.drawn))
        return broken is not None and broken.code == drill.answer
    if drill.kind is DrillKind.CHOICE:  # what to play: the one choice whose play is the engine's only legal play
        legal = [key for key, play in drill.facts if position.check(str(play)).legal]
        return legal == [drill.answer] and [play.notation for play in position.legal_plays()] == [dict(drill.facts)[drill.answer]]
    if drill.kind is DrillKind.NOTATION:
        verdict = position.check(drill.answer)
        return verdict.legal and verdict.play is not None and verdict.play.notation == drill.answer
    if drill.rule == "pip-count":
        return drill.answer == str(position.pip_count(position.turn))
    if drill.rule == "scoring":
        return drill.answer == str(score_game(position).points)
    if drill.rule == "resign-points":
        return drill.answer == str(resignation(position, position.turn, str(drill.facts[0])).points)
    if drill.rule in MATCH_RULES:
        return drill.answer == engine_match_answer(drill)
    return drill.answer == ("no" if double_reasons(position) else "si")


# -- surface tells --------------------------------------------------------------


def surface(text: str) -> dict[str, object]:
    """What a learner sees in a written play without looking at the board."""
    numbers = [int(number) for number in re.findall(r"\d+", text)] or [0]
    return {
        "asterisk": "*" in text,
        "moves written": len(parse_play(text)),
        "first point": numbers[0],
        "last point": numbers[-1],
        "highest point": max(numbers),
        "lowest point": min(numbers),
        "bears off": "off" in text,
    }


def tell_accuracy(train: list[Drill], test: list[Drill], feature: str) -> float:
    """How well the majority answer for each value of ``feature``, learned on ``train``, predicts ``test``."""
    seen: dict[object, Counter[str]] = {}
    for drill in train:
        seen.setdefault(surface(drill.play)[feature], Counter())[drill.answer] += 1
    overall = Counter(drill.answer for drill in train).most_common(1)[0][0]
    right = 0
    for drill in test:
        votes = seen.get(surface(drill.play)[feature])
        guess = votes.most_common(1)[0][0] if votes else overall
        right += guess == drill.answer
    return right / len(test)
