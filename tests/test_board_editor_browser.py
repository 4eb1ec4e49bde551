"""The board editor in a real browser: a position set up by clicks and keys, then explored."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser import assert_accessible

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def open_editor(page, live_server):
    page.goto(f"{live_server.url}/explorar/")
    page.locator("summary", has_text="coloca las fichas en el tablero").click()
    editor = page.locator("[data-board-editor].is-enhanced")
    editor.wait_for()
    return editor


def test_clicks_set_up_a_position_that_the_explorer_then_plays(page, live_server):
    editor = open_editor(page, live_server)
    editor.locator("[data-editor-clear]").click()
    assert page.locator("#blancas").input_value() == "" and page.locator("#negras").input_value() == ""
    editor.locator('[data-point="5"]').click()
    editor.locator('[data-point="4"]').click()
    editor.get_by_label("añade una ficha negra").check()
    editor.locator('[data-point="1"]').click()
    editor.locator('[data-point="1"]').click()
    assert page.locator("#blancas").input_value() == "5:1 4:1"
    assert page.locator("#negras").input_value() == "1:2"
    assert "Punto 1: 2 fichas negras" in editor.locator("[data-editor-announce]").inner_text()
    page.locator("#dados").fill("5-3")
    page.get_by_role("button", name="Explorar").click()
    page.locator("h2", has_text="Jugadas legales (1)").wait_for()
    assert "5/2 4/off" in page.locator(".play-list").inner_text()


def test_the_engine_names_what_makes_an_edited_position_impossible_and_keys_remove_checkers(page, live_server):
    editor = open_editor(page, live_server)
    defects = editor.locator("[data-editor-defects]")
    assert defects.is_hidden()
    editor.get_by_label("añade una ficha blanca").check()
    editor.locator('[data-point="19"]').click()  # Black's five checkers stand on 19 at the start
    expect(defects).to_contain_text("las blancas tienen más de quince fichas")
    expect(defects).to_contain_text("blancas y negras no pueden compartir un punto")
    editor.get_by_label("quita una ficha").check()
    editor.locator('[data-point="24"]').focus()
    page.keyboard.press("Enter")
    assert page.locator("#blancas").input_value().startswith("24:1 19:1 13:5")
    for _ in range(5):  # along the top row, from 24 to 19
        page.keyboard.press("ArrowLeft")
    page.keyboard.press("Enter")  # the white checker goes first
    page.keyboard.press("Enter")
    assert "19:4" in page.locator("#negras").input_value()
    expect(defects).to_be_hidden()
    assert_accessible(page)


def test_a_layout_typed_by_hand_is_read_by_the_server_and_drawn(page, live_server):
    editor = open_editor(page, live_server)
    page.locator("#blancas").fill("6:2 bar:1")
    page.locator("#negras").fill("19:2")
    expect(editor.locator('[data-point="6"]')).to_have_attribute("data-count", "2")
    assert editor.locator('[data-point="bar-white"]').get_attribute("data-count") == "1"
    expect(editor.locator("[data-editor-off]")).to_contain_text("12 blancas y 13 negras")
    page.locator("#blancas").fill("6:x")
    expect(editor.locator("[data-editor-defects]")).to_contain_text("escribe punto:cantidad")


def test_a_teacher_sets_up_a_custom_exercise_on_the_board_editor(page, live_server, client):
    from tests.classroom_factories import make_assignment, make_classroom, make_user

    teacher = make_user("profe-editor", teacher=True)
    assignment = make_assignment(make_classroom(teacher))
    client.force_login(teacher)
    session = client.cookies["sessionid"].value
    page.context.add_cookies([{"name": "sessionid", "value": session, "url": live_server.url}])
    page.goto(f"{live_server.url}/clases/tareas/{assignment.pk}/propio/")
    editor = page.locator("[data-board-editor].is-enhanced")
    editor.wait_for()
    editor.locator("[data-editor-clear]").click()
    editor.locator('[data-point="6"]').click()
    editor.locator('[data-point="3"]').click()
    assert page.locator("#id_white").input_value() == "6:1 3:1"
    editor.get_by_label("añade una ficha negra").check()
    editor.locator('[data-point="24"]').click()  # a game still going on needs Black on the board too
    assert page.locator("#id_black").input_value() == "24:1"
    page.locator("#id_dice").select_option("4-2")
    page.get_by_role("button", name="Comprobar y ver la vista previa").click()
    page.locator("#vista-previa").wait_for()
    assert "6/2 3/1" in page.content()


def test_a_custom_exercise_submitted_untouched_uses_the_position_shown(page, live_server, client):
    from tests.classroom_factories import make_assignment, make_classroom, make_user

    teacher = make_user("profe-sin-tocar", teacher=True)
    assignment = make_assignment(make_classroom(teacher))
    client.force_login(teacher)
    page.context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}])
    page.goto(f"{live_server.url}/clases/tareas/{assignment.pk}/propio/")
    editor = page.locator("[data-board-editor].is-enhanced")
    editor.wait_for()
    off = editor.locator("[data-editor-off]")
    assert off.inner_text().startswith("Fuera del tablero (retiradas): 0 blancas y 0 negras.")
    page.locator("#id_dice").select_option("4-2")
    page.get_by_role("button", name="Comprobar y ver la vista previa").click()
    page.locator("#vista-previa").wait_for()
    assert "Describe la posición" not in page.content()
    assert "8/4 6/4" in page.locator(".preview").text_content()  # the opening position, 4–2 (the list is folded)
    editor = page.locator("[data-board-editor].is-enhanced")
    editor.get_by_label("quita una ficha").check()
    editor.locator('[data-point="6"]').click()
    expect(editor.locator("[data-editor-off]")).to_contain_text("Fuera del tablero (retiradas): 1 blanca y 0 negras.")
    assert_accessible(page)


def test_the_explorer_shows_one_board_one_play_box_and_the_editor_before_the_xgid(page, live_server):
    page.goto(f"{live_server.url}/explorar/")
    page.wait_for_selector(".board-widget.is-enhanced")
    assert sum(1 for board in page.locator("svg.board-svg").all() if board.is_visible()) == 1
    assert page.locator('input[name="play"], input[name="jugada"]').count() == 1
    editor_y = page.locator("summary", has_text="Coloca las fichas").bounding_box()["y"]
    xgid_summary = page.locator("summary", has_text="pegar un XGID")
    assert xgid_summary.bounding_box()["y"] > editor_y
    assert not page.get_by_label("Posición (XGID)").is_visible()  # an advanced option, folded
    editor = open_editor(page, live_server)
    editor.get_by_label("añade una ficha negra").check()
    page.locator("#dados").fill("6-5")
    page.get_by_role("button", name="Explorar").click()
    page.wait_for_url("**/explorar/?*")
    assert "mode" not in page.url  # the editor's own controls stay out of the address
    assert "dados=6-5" in page.url
    assert_accessible(page)


def test_a_custom_exercise_sent_untouched_says_what_is_missing_next_to_the_button_on_a_short_page(new_page, live_server, client):
    from tests.browser import DESKTOP, uncovered
    from tests.classroom_factories import make_assignment, make_classroom, make_user

    teacher = make_user("profe-sin-dados", teacher=True)
    assignment = make_assignment(make_classroom(teacher))
    client.force_login(teacher)
    page = new_page(viewport=DESKTOP)
    page.context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}])
    page.goto(f"{live_server.url}/clases/tareas/{assignment.pk}/propio/")
    editor = page.locator("[data-board-editor].is-enhanced")
    editor.wait_for()
    dice = page.locator("#id_dice").bounding_box()
    board = editor.locator("svg.board-svg").bounding_box()
    assert dice["y"] < board["y"] + board["height"] and dice["x"] > board["x"] + board["width"]  # beside the board
    assert page.evaluate("document.documentElement.scrollHeight") < 1.9 * DESKTOP["height"]
    with page.expect_response(lambda response: response.request.method == "POST") as answer:
        page.get_by_role("button", name="Comprobar y ver la vista previa").click()
    assert answer.value.status == 400
    missing = page.locator("#faltan")
    expect(missing).to_contain_text("Dados: Elige los dados.")
    assert uncovered(page, missing)
    button = page.get_by_role("button", name="Comprobar y ver la vista previa").bounding_box()
    assert 0 <= missing.bounding_box()["y"] - (button["y"] + button["height"]) < 80  # right under the button
    assert page.evaluate("document.activeElement.id") == "faltan"
    assert_accessible(page)
