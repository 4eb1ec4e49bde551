"""The refusals of the abuse-resistance work, seen in a real browser: the
solution of an unanswered assignment exercise, the explorer on a custom
exercise's position, the teacher's mark on an attempt made after seeing the
solution, and the login page of an address that guessed too much.  Each is
checked with axe-core at desktop and phone sizes."""

from __future__ import annotations

import os

import pytest

from tests.browser import DESKTOP, PHONE, assert_accessible
from tests.classroom_factories import (
    PASSWORD,
    add_custom_exercise,
    add_lesson_exercise,
    lesson_puzzle,
    make_assignment,
    make_classroom,
    make_user,
)
from tutor.classroom.attempts import submit
from tutor.classroom.solutions import remember_puzzle
from tutor.engine import Position

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("fresh_rate_limits")]

SHOTS = os.environ.get("SECURITY_SHOTS", "")


def log_in(page, base, username):
    page.goto(f"{base}/cuenta/entrar/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Entrar").click()
    page.wait_for_load_state()


def look(page, name: str) -> None:
    """Check accessibility and that nothing overflows; keep screenshots when asked."""
    assert_accessible(page)
    if page.viewport_size["width"] == PHONE["width"]:
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/{name}-{page.viewport_size['width']}.png", full_page=True)



@pytest.fixture
def classroom(settings):
    settings.RATELIMIT_ENABLED = False
    teacher, student = make_user("profe", teacher=True), make_user("lucia")
    return teacher, student, make_classroom(teacher, students=[student])


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_student_is_told_to_answer_the_assignment_before_seeing_a_solution(new_page, live_server, classroom, viewport):
    _, _, group = classroom
    assignment = make_assignment(group)
    puzzle = lesson_puzzle("jugada")
    add_lesson_exercise(assignment, puzzle)
    custom = add_custom_exercise(assignment)
    page = new_page(viewport=viewport)
    log_in(page, live_server.url, "lucia")
    page.goto(f"{live_server.url}/ejercicios/{puzzle.slug}/")
    page.wait_for_selector(".board-widget.is-enhanced")
    # Checking it outside the assignment is refused on the board, with the reason...
    page.get_by_role("button", name="Comprobar").first.click()
    page.get_by_text("respóndelo en la tarea").first.wait_for()
    assert page.get_by_role("button", name="Ver solución").count() == 0 or not page.get_by_role("button", name="Ver solución").first.is_visible()
    # ...and so is the solution page of the form that works without JavaScript.
    page.goto(f"{live_server.url}/ejercicios/{puzzle.slug}/?solucion=1")
    page.get_by_text("respóndelo en la tarea").first.wait_for()
    assert "Todas las jugadas legales" not in page.content()
    look(page, "puzzle-gated")
    page.goto(f"{live_server.url}/explorar/?xgid={Position.from_xgid(custom.xgid).to_xgid()}")
    assert "respóndelo en la" in page.content()
    look(page, "explorer-gated")


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_teacher_sees_which_attempt_came_after_the_solution(new_page, live_server, classroom, viewport):
    teacher, student, group = classroom
    assignment = make_assignment(group)
    puzzle = lesson_puzzle("jugada")
    exercise = add_lesson_exercise(assignment, puzzle)
    submit(exercise, puzzle, student, "24/1")
    remember_puzzle(student, puzzle.slug)
    submit(exercise, puzzle, student, puzzle.position.legal_plays()[0].notation)
    page = new_page(viewport=viewport)
    log_in(page, live_server.url, "profe")
    page.goto(f"{live_server.url}/clases/tareas/{assignment.pk}/resultados/{student.pk}/{exercise.pk}/")
    assert page.get_by_text("Con la solución vista").count() == 1
    look(page, "result-cell-solution-seen")


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_an_address_that_guessed_too_much_is_told_when_to_come_back(new_page, live_server, settings, viewport):
    settings.RATELIMITS = {**settings.RATELIMITS, "login-address": (2, 900)}
    page = new_page(viewport=viewport)
    for name in ("ana", "bea", "carla"):
        page.goto(f"{live_server.url}/cuenta/entrar/")
        page.fill("#id_username", name)
        page.fill("#id_password", "mal")
        page.get_by_role("button", name="Entrar").click()
        page.wait_for_load_state()
    assert "desde esta conexión" in page.content()
    look(page, "login-address-blocked")
