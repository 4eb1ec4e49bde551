"""In a real browser: a practice play is answered at once, and its light and the program's reply reach the open page after it."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from tests.browser import assert_accessible

from .test_practice_browser import play_by_clicking, start_money_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LIGHT_WITHIN_S = 1.5
"""The light is on screen within this long of gnubg's answer (the page asks four times a second)."""


@pytest.fixture(autouse=True)
def quick_and_reproducible(settings):
    settings.PRACTICE_GRADING_PLIES = 0
    settings.PRACTICE_DICE_SEED = 1


def test_the_light_and_the_program_s_reply_reach_the_open_page_after_the_play(page, live_server, gnubg_gate):
    start_money_game(page, live_server)
    page.evaluate("window.sameDocument = true")
    played = play_by_clicking(page)
    gnubg_gate.clear()  # gnubg thinks as long as the test wants
    page.locator("[data-practice-board] button[type=submit]").click()
    expect(page.locator("[data-light-pending]")).to_be_visible()
    expect(page.locator("[data-light-pending]")).to_contain_text("GNU Backgammon está valorando tu decisión")
    expect(page.locator("[data-thinking]")).to_contain_text("El programa está pensando su jugada")
    assert_accessible(page)

    answered = time.monotonic()
    gnubg_gate.set()
    light = page.locator("[data-light]").first
    expect(light).to_be_visible(timeout=10000)
    assert time.monotonic() - answered < LIGHT_WITHIN_S + 1.0  # the page's polling, and a busy machine's slack
    assert light.get_attribute("data-light") in ("verde", "ambar", "rojo")
    expect(light).to_contain_text(played.split(" ")[0].replace("*", ""))
    expect(page.locator(".practice-events")).to_contain_text("El programa")
    expect(page.locator("[data-thinking]")).to_have_count(0)
    assert page.evaluate("window.sameDocument === true")  # no reload: the page was told
