"""After a live game, in a real browser: the review stepped through with the keyboard, and mistakes made exercises.

The game (``tests/live_review.py``) has mistakes of both players; a worker's
run of the queue (``drain``) grades it.  Bruno steps through it on a desktop
with the keys, sees the error graph follow and gnubg's best play drawn on
the board next to his own; the rival's decisions carry her name, his own say
«Tu jugada».  A review still being graded fills in over the game's review
socket when the worker is done, and one waiting in the queue says its place
as it moves up, with each player's luck.  Ana, on a phone, sees the whole board on
the first screen and turns a missed double into an exercise.  Without
JavaScript each decision is a page of its own.  Every page is checked with
axe-core; screenshots are kept when ``PLAY_SHOTS`` names a folder.
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
from tutor.practice.background import drain
from tutor.practice.statistics import statistics

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path(os.environ["PLAY_SHOTS"]) if os.environ.get("PLAY_SHOTS") else None


@pytest.fixture(autouse=True)
def quick_and_reproducible(settings):
    settings.PRACTICE_GRADING_PLIES = 0
    settings.PRACTICE_DICE_SEED = 5
    settings.REVIEW_POLL_SECONDS = 0.5


def shoot(page, name: str) -> None:
    if SHOTS is not None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / name))


def signed_in(new_page, server: str, user, viewport, **options):
    client = Client()
    client.force_login(user)
    page = new_page(viewport=viewport, **options)
    page.context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": server}])
    return page


def open_review(page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("[data-review].is-enhanced")


def heading(page):
    return page.locator("#paso-actual")


def marker_x(page) -> float:
    return float(page.locator("[data-chart-current]").get_attribute("x"))


def test_stepping_through_a_review_with_the_keyboard_follows_the_graph_and_draws_the_best_play(new_page, asgi_server):
    ana, bruno = make_user("ana"), make_user("bruno")
    game = played(ana, bruno)
    assert drain() == 1
    page = signed_in(new_page, asgi_server, bruno, DESKTOP)
    open_review(page, asgi_server + game.get_review_url())
    expect(heading(page)).to_contain_text("Decisión 1 de 7")
    page.evaluate("window.sameDocument = true")
    first = marker_x(page)

    # N: the next error of either player, Ana's missed double; her decision carries her name.
    page.keyboard.press("n")
    expect(heading(page)).to_contain_text("Decisión 2 de 7")
    expect(page.locator("[data-light]")).to_have_attribute("data-light", "rojo")
    expect(page.locator(".light__facts dt").first).to_have_text("Decisión de Ana")
    assert marker_x(page) > first
    assert page.url.endswith("?paso=2")
    expect(page.locator('[data-review-moves] [aria-current="step"]')).to_contain_text("Ana: no dobla")
    expect(page.locator("[data-review-announce]")).to_contain_text("Decisión 2 de 7")

    # N again: Bruno's own 24/20 with the opening 3-1, gnubg's 8/5 6/5 drawn on the board beside it.
    page.keyboard.press("n")
    expect(heading(page)).to_contain_text("Decisión 3 de 7")
    expect(page.locator(".light__facts dt").first).to_have_text("Tu jugada")
    board = page.locator("#tablero svg.board-svg")
    expect(board.locator('[data-arrow="best"]')).to_have_count(2)
    assert sorted(board.locator('[data-arrow="best"]').evaluate_all("arrows => arrows.map(a => a.dataset.move)")) == ["6/5", "8/5"]
    expect(board.locator('[data-arrow="played"]')).to_have_count(2)  # one checker, 24/21/20: two arrows end to end
    expect(page.locator("[data-best-play]")).to_have_text("8/5 6/5")
    point = page.locator('.review-chart a[data-step="3"] .review-chart__point')
    assert "review-chart__point--rojo" in point.get_attribute("class")
    assert_accessible(page)
    shoot(page, "review-step-1280.png")

    # ←, End, Home, →, P: every key moves without a page load.
    page.keyboard.press("ArrowLeft")
    expect(heading(page)).to_contain_text("Decisión 2 de 7")
    page.keyboard.press("End")
    expect(heading(page)).to_contain_text("Decisión 7 de 7")
    expect(page.locator(".review-stage__what")).to_contain_text("gana la partida")
    page.keyboard.press("p")
    expect(heading(page)).to_contain_text("Decisión 4 de 7")
    page.keyboard.press("Home")
    expect(heading(page)).to_contain_text("Decisión 1 de 7")
    page.keyboard.press("ArrowRight")
    expect(heading(page)).to_contain_text("Decisión 2 de 7")
    page.go_back()
    expect(heading(page)).to_contain_text("Decisión 1 de 7")

    # A bar of the graph and an item of the list are links to their decision.
    page.locator('.review-chart a[data-step="5"]').click()
    expect(heading(page)).to_contain_text("Decisión 5 de 7")
    expect(page.locator(".light__facts dt").first).to_have_text("Tu decisión")
    page.locator("[data-review-moves] a", has_text="Ana: dobla").click()
    expect(heading(page)).to_contain_text("Decisión 4 de 7")
    expect(page.locator('[data-review-moves] [aria-current="step"]')).to_be_focused()
    assert page.evaluate("window.sameDocument === true")
    assert page.locator('a[download][href$="partida.mat"]').count() >= 1


def test_a_review_still_being_graded_fills_in_when_the_worker_is_done(new_page, asgi_server):
    ana, bruno = make_user("ana"), make_user("bruno")
    game = played(ana, bruno)
    page = signed_in(new_page, asgi_server, ana, DESKTOP)
    open_review(page, asgi_server + game.get_review_url() + "?paso=2")
    progress = page.locator("[data-review-progress]")
    expect(progress).to_contain_text("0 de 5")
    expect(page.locator(".review-stage__note--pending")).to_be_visible()
    assert_accessible(page)
    shoot(page, "review-pending-1280.png")
    assert drain() == 1
    expect(progress).to_have_count(0, timeout=15000)
    expect(page.locator("[data-light]")).to_have_attribute("data-light", "rojo")
    expect(page.locator(".light__facts dt").first).to_have_text("Tu decisión")
    expect(page.locator("[data-review-announce]")).to_contain_text("La revisión está lista")
    (play,) = game.actions.filter(kind="move")
    play.refresh_from_db()
    luck = statistics([play], play.side).luck_text
    expect(page.locator(f'[data-luck="{play.side}"] [data-luck-total]')).to_have_text(luck)
    expect(page.locator(f'[data-luck-match="{play.side}"]')).to_have_text(luck)
    page.locator("#suerte-por-partida").scroll_into_view_if_needed()
    shoot(page, "review-luck-1280.png")


def test_a_review_waiting_in_the_queue_says_its_place_and_moves_up_without_reloading(new_page, asgi_server):
    from tutor.practice.tasks import review_practice_game

    review_practice_game.enqueue(10_000, 1, people=["carla"])  # someone else's review, queued first
    ana, bruno = make_user("ana"), make_user("bruno")
    game = played(ana, bruno)
    page = signed_in(new_page, asgi_server, ana, DESKTOP)
    open_review(page, asgi_server + game.get_review_url())
    place = page.locator("[data-review-queue]")
    expect(place).to_have_text("Tu revisión es la 2.ª en la cola.")
    assert drain(1) == 1
    expect(place).to_have_text("Tu revisión es la siguiente en la cola.", timeout=15000)
    assert drain(1) == 1
    expect(page.locator("[data-review-progress]")).to_have_count(0, timeout=15000)


def test_on_a_phone_the_board_fits_and_a_missed_double_becomes_an_exercise(new_page, asgi_server):
    ana, bruno = make_user("ana"), make_user("bruno")
    game = played(ana, bruno)
    drain()
    phone = signed_in(new_page, asgi_server, ana, PHONE)
    phone.goto(asgi_server + game.get_review_url() + "?paso=3")
    board = phone.locator("#tablero svg.board-svg").bounding_box()
    assert board["x"] >= 0 and board["x"] + board["width"] <= PHONE["width"]
    assert board["y"] >= 0 and board["y"] + board["height"] <= PHONE["height"], board
    expect(phone.locator(".light__facts dt").first).to_have_text("Jugada de Bruno")
    overflow = phone.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the review is {overflow}px wider than a phone"
    assert_accessible(phone)
    shoot(phone, "review-step-360.png")
    phone.get_by_role("button", name="Convertir mis errores en ejercicios").click()
    phone.wait_for_url("**/practica/ejercicios/*")
    phone.get_by_role("link", name="Partida 1: no dobla").click()
    expect(phone.get_by_role("heading", name="Ejercicio: no dobla")).to_be_visible()
    phone.get_by_role("button", name="Doblar", exact=True).click()
    expect(phone.locator("[data-light]")).to_have_attribute("data-light", "verde")


def test_without_javascript_each_decision_is_a_page_with_links_to_the_others(new_page, asgi_server):
    ana, bruno = make_user("ana"), make_user("bruno")
    game = played(ana, bruno)
    drain()
    page = signed_in(new_page, asgi_server, bruno, DESKTOP, java_script_enabled=False)
    page.goto(asgi_server + game.get_review_url())
    page.get_by_role("link", name="Siguiente error").click()
    expect(heading(page)).to_contain_text("Decisión 2 de 7")
    assert "paso=2" in page.url
    page.get_by_role("link", name="Siguiente", exact=True).click()
    expect(heading(page)).to_contain_text("Decisión 3 de 7")
    expect(page.locator('#tablero svg.board-svg [data-arrow="best"]')).to_have_count(2)
    page.get_by_role("link", name="Anterior", exact=True).click()
    expect(heading(page)).to_contain_text("Decisión 2 de 7")
