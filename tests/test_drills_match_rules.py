"""The match and cube drills: the Crawford game from the games played, the cube's limits
(what a take makes it, the site's 64, the dead cube), what a dropped double gives, and
the opening roll (who starts, and with which dice) and doubles from the bar (how many
checkers enter, what is left to play).

Their answers come from the engine; here every one is solved again from what the
learner sees (the question and the cube on the board, ``tests.drill_match_solvers``),
and the explanation a learner reads after answering names the numbers that decide it.
"""

from __future__ import annotations

import pytest

from tests.drill_match_solvers import MATCH_RULES, resolve, throws
from tests.test_drills_rules import class_drills
from tutor.drills import LEVELS, RULES, generate
from tutor.rules import match_answer

CASES = [(rule, level) for rule in sorted(MATCH_RULES) for level in LEVELS]


def test_the_match_and_cube_rules_have_drills_with_a_lesson_link():
    for rule in MATCH_RULES:
        assert rule in RULES and RULES[rule].url.startswith("/lecciones/")


@pytest.mark.parametrize("rule,level", CASES)
def test_every_answer_is_the_one_worked_out_from_the_question_and_the_cube_on_the_board(rule, level):
    drills = class_drills(rule, level)
    assert [drill.id for drill in drills if resolve(drill) != drill.answer] == []


@pytest.mark.parametrize("rule,level", CASES)
def test_the_explanation_names_what_decides_the_answer(rule, level):
    for drill in class_drills(rule, level)[:40]:
        said = match_answer(drill.rule, drill.facts)
        assert said, drill.id
        cube = drill.position.cube_value
        if drill.rule == "bar-doubles":
            _, _, entered, played = drill.facts
            assert ("no entra ninguna ficha" in said) == (entered == 0) and said.endswith(" movimientos.") or played == 1, said
            assert drill.answer == str(played - entered if level == 2 else entered)
        elif drill.rule == "opening-roll":
            mine, theirs = throws(drill)[-1]
            if mine == theirs:
                assert said.endswith("Todavía no empieza nadie."), said
            else:
                assert f"{mine + theirs} pips" in said and said.count("Tiraste") == (mine > theirs), said
        elif drill.rule == "starting-position":
            assert said.startswith("Todas las fichas están en su sitio" if drill.answer == "si" else "No todas están en su sitio"), said
            assert said.endswith("2 fichas en el 24, 5 en el 13, 3 en el 8 y 5 en el 6."), said
        elif drill.rule == "crawford":
            assert ("es la partida Crawford" in said) == (drill.answer == "si"), said
        elif drill.rule == "cube-limits" and level == 1:
            assert f"pasa al doble, a {drill.answer}," in said, said
        elif drill.rule == "cube-limits":
            assert said.startswith("Puedes doblar" if drill.answer == "si" else "No puedes doblar"), said
            assert ("64" in said) == (level == 2 or "64" in drill.question), said
        elif level == 3:
            assert said.endswith(f"a {drill.answer}.") and ("1," if cube == 1 else f"el cubo en {cube},") in said, said
        else:
            assert ("1," if cube == 1 else f"el cubo en {cube},") in said and "partida simple" in said, said


def test_a_crawford_question_at_level_three_needs_each_games_kind_and_cube():
    drills = class_drills("crawford", 3)
    assert sum("con el cubo en" in drill.question for drill in drills) >= 100
    assert sum("gammon" in drill.question for drill in drills) >= 100


def test_the_same_drill_comes_back_from_its_id():
    drill = generate("crawford", 2, 5, 7)
    assert generate("crawford", 2, 5, 7) == drill and drill.question.endswith("¿Es esta la partida Crawford?")
