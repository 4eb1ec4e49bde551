"""The live board in a real browser: moving checkers by pointer and keyboard, checking plays, accessibility."""

import json
import struct
from itertools import permutations
from urllib.parse import urlencode

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.browser import PHONE, arrow_to, assert_accessible, place, tab_into_board
from tutor.engine import BLACK, Position

pytestmark = [pytest.mark.browser, pytest.mark.urls("tests.board_urls")]

OPENING_31 = Position.initial().with_dice((3, 1))


def open_board(page, live_server, position=OPENING_31, **query):
    url = live_server.url + reverse("board-test-page") + "?" + urlencode({"xgid": position.to_xgid(), **query})
    page.goto(url)
    page.wait_for_selector(".board-widget.is-enhanced form[data-check-enhanced]")
    return page


def play_box(page):
    return page.locator('input[name="play"]')


def announcement(page):
    return page.locator("[data-board-announce]").inner_text().strip()


def die_states(page):
    states = page.eval_on_selector_all(".die", "dice => dice.map(d => [Number(d.dataset.die), d.dataset.used === 'true'])")
    return [tuple(state) for state in states]


def click_move(page, source, destination):
    place(page, source).click()
    place(page, destination).click()


def verdict(page):
    region = page.locator(".board-verdict .verdict, form [role=status] .verdict")
    region.wait_for()
    return region


# -- moving by pointer -------------------------------------------------------


def test_clicking_a_checker_then_a_point_writes_the_move_and_uses_the_die(page, live_server):
    open_board(page, live_server)
    click_move(page, 8, 5)
    assert play_box(page).input_value() == "8/5"
    assert die_states(page) == [(3, True), (1, False)]
    assert page.locator('.die[data-die="3"]').get_attribute("aria-label") == "dado 3, usado"
    assert place(page, 8).get_attribute("data-count") == "2"
    assert place(page, 5).get_attribute("data-count") == "1"
    assert place(page, 5).locator("circle[data-side=white]").count() == 1


def test_each_move_is_announced_in_a_live_region(page, live_server):
    open_board(page, live_server)
    place(page, 13).click()
    assert announcement(page) == "Ficha del 13 seleccionada: elige el destino."
    place(page, 10).click()
    assert announcement(page) == "Ficha del 13 al 10."
    assert page.locator("[data-board-announce]").get_attribute("aria-live") == "polite"


def test_picking_a_point_without_own_checkers_selects_nothing(page, live_server):
    open_board(page, live_server)
    place(page, 1).click()
    assert announcement(page) == "No hay fichas de las blancas en el 1."
    assert page.locator(".board-point.is-selected").count() == 0


def test_clicking_the_selected_point_again_cancels_the_selection(page, live_server):
    open_board(page, live_server)
    place(page, 6).click()
    assert "is-selected" in place(page, 6).get_attribute("class")
    place(page, 6).click()
    assert announcement(page) == "Selección cancelada."
    assert play_box(page).input_value() == ""


def test_dragging_a_checker_onto_a_point_moves_it(page, live_server):
    open_board(page, live_server)
    source = place(page, 13).locator("circle[data-side=white]").last.bounding_box()
    target = place(page, 10).locator(".board-hit").bounding_box()
    page.mouse.move(source["x"] + source["width"] / 2, source["y"] + source["height"] / 2)
    page.mouse.down()
    page.mouse.move(target["x"] + target["width"] / 2, target["y"] + target["height"] / 2, steps=8)
    assert page.locator(".board-ghost").count() == 1
    page.mouse.up()
    assert play_box(page).input_value() == "13/10"
    assert page.locator(".board-ghost").count() == 0
    assert die_states(page) == [(3, True), (1, False)]


def test_hitting_a_blot_shows_it_on_the_bar_and_marks_the_notation(page, live_server):
    position = Position.from_layout({8: 2, 6: 2}, {5: 1, 20: 2}, dice=(3, 1))
    open_board(page, live_server, position)
    click_move(page, 8, 5)
    assert play_box(page).input_value() == "8/5*"
    assert announcement(page) == "Ficha del 8 al 5, captura."
    assert place(page, "bar-black").get_attribute("data-count") == "1"
    assert place(page, "bar-black").locator("circle[data-side=black]").count() == 1
    assert place(page, 5).get_attribute("data-owner") == "white"


def test_entering_from_the_bar_and_bearing_off_use_bar_and_off(page, live_server):
    position = Position.from_layout({"bar": 1, 3: 2}, {19: 2}, dice=(4, 3))
    open_board(page, live_server, position)
    click_move(page, "bar-white", 21)
    click_move(page, 3, "off-white")
    assert play_box(page).input_value() == "bar/21 3/off"
    assert die_states(page) == [(4, True), (3, True)]
    assert place(page, "off-white").get_attribute("data-count") == str(position.borne_off(0) + 1)


def test_black_moves_are_written_in_blacks_numbering(page, live_server):
    position = Position.initial(turn=BLACK, dice=(3, 1))
    open_board(page, live_server, position)
    # Black's 8 point is White's 17; Black's 5 point is White's 20.
    assert place(page, 17).get_attribute("aria-label") == "Punto 8: 3 fichas negras"
    click_move(page, 17, 20)
    assert play_box(page).input_value() == "8/5"
    assert announcement(page) == "Ficha del 8 al 5."


def test_doubles_show_four_dice_used_one_by_one(page, live_server):
    open_board(page, live_server, Position.initial().with_dice((2, 2)))
    click_move(page, 6, 4)
    click_move(page, 6, 4)
    assert [used for _, used in die_states(page)] == [True, True, False, False]


def test_undo_takes_back_the_last_move_and_reset_all_of_them(page, live_server):
    open_board(page, live_server)
    undo, reset = page.get_by_role("button", name="Deshacer"), page.get_by_role("button", name="Reiniciar")
    assert undo.is_disabled()
    click_move(page, 8, 5)
    click_move(page, 6, 5)
    assert play_box(page).input_value() == "8/5 6/5"
    undo.click()
    assert play_box(page).input_value() == "8/5"
    assert die_states(page) == [(3, True), (1, False)]
    assert announcement(page) == "Deshecho: ficha del 6 al 5."
    assert place(page, 6).get_attribute("data-count") == "5"
    reset.click()
    assert play_box(page).input_value() == ""
    assert die_states(page) == [(3, False), (1, False)]
    assert place(page, 8).get_attribute("data-count") == "3"
    assert undo.is_disabled()


def test_a_play_typed_in_the_box_is_read_by_the_server_and_shown_on_the_board(page, live_server):
    open_board(page, live_server)
    play_box(page).fill("24/21 24/23")
    expect(place(page, 24)).to_have_attribute("data-count", "0")
    assert not page.get_by_role("button", name="Reiniciar").is_disabled()
    assert play_box(page).input_value() == "24/21 24/23"
    assert place(page, 21).get_attribute("data-count") == "1"
    assert place(page, 23).get_attribute("data-count") == "1"
    assert die_states(page) == [(3, True), (1, True)]
    click_move(page, 8, 5)  # both dice are used: the board refuses a third move
    expect(page.locator("[data-board-announce]")).to_have_text("Ya has usado todos tus dados: deshaz un movimiento si quieres cambiarlo.")
    assert play_box(page).input_value() == "24/21 24/23"
    page.get_by_role("button", name="Reiniciar").click()
    play_box(page).fill("13/")
    expect(page.locator("[data-board-announce]")).to_contain_text("No entiendo «13/»")
    assert place(page, 13).get_attribute("data-count") == "5"


def test_a_complete_typed_play_replaces_the_message_about_unreadable_text(page, live_server):
    open_board(page, live_server)
    play_box(page).fill("8/")
    expect(page.locator("[data-board-announce]")).to_contain_text("No entiendo")
    play_box(page).fill("8/5 6/5")
    expect(place(page, 5)).to_have_attribute("data-count", "2")
    expect(page.locator("[data-board-announce]")).to_have_text("El tablero muestra la jugada escrita.")


def test_the_board_asks_the_server_to_read_typed_plays(page, live_server):
    asked = []
    page.on("request", lambda request: asked.append(request.url) if "/api/board/play/" in request.url else None)
    open_board(page, live_server)
    play_box(page).fill("13/7(2)")
    expect(place(page, 7)).to_have_attribute("data-count", "2")
    assert any("play=13%2F7%282%29" in url for url in asked)


def test_legal_destinations_sent_by_the_server_are_highlighted(page, live_server):
    targets = {str(move.src): [] for play in OPENING_31.legal_plays() for move in play.moves}
    for play in OPENING_31.legal_plays():
        first = play.moves[0]
        if first.dst not in targets[str(first.src)]:
            targets[str(first.src)].append(first.dst)
    open_board(page, live_server, dest=json.dumps(targets))
    place(page, 8).click()
    highlighted = page.eval_on_selector_all(".board-point.is-target", "els => els.map(e => Number(e.dataset.point))")
    assert sorted(highlighted) == sorted(targets["8"])
    assert place(page, targets["8"][0]).get_attribute("aria-label").endswith("destino posible")


def per_partial_play_destinations(position):
    """For the moves of every legal play, in any order: the change so far -> {source: [destinations]}."""
    table = {}
    orders = {order for play in position.legal_plays() for order in permutations(play.moves)}
    for order in sorted(orders):
        change = {}
        for move in order:
            key = ",".join(f"{point}:{delta}" for point, delta in sorted(change.items()) if delta)
            targets = table.setdefault(key, {}).setdefault(str(move.src), [])
            if move.dst not in targets:
                targets.append(move.dst)
            change[move.src] = change.get(move.src, 0) - 1
            change[move.dst] = change.get(move.dst, 0) + 1
    return {"moves": table}


def test_destinations_can_follow_each_partial_play(page, live_server):
    table = per_partial_play_destinations(OPENING_31)
    open_board(page, live_server, dest=json.dumps(table))
    highlighted = "els => els.map(e => Number(e.dataset.point))"
    place(page, 8).click()
    assert sorted(page.eval_on_selector_all(".board-point.is-target", highlighted)) == sorted(table["moves"][""]["8"])
    place(page, 5).click()
    place(page, 6).click()
    after_8_5 = table["moves"]["5:1,8:-1"]["6"]
    assert sorted(page.eval_on_selector_all(".board-point.is-target", highlighted)) == sorted(after_8_5)


# -- moving by keyboard --------------------------------------------------------


def test_the_board_can_be_played_with_the_keyboard_alone(page, live_server):
    open_board(page, live_server)
    tab_into_board(page)
    arrow_to(page, 8)
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == "Punto 8: 3 fichas blancas"
    page.keyboard.press("Enter")
    assert announcement(page) == "Ficha del 8 seleccionada: elige el destino."
    arrow_to(page, 5)
    page.keyboard.press("Enter")
    assert play_box(page).input_value() == "8/5"
    assert die_states(page) == [(3, True), (1, False)]
    assert announcement(page) == "Ficha del 8 al 5."
    arrow_to(page, 6)
    page.keyboard.press(" ")
    arrow_to(page, 5)
    page.keyboard.press(" ")
    assert play_box(page).input_value() == "8/5 6/5"


def test_escape_cancels_a_keyboard_selection(page, live_server):
    open_board(page, live_server)
    tab_into_board(page)
    arrow_to(page, 6)
    page.keyboard.press("Enter")
    assert "seleccionado" in page.evaluate("document.activeElement.getAttribute('aria-label')")
    page.keyboard.press("Escape")
    assert announcement(page) == "Selección cancelada."
    assert page.locator(".board-point.is-selected").count() == 0


def test_only_one_place_is_in_the_tab_order_and_it_shows_a_focus_ring(page, live_server):
    open_board(page, live_server)
    assert page.locator('[data-point][tabindex="0"]').count() == 1
    assert page.locator("[data-point][role=button]").count() == 28
    point = tab_into_board(page)
    stroke = place(page, point).locator(".board-hit").evaluate("rect => getComputedStyle(rect).stroke")
    width = place(page, point).locator(".board-hit").evaluate("rect => parseFloat(getComputedStyle(rect).strokeWidth)")
    assert stroke == "rgb(255, 209, 102)" and width >= 4


# -- checking plays ------------------------------------------------------------


def test_checking_a_legal_play_shows_the_verdict_with_the_canonical_play(page, live_server):
    open_board(page, live_server)
    click_move(page, 6, 5)
    click_move(page, 8, 5)
    page.get_by_role("button", name="Comprobar").click()
    shown = verdict(page)
    assert "¡Correcto!" in shown.inner_text()
    assert shown.locator(".verdict__play code").inner_text() == OPENING_31.check("6/5 8/5").play.notation
    assert page.locator(".board-verdict").get_attribute("role") == "status"


def test_an_illegal_play_is_explained_with_reasons_a_rule_and_every_legal_play(page, live_server):
    open_board(page, live_server)
    play_box(page).fill("24/18")
    page.get_by_role("button", name="Comprobar").click()
    shown = verdict(page)
    assert shown.locator(".verdict__headline").inner_text() == "✘ Jugada ilegal"
    codes = shown.locator(".verdict__reasons li").evaluate_all("items => items.map(i => i.dataset.code)")
    assert codes == list(OPENING_31.check("24/18").codes) and codes
    assert shown.get_by_role("link", name="Repasa la regla: Mover con los dados").get_attribute("href") == "/lecciones/mover/#dados"
    listed = shown.locator(".verdict__plays code").all_text_contents()
    assert sorted(listed) == sorted(play.notation for play in OPENING_31.legal_plays())
    assert shown.locator(".verdict__plays summary").inner_text() == f"Jugadas legales con estos dados ({len(listed)})"


def test_a_new_move_clears_the_previous_verdict(page, live_server):
    open_board(page, live_server)
    play_box(page).fill("24/18")
    page.get_by_role("button", name="Comprobar").click()
    verdict(page)
    click_move(page, 8, 5)
    assert page.locator(".board-verdict .verdict").count() == 0


def test_a_refused_request_shows_the_servers_spanish_error(page, live_server):
    open_board(page, live_server)
    page.get_by_role("button", name="Comprobar").click()
    assert verdict(page).inner_text() == "Escribe una jugada antes de comprobarla."


def test_a_network_failure_is_reported_in_spanish(page, live_server):
    open_board(page, live_server)
    page.route("**/prueba/tablero/comprobar/**", lambda route: route.abort())
    play_box(page).fill("8/5 6/5")
    page.get_by_role("button", name="Comprobar").click()
    assert "No hemos podido contactar con el servidor" in verdict(page).inner_text()


def test_the_solution_button_appears_after_a_first_attempt_and_lists_every_legal_play(page, live_server):
    open_board(page, live_server)
    assert page.get_by_role("button", name="Ver solución").count() == 0
    play_box(page).fill("24/18")
    page.get_by_role("button", name="Comprobar").click()
    verdict(page)
    page.get_by_role("button", name="Ver solución").click()
    shown = page.locator('.board-verdict .verdict[data-verdict="solution"]')
    shown.wait_for()
    notations = [play.notation for play in OPENING_31.legal_plays()]
    assert shown.locator(".verdict__play code").inner_text() == notations[0]
    assert sorted(shown.locator(".verdict__plays code").all_text_contents()) == sorted(notations)


def test_answer_forms_without_a_board_are_checked_as_json(page, live_server):
    page.goto(live_server.url + reverse("board-test-question"))
    page.wait_for_selector("form[data-check-enhanced]")
    answer = page.get_by_label("¿Cuántas jugadas legales hay con 3-1 en la posición inicial?")
    status = page.locator("form [role=status]")
    answer.fill(str(len(OPENING_31.legal_plays()) + 1))
    page.get_by_role("button", name="Comprobar").click()
    expect(status).to_contain_text("✘ No es correcto")
    answer.fill(str(len(OPENING_31.legal_plays())))
    page.get_by_role("button", name="Comprobar").click()
    expect(status).to_contain_text("✔ ¡Correcto!")


def test_a_solution_link_outside_the_form_shows_the_solution_in_place(page, live_server):
    url = live_server.url + reverse("board-test-question")
    page.goto(url)
    page.wait_for_selector("form[data-check-enhanced]")
    page.get_by_role("link", name="Ver solución").click()
    shown = verdict(page)
    assert shown.locator(".verdict__play code").inner_text() == str(len(OPENING_31.legal_plays()))
    assert page.url == url


def test_the_play_form_works_without_javascript(new_page, live_server):
    page = new_page(java_script_enabled=False)
    page.goto(live_server.url + reverse("board-test-page") + "?" + urlencode({"xgid": OPENING_31.to_xgid()}))
    assert page.get_by_role("button", name="Deshacer").count() == 0  # hidden until the board is enhanced
    play_box(page).fill("8/5 6/5")
    page.get_by_role("button", name="Comprobar").click()
    page.wait_for_load_state()
    assert "¡Correcto!" in page.locator(".board-verdict").inner_text()
    assert play_box(page).input_value() == "8/5 6/5"


# -- accessibility and small screens --------------------------------------------


def test_the_board_page_has_no_serious_accessibility_violations(page, live_server):
    open_board(page, live_server, dest=json.dumps({"8": [5, 7]}))
    assert_accessible(page)
    place(page, 8).click()
    play_box(page).fill("24/18")
    page.get_by_role("button", name="Comprobar").click()
    verdict(page)
    assert_accessible(page)


def png_size(data: bytes) -> tuple[int, int]:
    return struct.unpack(">II", data[16:24])


def test_the_board_fits_a_360_pixel_screen_without_horizontal_scrolling(new_page, live_server, tmp_path):
    page = new_page(viewport=PHONE)
    open_board(page, live_server)
    board = page.locator("svg.board-svg")
    assert board.is_visible()
    box = board.bounding_box()
    assert 300 <= box["width"] <= PHONE["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot = tmp_path / "tablero-360.png"
    page.screenshot(path=str(shot), full_page=True)
    assert png_size(shot.read_bytes())[0] == PHONE["width"]
    width, height = png_size(board.screenshot())
    assert width <= PHONE["width"] and height > 200


def test_a_tap_just_beside_a_lone_stack_picks_it_up(new_page, live_server):
    page = new_page(viewport=PHONE)
    open_board(page, live_server)
    place(page, 5).click()  # empty, and only the 6 beside it holds White's checkers
    assert "is-selected" in place(page, 6).get_attribute("class")
    assert announcement(page) == "Ficha del 6 seleccionada: elige el destino."
    place(page, 6).click()
    place(page, 3).click()  # empty, and so are both of its neighbours: nothing to pick up
    assert page.locator(".board-point.is-selected").count() == 0
    assert announcement(page) == "No hay fichas de las blancas en el 3."


def test_on_a_phone_a_narrow_point_takes_taps_44_pixels_wide_and_a_tap_between_two_goes_where_it_moves(new_page, live_server):
    page = new_page(viewport=PHONE)
    open_board(page, live_server)
    five = place(page, 5).locator(".board-hit").bounding_box()
    assert five["width"] < 44  # drawn narrower than a finger
    place(page, 6).click()
    # Inside the 4's drawing, 8 px from the 5: the 4 is out of reach of 3–1 from the 6, the 5 is not.
    page.mouse.click(five["x"] + five["width"] + 8, five["y"] + five["height"] / 2)
    assert play_box(page).input_value() == "6/5"
    assert announcement(page) == "Ficha del 6 al 5."
    # With the 3 left, neither the 5 nor the 4 can be reached: the tap is for the 4, under the finger.
    place(page, 6).click()
    page.mouse.click(five["x"] + five["width"] + 8, five["y"] + five["height"] / 2)
    expect(page.locator("[data-board-announce]")).to_contain_text("no lleva del 6 al 4")
    assert play_box(page).input_value() == "6/5"
    assert page.locator(".board-point.is-selected").count() == 0
