"""Beavers against the program in a real browser: chosen on the start page, shown on the board's page, answered by a click."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from tests.browser import assert_accessible
from tutor.engine import Position
from tutor.games.driver import record
from tutor.practice.models import COMPUTER, Action, Phase, PracticeMatch

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def quick_and_reproducible(settings):
    settings.PRACTICE_GRADING_PLIES = 0
    settings.PRACTICE_DICE_SEED = 1


def test_a_learner_chooses_beavers_and_beavers_the_program_s_double_with_a_click(page, live_server):
    page.goto(live_server.url + "/practica/")
    page.get_by_label("Partida por dinero").check()
    page.get_by_label("Con beavers (solo en partidas por dinero)").check()
    page.get_by_role("button", name="Empezar").click()
    page.wait_for_url("**/practica/*/")
    match = PracticeMatch.objects.get()
    assert match.beavers
    deadline = time.monotonic() + 30
    while match.program_thinks:  # the program may have won the opening roll: its turn first
        assert time.monotonic() < deadline
        page.reload()
        match.refresh_from_db()
    doubled = Position.initial(turn=COMPUTER)
    record(match, COMPUTER, Action.Kind.DOUBLE, doubled)
    match.xgid, match.phase = doubled.to_xgid(), Phase.ANSWER
    match.save()
    page.reload()
    expect(page.locator("[data-beavers]")).to_have_text("se permiten")
    beaver = page.get_by_role("button", name="Beaver (el cubo pasa a 4 y sigue siendo tuyo)")
    expect(beaver).to_be_visible()
    assert_accessible(page)
    beaver.click()
    page.wait_for_load_state()
    # The program answers after the request: the page says it thinks, then shows its answer.
    expect(page.locator(".practice-events")).to_contain_text("Haces beaver y el programa acepta: el cubo está en 4", timeout=30_000)
