"""The level of mastery shown on a rule in a real browser: ten right drills in a minute raise it step by
step to the middle level, no further; «Comprobar» with no move is not an answer; one right answer never
paints the teacher's heatmap red, and «Repaso de hoy» counts down as the learner answers."""

from __future__ import annotations

import datetime as dt

import pytest

from tests.browser import PHONE, assert_accessible
from tests.classroom_factories import make_classroom, make_user
from tests.test_training_browser import logged_in
from tutor.drills import generate, parse_id
from tutor.training import memory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def answer(page, *, right: bool = True) -> dict:
    """Answer the drill on the page, right or wrong, whatever its kind."""
    page.wait_for_selector("[data-drill] form[data-check-enhanced], [data-drill] form.answer-form")
    drill = generate(*parse_id(page.locator("[data-drill]").get_attribute("data-drill")))
    if drill.is_play:
        page.fill("input[name=play]", drill.accepted_plays()[0].notation if right else drill.tempting)
    elif drill.kind == "numero":
        page.fill("input[name=answer]", drill.answer if right else str(int(drill.answer) + 1))
    else:
        said = drill.answer if right else ("no" if drill.answer == "si" else "si")
        page.check(f"input[name=answer][value={said}]")
    with page.expect_response(lambda response: "/api/drills/check/" in response.url) as response:
        page.get_by_role("button", name="Comprobar").click()
    page.wait_for_selector(".verdict")
    return response.value.json()


def test_ten_right_drills_raise_the_level_to_the_middle_and_one_right_answer_does_not_paint_the_heatmap_red(new_page, live_server):
    teacher = make_user("profe", teacher=True, name="Profesora Ruiz")
    student = make_user("lola", name="Lola Vera")
    classroom = make_classroom(teacher, "3.º A", students=[student])
    page = logged_in(new_page, live_server, student, viewport=PHONE)
    page.goto(f"{live_server.url}/entrenar/blocked/")
    page.wait_for_selector("[data-drill] form[data-check-enhanced]")
    with page.expect_response(lambda response: "/api/drills/check/" in response.url) as empty:
        page.get_by_role("button", name="Comprobar").click()
    assert empty.value.status == 400
    assert "No has movido ninguna ficha" in page.locator(".verdict").inner_text()
    assert page.locator("[data-streak]").inner_text() == "0"
    shown = [page.locator("[data-mastery-value]").inner_text()]
    for number in range(10):
        assert answer(page)["correct"] is True
        shown.append(page.locator("[data-mastery-value]").inner_text())
        if number == 0:
            teacher_page = logged_in(new_page, live_server, teacher)
            teacher_page.goto(f"{live_server.url}/clases/{classroom.pk}/reglas/")
            cell = teacher_page.locator(f'td[data-rule="blocked"][data-student="{student.pk}"]')
            assert cell.get_attribute("class") == "heat heat--few" and "pocos datos" in cell.inner_text()
            assert_accessible(teacher_page)
        page.get_by_role("link", name="Siguiente ejercicio").click()
    assert shown[0] == "sin empezar" and shown[2] == "practicada" and shown[-1] == "segura" and "dominada" not in shown
    assert shown == sorted(shown, key=["sin empezar", "intentada", "practicada", "segura", "dominada"].index)
    assert page.locator("[data-mastery]").get_attribute("data-level") == "2"
    assert page.locator("[data-streak]").inner_text() == "10"
    assert_accessible(page)
    teacher_page.reload()
    assert "segura" in teacher_page.locator(f'td[data-rule="blocked"][data-student="{student.pk}"]').inner_text()


def test_todays_review_counts_down_as_the_learner_answers(new_page, live_server, monkeypatch):
    student = make_user("lola", name="Lola Vera")
    page = logged_in(new_page, live_server, student)
    for rule in ("blocked", "bar-first"):
        page.goto(f"{live_server.url}/entrenar/{rule}/?nivel=1")
        assert answer(page, right=False)["correct"] is False
    later = memory.now() + dt.timedelta(hours=2)
    monkeypatch.setattr(memory, "now", lambda: later)
    page.goto(f"{live_server.url}/entrenar/")
    assert "Tienes dos reglas para repasar hoy" in page.locator(".training-review").inner_text()
    page.get_by_role("link", name="Empezar el repaso de hoy").click()
    assert page.locator("[data-due-left]").inner_text() == "quedan dos reglas por repasar"
    answer(page)
    assert page.locator("[data-due-left]").inner_text() == "queda una regla por repasar"
    page.get_by_role("link", name="Siguiente ejercicio").click()
    answer(page)
    assert page.locator("[data-due-left]").inner_text() == "no queda ninguna regla por repasar"
    assert_accessible(page)
    page.get_by_role("link", name="Siguiente ejercicio").click()
    assert "No te queda nada por repasar hoy" in page.locator("main").inner_text()
