"""Drilling in a real browser: a student drills five positions, gets one wrong, sees that
rule come back in «Repaso de hoy» once the clock has moved on, and the teacher's
heatmap of the class changes; every page passes axe-core."""

from __future__ import annotations

import datetime as dt

import pytest
from django.conf import settings
from django.test import Client

from tests.browser import PHONE, assert_accessible, uncovered
from tests.classroom_factories import make_classroom, make_user
from tutor.drills import generate, parse_id
from tutor.engine import BLACK, Position
from tutor.training import memory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

RULE = "blocked"


def logged_in(new_page, live_server, user, **options):
    client = Client()
    client.force_login(user)
    page = new_page(**options)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    page.context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}])
    return page


def answer(page, *, right: bool) -> dict:
    """Play the shown drill: a legal play, or the drill's own tempting play."""
    page.wait_for_selector("form[data-check-enhanced]")
    drill = generate(*parse_id(page.locator("[data-drill]").get_attribute("data-drill")))
    xgid = page.locator("[data-board]").get_attribute("data-xgid")
    assert Position.from_xgid(xgid) == drill.position
    play = drill.accepted_plays()[0].notation if right else drill.tempting
    page.fill("input[name=play]", play)
    with page.expect_response(lambda response: "/api/drills/check/" in response.url) as response:
        page.get_by_role("button", name="Comprobar").click()
    page.wait_for_selector(".verdict")
    return response.value.json()


def heat_cell(page, student):
    return page.locator(f'td[data-rule="{RULE}"][data-student="{student.pk}"]')


def test_five_drills_one_wrong_comes_back_in_todays_review_and_the_heatmap_changes(new_page, live_server, monkeypatch):
    teacher = make_user("profe", teacher=True, name="Profesora Ruiz")
    student = make_user("lola", name="Lola Vera")
    classroom = make_classroom(teacher, "3.º A", students=[student])
    heatmap_url = f"{live_server.url}/clases/{classroom.pk}/reglas/"

    teacher_page = logged_in(new_page, live_server, teacher)
    teacher_page.goto(heatmap_url)
    assert heat_cell(teacher_page, student).get_attribute("class") == "heat heat--none"
    assert_accessible(teacher_page)

    page = logged_in(new_page, live_server, student)
    page.goto(f"{live_server.url}/entrenar/")
    assert_accessible(page)
    page.get_by_role("link", name="No se puede parar en un punto bloqueado").click()
    streaks = []
    for number in range(5):
        wrong = number == 2
        verdict = answer(page, right=not wrong)
        assert verdict["correct"] is (not wrong)
        if wrong:
            assert verdict["reasons"][0]["code"] == "blocked"
            assert "bloqueado" in page.locator(".verdict").inner_text()
            assert_accessible(page)
        streaks.append(int(page.locator("[data-streak]").inner_text()))
        shown = " ".join(page.locator("[data-mastery]").first.inner_text().split())
        page.get_by_role("link", name="Siguiente ejercicio").click()
        # What the header says after an answer, its level and when to review the rule, is what a new page says.
        assert " ".join(page.locator("[data-mastery]").first.inner_text().split()) == shown
        assert "· repasar hoy" in shown or not wrong
    assert streaks == [1, 2, 0, 1, 2]

    tomorrow = memory.now() + dt.timedelta(days=1)
    monkeypatch.setattr(memory, "now", lambda: tomorrow)
    page.goto(f"{live_server.url}/entrenar/")
    assert "Tienes una regla para repasar hoy" in page.locator(".training-review").inner_text()
    page.get_by_role("link", name="Empezar el repaso de hoy").click()
    assert page.locator("h1").inner_text() == "Repaso de hoy"
    assert "No se puede parar en un punto bloqueado" in page.locator(".training-head__rule").inner_text()
    assert_accessible(page)
    assert answer(page, right=True)["correct"] is True

    page.goto(f"{live_server.url}/entrenar/progreso/")
    assert page.locator("svg.chart").count() == 1 and page.locator(".level-bars__row").count() > 20
    assert_accessible(page)

    teacher_page.goto(heatmap_url)
    cell = heat_cell(teacher_page, student)
    assert cell.get_attribute("class") == "heat heat--good" and "segura" in cell.inner_text()
    cell.get_by_role("link").click()
    assert teacher_page.locator("tbody tr").count() == 6
    assert_accessible(teacher_page)


@pytest.mark.parametrize("viewport", [PHONE, {"width": 1280, "height": 900}], ids=["phone", "desktop"])
def test_my_progress_shows_every_rules_whole_title_at_the_pages_type_size(new_page, live_server, viewport):
    page = new_page(viewport=viewport)
    page.goto(f"{live_server.url}/entrenar/progreso/")
    labels = page.locator(".level-bars__label")
    assert labels.count() > 20
    longest = labels.filter(has_text="el punto más alto cambia a mitad de turno")
    box = longest.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]
    assert longest.evaluate("node => node.scrollWidth <= node.clientWidth")
    assert float(longest.evaluate("node => getComputedStyle(node).fontSize").removesuffix("px")) >= 14
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    assert_accessible(page)


def test_a_drill_fits_a_360_pixel_phone(new_page, live_server):
    page = new_page(viewport=PHONE)
    page.goto(f"{live_server.url}/entrenar/{RULE}/?nivel=3&n=0")
    verdict = answer(page, right=False)
    assert verdict["correct"] is False
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert_accessible(page)


def test_a_students_own_assignment_drills_are_accessible_and_answered_in_place(new_page, live_server):
    from tests.classroom_factories import make_assignment
    from tutor.training.assignments import add_task

    teacher = make_user("profe", teacher=True)
    student = make_user("lola", name="Lola Vera")
    assignment = make_assignment(make_classroom(teacher, "3.º A", students=[student]))
    task = add_task(assignment, "enter-blocked", 1, 3)
    page = logged_in(new_page, live_server, student, viewport=PHONE)
    page.goto(f"{live_server.url}/tareas/{assignment.pk}/")
    page.get_by_role("link", name="3 ejercicios de «Un punto de entrada cerrado»").click()
    page.wait_for_selector("form[data-check-enhanced]")
    drill = generate(*parse_id(page.locator("[data-drill]").get_attribute("data-drill")))
    page.fill("input[name=play]", drill.tempting)
    page.get_by_role("button", name="Comprobar").click()
    assert "bloqueado" in page.locator(".verdict").inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert_accessible(page)
    teacher_page = logged_in(new_page, live_server, teacher)
    teacher_page.goto(f"{live_server.url}/clases/entrenamiento/{task.pk}/")
    assert "0 / 3" in teacher_page.locator("tbody").inner_text() and "Mal" in teacher_page.locator("tbody").inner_text()
    assert_accessible(teacher_page)


def test_on_a_phone_a_drills_verdict_stays_in_view_with_the_next_drill_just_above_it(new_page, live_server):
    page = new_page(viewport=PHONE)
    page.goto(f"{live_server.url}/entrenar/{RULE}/")
    verdict = answer(page, right=True)
    assert verdict["correct"]
    page.wait_for_timeout(700)  # the smooth scroll
    headline = page.locator(".verdict__headline")
    assert uncovered(page, headline)
    following = page.locator("[data-board-next] [data-next]")
    assert following.inner_text() == "Siguiente ejercicio"
    assert uncovered(page, following)
    assert page.evaluate("document.activeElement.hasAttribute('data-next')")
    assert following.bounding_box()["y"] < headline.bounding_box()["y"]


def test_a_yes_no_drill_played_with_black_is_asked_described_and_answered_in_blacks_numbering(new_page, live_server):
    page = new_page(viewport=PHONE)
    for index in range(30):
        page.goto(f"{live_server.url}/entrenar/hit/?nivel=1&n={index}")
        drill = generate(*parse_id(page.locator("[data-drill]").get_attribute("data-drill")))
        if drill.position.turn == BLACK:
            break
    assert drill.position.turn == BLACK and drill.asks_legality
    assert page.locator("#drill-question").inner_text().startswith("Juegas con las negras")
    assert "Los puntos se cuentan desde la casa de las negras." in page.locator(".board-description").text_content()
    page.locator(f'input[name="answer"][value="{drill.answer}"]').check()
    page.get_by_role("button", name="Comprobar").click()
    page.wait_for_selector(".verdict")
    assert "¡Correcto!" in page.locator(".verdict").inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert_accessible(page)


def test_a_teachers_drill_results_fit_a_360_pixel_phone_and_a_wide_table_scrolls_in_its_own_named_region(new_page, live_server):
    from tests.classroom_factories import make_assignment
    from tutor.drills import RULES
    from tutor.training.assigned import MAX_COUNT
    from tutor.training.assignments import add_task, student_drills
    from tutor.training.models import RuleAnswer

    teacher = make_user("profe", teacher=True)
    students = [make_user(f"alumna{n}", name=f"Alumna Número {n} Fernández") for n in range(3)]
    classroom = make_classroom(teacher, "3.º A", students=students)
    assignment = make_assignment(classroom)
    task = add_task(assignment, "enter-blocked", 1, MAX_COUNT)
    for student in students:  # two thirds of the first twenty right, as the student's answers are stored
        for n, drill in enumerate(student_drills(task, student.pk)[:20]):
            RuleAnswer.objects.create(user=student, rule=task.rule, correct=n % 3 > 0, source="assignment", item=drill.id)
    title = RULES[task.rule].title
    tables = {
        f"/clases/tareas/{assignment.pk}/resultados/": f"{MAX_COUNT} ejercicios de «{title}» (dificultad 1)",
        f"/clases/entrenamiento/{task.pk}/": f"{title}: resultados",
        f"/clases/{classroom.pk}/reglas/{students[0].pk}/{task.rule}/": f"Alumna Número 0 Fernández: {title}",
    }
    page = logged_in(new_page, live_server, teacher, viewport=PHONE)
    for path, name in tables.items():
        page.goto(live_server.url + path)
        region = page.get_by_role("region", name=name, exact=True)
        assert region.evaluate("node => node.tabIndex") == 0, path
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], path
        assert_accessible(page)
    # The table of thirty drills scrolls inside its region, from the keyboard too.
    page.goto(live_server.url + f"/clases/entrenamiento/{task.pk}/")
    region = page.get_by_role("region", name=tables[f"/clases/entrenamiento/{task.pk}/"])
    region.focus()
    page.keyboard.press("ArrowRight")
    page.wait_for_function("node => node.scrollLeft > 0", arg=region.element_handle(), timeout=5000)
    # The summary of each student fits the phone whole: nothing to scroll.
    page.goto(live_server.url + f"/clases/tareas/{assignment.pk}/resultados/")
    summary = page.get_by_role("region", name=tables[f"/clases/tareas/{assignment.pk}/resultados/"])
    assert summary.evaluate("node => node.scrollWidth <= node.clientWidth")


def test_on_a_phone_the_heatmap_s_rule_headers_are_whole_and_the_names_stay_in_view_while_it_scrolls(new_page, live_server):
    teacher = make_user("profe", teacher=True)
    classroom = make_classroom(teacher, "3.º A", students=[make_user(f"alumna{n}", name=f"Alumna {n}") for n in range(2)])
    page = logged_in(new_page, live_server, teacher, viewport=PHONE)
    page.goto(live_server.url + f"/clases/{classroom.pk}/reglas/")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    clipped = page.evaluate("""() => [...document.querySelectorAll('.heatmap__rule span')]
        .filter(span => span.scrollHeight > span.clientHeight + 1 || span.scrollWidth > span.clientWidth + 1)
        .map(span => span.textContent)""")
    assert not clipped, f"headers cut: {clipped}"
    name = page.locator(".heatmap tbody th").first
    before = name.bounding_box()
    page.locator(".table-wrap").first.evaluate("node => { node.scrollLeft = node.scrollWidth; }")
    after = name.bounding_box()
    assert abs(after["x"] - before["x"]) < 1 and after["x"] >= 0
    assert_accessible(page)


def test_paso_sends_a_pass_on_purpose_and_an_untouched_board_with_comprobar_is_no_answer(new_page, live_server):
    page = new_page(viewport=PHONE)
    for n in range(12):  # the first closed-out drill whose answer is to pass
        page.goto(f"{live_server.url}/entrenar/closed-out/?nivel=1&n={n}")
        page.wait_for_selector("form[data-check-enhanced]")
        drill = generate(*parse_id(page.locator("[data-drill]").get_attribute("data-drill")))
        if drill.position.legal_plays()[0].is_pass:
            break
    else:
        pytest.fail("no closed-out drill to pass in the first twelve")
    with page.expect_response(lambda response: "/api/drills/check/" in response.url) as refused:
        page.get_by_role("button", name="Comprobar").click()
    assert refused.value.status == 400 and "pulsa «Paso»" in refused.value.json()["error"]
    with page.expect_response(lambda response: "/api/drills/check/" in response.url) as judged:
        page.get_by_role("button", name="Paso").click()
    assert judged.value.status == 200 and judged.value.json()["correct"] is True
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert_accessible(page)


def test_a_crawford_question_and_a_number_about_a_dropped_double_are_answered_in_a_browser_with_their_explanation(new_page, live_server):
    page = new_page()
    page.goto(f"{live_server.url}/entrenar/crawford/?dificultad=2&n=0")
    drill = generate(*parse_id(page.locator("[data-drill]").get_attribute("data-drill")))
    assert "Partidas jugadas, en orden:" in page.locator("#drill-question").inner_text()
    page.locator(f'input[name="answer"][value="{"no" if drill.answer == "si" else "si"}"]').check()
    page.get_by_role("button", name="Comprobar").click()
    page.wait_for_selector(".verdict")
    said = page.locator(".verdict").inner_text()
    assert "No es correcto" in said and ("por primera vez" in said or "Nadie está" in said) and "¿Es la partida Crawford?" in said
    assert_accessible(page)
    page.goto(f"{live_server.url}/entrenar/drop-points/?dificultad=3&n=0")
    drill = generate(*parse_id(page.locator("[data-drill]").get_attribute("data-drill")))
    page.fill("input[name=answer]", drill.answer)
    page.get_by_role("button", name="Comprobar").click()
    page.wait_for_selector(".verdict")
    said = page.locator(".verdict").inner_text()
    assert "Correcto" in said and "antes del doble" in said and "Abandonar un doble: cuánto se pierde" in said
    assert_accessible(page)


def test_on_a_phone_a_drills_board_and_its_buttons_fit_the_first_screen_with_the_levels_on_one_line(new_page, live_server, tmp_path):
    page = new_page(viewport=PHONE)
    page.goto(f"{live_server.url}/entrenar/{RULE}/?dificultad=2&n=0")
    page.wait_for_selector("form[data-check-enhanced]")
    page.screenshot(path=str(tmp_path / "drill-360.png"))
    tops = [link.bounding_box()["y"] for link in page.locator(".training-levels a").all()]
    assert len(tops) == 3 and max(tops) - min(tops) < 2
    board = page.locator("[data-board] svg").first.bounding_box()
    assert board["y"] >= 0 and board["y"] + board["height"] <= PHONE["height"]
    actions = page.locator(".board-actions").first.bounding_box()
    assert actions["y"] + actions["height"] <= PHONE["height"]
    assert board["y"] + board["height"] <= actions["y"] + 1
    assert page.evaluate("window.scrollY") == 0
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert_accessible(page)


@pytest.mark.parametrize("rule", ["notation", "find-the-mistake"])
def test_a_drill_with_a_play_drawn_in_arrows_is_answered_in_place_on_a_phone(new_page, live_server, rule):
    """The notation drill is answered by typing the play the arrows draw, «encuentra el error» by
    choosing a rule; the verdict comes without a page load, and the page passes axe-core."""
    page = new_page(viewport=PHONE)
    page.goto(f"{live_server.url}/entrenar/{rule}/?dificultad=2&n=0")
    page.wait_for_selector("form[data-check-enhanced]")
    drill = generate(*parse_id(page.locator("[data-drill]").get_attribute("data-drill")))
    assert page.locator(".board-arrow").count() == len(drill.shown_moves) > 0
    if drill.asks_notation:
        page.get_by_label("Tu jugada en notación (origen/destino)").fill(drill.answer)
    else:
        page.get_by_label(dict(drill.choices)[drill.answer]).check()
    with page.expect_response(lambda response: "/api/drills/check/" in response.url):
        page.get_by_role("button", name="Comprobar").click()
    page.wait_for_selector(".verdict")
    assert "¡Correcto!" in page.locator(".verdict").inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert_accessible(page)
