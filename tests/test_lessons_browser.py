"""Lessons in a real browser: solving puzzles by pointer and by keyboard, explanations, phones, accessibility."""

from __future__ import annotations

import pytest

from tests.browser import PHONE, arrow_to, assert_accessible, tab_into_board
from tutor.engine import WHITE
from tutor.lessons.library import get_library

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def five_three_puzzle():
    """The seed's 5–3 with the 1 blocked: only 5/2 4/off uses both dice."""
    return next(
        puzzle
        for puzzle in get_library().puzzles().values()
        if puzzle.is_play and sorted(puzzle.dice) == [3, 5] and puzzle.position.borne_off(WHITE) == 13
    )


def in_puzzle(page, puzzle, selector):
    return page.locator(f"#ejercicio-{puzzle.slug} {selector}")


def enhanced(page, puzzle):
    in_puzzle(page, puzzle, ".board-widget.is-enhanced").wait_for()


def test_a_puzzle_is_solved_by_clicking_checkers_on_the_lesson_page(page, live_server):
    puzzle = five_three_puzzle()
    page.goto(f"{live_server.url}/lecciones/{puzzle.lesson}/#ejercicio-{puzzle.slug}")
    enhanced(page, puzzle)
    in_puzzle(page, puzzle, '[data-point="5"]').click()
    in_puzzle(page, puzzle, '[data-point="2"]').click()
    in_puzzle(page, puzzle, '[data-point="4"]').click()
    in_puzzle(page, puzzle, '[data-point="off-white"]').click()
    assert in_puzzle(page, puzzle, 'input[name="play"]').input_value() == "5/2 4/off"
    in_puzzle(page, puzzle, '.board-actions').get_by_role("button", name="Comprobar").click()
    verdict = in_puzzle(page, puzzle, ".verdict")
    verdict.wait_for()
    assert "¡Correcto!" in verdict.inner_text()
    assert "5/2 4/off" in verdict.inner_text()


def test_a_puzzle_is_solved_with_the_keyboard_alone(page, live_server):
    puzzle = five_three_puzzle()
    page.goto(f"{live_server.url}/ejercicios/{puzzle.slug}/")
    enhanced(page, puzzle)
    tab_into_board(page)
    for source, destination in ((5, 2), (4, "off-white")):
        arrow_to(page, source)
        page.keyboard.press("Enter")
        arrow_to(page, destination)
        page.keyboard.press("Enter")
    assert in_puzzle(page, puzzle, 'input[name="play"]').input_value() == "5/2 4/off"
    in_puzzle(page, puzzle, 'input[name="play"]').focus()
    page.keyboard.press("Enter")
    verdict = in_puzzle(page, puzzle, ".verdict")
    verdict.wait_for()
    assert "¡Correcto!" in verdict.inner_text()
    live = in_puzzle(page, puzzle, "[role=status][aria-live]")
    assert "¡Correcto!" in live.first.inner_text()
    # The solved puzzle's controls go quiet; the focus goes on to the way ahead, not to the page's top.
    page.wait_for_function("document.activeElement && document.activeElement.matches('.board-next__link')")
    assert page.evaluate("document.activeElement.textContent").startswith("Siguiente")


def open_with_play(page, live_server, play: str):
    """The 5-3 bearing-off puzzle on its own page, with ``play`` typed in its box."""
    puzzle = five_three_puzzle()
    page.goto(f"{live_server.url}/ejercicios/{puzzle.slug}/")
    enhanced(page, puzzle)
    in_puzzle(page, puzzle, 'input[name="play"]').fill(play)
    return puzzle


def test_a_puzzle_checked_with_its_button_from_the_keyboard_hands_the_focus_to_the_way_ahead(page, live_server):
    puzzle = open_with_play(page, live_server, "5/2 4/off")
    in_puzzle(page, puzzle, '.board-actions').get_by_role("button", name="Comprobar").focus()
    page.keyboard.press("Enter")
    in_puzzle(page, puzzle, ".verdict").wait_for()
    page.wait_for_function("document.activeElement && document.activeElement.matches('.board-next__link')")


def test_an_illegal_play_is_explained_in_spanish_with_its_rule(page, live_server):
    puzzle = open_with_play(page, live_server, "5/off")
    in_puzzle(page, puzzle, '.board-actions').get_by_role("button", name="Comprobar").click()
    verdict = in_puzzle(page, puzzle, ".verdict")
    verdict.wait_for()
    text = verdict.inner_text()
    assert "Jugada ilegal" in text
    assert "usa un solo dado, pero se pueden usar los dos: por ejemplo, 5/2 4/off" in text
    link = verdict.locator("a", has_text="Repasa la regla")
    assert link.get_attribute("href") == "/lecciones/obligaciones/#usar-ambos-dados"


def test_a_lesson_shows_a_visible_board_on_a_360_pixel_phone(new_page, live_server, tmp_path):
    page = new_page(viewport=PHONE)
    puzzle = five_three_puzzle()
    page.goto(f"{live_server.url}/lecciones/{puzzle.lesson}/")
    board = in_puzzle(page, puzzle, "svg").first
    board.scroll_into_view_if_needed()
    box = board.bounding_box()
    assert box is not None and box["width"] > 250 and box["x"] >= 0 and box["x"] + box["width"] <= 360
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    shot = tmp_path / "leccion-360.png"
    board.screenshot(path=str(shot))
    assert shot.stat().st_size > 5000


@pytest.mark.parametrize("path", ["/lecciones/", "/lecciones/sacar-fichas/", "/explorar/", "/glosario/", "/lecciones/autoria/"])
def test_lesson_pages_have_no_serious_accessibility_violations(page, live_server, path):
    page.goto(live_server.url + path)
    assert_accessible(page)
