"""What ``make screenshots`` photographs in the live games is there when it takes the pictures.

The gallery itself takes minutes (it serves the site and plays a practice
game against gnubg); here its own pieces run against daphne in the test
process: the players it seats in the lobby publish their seeks through the
page's form, the matches it plays from the lobby give a rating history, and
its timed game is listed to watch.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.test_play_browser import open_as
from tutor.lobby.service import Wish

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SCRIPTS = Path(__file__).resolve().parent.parent / "scripts"


def script(name: str):
    spec = importlib.util.spec_from_file_location(f"screenshots_{name}", SCRIPTS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def world(monkeypatch):
    """``screenshot_world.py`` as a module (it sets the grading depth for its own process: restored after the test)."""
    monkeypatch.setenv("PRACTICE_GRADING_PLIES", "0")
    return script("screenshot_world")


def test_the_gallerys_lobby_shows_its_seekers_a_timed_game_to_watch_and_its_players_rating_history(asgi_server, browser, new_page, world):
    shots = script("screenshots")
    ana, bruno, carla, dario = (world.account(name) for name in ("ana", "bruno", "carla", "dario"))
    world.rated_matches(ana, [(bruno, 3, True), (carla, 5, False), (dario, 3, True)])
    timed = world.played_on(world.from_the_lobby(carla, dario, Wish(length=5, clock=True, rated=True)), carla, dario, moves=2)
    for seeker in world.SEEKERS:
        world.account(seeker["user"])
    waiting = [shots.wait_in_the_lobby(browser, asgi_server, world.PASSWORD, seeker) for seeker in world.SEEKERS]
    try:
        page = open_as(new_page, asgi_server, bruno, "/jugar/")
        seeks = page.locator("[data-lobby-seeks] [data-seek]")
        expect(seeks).to_have_count(len(world.SEEKERS))
        expect(seeks.nth(0)).to_contain_text("Match a 5 puntos · con reloj normal · puntúa")
        expect(seeks.nth(1)).to_contain_text("Partida por dinero · sin reloj · no puntúa")
        expect(seeks.nth(2)).to_contain_text("Match a 7 puntos · sin reloj · puntúa · rivales de 1300 a 1700")
        watched = page.locator(f'[data-lobby-games] [data-game="{timed.pk}"]')
        expect(watched).to_contain_text("Match a 5 puntos · con reloj normal · puntúa")
        page.goto(asgi_server + "/jugar/jugador/ana/")
        expect(page.locator(".rating-chart circle")).to_have_count(3)
        page.goto(asgi_server + timed.get_absolute_url())
        expect(page.locator("[data-clock]")).to_have_count(2)
    finally:
        for context in waiting:
            context.close()
