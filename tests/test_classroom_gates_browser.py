"""An unanswered exercise in a real browser: its own board still explains what it refuses,
and the explorer, asked for it with the dice the other way round, says to answer first."""

from __future__ import annotations

import pytest
from django.test import Client
from playwright.sync_api import expect

from tests.classroom_factories import add_custom_exercise, make_assignment, make_classroom, make_user
from tutor.engine import Position

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PENDING = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10"


def test_a_student_s_own_exercise_board_explains_a_blocked_point_while_the_explorer_waits_for_the_answer(page, live_server):
    teacher, student = make_user("profe", teacher=True), make_user("lucia")
    exercise = add_custom_exercise(make_assignment(make_classroom(teacher, students=[student])), xgid=PENDING, dice="")
    client = Client()
    client.force_login(student)
    page.context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}])

    page.goto(f"{live_server.url}{exercise.get_absolute_url()}")
    page.wait_for_selector(".board-widget.is-enhanced")
    board = page.locator(".board-widget")
    board.locator('[data-point="24"]').click()
    board.locator('[data-point="19"]').click()
    expect(board.locator("[data-board-announce]")).to_contain_text("bloqueado")

    reordered = Position.from_xgid(PENDING).replace(dice=(2, 5), cube_value=2, cube_owner=0).to_xgid()
    page.goto(f"{live_server.url}/explorar/?xgid={reordered}")
    expect(page.get_by_text("respóndelo en la tarea")).to_be_visible()
    assert page.locator(".board-widget").count() == 0
    assert "24/22 13/8" not in page.content()
