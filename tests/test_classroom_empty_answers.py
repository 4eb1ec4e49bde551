"""An empty answer to an assignment's exercise is no attempt: nothing is stored for the teacher
to read, and the student reads what is missing.  A pass is sent on purpose with «Paso»; a play
stopped halfway, or «Paso» where a play exists, is an attempt, wrong with the engine's reason."""

from __future__ import annotations

import pytest

from tests.classroom_factories import (
    add_custom_exercise,
    add_lesson_exercise,
    lesson_puzzle,
    make_assignment,
    make_classroom,
    make_user,
    post_json,
    signed_in,
)
from tutor.classroom.models import Attempt
from tutor.engine import format_moves
from tutor.lessons.answers import NO_MOVE, NO_NUMBER

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_rate_limits")]

CLOSED_OUT = "XGID=------F-C---cE-----bbbbbbA:0:0:1:63:0:0:0:0:10"
"""White on the bar against a closed board, 6-3 to play: no legal play, the answer is to pass."""


@pytest.fixture
def student():
    return make_user("ana")


@pytest.fixture
def assignment(student):
    return make_assignment(make_classroom(make_user("profe", teacher=True), students=[student]))


def test_an_untouched_board_stores_no_attempt_and_says_what_is_missing(student, assignment):
    exercise = add_custom_exercise(assignment)
    client = signed_in(student)
    response = post_json(client, f"/tareas/ejercicios/{exercise.pk}/comprobar/", {"play": ""})
    assert response.status_code == 400 and response.json() == {"error": NO_MOVE}
    page = client.post(f"/tareas/ejercicios/{exercise.pk}/", {"play": " "})
    assert page.status_code == 400 and NO_MOVE in page.content.decode()
    assert not Attempt.objects.exists()


def test_paso_on_a_closed_board_is_right_and_stored_as_a_pass(student, assignment):
    exercise = add_custom_exercise(assignment, xgid=CLOSED_OUT, dice="6-3")
    client = signed_in(student)
    page = client.get(f"/tareas/ejercicios/{exercise.pk}/").content.decode()
    assert 'name="pasar" value="1"' in page
    data = post_json(client, f"/tareas/ejercicios/{exercise.pk}/comprobar/", {"play": "", "pass": True}).json()
    assert data["correct"] is True and data["attempt"] == 1
    shown = client.get(f"/tareas/ejercicios/{exercise.pk}/?intento=1").content.decode()
    assert "Pasa, sin mover ninguna ficha." in shown


def test_paso_where_a_play_exists_is_a_wrong_attempt_with_the_engine_s_reason(student, assignment):
    exercise = add_custom_exercise(assignment)
    client = signed_in(student)
    data = post_json(client, f"/tareas/ejercicios/{exercise.pk}/comprobar/", {"play": "", "pass": True}).json()
    assert data["correct"] is False and data["reasons"][0]["code"] == "must-use-more-dice"
    sent = client.post(f"/tareas/ejercicios/{exercise.pk}/", {"play": "", "pasar": "1"})
    assert sent["Location"].endswith("?intento=2#ejercicio")
    assert [attempt.codes for attempt in Attempt.objects.order_by("number")] == ["must-use-more-dice"] * 2


def test_a_play_stopped_halfway_is_a_wrong_attempt_with_the_engine_s_reason(student, assignment):
    exercise = add_custom_exercise(assignment)
    play = next(play for play in exercise.puzzle().position.legal_plays() if len(play.moves) > 1)
    data = post_json(signed_in(student), f"/tareas/ejercicios/{exercise.pk}/comprobar/", {"play": format_moves(play.moves[:1])}).json()
    assert data["correct"] is False and data["reasons"][0]["code"] == "must-use-more-dice"
    assert Attempt.objects.get().correct is False


def test_an_empty_number_stores_no_attempt(student, assignment):
    exercise = add_lesson_exercise(assignment, lesson_puzzle("numero"))
    client = signed_in(student)
    assert post_json(client, f"/tareas/ejercicios/{exercise.pk}/comprobar/", {"answer": ""}).json() == {"error": NO_NUMBER}
    page = client.post(f"/tareas/ejercicios/{exercise.pk}/", {"answer": ""})
    assert page.status_code == 400 and NO_NUMBER in page.content.decode()
    assert not Attempt.objects.exists()


def test_the_attempt_a_check_stores_comes_back_in_the_words_of_the_list_of_attempts(student, assignment):
    from tutor.lessons.library import get_library

    choice = add_lesson_exercise(assignment, get_library().puzzles()["quien-empieza-empate"])
    play = add_lesson_exercise(assignment, lesson_puzzle("jugada"))
    client = signed_in(student)
    said = post_json(client, f"/tareas/ejercicios/{choice.pk}/comprobar/", {"answer": "repetir"}).json()
    assert (said["text"], said["text_words"], said["text_label"]) == ("repetir", "«Se vuelve a tirar»", "Respuesta")
    page = client.get(f"/tareas/ejercicios/{choice.pk}/").content.decode()
    assert "Respuesta: «Se vuelve a tirar»" in page  # what a reload shows, as the page's script now writes it
    moved = post_json(client, f"/tareas/ejercicios/{play.pk}/comprobar/", {"play": "24/23"}).json()
    assert moved["text_label"] == "Jugada" and moved["text_words"] == "24/23"
