"""The classroom in a real browser: a teacher signs up, creates a group and an
assignment with a lesson puzzle and an exercise of their own; a student joins
with the code and solves it after a wrong try; the teacher sees both attempts
with the reason code and downloads the CSV."""

from __future__ import annotations

import csv
import io

import pytest

from tests.browser import PHONE, assert_accessible
from tests.classroom_factories import OPENING_XGID, lesson_puzzle
from tutor.classroom.models import Attempt
from tutor.engine import Position

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WRONG = "24/18 13/9"
DICE = "6-3"


def sign_up(page, base, username, *, teacher):
    page.goto(f"{base}/cuenta/crear/")
    assert_accessible(page)
    page.fill("#id_username", username)
    page.fill("#id_first_name", username.title())
    page.fill("#id_password1", "fichas-en-la-barra-25")
    page.fill("#id_password2", "fichas-en-la-barra-25")
    if teacher:
        page.check("#id_is_teacher")
    page.get_by_role("button", name="Crear cuenta").click()
    page.wait_for_load_state()


def fits_the_phone(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_a_class_from_sign_up_to_the_results_csv(new_page, live_server, tmp_path):
    base = live_server.url
    puzzle = lesson_puzzle("jugada")
    wrong_code = Position.from_xgid(OPENING_XGID).with_dice(DICE).check(WRONG).codes[0]

    # The teacher signs up, creates a group and an assignment.
    teacher = new_page()
    sign_up(teacher, base, "carmen", teacher=True)
    assert teacher.url == f"{base}/clases/"
    teacher.fill("#id_name", "3.º A")
    teacher.get_by_role("button", name="Crear grupo").click()
    code = teacher.locator(".join__code").inner_text().strip()
    group_url = teacher.url
    assert len(code) == 8
    assert_accessible(teacher)
    teacher.get_by_role("link", name="Nueva tarea").click()
    teacher.fill("#id_title", "Primeras jugadas")
    teacher.fill("#id_due_at", "2099-06-01T18:00")
    teacher.get_by_role("button", name="Crear y elegir ejercicios").click()
    assignment_url = teacher.url

    # One puzzle from the lessons…
    teacher.get_by_role("link", name="Añadir de las lecciones").click()
    teacher.select_option("#filtro-leccion", puzzle.lesson)
    teacher.get_by_role("button", name="Filtrar").click()
    teacher.check(f"#p-{puzzle.slug}")
    teacher.get_by_role("button", name="Añadir (1)").click()

    # …and one of their own, from an XGID, previewed with every legal play.
    teacher.get_by_role("link", name="Crear un ejercicio propio").click()
    teacher.get_by_text("O pega un XGID o un ID de GNU Backgammon").click()  # folded under the board
    teacher.fill("#id_xgid", OPENING_XGID)
    teacher.select_option("#id_dice", DICE)
    teacher.get_by_text("Título y enunciado (opcionales)").click()
    teacher.fill("#id_title", "El 6-3 de salida")
    teacher.get_by_role("button", name="Comprobar y ver la vista previa").click()
    plays = Position.from_xgid(OPENING_XGID).legal_plays(DICE)
    assert f"Todas las jugadas legales ({len(plays)})" in teacher.locator(".preview").inner_text()
    assert_accessible(teacher)
    teacher.screenshot(path=str(tmp_path / "teacher-preview.png"), full_page=True)
    teacher.get_by_role("button", name="Añadir a la tarea").click()
    assert teacher.url == assignment_url
    assert teacher.locator(".exercise-list > li").count() == 2
    teacher.get_by_role("button", name="Publicar la tarea").click()
    assert "Tarea publicada" in teacher.locator(".messages").inner_text()
    assert_accessible(teacher)

    # A student signs up, joins with the code and sees the assignment.
    student = new_page()
    sign_up(student, base, "lucia", teacher=False)
    assert student.url == f"{base}/empezar/"
    student.get_by_role("link", name="Unirme a un grupo").click()
    student.fill("#id_code", code.lower())
    student.get_by_role("button", name="Unirme").click()
    student.get_by_role("link", name="Primeras jugadas").click()
    assert_accessible(student)
    student.get_by_role("link", name="Empezar «El 6-3 de salida»").click()
    student.locator(".board-widget.is-enhanced").wait_for()

    # A wrong try, explained with the rule; then the right play on the board.
    student.fill('input[name="play"]', WRONG)
    student.get_by_role("button", name="Comprobar").click()
    verdict = student.locator(".board-verdict .verdict")
    verdict.wait_for()
    assert verdict.get_attribute("data-verdict") == "illegal"
    assert student.locator(f'.board-verdict [data-code="{wrong_code}"]').count() == 1
    assert student.locator(f'[data-attempts] li [data-code="{wrong_code}"]').count() == 1
    assert_accessible(student)
    student.fill('input[name="play"]', "")
    for source, destination in ((24, 18), (13, 10)):
        student.locator(f'[data-point="{source}"]').click()
        student.locator(f'[data-point="{destination}"]').click()
    assert student.locator('input[name="play"]').input_value() == "24/18 13/10"
    student.get_by_role("button", name="Comprobar").click()
    student.locator('.board-verdict .verdict[data-verdict="correct"]').wait_for()
    # The way on is next to the verdict, not only at the bottom of the page.
    following = student.locator("[data-board-next] a.board-next__link")
    assert following.is_visible() and following.inner_text().endswith("→")
    student.screenshot(path=str(tmp_path / "student-exercise.png"), full_page=True)
    assert list(Attempt.objects.order_by("number").values_list("correct", "codes")) == [(False, wrong_code), (True, "")]

    # The teacher sees both attempts and the reason code, and downloads the CSV.
    teacher.goto(assignment_url)
    teacher.get_by_role("link", name="Ver resultados").click()
    assert "Resuelto en el intento 2" in teacher.locator(".results-grid").inner_text()
    assert wrong_code in teacher.locator("#errores ~ * code, section:has(#errores) code").first.inner_text()
    assert_accessible(teacher)
    teacher.screenshot(path=str(tmp_path / "teacher-results.png"), full_page=True)
    with teacher.expect_download() as download:
        teacher.get_by_role("link", name="Descargar todos los intentos (CSV)").click()
    body = download.value.path().read_bytes()
    assert body.startswith("\ufeff".encode())
    rows = list(csv.reader(io.StringIO(body.decode("utf-8-sig")), delimiter=";"))
    assert [(row[5], row[6], row[8]) for row in rows[1:]] == [(WRONG, "Incorrecto", wrong_code), ("24/18 13/10", "Correcto", "")]
    teacher.get_by_role("link", name="Resuelto en el intento 2: ver los intentos").click()
    attempts = teacher.locator(".attempts > li")
    assert attempts.count() == 2
    assert attempts.nth(0).locator(f'[data-code="{wrong_code}"]').count() == 1
    assert_accessible(teacher)

    # On a 360-pixel phone the group, the results and the exercise still fit.
    phone = new_page(viewport=PHONE)
    phone.context.add_cookies(teacher.context.cookies())
    for name, url in (("group", group_url), ("results", assignment_url + "resultados/")):
        phone.goto(url)
        assert fits_the_phone(phone), url
        phone.screenshot(path=str(tmp_path / f"phone-{name}.png"), full_page=True)
    phone_student = new_page(viewport=PHONE)
    phone_student.context.add_cookies(student.context.cookies())
    phone_student.goto(student.url)
    assert fits_the_phone(phone_student)
    phone_student.screenshot(path=str(tmp_path / "phone-exercise.png"), full_page=True)
