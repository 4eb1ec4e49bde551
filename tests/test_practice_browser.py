"""A practice turn in a real browser: highlighted destinations, «Confirmar», the light; accessibility."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser import DESKTOP, PHONE, assert_accessible, click_a_full_play

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def quick_and_reproducible(settings):
    settings.PRACTICE_GRADING_PLIES = 0
    settings.PRACTICE_DICE_SEED = 1


def start_money_game(page, live_server):
    page.goto(live_server.url + "/practica/")
    page.get_by_label("Partida por dinero").check()
    page.get_by_role("button", name="Empezar").click()
    page.wait_for_url("**/practica/*/")
    for _ in range(5):
        if page.locator("[data-practice-board] .is-enhanced").count():
            return
        page.get_by_role("button", name="Tirar los dados").click()
        page.wait_for_load_state()
    raise AssertionError("the learner never got a roll to play")


def play_by_clicking(page) -> str:
    """Click own checkers and highlighted destinations until «Confirmar» may be pressed."""
    expect(page.locator("[data-practice-board] button[type=submit]")).to_have_text("Confirmar")
    return click_a_full_play(page, "[data-practice-board]")


def test_a_turn_played_by_clicking_is_confirmed_and_shows_the_traffic_light(page, live_server):
    start_money_game(page, live_server)
    confirm = page.locator("[data-practice-board] button[type=submit]")
    expect(confirm).to_be_disabled()
    played = play_by_clicking(page)
    assert played
    confirm.click()
    page.wait_for_load_state()
    light = page.locator("[data-light]").first
    expect(light).to_be_visible()
    assert light.get_attribute("data-light") in ("verde", "ambar", "rojo")
    expect(light).to_contain_text(played.split(" ")[0].replace("*", ""))
    expect(page.locator(".practice-events")).to_contain_text("El programa")
    skip = page.locator("[data-replay-skip]")
    if skip.is_visible():
        skip.click()
    expect(page.locator("[data-practice-current]")).to_be_visible()
    assert_accessible(page)


def test_the_computer_s_moves_are_shown_one_by_one_before_the_current_position(page, live_server):
    start_money_game(page, live_server)
    play_by_clicking(page)
    page.locator("[data-practice-board] button[type=submit]").click()
    expect(page.locator("[data-replay]")).to_be_visible()
    assert page.locator("template[data-frame]").count() > 0
    expect(page.locator("[data-replay-caption]")).to_contain_text("El programa, movimiento")
    expect(page.locator("[data-practice-current]")).to_be_hidden()
    expect(page.locator("[data-practice-current]")).to_be_visible(timeout=15000)
    expect(page.locator("[data-replay]")).to_be_hidden()


def test_the_practice_pages_are_accessible_on_a_phone(new_page, live_server):
    page = new_page(viewport=PHONE)
    start_money_game(page, live_server)
    assert_accessible(page)
    match_url = page.url
    page.goto(match_url + "revision/")
    assert_accessible(page)
    page.goto(live_server.url + "/practica/")
    assert_accessible(page)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def in_view(page, locator, viewport) -> bool:
    box = locator.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"]


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280x900", "360x740"])
def test_a_whole_turn_happens_without_a_page_load_with_the_buttons_in_view(new_page, live_server, viewport):
    page = new_page(viewport=viewport)
    page.goto(live_server.url + "/practica/")
    page.get_by_label("Partida por dinero").check()
    page.get_by_role("button", name="Empezar").click()
    page.wait_for_url("**/practica/*/")
    page.wait_for_selector("[data-practice]")
    page.evaluate("window.sameDocument = true")
    url = page.url
    for _ in range(5):
        if page.locator("[data-practice-board] .is-enhanced").count():
            break
        roll = page.get_by_role("button", name="Tirar los dados")
        assert in_view(page, roll, viewport)
        roll.click()
        page.wait_for_function("!document.querySelector('[data-practice] [aria-busy=true]')")
        page.wait_for_timeout(200)
    confirm = page.locator("[data-practice-board] button[type=submit]")
    confirm.wait_for()
    assert in_view(page, confirm, viewport)
    played = play_by_clicking(page)
    assert played
    confirm.click()
    light = page.locator("[data-light]").first
    expect(light).to_be_visible(timeout=20000)
    assert page.evaluate("window.sameDocument === true")  # no navigation: the page was updated in place
    assert page.url == url
    expect(page.locator("[data-practice-current]")).to_be_visible(timeout=15000)
    roll = page.get_by_role("button", name="Tirar los dados")
    if roll.count():
        assert in_view(page, roll, viewport)
    assert_accessible(page)


def test_equity_and_ply_are_explained_in_plain_spanish(page, live_server):
    page.goto(live_server.url + "/practica/")
    term = page.locator(".term", has_text="partida por dinero")
    tip = term.locator(".term__tip")
    assert "un punto" in tip.text_content() or "cubo" in tip.text_content()
    term.focus()
    assert tip.bounding_box()["width"] > 50


def test_a_hint_is_drawn_on_the_board_as_arrows_until_a_checker_moves(page, live_server):
    start_money_game(page, live_server)
    page.get_by_role("button", name="Pedir una pista").click()
    hint = page.locator("[data-hint]")
    expect(hint).to_contain_text("las flechas lo muestran en el tablero")
    arrows = page.locator("[data-practice-board] [data-arrow]")
    count = arrows.count()
    assert count and all(arrows.nth(index).is_visible() for index in range(count))
    played = " ".join(arrows.nth(index).get_attribute("data-move") for index in range(count))
    assert hint.locator("code").inner_text().split()[0].split("/")[0] in played  # the hint's play, drawn
    board = "[data-practice-board]"
    page.locator(f"{board} [data-point][data-movable]").first.click()
    page.locator(f"{board} [data-point].is-target").first.click()
    expect(arrows.first).to_be_hidden()
    page.locator(f"{board} [data-action=undo]").click()
    expect(arrows.first).to_be_visible()
    assert_accessible(page)


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_learner_resigns_a_gammon_from_the_game_page_and_the_program_accepts(new_page, live_server, viewport):
    page = new_page(viewport=viewport)
    start_money_game(page, live_server)
    page.get_by_text("Rendirte en esta partida").click()
    choice = page.get_by_role("button", name="Gammon: 2 puntos")
    expect(choice).to_be_visible()
    assert_accessible(page)
    choice.click()
    expect(page.locator(".practice-events")).to_contain_text("Te rindes con un gammon y el programa acepta.")
    expect(page.locator(".practice-events")).to_contain_text("El programa gana la partida: gammon, 2 puntos.")
    expect(page.locator("[data-score]")).to_have_text("Tú 0 – Programa 2")
    expect(page.get_by_role("button", name="Siguiente partida")).to_be_visible()
