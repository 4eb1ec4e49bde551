"""What the teacher follows: the grid of students × exercises, the mistakes
by rule, and both exports as CSV for a spreadsheet in Spanish."""

from __future__ import annotations

import csv
import io
import re
from datetime import timedelta

import pytest

from tests.classroom_factories import add_custom_exercise, add_lesson_exercise, lesson_puzzle, make_assignment, make_classroom, make_user
from tutor.classroom import attempts, results
from tutor.rules import rule_for_code

pytestmark = pytest.mark.django_db

WRONG_DIE = "24/18 13/9"  # 6-3 from the start: no 4 to play
RIGHT = "24/18 13/10"


@pytest.fixture
def group():
    teacher = make_user("profe", teacher=True)
    ana, bea, carla = make_user("ana", name="Ana"), make_user("bea", name="Bea"), make_user("carla", name="Carla")
    classroom = make_classroom(teacher, students=[ana, bea, carla])
    assignment = make_assignment(classroom)
    first = add_custom_exercise(assignment)
    second = add_lesson_exercise(assignment, lesson_puzzle("numero"))
    return assignment, (ana, bea, carla), (first, second)


def submit(exercise, student, text):
    return attempts.submit(exercise, exercise.puzzle(), student, text)[0]


def test_the_grid_tells_first_try_after_how_many_attempts_and_not_tried(group):
    assignment, (ana, bea, carla), (first, _) = group
    submit(first, ana, RIGHT)
    submit(first, bea, WRONG_DIE)
    submit(first, bea, WRONG_DIE)
    submit(first, bea, RIGHT)
    grid = results.build_grid(assignment)
    cells = {row.student.username: row.cells[0] for row in grid.rows}
    assert [row.name for row in grid.rows] == ["Ana", "Bea", "Carla"]
    assert (cells["ana"].status, cells["ana"].label) == ("first-try", "Resuelto al primer intento")
    assert (cells["bea"].status, cells["bea"].solved_on, cells["bea"].tries) == ("solved", 3, 3)
    assert cells["bea"].label == "Resuelto en el intento 3"
    assert (cells["carla"].status, cells["carla"].label) == ("untried", "Sin intentar")
    assert [row.solved for row in grid.rows] == [1, 1, 0]


def test_wrong_attempts_only_are_unsolved_and_late_ones_are_marked(group):
    assignment, (ana, _, _), (first, _) = group
    submit(first, ana, WRONG_DIE)
    assignment.due_at -= timedelta(days=30)
    assignment.save()
    late = submit(first, ana, WRONG_DIE)
    cell = results.build_grid(assignment).cell(ana.pk, first.pk)
    assert late.is_late
    assert cell.status == "unsolved" and cell.late
    assert cell.label == "Sin resolver (2 intentos) · con retraso"


def test_mistakes_are_summed_by_reason_code_with_the_students_who_made_them(group):
    assignment, (ana, bea, _), (first, _) = group
    code = first.puzzle().position.check(WRONG_DIE).codes[0]
    submit(first, ana, WRONG_DIE)
    submit(first, ana, WRONG_DIE)
    submit(first, bea, WRONG_DIE)
    submit(first, bea, RIGHT)
    mistakes = results.mistakes_by_rule(results.build_grid(assignment))
    assert [(item.code, item.count) for item in mistakes] == [(code, 3)]
    assert mistakes[0].students == [("Ana", 2), ("Bea", 1)]
    assert mistakes[0].rule == rule_for_code(code)


def test_a_student_removed_from_the_group_leaves_the_grid_but_keeps_the_attempts(group):
    assignment, (ana, _, _), (first, _) = group
    submit(first, ana, RIGHT)
    assignment.classroom.memberships.filter(student=ana).delete()
    assert "ana" not in [row.student.username for row in results.build_grid(assignment).rows]
    assert ana.attempts.count() == 1


def read_csv(response) -> list[list[str]]:
    body = response.content
    assert body.startswith("\ufeff".encode())
    return list(csv.reader(io.StringIO(body.decode("utf-8-sig")), delimiter=";"))


def test_the_grid_csv_is_utf8_with_bom_and_semicolons(group):
    assignment, (ana, bea, _), (first, second) = group
    submit(first, ana, RIGHT)
    submit(first, bea, WRONG_DIE)
    response = results.grid_csv(results.build_grid(assignment))
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == 'attachment; filename="primeros-pasos-resultados.csv"'
    rows = read_csv(response)
    assert rows[0] == ["Alumno/a", "Usuario", f"1. {first.title}", f"2. {second.title}", "Resueltos"]
    assert rows[1] == ["Ana", "ana", "Resuelto al primer intento", "Sin intentar", "1 de 2"]
    assert rows[2][2] == "Sin resolver (1 intento)"
    assert b"\r\n" in response.content


def test_the_attempts_csv_has_every_attempt_with_its_codes_and_spanish_message(group):
    assignment, (ana, _, _), (first, _) = group
    wrong = submit(first, ana, WRONG_DIE)
    submit(first, ana, RIGHT)
    rows = read_csv(results.attempts_csv(results.build_grid(assignment)))
    assert rows[0][:6] == ["Alumno/a", "Usuario", "Ejercicio", "Intento", "Fecha", "Respuesta"]
    assert len(rows) == 3
    assert rows[1][3:4] + rows[1][5:9] == ["1", WRONG_DIE, "Incorrecto", "no", wrong.codes]
    assert rows[1][9] == "Cada dado es un movimiento"  # the codes' rules, in the teacher's words
    assert rows[1][10] == wrong.explanation and "no lleva del" in rows[1][10]
    assert re.fullmatch(r"\d\d/\d\d/\d{4} \d\d:\d\d", rows[1][4])
    assert rows[2][6] == "Correcto" and rows[2][8] == ""


def test_csv_cells_that_look_like_formulas_are_neutralised(group):
    assignment, (ana, _, _), (first, _) = group
    submit(first, ana, "=HYPERLINK(\"http://example.com\")")
    rows = read_csv(results.attempts_csv(results.build_grid(assignment)))
    assert rows[1][5].startswith("'=")


def test_the_student_status_of_an_assignment(group):
    assignment, (ana, bea, carla), (first, second) = group
    number = second.puzzle().answer
    submit(first, ana, RIGHT)
    submit(second, ana, number)
    submit(first, bea, WRONG_DIE)
    statuses = {s.username: results.assignment_status(assignment, results.student_cells(assignment, s)) for s in (ana, bea, carla)}
    assert statuses == {"ana": "done", "bea": "started", "carla": "pending"}
    assignment.due_at -= timedelta(days=30)
    assignment.save()
    assert results.assignment_status(assignment, results.student_cells(assignment, carla)) == "overdue"
