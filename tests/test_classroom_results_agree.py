"""Results that say what the student did: the teacher's pages, both CSV files and the student's
pages count an assignment's items the same way, drills included, and give each answer in the
Spanish the student saw."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest

from tests.classroom_factories import add_custom_exercise, add_lesson_exercise, make_assignment, make_classroom, make_user
from tutor.classroom.models import item_counts
from tutor.lessons.library import get_library
from tutor.training.assignments import student_drills
from tutor.training.models import DrillTask

pytestmark = pytest.mark.django_db

RIGHT = "24/18 13/10"  # 6-3 from the start
TASK_TITLE = "Entrenamiento «No se puede parar en un punto bloqueado» (dificultad 1)"


@pytest.fixture
def course(client):
    """An assignment of a board exercise, a choice among rules and four drills; Ana answers some of each."""
    teacher = make_user("profe", teacher=True)
    ana, bea = make_user("ana", name="Ana"), make_user("bea", name="Bea")
    classroom = make_classroom(teacher, students=[ana, bea])
    assignment = make_assignment(classroom)
    board = add_custom_exercise(assignment)
    choice = add_lesson_exercise(assignment, get_library().puzzles()["ni-con-dobles"])
    task = DrillTask.objects.create(assignment=assignment, rule="blocked", level=1, count=4, seed=11)
    first, second, *_ = student_drills(task, ana.pk)
    client.force_login(ana)
    client.post(f"/tareas/ejercicios/{board.pk}/", {"play": RIGHT})
    client.post(f"/tareas/ejercicios/{choice.pk}/", {"answer": "wrong-die"})
    client.post(f"/tareas/ejercicios/{choice.pk}/", {"answer": "blocked"})
    check = f"/tareas/entrenamiento/{task.pk}/comprobar/"
    for drill, play in ((first, first.tempting), (first, first.accepted_plays()[0].notation), (second, second.tempting)):
        client.post(f"{check}{drill.id}/", json.dumps({"play": play}), content_type="application/json")
    client.logout()
    return teacher, ana, assignment, (first, second)


def rows_of(response) -> list[list[str]]:
    return list(csv.reader(io.StringIO(response.content.decode("utf-8-sig")), delimiter=";"))


def test_the_teacher_the_csv_and_the_student_count_the_same_items_drills_included(client, course):
    teacher, ana, assignment, _ = course
    assert item_counts([assignment]) == {assignment.pk: 6}

    client.force_login(ana)
    assert "3 de 6 resueltos" in client.get("/tareas/").content.decode()
    assert re.search(r"<span data-items>3 de 6 resueltos</span>", client.get(f"/tareas/{assignment.pk}/").content.decode())

    client.force_login(teacher)
    detail = client.get(f"/clases/tareas/{assignment.pk}/").content.decode()
    assert "Ejercicios (6)</h2>" in detail and "2 de las lecciones o propios y 4 de entrenamiento" in detail
    assert '<td>6</td>' in client.get(f"/clases/{assignment.classroom_id}/").content.decode()
    page = client.get(f"/clases/tareas/{assignment.pk}/resultados/").content.decode()
    assert f'<abbr title="{TASK_TITLE}">3</abbr><span class="visually-hidden">. {TASK_TITLE}</span>' in page
    assert f"<li>{TASK_TITLE}: 4 posiciones, distintas para cada alumno</li>" in page
    assert re.findall(r"<td data-solved>(.*?)</td>", page) == ["3 de 6", "0 de 6"]

    header, *lines = rows_of(client.get(f"/clases/tareas/{assignment.pk}/resultados.csv"))
    assert header[-2:] == [TASK_TITLE, "Resueltos"]
    assert [(line[0], line[-2], line[-1]) for line in lines] == [
        ("Ana", "1 de 4 resueltos, 2 intentados", "3 de 6"),
        ("Bea", "Sin intentar (0 de 4)", "0 de 6"),
    ]


def test_the_attempts_csv_gives_each_answer_in_the_words_the_student_saw(client, course):
    teacher, _, assignment, (first, second) = course
    client.force_login(teacher)
    header, *lines = rows_of(client.get(f"/clases/tareas/{assignment.pk}/intentos.csv"))
    columns = [header.index(name) for name in ("Ejercicio", "Respuesta", "Resultado")]
    answers = [tuple(line[column] for column in columns) for line in lines]
    choice = "2. Ni siquiera con dobles"
    assert answers[1:] == [
        (choice, "«Un 4 no lleva del 10 al 6»", "Incorrecto"),
        (choice, "«El 6 está bloqueado por dos fichas negras»", "Correcto"),
        (f"{TASK_TITLE}: 1 de 4", first.tempting, "Incorrecto"),
        (f"{TASK_TITLE}: 1 de 4", first.accepted_plays()[0].notation, "Correcto"),
        (f"{TASK_TITLE}: 2 de 4", second.tempting, "Incorrecto"),
    ]
    assert answers[0][1:] == (RIGHT, "Correcto")
    rule_page = client.get(f"/clases/{assignment.classroom_id}/reglas/{course[1].pk}/blocked/").content.decode()
    assert f"<td>{second.tempting}</td>" in rule_page  # the teacher's page of the student's answers on one rule


def test_an_assignment_of_drills_alone_can_be_published(client):
    teacher = make_user("profe", teacher=True)
    assignment = make_assignment(make_classroom(teacher), published=False)
    client.force_login(teacher)
    client.post(f"/clases/tareas/{assignment.pk}/publicar/")
    assignment.refresh_from_db()
    assert not assignment.is_published
    DrillTask.objects.create(assignment=assignment, rule="hit", level=2, count=5, seed=1)
    client.post(f"/clases/tareas/{assignment.pk}/publicar/")
    assignment.refresh_from_db()
    assert assignment.is_published
