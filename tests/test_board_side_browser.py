"""Boards in a real browser: your side at the bottom, pip counts, turning the board, the skip link, solved puzzles."""

from __future__ import annotations

import pytest

from tests.browser import DESKTOP, PHONE, assert_accessible, place
from tutor.drills import generate, parse_id
from tutor.engine import BLACK, SIDE_NAMES, WHITE, Position
from tutor.lessons.library import get_library

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SCREENS = pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280", "360"])

CORNER = """(widget) => {
  const svg = widget.querySelector('svg.board-svg').getBoundingClientRect();
  const one = [...widget.querySelectorAll('.board-labels__own')].find((text) => text.textContent === '1');
  const box = one.getBoundingClientRect();
  const x = box.left + box.width / 2, y = box.top + box.height / 2;
  return [y > svg.top + svg.height / 2 ? 'bottom' : 'top', x > svg.left + svg.width / 2 ? 'right' : 'left'];
}"""


def corner_of_point_one(widget):
    """Where the large «1» is drawn on the board, measured on the screen."""
    return tuple(widget.evaluate(CORNER))


def shown_pips(widget):
    return {node.get_attribute("data-pips-side"): int(node.inner_text()) for node in widget.locator("[data-pips-side]").all()}


def engine_pips(position):
    return {SIDE_NAMES[side]: position.pip_count(side) for side in (WHITE, BLACK)}


def open_black_drill(page, live_server):
    """A play drill of the rule «blocked» played with Black: its page and the drill."""
    for index in range(40):
        page.goto(f"{live_server.url}/entrenar/blocked/?nivel=1&n={index}")
        drill = generate(*parse_id(page.locator("[data-drill]").get_attribute("data-drill")))
        if drill.is_play and drill.position.turn == BLACK:
            page.locator(".board-widget.is-enhanced").wait_for()
            return drill
    raise AssertionError("no play drill with Black in 40 tries")


def lesson_puzzle(slug):
    return get_library().puzzles()[slug]


@SCREENS
def test_a_drill_played_with_black_is_seen_from_blacks_side_with_the_engines_pip_counts(new_page, live_server, viewport):
    page = new_page(viewport=viewport)
    drill = open_black_drill(page, live_server)
    assert page.locator("#drill-question").inner_text().startswith("Juegas con las negras")
    widget = page.locator(".board-widget").first
    assert corner_of_point_one(widget) == ("bottom", "right")
    assert shown_pips(widget) == engine_pips(drill.position)
    assert "Lo ves desde las negras" in widget.inner_text()
    assert "Los puntos se cuentan desde la casa de las negras." in widget.locator(".board-description").text_content()
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    assert_accessible(page)


@SCREENS
def test_a_lesson_puzzle_for_black_follows_the_moves_with_the_engines_pip_counts_and_goes_quiet_once_solved(new_page, live_server, viewport):
    puzzle = lesson_puzzle("las-negras-cuentan-desde-su-lado")
    page = new_page(viewport=viewport)
    page.goto(f"{live_server.url}/ejercicios/{puzzle.slug}/")
    widget = page.locator(".board-widget.is-enhanced")
    widget.wait_for()
    assert corner_of_point_one(widget) == ("bottom", "right")
    assert shown_pips(widget) == engine_pips(puzzle.position)
    # Black's 13/7 8/7: White's 12 to 18 and 17 to 18.
    place(page, 12).click()
    place(page, 18).click()
    place(page, 17).click()
    place(page, 18).click()
    assert page.locator('input[name="play"]').input_value() == "13/7 8/7"
    assert shown_pips(widget) == engine_pips(puzzle.position.check("13/7 8/7").play.result)
    page.get_by_role("button", name="Comprobar").click()
    page.locator(".verdict").wait_for()
    assert "¡Correcto!" in page.locator(".verdict").inner_text()
    for name in ("Comprobar", "Deshacer", "Reiniciar"):
        assert page.get_by_role("button", name=name).is_disabled(), name
    # A checker clicked now stays where it is.
    place(page, 1).click()
    place(page, 4).click()
    assert page.locator('input[name="play"]').input_value() == "13/7 8/7"
    assert_accessible(page)


@SCREENS
def test_the_explorer_is_seen_from_the_side_on_roll_with_both_pip_counts(new_page, live_server, viewport):
    page = new_page(viewport=viewport)
    page.goto(f"{live_server.url}/explorar/")
    widget = page.locator(".board-widget.is-enhanced")
    widget.wait_for()
    assert corner_of_point_one(widget) == ("bottom", "right")
    xgid = widget.get_attribute("data-xgid")
    assert shown_pips(widget) == engine_pips(Position.from_xgid(xgid))
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    assert_accessible(page)


def test_a_puzzle_that_asks_the_pip_count_shows_no_count(page, live_server):
    puzzle = lesson_puzzle("pips-colocacion-inicial")
    assert puzzle.asks_pip_count
    page.goto(f"{live_server.url}/ejercicios/{puzzle.slug}/")
    page.locator(".board-widget").first.wait_for()
    assert page.locator("[data-board-pips]").count() == 0
    assert "Pips:" not in page.locator(".board-widget").first.inner_text()


def test_the_board_turns_from_the_keyboard_and_stays_turned_on_that_page_only(page, live_server):
    drill = open_black_drill(page, live_server)
    here = page.url
    svg = page.locator("svg.board-svg").first
    assert svg.get_attribute("data-flipped") == "true"
    page.get_by_role("button", name="Girar el tablero").focus()
    page.keyboard.press("Enter")
    page.wait_for_load_state()
    page.locator(".board-widget.is-enhanced").wait_for()
    widget = page.locator(".board-widget").first
    assert page.url.split("#")[0] == here and page.locator("[data-drill]").get_attribute("data-drill") == drill.id
    assert svg.get_attribute("data-flipped") == "false"
    assert corner_of_point_one(widget) == ("bottom", "right")  # White's 1 now
    assert "Lo ves desde las blancas" in widget.inner_text()
    # The notation is still Black's: the board writes what a click moves in the mover's numbering.
    assert widget.get_attribute("data-numbering") == "black"
    page.goto(here)
    assert page.locator("svg.board-svg").first.get_attribute("data-flipped") == "false"
    page.goto(f"{live_server.url}/ejercicios/las-negras-cuentan-desde-su-lado/")
    assert page.locator("svg.board-svg").first.get_attribute("data-flipped") == "true"


def tabs_to_the_board(page) -> int:
    """Tab presses from the top of the page until a place of the board has the focus (Enter on «Saltar al tablero»)."""
    page.locator("body").focus()
    for presses in range(1, 41):
        page.keyboard.press("Tab")
        focused = page.evaluate("document.activeElement.textContent.trim()")
        if focused == "Saltar al tablero":
            page.keyboard.press("Enter")
        if page.evaluate("Boolean(document.activeElement && document.activeElement.dataset.point)"):
            return presses
    raise AssertionError("the board never received the keyboard focus")


@SCREENS
def test_the_board_is_at_most_three_tab_presses_from_the_top_of_any_board_page(new_page, live_server, viewport):
    page = new_page(viewport=viewport)
    five_three = next(p for p in get_library().puzzles().values() if p.is_play and p.lesson == "sacar-fichas")
    for path in (f"/lecciones/{five_three.lesson}/", f"/ejercicios/{five_three.slug}/", "/explorar/", "/entrenar/blocked/?nivel=1&n=0"):
        page.goto(live_server.url + path)
        page.locator(".board-widget.is-enhanced").first.wait_for()
        assert tabs_to_the_board(page) <= 3, path
        box = page.evaluate("document.activeElement.getBoundingClientRect().toJSON()")
        assert box["top"] >= 0 and box["bottom"] <= viewport["height"], path  # the focused place is on the screen
