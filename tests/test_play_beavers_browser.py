"""A beaver in a live money game, in two browsers: one player doubles, the other beavers, the
first takes or drops; both screens show the cube at the right value and with the right owner."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser import PHONE, axe_violations
from tests.classroom_factories import make_user
from tests.test_play_browser import open_as, wait_seq
from tutor.engine import WHITE, Position
from tutor.play import service
from tutor.play.models import LiveGame, Phase

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

MONEY_RACE = Position.from_layout(white={1: 2, 2: 1, 3: 1}, black={24: 2, 23: 1, 22: 1}).replace(turn=WHITE)
"""A money game near its end, White on roll with the cube in the centre: White may double."""


@pytest.fixture(autouse=True)
def seeded(settings):
    settings.PRACTICE_DICE_SEED = 21
    settings.PRACTICE_GRADING_PLIES = 0


def doubled_and_beavered(asgi_server, new_page):
    """Ana (White) doubles, Bruno (Black, on a phone) beavers: the pages and the game, Ana to answer."""
    ana, bruno = make_user("ana"), make_user("bruno")
    game = service.create_game(ana, length=0, black=bruno, beavers=True)
    LiveGame.objects.filter(pk=game.pk).update(xgid=MONEY_RACE.to_xgid(), phase=Phase.ROLL)
    game.refresh_from_db()
    doubler = open_as(new_page, asgi_server, ana, game.get_absolute_url())
    taker = open_as(new_page, asgi_server, bruno, game.get_absolute_url(), viewport=PHONE)
    pages = [doubler, taker]
    doubler.get_by_role("button", name="Doblar (el cubo pasa a 2)").click()
    wait_seq(pages, game.seq + 1)
    beaver = taker.get_by_role("button", name="Beaver (el cubo pasa a 4 y sigue siendo tuyo)")
    expect(beaver).to_be_visible()
    beaver.click()
    wait_seq(pages, game.seq + 2)
    expect(doubler.locator("[data-play-panel]")).to_contain_text("Tu rival ha hecho beaver")
    game.refresh_from_db()
    assert game.phase == Phase.BEAVER and game.side_to_act() == WHITE
    return game, doubler, taker


def test_a_beaver_taken_leaves_the_cube_at_four_with_the_beaverer_on_both_screens(asgi_server, new_page):
    game, doubler, taker = doubled_and_beavered(asgi_server, new_page)
    doubler.locator("[data-play-panel]").get_by_role("button", name="Aceptar").click()
    wait_seq([doubler, taker], game.seq + 1)
    expect(doubler.locator("[data-cube]")).to_have_text("en 4, de Bruno")
    expect(taker.locator("[data-cube]")).to_have_text("en 4, tuyo")
    game.refresh_from_db()
    assert (game.position.cube_value, game.position.cube_owner, game.side_to_act()) == (4, 1, WHITE)
    assert taker.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert axe_violations(taker) == [] and axe_violations(doubler) == []


def test_a_beaver_dropped_ends_the_game_and_the_doubler_loses_the_doubled_cube_on_both_screens(asgi_server, new_page):
    game, doubler, taker = doubled_and_beavered(asgi_server, new_page)
    doubler.locator("[data-play-panel]").get_by_role("button", name="Abandonar").click()
    wait_seq([doubler, taker], game.seq + 1)
    result = game.actions.get(kind="result")
    assert (result.side, result.points) == (1, 2)
    for page in (doubler, taker):  # the next game starts with the cube back in the centre
        expect(page.locator("[data-play-panel]")).to_contain_text("Ana 0 – Bruno 2")
        expect(page.locator("[data-cube]")).to_have_text("en el centro: nadie ha doblado")
    expect(taker.locator(".play-events")).to_contain_text("Ana (blancas) abandona")
