"""The drill generator keeps its promises for every rule and level.

Every drill is a possible position (15 checkers a side, never two colours
on a point), the rule really decides it (the tempting play is illegal for
that rule's reason, the only play is the stated one, the number is the
engine's), the same ``(rule, level, seed, index)`` gives the same drill,
and a set has distinct positions.  ``DRILLS_PER_LEVEL`` samples more.
"""

from __future__ import annotations

import os

import pytest

from tests.drill_checks import problems
from tutor.drills import LEVELS, RULES, DrillError, DrillKind, drill_set, generate, parse_id
from tutor.rules import RuleCode

PER_LEVEL = int(os.environ.get("DRILLS_PER_LEVEL", 6))
CASES = [(rule, level) for rule in RULES for level in LEVELS]

SECTION_ONE = {
    "bar-first", "enter-point", "enter-blocked", "closed-out", "blocked", "pass-over", "hit",
    "more-dice", "larger-die", "no-entry", "bear-off-all-home", "bear-off-exact", "bear-off-higher",
    "bear-off-empty-point", "bear-off-both-dice", "scoring", "pip-count", "may-double",
}


def test_every_rule_the_course_teaches_has_drills_and_a_lesson_link():
    assert SECTION_ONE <= set(RULES)
    for rule in RULES.values():
        assert rule.title and rule.url.startswith("/lecciones/") and "#" in rule.url


@pytest.mark.parametrize("rule,level", CASES)
def test_every_drill_is_legal_and_decided_by_its_rule(rule, level):
    for seed in range(PER_LEVEL):
        drill = generate(rule, level, seed, seed)
        assert drill.rule == rule and drill.level == level
        assert problems(drill) == [], (drill.id, drill.position.to_xgid())


@pytest.mark.parametrize("rule", list(RULES))
def test_the_same_rule_level_seed_and_index_give_the_same_drill(rule):
    first = [generate(rule, 2, 11, index) for index in range(3)]
    again = [generate(rule, 2, 11, index) for index in range(3)]
    assert first == again
    assert [d.position.to_xgid() for d in first] == [d.position.to_xgid() for d in again]


@pytest.mark.parametrize("rule", ["bar-first", "blocked", "bear-off-higher", "pip-count"])
def test_a_set_has_distinct_positions_and_other_seeds_give_other_sets(rule):
    mine = drill_set(rule, 2, seed=1, count=10)
    theirs = drill_set(rule, 2, seed=2, count=10)
    assert len({drill.position for drill in mine}) == 10
    assert {drill.position for drill in mine} != {drill.position for drill in theirs}
    assert [drill.id for drill in mine] == [generate(*parse_id(drill.id)).id for drill in mine]


def test_kinds_and_rule_codes_are_enums_whose_values_are_the_words_of_the_api():
    assert [kind.value for kind in DrillKind] == ["jugada", "unica", "legalidad", "numero", "sino", "notacion", "opcion"]
    assert {kind for kind in DrillKind if kind.is_play} == {DrillKind.PLAY, DrillKind.ONLY}
    assert set(RULES) <= set(RuleCode) and all(isinstance(code, RuleCode) for code in RULES)
    drill = generate("hit", 1, 0)
    assert drill.rule is RuleCode.HIT and drill.kind is DrillKind.LEGALITY and drill.id.startswith("hit.")


def test_unknown_rules_levels_and_ids_raise_drill_errors():
    with pytest.raises(DrillError):
        generate("no-such-rule", 1, 0)
    with pytest.raises(DrillError):
        generate("blocked", 4, 0)
    for bad in ("blocked.1.2", "nope.1.2.3", "blocked.x.2.3", "blocked.9.2.3", "blocked.1.-2.3"):
        with pytest.raises(DrillError):
            parse_id(bad)
    assert parse_id("blocked.1.2.3") == ("blocked", 1, 2, 3)


def test_the_same_drills_come_out_of_a_fresh_interpreter():
    """Seeds are strings hashed by ``random``, not ``hash()``: no dependence on PYTHONHASHSEED."""
    import subprocess
    import sys

    script = "from tutor.drills import generate; print(generate('enter-blocked', 3, 5, 2).position.to_xgid())"
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, env={**os.environ, "PYTHONHASHSEED": "123"})
    assert out.stdout.strip() == generate("enter-blocked", 3, 5, 2).position.to_xgid()


def test_the_generator_docstring_examples_run():
    import doctest

    import tutor.drills
    import tutor.drills.core

    for module in (tutor.drills, tutor.drills.core):
        assert doctest.testmod(module).failed == 0
