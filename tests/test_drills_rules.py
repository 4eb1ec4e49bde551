"""Every drill's answer is decided by its rule: the engine gets them all right, a
learner who ignores the rule does not, and nothing else gives the answer away.

For each rule and level, two hundred drills, the sets four students of a
class would get (``drill_set``, fifty each):

- the engine, asked directly, agrees with every expected answer, and every
  position keeps the generator's promises (``tests.drill_checks``);
- a learner who knows every rule but the drill's (``tests.drill_solvers``)
  scores at most 60 %: picking any play that looks legal to them, or
  answering «¿Es legal …?» from their own rule book, or a number or a
  yes/no with one part of the rule missing;
- «sí» is the answer of 40 to 60 % of the yes/no drills, and no surface
  of the written play (asterisk, number of moves, point numbers), learned
  on the sets of four other students, predicts it better than 65 %.
"""

from __future__ import annotations

from functools import cache
from statistics import mean

import pytest

from tests.drill_checks import problems
from tests.drill_solvers import (
    MAY_DOUBLE_FOCUS,
    NUMBER_BLINDS,
    RULES_IGNORED,
    engine_answer,
    legality_answer,
    play_score,
    resigned_without_jacoby,
    score_without_jacoby,
    score_without_kind,
    surface,
    tell_accuracy,
)
from tutor.drills import LEVELS, RULES, Drill, DrillKind, drill_set

STUDENTS = 4
PER_STUDENT = 50
BLIND_MOST = 0.6
TELL_MOST = 0.65
CASES = [(rule, level) for rule in RULES for level in LEVELS]


@cache
def class_drills(rule: str, level: int, first_seed: int = 0) -> tuple[Drill, ...]:
    """The drills of ``STUDENTS`` students, seeds from ``first_seed`` on."""
    return tuple(drill for seed in range(first_seed, first_seed + STUDENTS) for drill in drill_set(rule, level, seed, PER_STUDENT))


def blind_score(drill: Drill) -> float:
    """How often a learner who ignores the drill's rule gets this drill right (0 to 1)."""
    blind = RULES_IGNORED[drill.rule]
    if drill.is_play:
        return play_score(drill.position, blind, drill.goal)
    return float(legality_answer(drill.position, drill.play, blind) == drill.answer)


@pytest.mark.parametrize("rule,level", CASES)
def test_the_engine_answers_every_drill_as_the_drill_expects_in_a_possible_position(rule, level):
    drills = class_drills(rule, level)
    assert len(drills) == STUDENTS * PER_STUDENT
    assert [drill.id for drill in drills if not engine_answer(drill)] == []
    assert [(drill.id, problems(drill)) for drill in drills if problems(drill)] == []


@pytest.mark.parametrize("rule,level", [(rule, level) for rule, level in CASES if rule in RULES_IGNORED])
def test_a_learner_who_ignores_the_rule_of_a_play_drill_fails_most_of_them(rule, level):
    assert mean(blind_score(drill) for drill in class_drills(rule, level)) <= BLIND_MOST


@pytest.mark.parametrize("rule,level", [(rule, level) for rule, level in CASES if rule in NUMBER_BLINDS])
def test_a_learner_who_misses_part_of_a_rule_answered_in_numbers_or_yes_no_fails_most_of_them(rule, level):
    drills = class_drills(rule, level)
    blinds = NUMBER_BLINDS[rule]
    if rule == "may-double":
        blinds = {name: blinds[name] for name in ("always says yes", MAY_DOUBLE_FOCUS[level])}
    scores = {name: mean(float(blind(drill) == drill.answer) for drill in drills) for name, blind in blinds.items()}
    assert max(scores.values()) <= BLIND_MOST, scores


@pytest.mark.parametrize("level", [2, 3])
def test_scoring_drills_with_the_jacoby_rule_fail_a_learner_who_ignores_it_and_one_who_applies_it_with_the_cube_turned(level):
    jacoby = [drill for drill in class_drills("scoring", level) if "con la regla Jacoby" in drill.question]
    assert len(jacoby) >= 60
    for blind in (score_without_jacoby, score_without_kind):
        assert mean(float(blind(drill) == drill.answer) for drill in jacoby) <= BLIND_MOST, blind.__name__


def test_resigning_with_the_jacoby_rule_fails_a_learner_who_ignores_it_and_one_who_applies_it_with_the_cube_turned():
    jacoby = [drill for drill in class_drills("resign-points", 2) if "con la regla Jacoby" in drill.question]
    assert len(jacoby) >= 60
    for blind in (resigned_without_jacoby, score_without_kind):
        assert mean(float(blind(drill) == drill.answer) for drill in jacoby) <= BLIND_MOST, blind.__name__


@pytest.mark.parametrize("level", LEVELS)
def test_scoring_mixes_cube_values_and_kinds_of_win_from_the_first_level(level):
    drills = class_drills("scoring", level)
    assert len({drill.position.cube_value for drill in drills}) >= 3
    assert len({drill.facts[0] for drill in drills}) >= 2
    assert len({drill.answer for drill in drills}) >= 4


YES_NO = [(rule, level) for rule, level in CASES if class_drills(rule, level)[0].kind in (DrillKind.LEGALITY, DrillKind.YES_NO)]


@pytest.mark.parametrize("rule,level", YES_NO)
def test_yes_and_no_are_balanced(rule, level):
    share = mean(float(drill.answer == "si") for drill in class_drills(rule, level))
    assert 0.4 <= share <= 0.6


@pytest.mark.parametrize("rule,level", [(rule, level) for rule, level in YES_NO if class_drills(rule, 1)[0].kind is DrillKind.LEGALITY])
def test_nothing_written_in_the_play_predicts_whether_it_is_legal(rule, level):
    train, test = class_drills(rule, level, STUDENTS), class_drills(rule, level)
    accuracies = {feature: tell_accuracy(list(train), list(test), feature) for feature in surface(test[0].play)}
    assert max(accuracies.values()) <= TELL_MOST, accuracies


@pytest.mark.parametrize("rule", ["closed-out", "no-entry"])
def test_passing_is_the_answer_of_about_half_of_the_drills_where_the_turn_may_pass(rule):
    for level in LEVELS:
        passes = mean(float(drill.position.legal_plays()[0].is_pass) for drill in class_drills(rule, level))
        assert 0.4 <= passes <= 0.6, (level, passes)
