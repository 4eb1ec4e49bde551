"""A timed game's clock in three browsers when the reserve of the player on roll runs low.

The server's clock is moved (``clocks.clock``) to just above the threshold
instead of waiting: each page counts down the last second and a half by
itself, turns the running clock urgent, and only the player whose clock it
is hears the warning, once a turn.  Screenshots are kept when
``PLAY_SHOTS`` names a folder.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tests.browser import DESKTOP, PHONE, axe_violations, box_of, describe_violations
from tests.classroom_factories import make_user
from tests.test_play_browser import open_as, shoot
from tutor.play import clocks, service

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SAYING = """(region) => {
  window.clockSaid = 0;
  new MutationObserver(() => { window.clockSaid += 1; }).observe(region, {childList: true, characterData: true, subtree: true});
}"""
"""Count every change of the clock's live region from now on."""


@pytest.fixture(autouse=True)
def seeded(settings):
    settings.PRACTICE_DICE_SEED = 21


def test_a_low_reserve_turns_the_running_clock_urgent_for_everyone_and_warns_only_its_player_once_a_turn(asgi_server, new_page, monkeypatch):
    shift = [timedelta(0)]
    monkeypatch.setattr(clocks, "clock", lambda: timezone.now() + shift[0])
    ana, bruno, carla = make_user("ana"), make_user("bruno"), make_user("carla")
    game = service.create_game(ana, length=3, black=bruno, timed=True, public=True)
    game.refresh_from_db()
    users = [ana, bruno]
    on_roll = game.side_to_act()
    # The player on roll has spent the delay and has a second and a half above the threshold left.
    shift[0] = game.clock_deadline - timezone.now() - timedelta(seconds=clocks.LOW_RESERVE + 1.5)
    path = game.get_absolute_url()
    mover = open_as(new_page, asgi_server, users[on_roll], path)
    rival = open_as(new_page, asgi_server, users[1 - on_roll], path, viewport=PHONE)
    watcher = open_as(new_page, asgi_server, carla, path)

    for page in (mover, rival, watcher):
        running = page.locator("[data-clock][data-running]")
        expect(running).to_have_class("play-clock play-clock--running play-clock--low", timeout=5000)
        expect(page.locator("[data-clock]:not([data-running])")).to_have_class("play-clock")
    said = mover.locator("[data-clock-live]")
    expect(said).to_have_text(clocks.LOW_WARNING)
    assert said.get_attribute("aria-live") == "polite"
    for page in (rival, watcher):
        assert page.locator("[data-clock-live]").text_content() == "", "only the player whose clock runs is told"
    # The urgent clock is told apart by more than its colour: an icon before the reserve, and underlined.
    reserve = mover.locator("[data-clock][data-running] [data-clock-reserve]")
    assert reserve.evaluate("node => getComputedStyle(node, '::before').content").startswith('"⚠')
    assert reserve.evaluate("node => getComputedStyle(node).textDecorationLine") == "underline"

    # On a wide screen the clocks stand beside the figures: the whole board still fits a 900 px high screen.
    for page in (mover, watcher):
        board = box_of(page.locator("[data-play-panel] .board-svg"))
        assert board["y"] >= 0 and board["y"] + board["height"] <= DESKTOP["height"]

    shoot(mover, "low-clock-1280.png")
    shoot(rival, "low-clock-360.png")
    for page, viewport in ((mover, DESKTOP), (rival, PHONE), (watcher, DESKTOP)):
        violations = axe_violations(page)
        assert violations == [], describe_violations(violations)
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]

    # The rival's phrase draws every panel again in the same turn: the warning is not said a second time.
    said.evaluate(SAYING)
    rival.get_by_role("button", name="¡Suerte!").click()
    expect(mover.locator(".play-events")).to_contain_text("¡Suerte!")
    expect(mover.locator("[data-clock][data-running]")).to_have_class("play-clock play-clock--running play-clock--low")
    mover.wait_for_timeout(600)  # two ticks of the redrawn clock
    assert mover.evaluate("window.clockSaid") == 0

    # Once that turn is over (here the game: its player leaves the match), the warning is not left in the page.
    mover.locator("[data-play-leave] summary").click()
    mover.locator("[data-play-leave] button[value=resign]").click()
    for page in (mover, rival, watcher):
        expect(page.locator("[data-play-panel] .board-turn")).to_have_text("Partida terminada")
    expect(said).to_have_text("")
