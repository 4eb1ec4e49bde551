"""A live game on a 360×740 phone: every decision of the turn on the first screen, with the clocks.

Two players of a timed match, both on phones: the one on roll finds «Tirar
los dados» and «Doblar» under the board without scrolling, the rival finds
«Aceptar» and «Abandonar» there after the double, the mover finds
«Confirmar» there once the dice are thrown, and the answer to an offer to
resign there; the clocks stay on the screen all along.  Screenshots of both players' turns at 360 and 1280 px are kept
when ``PLAY_SHOTS`` names a folder.
"""

from __future__ import annotations

import pytest

from tests.browser import DESKTOP, PHONE, assert_accessible, box_of
from tests.classroom_factories import make_user
from tests.test_play_browser import open_as, shoot, wait_seq
from tutor.engine import BLACK, WHITE
from tutor.play import service
from tutor.play.models import LiveGame, Phase

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def seeded(settings):
    settings.PRACTICE_DICE_SEED = 21


def after_the_opening(ana, bruno, *, length: int = 5) -> tuple[LiveGame, dict]:
    """A timed match whose opening play is made: the other side is on roll, free to double; its users by side."""
    game = service.create_game(ana, length=length, black=bruno, timed=True)
    game.refresh_from_db()
    users = {WHITE: ana, BLACK: bruno}
    mover = game.side_to_act()
    service.run(game.pk, users[mover], "move", seq=game.seq, play=game.position.legal_plays()[0].notation)
    game.refresh_from_db()
    assert game.phase == Phase.ROLL and game.side_to_act() == 1 - mover
    return game, users


def assert_on_first_screen(page, locator) -> None:
    """The element is drawn whole inside the viewport while the page is scrolled to its top."""
    assert page.evaluate("window.scrollY") == 0
    box = box_of(locator)
    size = page.viewport_size
    assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"], f"{locator} at {box} below {size['height']}"
    assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"], f"{locator} at {box} beside {size['width']}"


def assert_clocks_on_first_screen(page) -> None:
    clocks = page.locator("[data-play-panel] [data-clock]")
    assert clocks.count() == 2
    for index in range(2):
        assert_on_first_screen(page, clocks.nth(index))


def test_on_a_phone_rolling_doubling_answering_and_confirming_need_no_scroll(asgi_server, new_page):
    ana, bruno = make_user("ana", name="Ana"), make_user("bruno", name="Bruno")
    game, users = after_the_opening(ana, bruno)
    on_roll = game.side_to_act()
    path = game.get_absolute_url()
    roller = open_as(new_page, asgi_server, users[on_roll], path, viewport=PHONE)
    rival = open_as(new_page, asgi_server, users[1 - on_roll], path, viewport=PHONE)

    shoot(roller, "phone-roll-360.png")
    shoot(rival, "phone-waiting-360.png")
    roll = roller.get_by_role("button", name="Tirar los dados")
    double = roller.get_by_role("button", name="Doblar (el cubo pasa a 2)")
    for button in (roll, double):
        assert_on_first_screen(roller, button)
    assert_clocks_on_first_screen(roller)
    assert_clocks_on_first_screen(rival)
    assert roller.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert_accessible(roller)

    double.click()
    wait_seq([roller, rival], game.seq + 1)
    shoot(rival, "phone-answer-360.png")
    for name in ("Aceptar", "Abandonar"):
        assert_on_first_screen(rival, rival.get_by_role("button", name=name, exact=True))
    assert_clocks_on_first_screen(rival)
    assert_accessible(rival)

    rival.get_by_role("button", name="Aceptar", exact=True).click()
    wait_seq([roller, rival], game.seq + 2)
    game.refresh_from_db()
    assert game.phase == Phase.MOVE and game.side_to_act() == on_roll
    assert_on_first_screen(roller, roller.locator("[data-play-board] button[type=submit]"))
    assert_clocks_on_first_screen(roller)
    shoot(roller, "phone-move-360.png")
    assert_accessible(roller)

    # The rival offers to resign while the roller moves: the answer is on the roller's first screen too.
    rival.get_by_text("Rendirte en esta partida").click()
    rival.locator("input[name=nivel]").first.check()
    rival.get_by_role("button", name="Ofrecer la rendición").click()
    wait_seq([roller, rival], game.seq + 1)
    shoot(roller, "phone-offer-360.png")
    for name in ("Aceptar", "Rechazar"):
        assert_on_first_screen(roller, roller.get_by_role("button", name=name, exact=True))
    assert_clocks_on_first_screen(roller)


def test_at_1280_both_players_see_the_whole_board_and_their_turn_s_buttons(asgi_server, new_page):
    ana, bruno = make_user("ana", name="Ana"), make_user("bruno", name="Bruno")
    game, users = after_the_opening(ana, bruno)
    on_roll = game.side_to_act()
    path = game.get_absolute_url()
    roller = open_as(new_page, asgi_server, users[on_roll], path, viewport=DESKTOP)
    rival = open_as(new_page, asgi_server, users[1 - on_roll], path, viewport=DESKTOP)
    shoot(roller, "desktop-roll-1280.png")
    shoot(rival, "desktop-waiting-1280.png")
    for button in ("Tirar los dados", "Doblar (el cubo pasa a 2)"):
        assert_on_first_screen(roller, roller.get_by_role("button", name=button))
    assert_on_first_screen(rival, rival.locator("[data-play-panel] .board-svg"))
    roller.get_by_role("button", name="Tirar los dados").click()
    wait_seq([rival, roller], game.seq + 1)
    assert_on_first_screen(roller, roller.locator("[data-play-board] button[type=submit]"))
    shoot(roller, "desktop-move-1280.png")
    assert_accessible(roller)
