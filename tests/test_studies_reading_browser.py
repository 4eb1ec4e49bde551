"""A study answered on a phone in a real browser: one wrong play, explained, and one right choice;
the teacher then reads the student's path and downloads the CSV."""

from __future__ import annotations

import csv
import io

import pytest
from django.test import Client

from tests.browser import DESKTOP, PHONE, assert_accessible
from tests.classroom_factories import make_assignment, make_classroom, make_user
from tests.study_factories import CHOICE_RIGHT, WRONG_PLAY, chapters, make_study
from tutor.studies.models import ChapterAnswer, Sharing, StudyPlace

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def signed_in_page(new_page, live_server, user, viewport):
    client = Client()
    client.force_login(user)
    page = new_page(viewport=viewport)
    page.context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}])
    return page


def fits(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


def test_a_student_answers_a_study_on_a_phone_and_the_teacher_reads_the_path_and_the_csv(new_page, live_server, tmp_path):
    base = live_server.url
    teacher, student = make_user("carmen", teacher=True), make_user("lucia", name="Lucía")
    study = make_study(teacher, classrooms=[make_classroom(teacher, students=[student])])
    play, choice, number = chapters(study)

    phone = signed_in_page(new_page, live_server, student, PHONE)
    phone.goto(f"{base}{study.get_absolute_url()}")
    phone.get_by_role("link", name="Empezar").click()
    assert phone.url == f"{base}{play.get_absolute_url()}"
    phone.locator(".board-widget.is-enhanced").wait_for()
    assert_accessible(phone)
    with phone.expect_response(lambda response: response.url.endswith("/pista/")) as opened:
        phone.get_by_text("Pista").click()
    assert opened.value.json() == {"recorded": True}
    assert phone.get_by_text("Dos fichas al mismo punto.").is_visible()

    # A legal play that is not the one asked for, made on the board: wrong, with the author's text.
    board = phone.locator(".board-widget")
    for source, destination in ((24, 21), (24, 23)):
        board.locator(f'[data-point="{source}"]').click()
        board.locator(f'[data-point="{destination}"]').click()
    assert phone.locator('input[name="play"]').input_value() == WRONG_PLAY
    phone.get_by_role("button", name="Comprobar").click()
    verdict = phone.locator(".board-verdict .verdict")
    verdict.wait_for()
    assert verdict.get_attribute("data-verdict") == "incorrect"
    assert "Busca un punto de tu casa." in verdict.inner_text()
    assert verdict.locator(".verdict__play").inner_text() == "Tu jugada: 24/23 24/21"  # the same steps: no «equivale a»
    phone.locator("[data-attempts] li").first.wait_for()
    assert phone.locator("[data-attempts] li").first.inner_text().startswith("Intento 1: Incorrecto")
    assert fits(phone)
    assert_accessible(phone)
    phone.screenshot(path=str(tmp_path / "phone-chapter-wrong.png"), full_page=True)

    # The next chapter: a choice, right.
    phone.get_by_role("link", name="Siguiente →").click()
    assert phone.url == f"{base}{choice.get_absolute_url()}"
    phone.get_by_label("El 5").check()
    phone.get_by_role("button", name="Comprobar").click()
    phone.locator('.board-verdict .verdict[data-verdict="correct"]').wait_for()
    following = phone.locator("[data-board-next] a")
    assert following.inner_text().startswith("Siguiente capítulo")
    following.click()
    assert phone.url == f"{base}{number.get_absolute_url()}"
    assert fits(phone)
    assert_accessible(phone)

    stored = list(ChapterAnswer.objects.order_by("created_at").values_list("chapter_title", "text", "correct", "hint_seen"))
    assert stored == [("Hacer el 5", WRONG_PLAY, False, True), ("Qué punto", CHOICE_RIGHT, True, False)]
    assert StudyPlace.objects.get(reader=student).chapter == number

    # The teacher: the study's paths, the student's path, the CSV.
    desk = signed_in_page(new_page, live_server, teacher, DESKTOP)
    desk.goto(f"{base}{study.get_absolute_url()}")
    desk.get_by_role("link", name="Caminos de tus alumnos").click()
    hardest = desk.locator(".study-hardest li")
    assert hardest.count() == 3 and "Hacer el 5" in hardest.first.inner_text()
    assert "Sin acertar (1 respuesta) · con la pista vista" in desk.locator(".results-grid").inner_text()
    assert "Capítulo 3" in desk.locator(".results-grid").inner_text()
    assert_accessible(desk)
    with desk.expect_download() as download:
        desk.get_by_role("link", name="Descargar las respuestas (CSV)").click()
    rows = list(csv.reader(io.StringIO(download.value.path().read_bytes().decode("utf-8-sig")), delimiter=";"))
    assert [(row[2], row[7], row[8]) for row in rows[1:]] == [("1. Hacer el 5", WRONG_PLAY, "Incorrecta"), ("2. Qué punto", "«El 5»", "Correcta")]
    desk.get_by_role("link", name="Lucía").click()
    assert desk.locator(".study-path .attempts > li").count() == 2
    assert desk.locator(".study-path .attempts > li").first.get_by_text("Con la pista vista").is_visible()
    assert "Se quedó en el capítulo 3" in desk.locator(".page-head").inner_text()
    assert_accessible(desk)

    teacher_phone = signed_in_page(new_page, live_server, teacher, PHONE)
    teacher_phone.goto(f"{base}/estudios/{study.pk}/caminos/")
    assert fits(teacher_phone)
    assert_accessible(teacher_phone)


def test_a_teacher_puts_a_study_in_an_assignment_and_the_student_starts_it_from_the_assignment(new_page, live_server):
    base = live_server.url
    teacher, student = make_user("carmen", teacher=True), make_user("lucia", name="Lucía")
    classroom = make_classroom(teacher, students=[student])
    study = make_study(teacher, sharing="privado")
    assignment = make_assignment(classroom, published=False)

    desk = signed_in_page(new_page, live_server, teacher, DESKTOP)
    desk.goto(f"{base}{assignment.get_absolute_url()}")
    desk.select_option("#tarea-estudio", str(study.pk))
    desk.get_by_role("button", name="Añadir el estudio a la tarea").click()
    assert "cada capítulo con pregunta cuenta como un ejercicio" in desk.locator(".messages").inner_text()
    assert_accessible(desk)
    desk.get_by_role("button", name="Publicar la tarea").click()

    phone = signed_in_page(new_page, live_server, student, PHONE)
    phone.goto(f"{base}/tareas/{assignment.pk}/")
    assert "0 de 3 resueltos" in phone.locator(".page-head").inner_text()
    assert_accessible(phone)
    phone.get_by_role("link", name="Empezar «El 3-1 de salida»").click()
    assert phone.url == f"{base}{chapters(study)[0].get_absolute_url()}"
    assert fits(phone)


def test_a_visitor_with_the_public_link_reads_the_overview_on_a_phone_and_starts_the_chapters(new_page, live_server, tmp_path):
    base = live_server.url
    study = make_study(make_user("carmen", teacher=True), sharing=Sharing.LINK, title="Público")
    first = chapters(study)[0]
    for viewport, name in ((PHONE, "360"), (DESKTOP, "1280")):
        page = new_page(viewport=viewport)
        page.goto(f"{base}{study.link_url()}")
        assert page.url == f"{base}{study.get_absolute_url()}"
        assert page.get_by_role("heading", level=1).inner_text() == "Público"
        assert page.get_by_role("link", name="Inicia sesión").is_visible()
        assert fits(page)
        assert_accessible(page)
        page.screenshot(path=str(tmp_path / f"estudio-visitante-{name}.png"), full_page=True)
    page.get_by_role("link", name="Empezar").click()
    assert page.url == f"{base}{first.get_absolute_url()}"
    page.get_by_role("link", name="Todos los capítulos").click()
    assert page.url == f"{base}{study.get_absolute_url()}"
    assert not ChapterAnswer.objects.exists() and not StudyPlace.objects.exists()


def test_on_a_phone_a_chapters_board_and_its_buttons_fit_the_first_screen_for_the_reader_and_the_authors_preview(new_page, live_server, tmp_path):
    teacher, student = make_user("carmen", teacher=True), make_user("lucia", name="Lucía")
    study = make_study(teacher, classrooms=[make_classroom(teacher, students=[student])])
    play = chapters(study)[0]
    preview = f"/estudios/{study.pk}/capitulos/{play.pk}/vista-previa/"
    for who, path, name in ((student, play.get_absolute_url(), "alumno"), (teacher, preview, "vista-previa"), (teacher, play.get_absolute_url(), "autor")):
        page = signed_in_page(new_page, live_server, who, PHONE)
        page.goto(f"{live_server.url}{path}")
        page.locator(".board-widget.is-enhanced").wait_for()
        page.screenshot(path=str(tmp_path / f"capitulo-{name}-360.png"))
        board = page.locator("[data-board] svg").first.bounding_box()
        actions = page.locator(".board-actions").first.bounding_box()
        assert board["y"] >= 0 and board["y"] + board["height"] <= actions["y"] + 1, name
        assert actions["y"] + actions["height"] <= PHONE["height"], name
        assert page.evaluate("window.scrollY") == 0 and fits(page)
    assert_accessible(page)


def test_on_a_phone_the_authors_buttons_on_the_study_page_are_one_group_with_space_between_them(new_page, live_server):
    teacher = make_user("carmen", teacher=True)
    study = make_study(teacher)
    page = signed_in_page(new_page, live_server, teacher, PHONE)
    page.goto(f"{live_server.url}{study.get_absolute_url()}")
    buttons = page.locator(".study-actions .button")
    assert buttons.all_inner_texts() == ["Ver como alumno", "Caminos de tus alumnos", "Editar el estudio"]
    boxes = [button.bounding_box() for button in buttons.all()]
    for first, second in zip(boxes, boxes[1:]):
        same_row = abs(first["y"] - second["y"]) < 2
        apart = second["x"] >= first["x"] + first["width"] + 4 if same_row else second["y"] >= first["y"] + first["height"] + 4
        assert apart, (first, second)
    assert fits(page)
    assert_accessible(page)
