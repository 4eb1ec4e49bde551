"""«Paso» and an untouched board in a real browser, on a lesson's puzzle and on an assignment's
exercise: «Comprobar» with no checker moved says what is missing and counts nothing; «Paso» is
judged, right on a closed board and wrong, with the engine's reason, where a play exists."""

from __future__ import annotations

import pytest
from django.test import Client
from playwright.sync_api import expect

from tests.browser import PHONE, assert_accessible
from tests.classroom_factories import add_custom_exercise, lesson_puzzle, make_assignment, make_classroom, make_user
from tutor.classroom.models import Attempt
from tutor.lessons.answers import NO_MOVE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CLOSED_OUT = "XGID=------F-C---cE-----bbbbbbA:0:0:1:63:0:0:0:0:10"


def test_on_a_lesson_puzzle_comprobar_untouched_says_what_is_missing_and_paso_is_wrong_where_a_play_exists(new_page, live_server):
    page = new_page(viewport=PHONE)
    puzzle = lesson_puzzle("jugada")
    page.goto(f"{live_server.url}/ejercicios/{puzzle.slug}/")
    page.wait_for_selector("form[data-check-enhanced]")
    with page.expect_response(lambda response: "/check/" in response.url) as refused:
        page.get_by_role("button", name="Comprobar").click()
    assert refused.value.status == 400
    expect(page.locator(".board-verdict")).to_contain_text(NO_MOVE)
    with page.expect_response(lambda response: "/check/" in response.url) as judged:
        page.get_by_role("button", name="Paso").click()
    assert judged.value.status == 200 and judged.value.json()["correct"] is False
    verdict = page.locator(".board-verdict .verdict")
    expect(verdict).to_contain_text("Jugada ilegal")
    assert verdict.locator('[data-code="must-use-more-dice"]').count() == 1
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert_accessible(page)


def test_on_an_assignment_s_closed_board_paso_is_the_right_answer_and_an_untouched_board_stores_nothing(page, live_server):
    teacher, student = make_user("profe", teacher=True), make_user("lucia")
    exercise = add_custom_exercise(make_assignment(make_classroom(teacher, students=[student])), xgid=CLOSED_OUT, dice="6-3")
    client = Client()
    client.force_login(student)
    page.context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}])
    page.goto(f"{live_server.url}{exercise.get_absolute_url()}")
    page.wait_for_selector("form[data-check-enhanced]")
    with page.expect_response(lambda response: "/comprobar/" in response.url) as refused:
        page.get_by_role("button", name="Comprobar").click()
    assert refused.value.status == 400
    expect(page.locator(".board-verdict")).to_contain_text(NO_MOVE)
    assert not Attempt.objects.exists()
    page.get_by_role("button", name="Paso").click()
    expect(page.locator(".board-verdict .verdict")).to_contain_text("¡Correcto!")
    expect(page.locator("[data-attempts]")).to_contain_text("Pasa, sin mover ninguna ficha.")
    assert [(attempt.text, attempt.correct) for attempt in Attempt.objects.all()] == [("", True)]
    assert_accessible(page)
