"""Teachers and drills: the class heatmap, each student's answers on a rule, one-click review,
and drills in assignments that differ for each student."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from django.utils import timezone

from tests.classroom_factories import add_custom_exercise, make_assignment, make_classroom, make_user, post_json
from tutor.classroom.models import Attempt
from tutor.drills import LEVELS, RULES
from tutor.training.assignments import student_drills
from tutor.training import memory
from tutor.training.memory import record_answer
from tutor.training.models import DrillTask

pytestmark = pytest.mark.django_db


@pytest.fixture
def group():
    teacher = make_user("profe", teacher=True, name="Profesora Ruiz")
    ana, beto = make_user("ana", name="Ana Sol"), make_user("beto", name="Beto Mar")
    classroom = make_classroom(teacher, "3.º A", students=[ana, beto])
    return teacher, ana, beto, classroom


def cell_of(html: str, rule: str, student) -> str:
    """The class and text of one heatmap cell."""
    start = html.index(f'data-rule="{rule}" data-student="{student.pk}"')
    opening = html.rindex("<td", 0, start)
    return html[opening : html.index("</td>", start)]


def test_the_heatmap_colours_levels_and_says_few_data_under_three_answers(client, group):
    teacher, ana, beto, classroom = group
    client.force_login(teacher)
    url = f"/clases/{classroom.pk}/reglas/"
    before = client.get(url).content.decode()
    assert "Ana Sol" in before and "Beto Mar" in before and "heat--low" not in cell_of(before, "blocked", ana)
    record_answer(ana, ["blocked"], False, "drill", "blocked.1.0.0")
    few = cell_of(client.get(url).content.decode(), "blocked", ana)
    assert "heat--few" in few and "pocos datos" in few
    record_answer(ana, ["blocked"], False, "drill", "blocked.1.0.1")
    record_answer(ana, ["blocked"], False, "drill", "blocked.1.0.2")
    tried = cell_of(client.get(url).content.decode(), "blocked", ana)
    assert "heat--low" in tried and "intentada" in tried
    detail = client.get(f"/clases/{classroom.pk}/reglas/{ana.pk}/blocked/").content.decode()
    assert "Mal" in detail and "blocked.1.0.0" in detail and "intentada" in detail


def test_one_right_answer_never_paints_a_cell_red(client, group):
    teacher, ana, beto, classroom = group
    client.force_login(teacher)
    record_answer(beto, ["hit"], True, "drill", "hit.1.0.0")
    cell = cell_of(client.get(f"/clases/{classroom.pk}/reglas/").content.decode(), "hit", beto)
    assert "heat--few" in cell and "heat--low" not in cell


def test_a_student_who_shows_a_rule_gets_a_green_cell_with_its_level(client, group, monkeypatch):
    teacher, ana, beto, classroom = group
    client.force_login(teacher)
    today = timezone.now()
    for index in range(8):  # the top level asks for the hardest drills right on two different days
        monkeypatch.setattr(memory, "now", lambda index=index: today - dt.timedelta(days=3 if index < 4 else 0, seconds=10 - index))
        record_answer(ana, ["hit"], True, "drill", f"hit.3.0.{index}")
    cell = cell_of(client.get(f"/clases/{classroom.pk}/reglas/").content.decode(), "hit", ana)
    assert "heat--high" in cell and "dominada" in cell


def test_only_the_groups_teacher_sees_its_heatmap(client, group):
    teacher, ana, beto, classroom = group
    client.force_login(make_user("otra", teacher=True))
    assert client.get(f"/clases/{classroom.pk}/reglas/").status_code == 404
    assert client.get(f"/clases/{classroom.pk}/reglas/{ana.pk}/blocked/").status_code == 404
    client.force_login(ana)
    assert client.get(f"/clases/{classroom.pk}/reglas/").status_code == 403


def test_one_click_creates_a_review_assignment_on_the_weakest_rules(client, group):
    teacher, ana, beto, classroom = group
    for rule in ("blocked", "bar-first", "hit"):
        record_answer(ana, [rule], False)
    record_answer(beto, ["pip-count"], True)
    client.force_login(teacher)
    response = client.post(f"/clases/{classroom.pk}/reglas/repaso/")
    assert response.status_code == 302
    assignment = classroom.assignments.get(title="Repaso de las reglas más flojas")
    assert not assignment.is_published
    assert sorted(assignment.drill_tasks.values_list("rule", flat=True)) == ["bar-first", "blocked", "hit"]


def test_assignment_drills_are_different_for_each_student_and_show_in_the_results(client, group):
    teacher, ana, beto, classroom = group
    assignment = make_assignment(classroom)
    client.force_login(teacher)
    client.post(f"/clases/tareas/{assignment.pk}/entrenamiento/", {"regla": "bar-first", "dificultad": "2", "cantidad": "10"})
    task = DrillTask.objects.get(assignment=assignment)
    assert task.count == 10 and task.level == 2
    mine, theirs = student_drills(task, ana.pk), student_drills(task, beto.pk)
    assert len({d.position for d in mine}) == 10 and {d.position for d in mine} != {d.position for d in theirs}
    client.force_login(ana)
    page = client.get(f"/tareas/{assignment.pk}/").content.decode()
    assert f"/tareas/entrenamiento/{task.pk}/" in page
    drill = client.get(f"/tareas/entrenamiento/{task.pk}/?n=0").context["drill"]
    assert drill == mine[0]
    check = f"/tareas/entrenamiento/{task.pk}/comprobar/{drill.id}/"
    right = drill.accepted_plays()[0].notation
    assert client.post(check, json.dumps({"play": right}), content_type="application/json").json()["correct"] is True
    assert client.post(f"/tareas/entrenamiento/{task.pk}/comprobar/{theirs[0].id}/", json.dumps({"play": right}), content_type="application/json").status_code == 404
    client.force_login(teacher)
    results = client.get(f"/clases/entrenamiento/{task.pk}/").content.decode()
    assert "1 / 10" in results and "0 / 10" in results
    summary = client.get(f"/clases/tareas/{assignment.pk}/resultados/").content.decode()
    assert "Ejercicios de entrenamiento" in summary and "1 / 10" in summary


def test_bad_drill_task_forms_get_a_spanish_message(client, group):
    teacher, ana, beto, classroom = group
    assignment = make_assignment(classroom)
    client.force_login(teacher)
    response = client.post(f"/clases/tareas/{assignment.pk}/entrenamiento/", {"regla": "nada", "dificultad": "7", "cantidad": "x"}, follow=True)
    assert "Elige una regla" in response.content.decode()
    assert not DrillTask.objects.exists()


def test_a_students_drill_answers_show_on_their_assignment_page_and_in_the_attempts_csv(client, group):
    teacher, ana, beto, classroom = group
    assignment = make_assignment(classroom)
    task = DrillTask.objects.create(assignment=assignment, rule="blocked", level=1, count=3, seed=7)
    first, second, _ = student_drills(task, ana.pk)
    client.force_login(ana)
    assert "Sin intentar" in client.get(f"/tareas/{assignment.pk}/").content.decode()
    check = f"/tareas/entrenamiento/{task.pk}/comprobar/"
    answer = (lambda drill, play: client.post(f"{check}{drill.id}/", json.dumps({"play": play}), content_type="application/json").json())
    assert answer(first, first.tempting)["correct"] is False
    assert answer(first, first.accepted_plays()[0].notation)["correct"] is True
    assert answer(second, second.tempting)["correct"] is False
    page = client.get(f"/tareas/{assignment.pk}/").content.decode()
    assert "1 de 3 bien" in page and "2 de 3 respondidos" in page and "Seguir" in page

    client.force_login(teacher)
    csv = client.get(f"/clases/tareas/{assignment.pk}/intentos.csv").content.decode("utf-8-sig")
    drill_lines = [line.split(";") for line in csv.splitlines() if "Entrenamiento" in line]
    assert [(line[0], line[2], line[3], line[6], line[8]) for line in drill_lines] == [
        ("Ana Sol", "Entrenamiento «No se puede parar en un punto bloqueado» (dificultad 1): 1 de 3", "1", "Incorrecto", "blocked"),
        ("Ana Sol", "Entrenamiento «No se puede parar en un punto bloqueado» (dificultad 1): 1 de 3", "2", "Correcto", ""),
        ("Ana Sol", "Entrenamiento «No se puede parar en un punto bloqueado» (dificultad 1): 2 de 3", "1", "Incorrecto", "blocked"),
    ]


@pytest.mark.parametrize("rule", list(RULES))
def test_thirty_drills_of_any_rule_and_level_open_for_the_student_and_in_the_teachers_results(client, group, rule):
    teacher, ana, beto, classroom = group
    assignment = make_assignment(classroom)
    client.force_login(teacher)
    for level in LEVELS:
        client.post(f"/clases/tareas/{assignment.pk}/entrenamiento/", {"regla": rule, "dificultad": str(level), "cantidad": "30"})
    tasks = list(DrillTask.objects.filter(assignment=assignment))
    assert len(tasks) == len(LEVELS)
    for task in tasks:
        assert client.get(f"/clases/entrenamiento/{task.pk}/").status_code == 200
    assert client.get(f"/clases/tareas/{assignment.pk}/resultados/").status_code == 200
    client.force_login(ana)
    for task in tasks:
        response = client.get(f"/tareas/entrenamiento/{task.pk}/?n=29")
        assert response.status_code == 200 and response.context["steps"] == 30


def test_an_assignment_is_completed_only_when_its_drills_are_solved_too(client, group):
    teacher, ana, beto, classroom = group
    assignment = make_assignment(classroom)
    exercise = add_custom_exercise(assignment)
    Attempt.objects.create(exercise=exercise, student=ana, number=1, text="13/7 13/10", correct=True, legal=True)
    task = DrillTask.objects.create(assignment=assignment, rule="blocked", level=1, count=2, seed=11)
    client.force_login(ana)

    def status() -> tuple[str, str]:
        listing = client.get("/tareas/").content.decode()
        page = client.get(f"/tareas/{assignment.pk}/").content.decode()
        return page[page.index('class="tag'):page.index("</span>", page.index('class="tag'))], listing

    own_page, listing = status()
    assert "En curso" in own_page and "Completada" not in own_page and "1 de 3 resueltos" in listing
    check = f"/tareas/entrenamiento/{task.pk}/comprobar/"
    for drill in student_drills(task, ana.pk):
        play = drill.accepted_plays()[0].notation
        assert post_json(client, f"{check}{drill.id}/", {"play": play}).json()["correct"] is True
    own_page, listing = status()
    assert "Completada" in own_page and "3 de 3 resueltos" in listing
