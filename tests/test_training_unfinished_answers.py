"""An empty answer to a drill is not an answer: nothing is judged or recorded, the streak stays,
and the page says what is missing.  A pass is sent on purpose with «Paso», offered under every
play drill alike; a play stopped halfway is an answer, judged like any other (saying that a die
is still playable would give away the rule of the drills about using every die)."""

from __future__ import annotations

import json

import pytest

from tests.classroom_factories import make_assignment, make_classroom, make_user
from tutor.drills import drill_set, generate
from tutor.engine import format_moves
from tutor.training.assignments import student_drills
from tutor.training.judging import NO_MOVE, NO_NUMBER, missing
from tutor.training.models import DrillTask, RuleAnswer

pytestmark = pytest.mark.django_db


def post_json(client, url: str, data: dict):
    return client.post(url, json.dumps(data), content_type="application/json")


def first_move_of(drill) -> str:
    """The first checker move of a legal full play of two moves or more: a turn the board can still carry on."""
    play = next(play for play in drill.position.legal_plays() if len(play.moves) > 1)
    return format_moves(play.moves[:1])


def test_an_empty_play_where_checkers_can_move_is_refused_and_the_streak_stays(client):
    drill = generate("blocked", 1, 0, 0)
    url = f"/api/drills/check/{drill.id}/"
    assert post_json(client, url, {"play": drill.accepted_plays()[0].notation}).json()["streak"] == 1
    response = post_json(client, url, {"play": "  "})
    assert response.status_code == 400 and response.json() == {"error": NO_MOVE}
    assert client.session["drill_streak"] == 1
    again = post_json(client, url, {"play": drill.accepted_plays()[0].notation}).json()
    assert again["streak"] == 2 and again["level"]["word"] == "practicada"


def test_a_play_stopped_halfway_is_judged_and_recorded_as_a_wrong_answer(client):
    drill = next(drill for drill in drill_set("blocked", 1, 3, 10) if any(len(play.moves) > 1 for play in drill.position.legal_plays()))
    partial = first_move_of(drill)
    assert missing(drill, partial) is None
    response = post_json(client, f"/api/drills/check/{drill.id}/", {"play": partial})
    assert response.status_code == 200 and response.json()["correct"] is False


def test_a_pass_is_an_answer_only_when_sent_on_purpose_with_paso(client):
    for drill in drill_set("closed-out", 1, 0, 6) + drill_set("no-entry", 1, 0, 6):
        assert missing(drill, "") == NO_MOVE and missing(drill, "", passing=True) is None
    for drill in drill_set("more-dice", 1, 0, 5) + drill_set("bear-off-both-dice", 2, 0, 5):
        assert missing(drill, drill.tempting) is None  # a play that cannot be carried on is judged
    drill = generate("blocked", 1, 0, 0)
    judged = post_json(client, f"/api/drills/check/{drill.id}/", {"play": "", "pass": True})
    assert judged.status_code == 200 and judged.json()["correct"] is False  # checkers could move
    page = client.get("/entrenar/closed-out/?nivel=1&n=0")
    assert 'name="pasar" value="1"' in page.content.decode()
    answered = client.post(page.context["here"], {"play": "", "pasar": "1"})
    assert answered.status_code == 200 and answered.context["memory"].total == 1


def test_an_empty_number_or_choice_is_refused_on_the_page_without_javascript(client):
    page = client.get("/entrenar/pip-count/?nivel=1")
    response = client.post(page.context["here"], {"answer": ""})
    assert response.status_code == 400 and NO_NUMBER in response.content.decode()
    assert response.context["memory"].total == 0 and response.context["streak"] == 0
    drill = generate("may-double", 1, 0, 0)
    assert post_json(client, f"/api/drills/check/{drill.id}/", {"answer": ""}).json()["error"] == "Elige «sí» o «no» y pulsa «Comprobar»."


def assigned_blocked_drill(client):
    """A teacher, Ana in their class, a «blocked» drill task assigned to her, her first drill; Ana signed in."""
    teacher, ana = make_user("profe", teacher=True), make_user("ana")
    assignment = make_assignment(make_classroom(teacher, "3.º A", students=[ana]))
    task = DrillTask.objects.create(assignment=assignment, rule="blocked", level=1, count=2, seed=7)
    client.force_login(ana)
    return teacher, assignment, task, student_drills(task, ana.pk)[0]


def test_an_empty_answer_to_an_assigned_drill_is_not_recorded(client):
    _, _, task, drill = assigned_blocked_drill(client)
    response = post_json(client, f"/tareas/entrenamiento/{task.pk}/comprobar/{drill.id}/", {"play": ""})
    assert response.status_code == 400 and response.json()["error"] == NO_MOVE
    page = client.post(f"/tareas/entrenamiento/{task.pk}/?n=0", {"play": ""})
    assert page.status_code == 400 and "No has movido ninguna ficha" in page.content.decode()
    assert not RuleAnswer.objects.exists()


def test_a_wrong_answer_to_an_assigned_drill_is_among_the_assignments_errors_by_rule(client):
    teacher, assignment, task, drill = assigned_blocked_drill(client)
    wrong = post_json(client, f"/tareas/entrenamiento/{task.pk}/comprobar/{drill.id}/", {"play": drill.tempting}).json()
    assert wrong["correct"] is False
    client.force_login(teacher)
    page = client.get(f"/clases/tareas/{assignment.pk}/resultados/").content.decode()
    errors = page[page.index('id="errores"'):]
    assert "Todavía no hay intentos fallidos" not in errors
    assert "No se puede parar en un punto bloqueado" in errors and "Ana (1)" in errors
