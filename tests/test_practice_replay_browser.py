"""The program's moves replayed in a real browser: «Saltar» always at hand, and the speed the learner chose.

The page's clock is paused while the replay runs (Playwright's clock), so
what «Saltar» does is seen at a moment when the replay could not have
ended by itself.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser import DESKTOP, PHONE, assert_accessible
from tests.test_practice_browser import play_by_clicking, start_money_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

REPLAY = "[data-replay]"
CURRENT = "[data-practice-current]"


@pytest.fixture(autouse=True)
def quick_and_reproducible(settings):
    settings.PRACTICE_GRADING_PLIES = 0
    settings.PRACTICE_DICE_SEED = 1


def confirm_and_freeze_the_replay(page) -> None:
    """Confirm the play with the page's timers paused, then let them run in small steps until the replay is on screen."""
    page.clock.pause_at(page.evaluate("Date.now()") + 1000)
    page.locator("[data-practice-board] button[type=submit]").click()
    for _ in range(200):
        if page.locator(REPLAY).is_visible():
            return
        page.clock.run_for(50)
        page.wait_for_timeout(50)
    raise AssertionError("the program's moves were never replayed")


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280x900", "360x740"])
def test_saltar_is_in_view_during_the_replay_and_ends_it_at_once_from_the_keyboard(new_page, live_server, viewport):
    page = new_page(viewport=viewport)
    page.clock.install()
    start_money_game(page, live_server)
    play_by_clicking(page)
    confirm_and_freeze_the_replay(page)

    skip = page.get_by_role("button", name="Saltar")
    expect(skip).to_be_visible()
    box = skip.bounding_box()
    assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= viewport["height"]
    expect(page.locator(CURRENT)).to_be_hidden()
    frames = page.locator("template[data-frame]").count()
    caption = page.locator("[data-replay-caption]").text_content()
    assert caption.startswith("El programa, movimiento 1 de")  # the clock is paused on the first of the moves

    # The board's heading has the focus after the game was drawn again; «Saltar» is the next stop.
    assert page.evaluate("document.activeElement.id") == "tablero"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.hasAttribute('data-replay-skip')")
    page.keyboard.press("Enter")

    # No timer ran meanwhile: the replay ended because of «Saltar».
    assert frames > 0 and page.locator(REPLAY).is_hidden() and page.locator(CURRENT).is_visible()
    assert page.evaluate("document.activeElement.id") == "tablero"  # the focus is not lost with the hidden button
    page.clock.resume()
    assert_accessible(page)


def test_escape_ends_the_replay_too(page, live_server):
    page.clock.install()
    start_money_game(page, live_server)
    play_by_clicking(page)
    confirm_and_freeze_the_replay(page)
    page.keyboard.press("Escape")
    assert page.locator(REPLAY).is_hidden() and page.locator(CURRENT).is_visible()


def test_with_sin_animacion_the_program_s_move_shows_at_once_and_the_choice_is_remembered(page, live_server):
    start_money_game(page, live_server)
    setting = page.get_by_label("Animación de las jugadas del programa")
    expect(setting).to_have_value("normal")
    setting.select_option(label="Sin animación")
    page.reload()
    expect(page.get_by_label("Animación de las jugadas del programa")).to_have_value("ninguna")
    page.evaluate(
        """() => {
          window.replayShown = false;
          new MutationObserver(() => {
            const replay = document.querySelector('[data-replay]');
            if (replay && !replay.hidden) window.replayShown = true;
          }).observe(document.body, { subtree: true, childList: true, attributes: true });
        }"""
    )
    play_by_clicking(page)
    page.locator("[data-practice-board] button[type=submit]").click()
    expect(page.locator(".practice-events")).to_contain_text("El programa", timeout=20000)
    expect(page.locator(CURRENT)).to_be_visible()
    assert page.evaluate("window.replayShown") is False
    assert_accessible(page)


def test_reduced_motion_chooses_sin_animacion_until_the_learner_chooses_otherwise(new_page, live_server):
    page = new_page(reduced_motion="reduce")
    start_money_game(page, live_server)
    setting = page.get_by_label("Animación de las jugadas del programa")
    expect(setting).to_have_value("ninguna")
    setting.select_option(label="Rápida")
    page.reload()
    expect(page.get_by_label("Animación de las jugadas del programa")).to_have_value("rapida")
