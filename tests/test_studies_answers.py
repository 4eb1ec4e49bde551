"""A chapter's question checked by the engine: validation on save and judging an answer.

No database: chapters are built in memory, as the editor builds them before saving.
"""

from __future__ import annotations

import pytest

from tutor.engine import Position
from tutor.rules import GoalError, parse_goal
from tutor.studies.answers import judge_chapter, right_answers
from tutor.studies.models import Chapter
from tutor.studies.validation import ChapterError, check_chapter

OPENING_31 = Position.initial().with_dice("3-1").to_xgid()
OPENING = Position.initial().to_xgid()
# White on roll with 6-4 and a Black blot on White's 4 point (Black's 21).
HIT_AVAILABLE = Position.from_layout({24: 2, 13: 5, 8: 3, 6: 5}, {4: 1, 12: 5, 17: 3, 19: 5, 1: 1}, dice=(6, 4)).to_xgid()


def chapter(**fields) -> Chapter:
    values = {"title": "Capítulo", "xgid": OPENING_31, "moment": "dados", "question_kind": "jugada", "answer_spec": {"accept": "any"}}
    values.update(fields)
    built = Chapter(**values)
    if "study" not in fields:
        built.study_id = 1
    return built


def refusal(**fields) -> ChapterError:
    with pytest.raises(ChapterError) as caught:
        check_chapter(chapter(**fields))
    return caught.value


# -- validation ------------------------------------------------------------------


def test_an_impossible_position_is_refused_with_what_is_wrong():
    score_beyond_the_match = "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:5:3:0:5:10"
    error = refusal(xgid=score_beyond_the_match)
    assert error.field == "xgid"
    assert error.message == "Esa posición es imposible: el marcador no cabe en la longitud del match."


def test_an_unreadable_position_is_refused_in_spanish():
    error = refusal(xgid="XGID=esto no es")
    assert (error.field, error.message) == ("xgid", "No se puede leer esa posición.")


def test_a_play_question_needs_the_dice_rolled():
    assert refusal(xgid=OPENING).field == "dice"
    assert refusal(xgid=OPENING, moment="doblar").field == "moment"


def test_a_right_play_that_is_illegal_is_refused_with_the_rule_broken():
    error = refusal(answer_spec={"accept": "plays", "plays": ["8/5 6/5", "13/8"]})
    assert error.field == "answer_spec"
    assert error.message.startswith("«13/8» no es una jugada legal con 3-1:")
    assert len(error.message) > len("«13/8» no es una jugada legal con 3-1: ") + 20


def test_a_wrong_die_in_a_right_play_is_named():
    error = refusal(answer_spec={"accept": "plays", "plays": ["13/7"]})
    assert "13/7" in error.message and "3-1" in error.message


def test_several_right_plays_are_accepted_when_all_are_legal():
    check_chapter(chapter(answer_spec={"accept": "plays", "plays": ["8/5 6/5", "24/21 24/23"]}))


def test_a_goal_no_legal_play_meets_is_refused():
    error = refusal(answer_spec={"accept": "goal", "goal": "captura"})
    assert error.message == "Ninguna jugada legal con estos dados cumple el objetivo «capturar»."


def test_an_unreadable_goal_is_refused():
    assert "«objetivo» se escribe" in refusal(answer_spec={"accept": "goal", "goal": "ganar"}).message


def test_a_goal_some_legal_play_meets_is_accepted():
    check_chapter(chapter(xgid=HIT_AVAILABLE, answer_spec={"accept": "goal", "goal": "captura"}))
    check_chapter(chapter(answer_spec={"accept": "goal", "goal": "punto 5"}))


def test_a_cube_decision_is_refused_where_the_player_on_roll_may_not_double():
    owned = Position.initial().replace(cube_value=2, cube_owner=1).to_xgid()
    error = refusal(xgid=owned, moment="doblar", question_kind="ninguna", answer_spec={})
    assert error.field == "moment"
    assert "El cubo es de tu rival" in error.message


def test_a_cube_decision_without_dice_is_accepted():
    check_chapter(chapter(xgid=OPENING, moment="doblar", question_kind="sino", answer_spec={"answer": "no"}))


def test_a_yes_no_about_a_play_must_agree_with_the_engine():
    error = refusal(question_kind="sino", answer_spec={"answer": "si", "play": "13/7"})
    assert error.message.startswith("Según las reglas, «13/7» no es legal:")
    assert "es legal" in refusal(question_kind="sino", answer_spec={"answer": "no", "play": "8/5 6/5"}).message
    check_chapter(chapter(question_kind="sino", answer_spec={"answer": "no", "play": "13/7"}))


def test_a_number_out_of_range_is_refused():
    assert "del -9999 al 9999" in refusal(question_kind="numero", answer_spec={"answer": 10000}).message
    assert "del -9999 al 9999" in refusal(question_kind="numero", answer_spec={"answer": "doce"}).message
    check_chapter(chapter(question_kind="numero", answer_spec={"answer": 167}))


def test_choices_need_two_to_six_options_and_a_right_one():
    assert "de 2 a 6" in refusal(question_kind="opcion", answer_spec={"choices": [{"key": "a", "label": "Sí"}], "answer": "a"}).message
    two = [{"key": "a", "label": "Doblar"}, {"key": "b", "label": "No doblar"}]
    assert "correcta" in refusal(question_kind="opcion", answer_spec={"choices": two, "answer": "c"}).message
    assert "texto de la opción b" in refusal(question_kind="opcion", answer_spec={"choices": [two[0], {"key": "b", "label": " "}], "answer": "a"}).message
    check_chapter(chapter(question_kind="opcion", answer_spec={"choices": two, "answer": "b"}))


def test_a_chapter_without_a_question_carries_no_answer():
    assert refusal(question_kind="ninguna", answer_spec={"answer": 3}).field == "answer_spec"
    check_chapter(chapter(question_kind="ninguna", answer_spec={}))


def test_an_unknown_question_kind_or_spec_shape_is_refused():
    assert refusal(question_kind="ensayo").field == "question_kind"
    assert refusal(answer_spec=["8/5 6/5"]).field == "answer_spec"
    assert refusal(answer_spec={"accept": "todas"}).field == "answer_spec"


# -- judging -----------------------------------------------------------------------


def test_any_of_several_right_plays_is_right_however_it_is_written():
    two_right = chapter(answer_spec={"accept": "plays", "plays": ["8/5 6/5", "24/21 24/23"]})
    assert judge_chapter(two_right, "6/5 8/5").correct
    assert judge_chapter(two_right, "24/23 24/21").correct
    assert sorted(right_answers(two_right)) == ["24/23 24/21", "8/5 6/5"]


def test_a_legal_play_that_is_not_listed_is_wrong_with_the_authors_text():
    two_right = chapter(answer_spec={"accept": "plays", "plays": ["8/5 6/5"]}, wrong_text="Piensa en el punto 5.")
    judgement = judge_chapter(two_right, "13/10 6/5")
    assert (judgement.correct, judgement.legal) == (False, True)
    assert judgement.feedback == "Piensa en el punto 5."


def test_an_illegal_play_gets_the_engines_explanation():
    judgement = judge_chapter(chapter(), "13/7")
    assert judgement.correct is False and judgement.legal is False
    assert judgement.reasons and all(reason["message"] for reason in judgement.reasons)
    assert judgement.as_json()["correct"] is False


def test_a_goal_is_judged_by_what_the_play_does():
    make_five = chapter(answer_spec={"accept": "goal", "goal": "punto 5"})
    assert judge_chapter(make_five, "8/5 6/5").correct
    missed = judge_chapter(make_five, "24/21 24/23")
    assert (missed.correct, missed.message) == (False, "Es legal, pero no haces tu punto 5.")
    assert right_answers(make_five) == ["8/5 6/5"]


def test_yes_no_number_and_choice_are_judged_by_the_authors_answer():
    yes_no = chapter(question_kind="sino", answer_spec={"answer": "no"})
    assert judge_chapter(yes_no, "No").correct and not judge_chapter(yes_no, "sí").correct
    assert judge_chapter(yes_no, "quizá").message == "Responde «sí» o «no»."
    number = chapter(question_kind="numero", answer_spec={"answer": 167})
    assert judge_chapter(number, " 167 ").correct and not judge_chapter(number, "166").correct
    choice = chapter(question_kind="opcion", answer_spec={"choices": [{"key": "a", "label": "Doblar"}, {"key": "b", "label": "No doblar"}], "answer": "b"})
    assert judge_chapter(choice, "b").correct and not judge_chapter(choice, "a").correct


def test_a_yes_no_about_a_play_is_judged_by_the_engine():
    legality = chapter(question_kind="sino", answer_spec={"answer": "no", "play": "13/7"})
    judgement = judge_chapter(legality, "no")
    assert judgement.correct and judgement.reasons


def test_an_overlong_answer_is_cut_not_an_error():
    assert judge_chapter(chapter(), "8/5 " * 500).correct is False


def test_the_point_goal_reads_points_one_to_twenty_four():
    assert parse_goal("punto 5").describe() == "hacer el punto 5"
    with pytest.raises(GoalError):
        parse_goal("punto 25")


@pytest.mark.django_db
def test_the_database_check_names_every_stored_chapter_the_engine_now_refuses():
    from django.core.checks import run_checks

    from tests.classroom_factories import make_user
    from tutor.studies.models import Study

    study = Study.objects.create(author=make_user("profe", teacher=True), title="Estudio")
    good = chapter(study=study)
    good.save()
    bad = chapter(study=study, title="Roto", answer_spec={"accept": "plays", "plays": ["13/7"]})
    bad.save()
    errors = [error for error in run_checks(databases=["default"]) if error.id == "studies.W001"]
    assert len(errors) == 1
    assert errors[0].msg.startswith(f"estudio {study.pk} «Estudio», capítulo {bad.pk} «Roto»: «13/7» no es una jugada legal con 3-1: ")
    assert "studies.W001" not in {error.id for error in run_checks()}
