"""The rule catalogue: every rule has a section of the lessons, every engine code one rule,
one set of cube sentences right for practice and live games, and no Django."""

from __future__ import annotations

import ast
import doctest
import importlib
import json
from pathlib import Path

import pytest

import tutor.engine
import tutor.rules
from tests.test_engine_purity import _imported_names, _run_fresh
from tutor.engine import BAR, CODES, Position, Reason, double_reasons
from tutor.lessons.library import get_library
from tutor.rules import (
    CRAWFORD_NOTICE,
    CUBE_REFUSALS,
    RULES,
    RuleCode,
    cube_refusal,
    may_double_answer,
    rule_for,
    rule_for_calculation,
    rule_for_code,
    rule_for_reason,
    rules_for_verdict,
)

RULES_DIR = Path(tutor.rules.__file__).resolve().parent


def test_every_rule_links_a_section_that_the_lessons_have():
    sections = {(lesson.slug, section.anchor) for lesson in get_library().lessons() for section in lesson.sections}
    for rule in RULES.values():
        assert rule.title and (rule.lesson, rule.anchor) in sections, rule.code
        assert rule.url == f"/lecciones/{rule.lesson}/#{rule.anchor}"


def test_the_catalogue_is_keyed_by_every_code_once_and_titles_are_distinct():
    assert list(RULES) == list(RuleCode)
    assert all(rule.code is code for code, rule in RULES.items())
    titles = [rule.title for rule in RULES.values()]
    assert len(titles) == len(set(titles))


@pytest.mark.parametrize("code", CODES)
def test_every_engine_code_belongs_to_one_rule_on_the_board_and_at_most_one_other_when_entering(code):
    on_the_board = [rule for rule in RULES.values() if code in rule.reasons and not rule.entering]
    entering = [rule for rule in RULES.values() if code in rule.reasons and rule.entering]
    assert len(on_the_board) == 1 and len(entering) <= 1, code
    assert rule_for_reason(Reason(code, src=13)) is on_the_board[0]
    assert rule_for_reason(Reason(code, src=BAR)) is (entering or on_the_board)[0]


def test_a_blocked_entry_is_the_entry_tables_rule_and_a_blocked_point_the_blocked_points():
    on_bar = Position.from_layout({"bar": 1, 13: 5, 8: 3, 6: 4, 5: 2}, {24: 2, 22: 2, 21: 2, 20: 2, 19: 1, 17: 3, 12: 3}, dice=(4, 2))
    entry = on_bar.check("bar/21 13/11")
    assert rule_for(entry).code is RuleCode.ENTER_BLOCKED and rule_for(entry).anchor == "tabla-de-entrada"
    assert rules_for_verdict(Position.initial().with_dice("5-5").check("6/1(2)")) == (RuleCode.BLOCKED,)


def test_a_wrong_die_from_the_bar_is_the_entry_table_and_on_the_board_one_die_one_move():
    on_bar = Position.from_layout({"bar": 1, 13: 14}, {6: 2, 1: 13}, dice=(6, 3))
    assert rules_for_verdict(on_bar.check("bar/3")) == (RuleCode.ENTER_POINT,)
    assert rules_for_verdict(Position.initial().check("24/18", dice=(3, 1))) == (RuleCode.ONE_DIE_ONE_MOVE,)


def test_codes_without_their_step_and_calculations_name_their_rules():
    assert rule_for_code("blocked").code is RuleCode.BLOCKED
    assert rule_for_code("no-such-code") is None
    assert rule_for_calculation("pips 13").code is RuleCode.PIP_COUNT
    assert rule_for_calculation("entrada 3").code is RuleCode.ENTER_POINT
    assert rule_for_calculation("") is None and rule_for_calculation("otra cosa") is None


def test_every_cube_code_of_the_engine_and_the_dead_cube_have_one_sentence_that_speaks_of_the_rival():
    from tutor.engine.cube import (
        REASONS,  # the engine's own list of cube codes, read here only to compare
    )
    from tutor.games.cube_policy import DEAD_CUBE  # the games' one cube policy adds the dead cube to the rules

    assert set(CUBE_REFUSALS) == set(REASONS) | {DEAD_CUBE}
    assert "tu rival" in CUBE_REFUSALS["not-cube-owner"]
    assert not any(word in sentence for sentence in CUBE_REFUSALS.values() for word in ("programa", "ordenador"))


def test_a_double_refused_at_sixty_four_says_that_standard_rules_have_no_limit():
    position = Position.initial(cube_value=64, cube_owner=tutor.engine.WHITE)
    assert double_reasons(position) == ("cube-at-maximum",)
    sentence = cube_refusal("cube-at-maximum")
    assert "64" in sentence and "no tiene límite" in sentence and "este sitio" in sentence


def test_the_may_double_answer_gives_every_refusal_or_says_why_doubling_is_allowed():
    assert may_double_answer(()).startswith("Puedes doblar")
    answer = may_double_answer(("dice-rolled", "crawford-game"))
    assert answer.startswith("No puedes doblar.") and CUBE_REFUSALS["dice-rolled"] in answer and CUBE_REFUSALS["crawford-game"] in answer


def test_the_crawford_notice_reads_as_one_text_and_as_a_title_and_sentence():
    assert str(CRAWFORD_NOTICE) == f"{CRAWFORD_NOTICE.title}. {CRAWFORD_NOTICE.text}"


def test_the_catalogue_imports_no_django_and_only_the_engines_public_names():
    offenders = []
    for path in sorted(RULES_DIR.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for name in _imported_names(tree):
            if "django" in name.lower() or name.startswith("tutor.engine."):
                offenders.append(f"{path.name}: {name}")
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module == "tutor.engine":
                offenders += [f"{path.name}: {a.name}" for a in node.names if a.name not in tutor.engine.__all__]
    assert not offenders, offenders
    loaded = _run_fresh("import json, sys\nimport tutor.rules\nprint(json.dumps([m for m in sys.modules if m.split('.')[0] == 'django']))\n")
    assert json.loads(loaded) == []


@pytest.mark.parametrize("name", ["tutor.rules", *sorted(f"tutor.rules.{path.stem}" for path in RULES_DIR.glob("[a-z]*.py"))])
def test_the_examples_in_the_catalogues_docstrings_hold(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} failing examples in {name}"
