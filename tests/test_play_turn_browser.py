"""The live board's turn in the browser: a play sent alone when complete (if asked), the rival's play slid.

«Confirmar sola la jugada al completarla» is off until the player ticks it
(with the keyboard here), then remembered by the browser; a play completed
on the board is then sent without «Confirmar».  The rival's play arrives
as checkers sliding on the board, except for whoever asks for less motion.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser import PHONE, assert_accessible
from tests.classroom_factories import make_user
from tests.test_play_browser import open_as, wait_seq
from tutor.play import service
from tutor.play.models import LiveGame

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SLIDES = """() => {
  window.slid = 0;
  window.sliding = false;
  new MutationObserver((changes) => {
    for (const change of changes) {
      for (const node of change.addedNodes) if (node.classList && node.classList.contains('board-ghost--slide')) window.slid += 1;
      if (change.target.classList && change.target.classList.contains('play-panel--sliding')) window.sliding = true;
    }
  }).observe(document.body, {childList: true, subtree: true, attributes: true, attributeFilter: ['class']});
}"""
"""Count the checkers that slide on the page from now on, and note the panel marked while they do."""


@pytest.fixture(autouse=True)
def seeded(settings):
    settings.PRACTICE_DICE_SEED = 21


def opened_game(ana, bruno):
    game = service.create_game(ana, length=5, black=bruno, highlight=True, public=True)
    game.refresh_from_db()
    return game, {0: ana, 1: bruno}


def play_on_the_board_until_sent(page, seq: int) -> None:
    """Click own checkers and highlighted destinations, never «Confirmar», until the panel shows the next state."""
    sent = page.locator(f'[data-play-panel] [data-seq="{seq + 1}"]')
    for _ in range(8):
        if sent.count():
            return
        sources = page.locator("[data-play-board] [data-point][data-movable]")
        for index in range(sources.count()):
            sources.nth(index).click()
            targets = page.locator("[data-play-board] [data-point].is-target")
            if targets.count():
                targets.first.click()
                break
            sources.nth(index).click()
        page.wait_for_timeout(150)
    sent.wait_for(timeout=5000)


def test_a_play_completed_on_the_board_is_sent_alone_once_the_player_asks_and_the_choice_is_remembered(asgi_server, new_page):
    ana, bruno = make_user("ana"), make_user("bruno")
    game, users = opened_game(ana, bruno)
    on_roll = game.side_to_act()
    mover = open_as(new_page, asgi_server, users[on_roll], game.get_absolute_url(), viewport=PHONE)
    choice = mover.get_by_role("checkbox", name="Confirmar sola la jugada al completarla")
    expect(choice).not_to_be_checked()  # off until asked
    assert_accessible(mover)
    choice.focus()
    mover.keyboard.press("Space")
    expect(choice).to_be_checked()
    mover.reload()
    mover.wait_for_selector("text=Conectado")
    expect(mover.get_by_role("checkbox", name="Confirmar sola la jugada al completarla")).to_be_checked()

    play_on_the_board_until_sent(mover, game.seq)
    stored = LiveGame.objects.get(pk=game.pk).actions.filter(kind="move", forced=False).get()
    assert stored.side == on_roll and stored.play


def test_the_rival_s_play_slides_on_the_board_except_for_a_spectator_who_asks_for_less_motion(asgi_server, new_page):
    ana, bruno, carla = make_user("ana"), make_user("bruno"), make_user("carla")
    game, users = opened_game(ana, bruno)
    on_roll = game.side_to_act()
    path = game.get_absolute_url()
    mover = open_as(new_page, asgi_server, users[on_roll], path)
    rival = open_as(new_page, asgi_server, users[1 - on_roll], path, viewport=PHONE)
    calm = open_as(new_page, asgi_server, carla, path)
    calm.emulate_media(reduced_motion="reduce")
    for page in (mover, rival, calm):
        page.evaluate(SLIDES)

    play = game.position.legal_plays()[0].notation
    mover.fill("[data-play-board] input[name=play]", play)
    confirm = mover.locator("[data-play-board] button[type=submit]")
    expect(confirm).to_be_enabled()  # a legal typed play, judged by the server as soon as it is read
    confirm.click()
    wait_seq([mover, rival, calm], game.seq + 1)
    assert rival.evaluate("window.slid") >= 1 and rival.evaluate("window.sliding")
    assert calm.evaluate("window.slid") == 0, "prefers-reduced-motion: the new position at once"
    assert mover.evaluate("window.slid") == 0, "a player's own play is already on their board"
