"""A teacher writes a study in a real browser: a chapter set up on the board editor, chapters copied
from a lesson, one added from a practice review's «Añadir a un estudio»; reordered by keyboard,
previewed as a student, shared with a class; a student answers it on a phone, one wrong play and one
right, and the teacher reads her path and the CSV.  Every page at zero serious or critical axe-core
violations, and on a phone the editor fits the screen."""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.test import Client
from playwright.sync_api import expect

from tests.browser import PHONE, assert_accessible
from tests.classroom_factories import make_classroom, make_user
from tests.practice_flow import add_mistake
from tutor.practice.game import start_match
from tutor.studies.models import ChapterAnswer, Sharing, Study

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("quick_and_reproducible")]


def signed_in_page(new_page, live_server, client, user, **options):
    """A page signed in as ``user`` with a session of its own, so each person's page stays signed in."""
    client = Client()
    client.force_login(user)
    page = new_page(**options)
    page.context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}])
    return page


def test_a_teacher_writes_a_three_chapter_study_and_shares_it_with_a_class(new_page, live_server, client, tmp_path):
    base = live_server.url
    teacher, student = make_user("carmen", teacher=True), make_user("lucia")
    make_classroom(teacher, "3.º A", students=[student])
    match = start_match(length=0, level="intermedio", user=teacher)
    mistake = add_mistake(match)
    step = list(match.actions.order_by("number").values_list("pk", flat=True)).index(mistake.pk) + 1
    page = signed_in_page(new_page, live_server, client, teacher)
    missing: list[str] = []
    page.on("response", lambda response: missing.append(response.url) if response.status == 404 else None)

    # A new study, from the menu.
    page.goto(base + "/")
    page.get_by_role("link", name="Estudios").click()
    assert_accessible(page)
    page.fill("#id_title", "Abrir bien la partida")
    page.get_by_role("button", name="Crear estudio").click()
    editor_url = page.url
    assert_accessible(page)

    # Chapter 1, on the board editor: the opening position, 3-1, two right plays; a wrong one is refused with its rule.
    page.get_by_role("link", name="Añadir un capítulo").click()
    board_editor = page.locator("[data-board-editor].is-enhanced")
    board_editor.wait_for()
    board_editor.locator("[data-editor-initial]").click()
    page.fill("#id_title", "El 3-1 de salida")
    page.select_option("#id_dice", "3-1")
    page.fill("#id_text", "Con un **3-1** se hace el punto 5.")
    page.get_by_label("Encontrar una jugada").check()
    page.fill("#id_prompt", "¿Qué jugarías?")
    page.get_by_label("Las jugadas que escribo").check()
    page.fill("#id_plays", "8/5 6/5\n13/7")
    page.fill("#id_wrong_text", "Busca el punto 5.")
    assert_accessible(page)
    page.get_by_role("button", name="Añadir el capítulo").click()
    expect(page.locator("#faltan")).to_contain_text("«13/7» no es una jugada legal con 3-1")
    page.fill("#id_plays", "8/5 6/5\n24/23 24/21")
    page.get_by_role("button", name="Añadir el capítulo").click()
    expect(page.locator(".study-editor__chapter")).to_have_count(1)

    # Chapters copied from a lesson: the lesson on matches gives three; two are deleted.
    page.select_option("#id_lesson", "matches")
    page.get_by_role("button", name="Copiar de la lección").click()
    expect(page.locator(".study-editor__chapter")).to_have_count(4)
    for _ in range(2):
        last = page.locator(".study-editor__chapter").last
        # Deleting asks first: opening «Borrar…» deletes nothing yet.
        last.locator(".study-editor__delete summary").click()
        expect(page.locator(".study-editor__chapter")).to_have_count(4 - _)
        last.get_by_role("button", name=re.compile("^Sí, borrar el capítulo")).click()
        expect(page.locator(".study-editor__chapter")).to_have_count(3 - _)
    expect(page.locator(".study-editor__chapter")).to_have_count(2)

    # Chapter 3, from a practice review's step.
    page.goto(f"{base}{match.get_review_url()}?paso={step}")
    page.get_by_role("link", name="Añadir a un estudio").click()
    assert_accessible(page)
    page.get_by_label("Abrir bien la partida").check()
    page.get_by_role("button", name="Seguir").click()
    page.fill("#id_title", "Mi error en la práctica")
    page.fill("#id_text", "Aquí jugué `13/9`.")
    page.get_by_role("button", name="Añadir el capítulo").click()
    chapters = page.locator(".study-editor__chapter h3")
    expect(chapters).to_have_count(3)

    # Reordered by keyboard: the practice chapter goes up one place.
    page.locator(".study-editor__chapter").last.get_by_role("button", name="Subir").focus()
    page.keyboard.press("Enter")
    page.wait_for_load_state()
    expect(chapters.nth(1)).to_have_text("Mi error en la práctica")
    expect(chapters.nth(0)).to_have_text("El 3-1 de salida")

    # Previewed as a student: a wrong play is explained, a right one accepted, nothing recorded.
    page.locator(".study-editor__chapter").first.get_by_role("link", name="Vista previa").click()
    expect(page.locator(".notice", has_text="Vista previa")).to_be_visible()
    page.fill('input[name="play"]', "13/10 6/5")
    page.get_by_role("button", name="Comprobar").click()
    expect(page.locator(".verdict")).to_contain_text("Busca el punto 5.")
    page.fill('input[name="play"]', "24/23 24/21")
    page.get_by_role("button", name="Comprobar").click()
    expect(page.locator(".verdict")).to_contain_text("¡Correcto!")
    assert_accessible(page)

    # Shared with the class.
    page.goto(editor_url)
    page.get_by_label("Mis clases elegidas").check()
    page.get_by_label("3.º A").check()
    page.get_by_role("button", name="Guardar el estudio").click()
    expect(page.locator(".messages")).to_contain_text("Estudio guardado.")
    study = Study.objects.get(author=teacher)
    assert study.sharing == Sharing.CLASSES and [c.name for c in study.classrooms.all()] == ["3.º A"]
    assert [chapter.title for chapter in study.chapters.all()] == ["El 3-1 de salida", "Mi error en la práctica", study.chapters.all()[2].title]
    page.screenshot(path=str(tmp_path / "editor.png"), full_page=True)

    assert missing == []

    # The student finds it in their list.
    reader = signed_in_page(new_page, live_server, client, student, viewport=PHONE)
    reader.goto(base + "/estudios/")
    reader.get_by_role("link", name="Abrir bien la partida").click()
    expect(reader.locator(".study-chapters li")).to_have_count(3)
    assert_accessible(reader)

    # She answers the first chapter on her phone: a wrong play, explained, then the right one.
    reader.get_by_role("link", name="Empezar").click()
    reader.locator(".board-widget.is-enhanced").wait_for()
    reader.fill('input[name="play"]', "13/10 6/5")
    reader.get_by_role("button", name="Comprobar").click()
    expect(reader.locator('.board-verdict .verdict[data-verdict="incorrect"]')).to_contain_text("Busca el punto 5.")
    reader.fill('input[name="play"]', "8/5 6/5")
    reader.get_by_role("button", name="Comprobar").click()
    expect(reader.locator('.board-verdict .verdict[data-verdict="correct"]')).to_be_visible()
    expect(reader.locator("[data-attempts] li")).to_have_count(2)
    assert_accessible(reader)
    answers = list(ChapterAnswer.objects.filter(reader=student).order_by("created_at").values_list("chapter_title", "correct"))
    assert answers == [("El 3-1 de salida", False), ("El 3-1 de salida", True)]

    # The teacher sees her path and downloads the answers.
    page.goto(f"{base}/estudios/{study.pk}/caminos/")
    expect(page.locator(".results-grid")).to_contain_text("Lucia")
    with page.expect_download() as download:
        page.get_by_role("link", name="Descargar las respuestas (CSV)").click()
    rows = list(csv.reader(io.StringIO(download.value.path().read_bytes().decode("utf-8-sig")), delimiter=";"))
    assert [(row[2], row[8]) for row in rows[1:]] == [("1. El 3-1 de salida", "Incorrecta"), ("1. El 3-1 de salida", "Correcta")]
    page.get_by_role("link", name="Lucia").click()
    expect(page.locator(".study-path .attempts > li")).to_have_count(2)
    assert_accessible(page)

    # On a phone the editor fits the screen.
    phone = signed_in_page(new_page, live_server, client, teacher, viewport=PHONE)
    phone.goto(editor_url)
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert_accessible(phone)


def test_the_chapter_form_shows_only_the_part_of_the_question_kind_chosen(new_page, live_server, client):
    teacher = make_user("carmen", teacher=True)
    study = Study.objects.create(author=teacher, title="Contar")
    page = signed_in_page(new_page, live_server, client, teacher, viewport=PHONE)
    page.goto(f"{live_server.url}/estudios/{study.pk}/capitulos/nuevo/")
    page.locator("[data-board-editor].is-enhanced").wait_for()
    parts = page.locator("[data-question-kind]")
    expect(parts).to_have_count(4)
    assert [part.is_visible() for part in parts.all()] == [False] * 4  # «Sin pregunta»
    page.get_by_label("Un número").check()
    assert [part.is_visible() for part in parts.all()] == [False, False, False, True]
    page.get_by_label("Encontrar una jugada").check()
    assert [part.is_visible() for part in parts.all()] == [True, False, False, False]
    page.get_by_label("Un número").check()
    page.locator("[data-editor-initial]").click()
    page.fill("#id_title", "Pips de salida")
    page.select_option("#id_dice", "3-1")
    page.fill("#id_prompt", "¿Cuántos pips tienen las blancas?")
    page.fill("#id_number_answer", "167")
    assert_accessible(page)
    page.get_by_role("button", name="Añadir el capítulo").click()
    expect(page.locator(".study-editor__chapter")).to_have_count(1)
    chapter = study.chapters.get()
    assert chapter.question_kind == "numero" and chapter.answer_spec["answer"] == 167
    page.goto(f"{live_server.url}/estudios/{study.pk}/capitulos/{chapter.pk}/editar/")
    assert [part.is_visible() for part in parts.all()] == [False, False, False, True]
