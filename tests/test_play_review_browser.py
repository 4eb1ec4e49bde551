"""After a live game, in a real browser: each player reviews it, turns their mistakes into exercises and solves one.

Black plays a play again on a board seen from their side (at 1280 px);
White answers a no-double with the cube's buttons on a phone (360 px).
Every page is checked with axe-core.  Screenshots are kept when
``PLAY_SHOTS`` names a folder.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from django.test import Client
from playwright.sync_api import expect

from tests.browser import DESKTOP, PHONE, assert_accessible
from tests.classroom_factories import make_user
from tests.live_review import played

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path(os.environ["PLAY_SHOTS"]) if os.environ.get("PLAY_SHOTS") else None


@pytest.fixture(autouse=True)
def quick_and_reproducible(settings):
    settings.PRACTICE_GRADING_PLIES = 0
    settings.PRACTICE_DICE_SEED = 5


def shoot(page, name: str) -> None:
    if SHOTS is not None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / name), full_page=True)


def signed_in(new_page, server: str, user, viewport):
    client = Client()
    client.force_login(user)
    page = new_page(viewport=viewport)
    page.context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": server}])
    return page


def test_players_turn_their_mistakes_into_exercises_and_solve_them(new_page, live_server):
    ana, bruno = make_user("ana"), make_user("bruno")
    game = played(ana, bruno)
    server = live_server.url

    # Black, on a desktop: the review of both players, their own mistakes to convert.
    page = signed_in(new_page, server, bruno, DESKTOP)
    page.goto(server + game.get_review_url())
    mine = page.locator("section", has=page.get_by_role("heading", name="Bruno (negras): tú"))
    expect(mine.get_by_role("heading", name="Tus errores, para practicar")).to_be_visible()
    rival = page.locator("section", has=page.get_by_role("heading", name="Ana (blancas)"))
    rival.get_by_text("Todas sus decisiones").click()
    expect(rival.get_by_text("no dobla: correcto")).to_be_visible()
    expect(rival.get_by_role("button", name="Convertir mis errores en ejercicios")).to_have_count(0)
    assert_accessible(page)
    shoot(page, "review-1280.png")
    mine.get_by_role("button", name="Convertir mis errores en ejercicios").click()
    page.wait_for_url(f"**/practica/ejercicios/#partida-{game.code}")
    group = page.locator(f"#partida-{game.code}")
    expect(group).to_have_text(f"{game.title} con Ana")
    expect(page.get_by_role("status")).to_contain_text("1 ejercicio nuevo")
    assert_accessible(page)
    shoot(page, "exercises-1280.png")

    # The play again, on the board seen from Black's side, by clicking: 8/5 6/5 is gnubg's best.
    page.get_by_role("link", name="Partida 1: jugada (jugaste 24/20)").click()
    page.wait_for_selector("[data-practice-board] .is-enhanced")
    board = page.locator("[data-practice-board]")
    assert board.locator("[data-board]").get_attribute("data-numbering") == "black"
    for source, target in ((8, 5), (6, 5)):  # the board names its places in White's numbering
        board.locator(f'[data-point="{25 - source}"]').click()
        board.locator(f'[data-point="{25 - target}"].is-target').click()
    confirm = board.locator("button[type=submit]")
    expect(confirm).to_be_enabled()
    confirm.click()
    page.wait_for_load_state()
    expect(page.locator("[data-light]")).to_have_attribute("data-light", "verde")
    assert_accessible(page)
    shoot(page, "exercise-play-1280.png")
    page.get_by_role("link", name="Volver a la revisión de la partida").click()
    expect(page.get_by_text("ya son ejercicios")).to_be_visible()
    expect(page.locator(".practice-solved")).to_have_text("resuelto")

    # White, on a phone: the missed double, answered with the cube's buttons until it is verde.
    phone = signed_in(new_page, server, ana, PHONE)
    phone.goto(server + game.get_review_url())
    shoot(phone, "review-360.png")
    phone.get_by_role("button", name="Convertir mis errores en ejercicios").click()
    phone.wait_for_url("**/practica/ejercicios/*")
    assert_accessible(phone)
    shoot(phone, "exercises-360.png")
    phone.get_by_role("link", name="Partida 1: no dobla").click()
    expect(phone.get_by_role("heading", name="Ejercicio: no dobla")).to_be_visible()
    phone.get_by_role("button", name="No doblar").click()
    expect(phone.locator("[data-light]")).to_have_attribute("data-light", "rojo")
    phone.get_by_role("button", name="Doblar", exact=True).click()
    expect(phone.locator("[data-light]")).to_have_attribute("data-light", "verde")
    assert_accessible(phone)
    shoot(phone, "exercise-cube-360.png")
    overflow = phone.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the exercise page is {overflow}px wider than a phone"
