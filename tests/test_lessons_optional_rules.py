"""The lesson on optional rules and customs: the Jacoby rule, the cube's limit, resigning, partial doubles."""

from __future__ import annotations

import pytest

from tutor.engine import WHITE, Position
from tutor.lessons.answers import judge_answer, judge_play
from tutor.lessons.calculations import CalculationError, calculate
from tutor.lessons.library import get_library
from tutor.lessons.puzzles import PuzzleError, parse_puzzle

pytestmark = pytest.mark.django_db

GAMMONED_BLACK = Position.from_layout({}, {17: 2, 19: 3, 20: 3, 21: 3, 22: 2, 23: 2})
FAR_BEHIND = {13: 5, 12: 3, 11: 2, 10: 3, 9: 2}
BLACK_HOME = {19: 3, 20: 3, 21: 3, 22: 2, 23: 2, 24: 2}


def puzzle(slug: str):
    return get_library().puzzles()[slug]


def test_the_course_ends_with_the_optional_rules_lesson():
    lessons = [lesson.slug for lesson in get_library().lessons() if lesson.number]
    assert lessons[-1] == "opcionales" and len(lessons) == 11


def test_under_the_jacoby_rule_a_gammon_with_the_cube_centred_counts_as_a_single_game():
    assert calculate(GAMMONED_BLACK, "puntos") == "2"
    assert calculate(GAMMONED_BLACK.replace(jacoby=True), "puntos") == "1"
    assert calculate(GAMMONED_BLACK.replace(jacoby=True, cube_value=2, cube_owner=WHITE), "puntos") == "4"
    assert judge_answer(puzzle("jacoby-gammon-sin-doblar"), "1").correct
    assert not judge_answer(puzzle("jacoby-gammon-sin-doblar"), "2").correct
    assert judge_answer(puzzle("jacoby-gammon-tras-doblar"), "4").correct


def test_a_puzzle_may_not_ask_for_the_jacoby_rule_in_a_match():
    body = "id: x\ntitulo: X\nblancas:\nnegras: 19:15\nturno: negras\nmatch: 5\njacoby: si\ntipo: numero\npregunta: ¿?\ncalculo: puntos\nrespuesta: 2\n"
    with pytest.raises(PuzzleError, match="solo se aplica a partidas sueltas"):
        parse_puzzle(body)


def test_resigning_is_worth_its_kind_times_the_cube_and_jacoby_cuts_it_to_one():
    behind = Position.from_layout(FAR_BEHIND, BLACK_HOME)
    assert calculate(behind, "rendicion simple") == "1"
    assert calculate(behind.replace(cube_value=2, cube_owner=WHITE), "rendicion gammon") == "4"
    assert calculate(behind.replace(cube_value=4, cube_owner=WHITE), "rendicion backgammon") == "12"
    assert calculate(behind.replace(jacoby=True), "rendicion backgammon") == "1"
    assert judge_answer(puzzle("rendirse-con-un-gammon"), "4").correct
    assert judge_answer(puzzle("rendirse-con-la-regla-jacoby"), "1").correct


def test_a_side_with_a_checker_off_can_only_resign_a_single_game():
    one_off = Position.from_layout({1: 14}, BLACK_HOME)
    assert calculate(one_off, "rendicion simple") == "1"
    with pytest.raises(CalculationError, match="ya ha sacado alguna ficha"):
        calculate(one_off, "rendicion gammon")
    with pytest.raises(CalculationError, match="rendicion gammon"):
        calculate(one_off, "rendicion")


def test_nobody_may_double_a_cube_already_at_sixty_four():
    assert judge_answer(puzzle("cubo-en-sesenta-y-cuatro"), "no").correct


def test_a_double_plays_only_the_moves_that_fit():
    three = puzzle("tres-de-cuatro-seises")
    assert [play.notation for play in three.position.legal_plays()] == ["8/2(3)"]
    assert judge_play(three, "8/2(3)").correct
    assert judge_play(three, "8/2(2)").codes == ("must-use-more-dice",)
    assert judge_play(puzzle("dos-de-cuatro-seises"), "8/2 8/2").correct


def test_the_lesson_teaches_each_optional_rule_and_custom():
    text = get_library().lesson("opcionales").path.read_text(encoding="utf-8")
    for anchor in ("regla-jacoby", "limite-del-cubo", "beavers-y-dobles-automaticos", "cubo-muerto", "rendirse", "dobles-a-medias", "tablero-real", "chouette"):
        assert f"{{#{anchor}}}" in text, anchor
    for words in ("**64 hacia arriba**", "**no hay límite**", "se detiene en 64", "**dado montado**", "**recoges tus dados**", "**mitad derecha**"):
        assert words in text, words


def test_the_lesson_has_endless_drills_on_what_a_resignation_gives(client):
    from tutor.drills import RULES, drill_set

    rule = RULES["resign-points"]
    assert rule.lesson == "opcionales" and rule.anchor == "rendirse"
    drills = drill_set("resign-points", 2, seed=3, count=20)
    assert len({drill.position for drill in drills}) == 20
    assert any("con la regla Jacoby" in drill.question for drill in drills)
    assert "/entrenar/leccion/opcionales/" in client.get("/lecciones/opcionales/").content.decode()
