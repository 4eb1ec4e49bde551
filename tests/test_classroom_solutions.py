"""Answers kept honest: no solution of an open exercise before answering it,
and every attempt made after seeing a solution marked for the teacher."""

from __future__ import annotations

import csv
import io
import json

import pytest
from django.test import Client

from tests.classroom_factories import (
    add_custom_exercise,
    add_lesson_exercise,
    lesson_puzzle,
    make_assignment,
    make_classroom,
    make_user,
    post_json,
)
from tutor.classroom.models import Attempt
from tutor.engine import Position

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_rate_limits")]

SEEN = "Con la solución vista"



@pytest.fixture
def group():
    teacher, student = make_user("profe", teacher=True), make_user("lucia")
    classroom = make_classroom(teacher, students=[student])
    teacher_client, student_client = Client(), Client()
    teacher_client.force_login(teacher)
    student_client.force_login(student)
    return {"classroom": classroom, "teacher": teacher_client, "student": student_client, "student_user": student}


def answer(client, exercise, text: str) -> dict:
    field = "play" if exercise.puzzle().is_play else "answer"
    response = post_json(client, f"/tareas/ejercicios/{exercise.pk}/comprobar/", {field: text})
    assert response.status_code == 200
    return response.json()


def teacher_sees(group, exercise) -> str:
    url = f"/clases/tareas/{exercise.assignment.pk}/resultados/{group['student_user'].pk}/{exercise.pk}/"
    return group["teacher"].get(url).content.decode()


def test_a_lesson_puzzle_of_an_open_assignment_gives_no_solution_before_answering(group):
    puzzle = lesson_puzzle("jugada")
    exercise = add_lesson_exercise(make_assignment(group["classroom"]), puzzle)
    student = group["student"]
    refused = student.get(f"/api/puzzles/{puzzle.slug}/solution/")
    assert refused.status_code == 403 and "respóndelo en la tarea" in refused.json()["error"]
    assert "legal_plays" not in refused.json()
    page = student.get(f"/ejercicios/{puzzle.slug}/?solucion=1")
    assert page.status_code == 403 and "respóndelo en la tarea" in page.content.decode()
    assert "Todas las jugadas legales" not in page.content.decode()
    check = post_json(student, f"/api/puzzles/{puzzle.slug}/check/", {"play": puzzle.position.legal_plays()[0].notation})
    assert check.status_code == 403
    assert Client().get(f"/api/puzzles/{puzzle.slug}/solution/").status_code == 200, "visitors are not in the class"
    answer(student, exercise, "24/1")
    assert student.get(f"/api/puzzles/{puzzle.slug}/solution/").status_code == 200
    assert not Attempt.objects.get().solution_seen


def test_an_attempt_after_seeing_the_solution_is_marked_and_the_teacher_sees_it(group):
    puzzle = lesson_puzzle("jugada")
    exercise = add_lesson_exercise(make_assignment(group["classroom"]), puzzle)
    student = group["student"]
    answer(student, exercise, "24/1")
    solution = student.get(f"/api/puzzles/{puzzle.slug}/solution/").json()
    answer(student, exercise, solution["legal_plays"][0])
    first, second = Attempt.objects.order_by("number")
    assert (first.solution_seen, second.solution_seen) == (False, True)
    html = teacher_sees(group, exercise)
    assert html.count(SEEN) == 1
    export = group["teacher"].get(f"/clases/tareas/{exercise.assignment.pk}/intentos.csv").content.decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(export), delimiter=";"))
    column = rows[0].index(SEEN)
    assert [row[column] for row in rows[1:]] == ["no", "sí"]


def test_a_solution_seen_before_the_assignment_was_published_marks_the_first_attempt(group):
    puzzle = lesson_puzzle("jugada")
    assignment = make_assignment(group["classroom"], published=False)
    exercise = add_lesson_exercise(assignment, puzzle)
    student = group["student"]
    assert student.get(f"/ejercicios/{puzzle.slug}/?solucion=1").status_code == 200
    assignment.published_at = assignment.created_at
    assignment.save()
    answer(student, exercise, puzzle.position.legal_plays()[0].notation)
    assert Attempt.objects.get().solution_seen
    assert SEEN in teacher_sees(group, exercise)


def test_the_explorer_keeps_the_plays_of_an_open_custom_exercise_until_it_is_answered(group):
    exercise = add_custom_exercise(make_assignment(group["classroom"]))
    position = Position.from_xgid(exercise.xgid)
    student = group["student"]
    page = student.get("/explorar/", {"xgid": position.to_xgid()})
    assert page.status_code == 403 and "respóndelo en la" in page.content.decode()
    assert "Jugadas legales" not in page.content.decode()
    check = post_json(student, f"/api/explorer/check/?xgid={position.to_xgid()}", {"play": "24/18 13/10"})
    assert check.status_code == 403 and json.loads(check.content)["error"]
    other_dice = position.replace(dice=(1, 2) if position.dice != (1, 2) else (3, 4))
    assert student.get("/explorar/", {"xgid": other_dice.to_xgid()}).status_code == 200
    answer(student, exercise, "24/1")
    assert student.get("/explorar/", {"xgid": position.to_xgid()}).status_code == 200
    answer(student, exercise, position.legal_plays()[0].notation)
    assert [attempt.solution_seen for attempt in Attempt.objects.order_by("number")] == [False, True]
    assert SEEN in teacher_sees(group, exercise)


def test_the_explorer_keeps_the_plays_of_an_open_lesson_puzzle_until_it_is_answered(group):
    puzzle = lesson_puzzle("jugada")
    exercise = add_lesson_exercise(make_assignment(group["classroom"]), puzzle)
    student, xgid = group["student"], puzzle.position.to_xgid()
    page = student.get("/explorar/", {"xgid": xgid})
    assert page.status_code == 403 and "Jugadas legales" not in page.content.decode()
    check = post_json(student, f"/api/explorer/check/?xgid={xgid}", {"play": puzzle.position.legal_plays()[0].notation})
    assert check.status_code == 403 and "respóndelo en la" in check.json()["error"]
    answer(student, exercise, "24/1")
    assert student.get("/explorar/", {"xgid": xgid}).status_code == 200
    answer(student, exercise, puzzle.position.legal_plays()[0].notation)
    assert [attempt.solution_seen for attempt in Attempt.objects.order_by("number")] == [False, True]


def test_the_plays_of_a_lesson_puzzles_position_seen_before_publishing_mark_the_first_attempt(group):
    puzzle = lesson_puzzle("jugada")
    assignment = make_assignment(group["classroom"], published=False)
    exercise = add_lesson_exercise(assignment, puzzle)
    student = group["student"]
    assert student.get("/explorar/", {"xgid": puzzle.position.to_xgid()}).status_code == 200
    assignment.published_at = assignment.created_at
    assignment.save()
    answer(student, exercise, puzzle.position.legal_plays()[0].notation)
    assert Attempt.objects.get().solution_seen


def test_gnubg_grades_no_play_of_an_open_exercise_until_it_is_answered_and_a_grade_marks_the_next_attempt(group):
    exercise = add_custom_exercise(make_assignment(group["classroom"]))
    position = Position.from_xgid(exercise.xgid)
    play = position.legal_plays()[0].notation
    student = group["student"]
    refused = post_json(student, "/api/grade/", {"xgid": position.to_xgid(), "play": play})
    assert refused.status_code == 403 and "respóndelo en la" in refused.json()["error"]
    assert "best" not in refused.json()
    answer(student, exercise, "24/1")
    graded = post_json(student, "/api/grade/", {"xgid": position.to_xgid(), "play": play})
    assert graded.status_code == 200 and graded.json()["best"]
    answer(student, exercise, graded.json()["best"])
    assert [attempt.solution_seen for attempt in Attempt.objects.order_by("number")] == [False, True]
