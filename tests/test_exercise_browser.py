"""One exercise in focus, in a real browser: the clean verdict, marks and refusals on the board,
the solution played out, the next exercise, live progress, the layout at 1280 and 360 px."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser import DESKTOP, PHONE, assert_accessible
from tutor.lessons.library import get_library

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WHO_WON = "quien-ha-ganado"  # a choice question, first of its lesson
TWO_ON_BAR = "tres-tres-desde-la-barra"  # 3–3 with two checkers on the bar
ENTER_AND_HIT = "entrar-y-capturar-en-el-19"  # one on the bar, 4–2, the 21 blocked


def puzzle(slug):
    return get_library().puzzles()[slug]


def open_exercise(page, live_server, slug):
    page.goto(f"{live_server.url}/ejercicios/{slug}/")
    page.wait_for_selector("form[data-check-enhanced]")
    return page.locator(f"#ejercicio-{slug}")


def verdict_of(exercise):
    shown = exercise.locator(".board-verdict .verdict")
    shown.wait_for()
    return shown


def submit_play(exercise, text):
    exercise.locator('input[name="play"]').fill(text)
    exercise.get_by_role("button", name="Comprobar").click()
    return verdict_of(exercise)


def answer_who_won(page, live_server):
    exercise = open_exercise(page, live_server, WHO_WON)
    exercise.locator(f'input[name="answer"][value="{puzzle(WHO_WON).answer}"]').check()
    exercise.get_by_role("button", name="Comprobar").click()
    return exercise, verdict_of(exercise)


def test_a_correct_choice_says_correct_once_with_the_authors_explanation_and_no_play_list(page, live_server):
    exercise, shown = answer_who_won(page, live_server)
    text = shown.inner_text()
    assert text.count("¡Correcto!") == 1
    assert "No hay ninguna jugada legal" not in text
    assert shown.locator(".verdict__plays").count() == 0
    assert puzzle(WHO_WON).explanation in text


def test_a_correct_answer_offers_the_next_exercise_and_updates_the_progress_live(page, live_server):
    exercise, _ = answer_who_won(page, live_server)
    lesson = puzzle(WHO_WON).lesson
    total = len(get_library().lesson(lesson).puzzles)
    assert page.locator("[data-lesson-progress] [data-progress-text]").inner_text() == f"1 de {total} ejercicios resueltos"
    assert exercise.locator(".puzzle__title .tag--ok").inner_text() == "Resuelto"
    following = get_library().lesson(lesson).puzzles[1].slug
    next_link = exercise.get_by_role("link", name="Siguiente ejercicio →")
    assert next_link.get_attribute("href") == f"/ejercicios/{following}/"
    assert next_link.is_visible()
    assert next_link.bounding_box()["y"] + next_link.bounding_box()["height"] <= DESKTOP["height"]
    page.keyboard.press("s")
    page.wait_for_url(f"**/ejercicios/{following}/")


def test_a_repeated_reason_is_listed_once_and_its_points_are_marked_on_the_board(page, live_server):
    exercise = open_exercise(page, live_server, TWO_ON_BAR)
    shown = submit_play(exercise, "bar/22 13/10(3)")
    assert shown.locator(".verdict__headline").inner_text() == "✘ Jugada ilegal"
    reasons = shown.locator(".verdict__reasons li")
    assert reasons.count() == 1
    assert reasons.first.get_attribute("data-code") == "bar-first"
    assert shown.locator(".verdict__message").count() == 0  # the headline and the reason say it all
    assert "bar" in exercise.locator('[data-point="bar-white"]').get_attribute("data-mark")
    assert "from" in exercise.locator('[data-point="13"]').get_attribute("data-mark")
    assert "ficha que debe entrar primero" in exercise.locator('[data-point="bar-white"]').get_attribute("aria-label")
    assert "ficha que debe entrar primero (barra)" in shown.locator(".verdict__marks").inner_text()
    assert_accessible(page)


def test_the_learners_play_is_echoed_as_written_with_what_it_equals(page, live_server):
    exercise = open_exercise(page, live_server, ENTER_AND_HIT)
    shown = submit_play(exercise, "bar/23 23/19*")
    assert shown.locator(".verdict__play").inner_text() == "Tu jugada: bar/23 23/19* (equivale a bar/19*)"
    assert "hit" in exercise.locator('[data-point="19"]').get_attribute("data-mark")


def test_a_play_written_in_another_order_is_echoed_once_without_what_it_equals(page, live_server):
    exercise = open_exercise(page, live_server, ENTER_AND_HIT)
    shown = submit_play(exercise, "13/9 bar/23")
    expect(shown.locator(".verdict__play")).to_have_text("Tu jugada: bar/23 13/9")


def test_a_checker_that_cannot_move_and_a_blocked_point_are_refused_with_a_reason(page, live_server):
    exercise = open_exercise(page, live_server, ENTER_AND_HIT)
    announce = exercise.locator("[data-board-announce]")
    exercise.locator('[data-point="13"]').click()
    expect(announce).to_have_text(
        "Tienes una ficha en la barra: tiene que entrar antes de que muevas la ficha del 13. Puedes mover, por ejemplo, bar/23."
    )
    assert exercise.locator(".board-point.is-selected").count() == 0
    assert "is-refused" in exercise.locator('[data-point="13"]').get_attribute("class")
    # Dragging the checker on the bar onto the 21, held by two black checkers.
    source = exercise.locator('[data-point="bar-white"] circle[data-side=white]').last.bounding_box()
    target = exercise.locator('[data-point="21"] .board-hit').bounding_box()
    page.mouse.move(source["x"] + source["width"] / 2, source["y"] + source["height"] / 2)
    page.mouse.down()
    page.mouse.move(target["x"] + target["width"] / 2, target["y"] + target["height"] / 2, steps=8)
    page.mouse.up()
    expect(announce).to_have_text("No puedes entrar con el 4: el 21 está bloqueado por dos fichas rivales. Puedes mover, por ejemplo, bar/23.")
    assert exercise.locator('input[name="play"]').input_value() == ""
    assert exercise.locator('[data-point="bar-white"]').get_attribute("data-count") == "1"


def enter_both_from_the_bar(exercise):
    for _ in range(2):
        exercise.locator('[data-point="bar-white"]').click()
        exercise.locator('[data-point="22"]').click()
    expect(exercise.locator('input[name="play"]')).to_have_value("bar/22 bar/22")


def test_a_backward_drop_is_refused_with_the_direction_and_the_selection_is_cleared(page, live_server):
    exercise = open_exercise(page, live_server, TWO_ON_BAR)
    enter_both_from_the_bar(exercise)
    exercise.locator('[data-point="8"]').click()
    exercise.locator('[data-point="11"]').click()
    expect(exercise.locator("[data-board-announce]")).to_have_text(
        "Las blancas avanzan hacia el 1, en su casa: no puedes ir del 8 al 11. Puedes mover, por ejemplo, 8/5."
    )
    assert exercise.locator('input[name="play"]').input_value() == "bar/22 bar/22"
    assert exercise.locator('[data-point="8"]').get_attribute("data-count") == "3"
    assert exercise.locator(".board-point.is-selected").count() == 0
    assert "is-refused" in exercise.locator('[data-point="11"]').get_attribute("class")


def test_a_drop_the_dice_cannot_reach_is_refused_with_the_distance_and_the_selection_is_cleared(page, live_server):
    exercise = open_exercise(page, live_server, TWO_ON_BAR)
    enter_both_from_the_bar(exercise)
    exercise.locator('[data-point="6"]').click()
    exercise.locator('[data-point="1"]').click()
    expect(exercise.locator("[data-board-announce]")).to_have_text(
        "Los dos treses que te quedan no llevan del 6 al 1: haría falta un 5, y cada movimiento es de 3. Puedes mover, por ejemplo, 6/3."
    )
    assert exercise.locator('input[name="play"]').input_value() == "bar/22 bar/22"
    assert exercise.locator(".board-point.is-selected").count() == 0
    expect(exercise.locator(".board-toast")).to_contain_text("no llevan del 6 al 1")  # said on the board too
    # Nothing stays picked up: the next click starts again from nothing.
    exercise.locator('[data-point="24"]').click()
    assert exercise.locator('input[name="play"]').input_value() == "bar/22 bar/22"
    expect(exercise.locator("[data-board-announce]")).to_have_text("No hay fichas de las blancas en el 24.")


def test_in_the_explorer_a_refused_drop_leaves_nothing_selected_for_the_next_click(page, live_server):
    page.goto(f"{live_server.url}/explorar/")
    page.wait_for_selector(".board-widget.is-enhanced")
    board = page.locator(".board-widget")
    board.locator('[data-point="13"]').click()
    board.locator('[data-point="20"]').click()
    expect(board.locator("[data-board-announce]")).to_contain_text("Las blancas avanzan hacia el 1, en su casa")
    assert board.locator(".board-point.is-selected").count() == 0
    board.locator('[data-point="24"]').click()
    assert board.locator('input[name="play"]').input_value() == ""
    assert "is-selected" in board.locator('[data-point="24"]').get_attribute("class")


def test_the_solution_is_offered_after_a_first_attempt_and_played_out_on_the_board(new_page, live_server):
    page = new_page(reduced_motion="reduce")
    exercise = open_exercise(page, live_server, TWO_ON_BAR)
    assert exercise.get_by_role("button", name="Ver solución").count() == 0
    submit_play(exercise, "bar/22 13/10(3)")
    exercise.get_by_role("button", name="Ver solución").click()
    solution = exercise.locator('.verdict[data-verdict="solution"]')
    solution.wait_for()
    shown = solution.locator(".verdict__play code").inner_text()
    assert puzzle(TWO_ON_BAR).position.check(shown).legal
    assert puzzle(TWO_ON_BAR).explanation in solution.inner_text()
    announce = exercise.locator("[data-board-announce]")
    page.wait_for_function("node => node.textContent.includes('solución')", arg=announce.element_handle())
    assert exercise.locator('[data-point="bar-white"]').get_attribute("data-count") == "0"
    written = exercise.locator('input[name="play"]').input_value()
    assert puzzle(TWO_ON_BAR).position.check(written).play == puzzle(TWO_ON_BAR).position.check(shown).play
    assert exercise.locator('[data-point="22"]').get_attribute("data-count") == "2"
    assert "solución" in exercise.locator("[data-board-announce]").inner_text()
    assert_accessible(page)


def test_the_board_is_the_centre_at_1280_and_takes_the_width_of_a_phone(new_page, live_server):
    slug = TWO_ON_BAR
    page = new_page()
    page.goto(f"{live_server.url}/lecciones/{puzzle(slug).lesson}/#ejercicio-{slug}")
    board = page.locator(f"#ejercicio-{slug} svg.board-svg")
    assert board.bounding_box()["width"] >= 600
    exercise = open_exercise(page, live_server, slug)
    board_box = exercise.locator("svg.board-svg").bounding_box()
    prompt_box = exercise.locator(".board-prompt").bounding_box()
    assert board_box["width"] >= 600
    assert prompt_box["x"] > board_box["x"] + board_box["width"]  # the question beside the board
    shown = submit_play(exercise, "bar/22 13/10(3)")
    assert shown.bounding_box()["x"] > board_box["x"] + board_box["width"]  # the verdict beside it too
    assert shown.locator(".verdict__headline").bounding_box()["y"] < DESKTOP["height"]

    phone = new_page(viewport=PHONE)
    exercise = open_exercise(phone, live_server, slug)
    box = exercise.locator("svg.board-svg").bounding_box()
    assert box["width"] == PHONE["width"]
    labels = exercise.locator(".board-labels").evaluate("g => parseFloat(getComputedStyle(g).fontSize) * g.getScreenCTM().a")
    assert labels >= 12  # point numbers readable on a phone
    prompt = exercise.locator(".board-prompt").bounding_box()
    assert prompt["y"] < box["y"]  # the question above the board
    comprobar = exercise.get_by_role("button", name="Comprobar").bounding_box()
    assert comprobar["y"] + comprobar["height"] <= PHONE["height"]  # the action bar in view
    assert comprobar["height"] >= 44
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shown = submit_play(exercise, "bar/22 13/10(3)")
    phone.wait_for_timeout(600)
    headline = shown.locator(".verdict__headline").bounding_box()
    assert 0 <= headline["y"] < PHONE["height"]
    assert_accessible(phone)


def test_a_phone_gets_a_compact_header_with_a_menu_button(new_page, live_server):
    page = new_page(viewport=PHONE)
    page.goto(f"{live_server.url}/lecciones/")
    header = page.locator(".site-header").bounding_box()
    assert header["height"] <= 80
    menu = page.get_by_role("button", name="Menú")
    assert menu.get_attribute("aria-expanded") == "false"
    link = page.locator(".site-nav").get_by_role("link", name="Explorar", exact=True)
    assert not link.is_visible()
    menu.click()
    assert menu.get_attribute("aria-expanded") == "true"
    assert link.is_visible() and link.bounding_box()["height"] >= 44
    assert_accessible(page)
    page.keyboard.press("Tab")
    page.keyboard.press("Escape")
    assert menu.get_attribute("aria-expanded") == "false"


def test_a_returning_learner_is_offered_to_continue_on_the_home_page(page, live_server):
    page.goto(f"{live_server.url}/")
    assert page.get_by_role("link", name="Continuar").count() == 0
    answer_who_won(page, live_server)
    page.goto(f"{live_server.url}/")
    following = get_library().lesson(puzzle(WHO_WON).lesson).puzzles[1].slug
    assert page.get_by_role("link", name="Continuar").get_attribute("href") == f"/ejercicios/{following}/"
    assert "Continuar donde lo dejaste" in page.locator(".resume").inner_text()
    assert_accessible(page)


def test_on_a_lesson_page_the_lesson_and_course_progress_update_live(page, live_server):
    lesson = get_library().lesson(puzzle(WHO_WON).lesson)
    course_total = sum(len(item.puzzles) for item in get_library().course())
    page.goto(f"{live_server.url}{lesson.url}")
    exercise = page.locator(f"#ejercicio-{WHO_WON}")
    page.wait_for_selector("form[data-check-enhanced]")
    exercise.locator(f'input[name="answer"][value="{puzzle(WHO_WON).answer}"]').check()
    exercise.get_by_role("button", name="Comprobar").click()
    verdict_of(exercise)
    assert page.locator("[data-course-progress] [data-progress-text]").inner_text() == f"1 de {course_total} ejercicios resueltos"
    assert page.locator("[data-lesson-progress] progress").evaluate("bar => bar.value") == 1
    following = lesson.puzzles[1].slug
    assert exercise.get_by_role("link", name="Siguiente ejercicio →").get_attribute("href") == f"#ejercicio-{following}"


def test_on_a_phone_the_board_comes_back_into_view_to_play_the_solution(new_page, live_server):
    page = new_page(viewport=PHONE, reduced_motion="reduce")
    exercise = open_exercise(page, live_server, TWO_ON_BAR)
    submit_play(exercise, "bar/22 13/10(3)")
    exercise.get_by_role("button", name="Ver solución").click()
    exercise.locator('.verdict[data-verdict="solution"]').wait_for()
    page.wait_for_function("() => document.querySelector('[data-board-announce]').textContent.includes('solución')")
    board = exercise.locator("svg.board-svg").bounding_box()
    assert board["y"] >= -1 and board["y"] + board["height"] <= PHONE["height"] + 1


def test_on_a_phone_a_refused_drop_is_said_over_the_board_where_the_eye_is(new_page, live_server):
    page = new_page(viewport=PHONE)
    exercise = open_exercise(page, live_server, TWO_ON_BAR)
    enter_both_from_the_bar(exercise)
    exercise.locator('[data-point="8"]').click()
    exercise.locator('[data-point="11"]').click()
    toast = exercise.locator(".board-toast")
    expect(toast).to_have_text("Las blancas avanzan hacia el 1, en su casa: no puedes ir del 8 al 11. Puedes mover, por ejemplo, 8/5.")
    box, board = toast.bounding_box(), exercise.locator("svg.board-svg").bounding_box()
    assert board["y"] <= box["y"] and box["y"] + box["height"] <= min(board["y"] + board["height"], PHONE["height"])
    exercise.locator('[data-point="13"]').click()  # the next action puts it away
    expect(toast).to_be_hidden()
