"""A walk through the site as a visitor, a student and a teacher: no page asks for anything that is not there.

Every request a page makes (its styles, scripts, icon, API calls) is
watched; a 404 anywhere fails the walk with its address.  The server is
daphne, so that live games connect their WebSocket as in production.
"""

from __future__ import annotations

import pytest
from django.test import Client

from tests.browser import DESKTOP, PHONE
from tests.classroom_factories import add_custom_exercise, make_assignment, make_classroom, make_user
from tutor.play import service
from tutor.training.assignments import add_task

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

VISITOR_PAGES = (
    "/", "/lecciones/", "/lecciones/barra/", "/ejercicios/tres-tres-desde-la-barra/", "/explorar/", "/entrenar/",
    "/entrenar/blocked/", "/practica/", "/glosario/", "/acerca/", "/cuenta/entrar/",
)  # fmt: skip


def signed_in_page(new_page, server, user, viewport):
    client = Client()
    client.force_login(user)
    page = new_page(viewport=viewport)
    page.context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": server}])
    return page


def walk(page, server, paths) -> list[str]:
    """Open each page and let its scripts run; every address answered 404 on the way."""
    missing: list[str] = []
    page.on("response", lambda response: missing.append(response.url) if response.status == 404 else None)
    for path in paths:
        page.goto(server + path)
        page.wait_for_load_state("networkidle")
    return missing


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280", "360"])
def test_no_page_of_the_walk_asks_for_anything_missing(asgi_server, new_page, viewport):
    teacher, student, rival = make_user("profe", teacher=True), make_user("lola"), make_user("pepe")
    classroom = make_classroom(teacher, students=[student, rival])
    assignment = make_assignment(classroom)
    exercise = add_custom_exercise(assignment)
    task = add_task(assignment, "blocked", 1, 3)
    game = service.create_game(student, length=3, classroom=classroom, black=rival)

    missing = walk(new_page(viewport=viewport), asgi_server, VISITOR_PAGES)
    missing += walk(
        signed_in_page(new_page, asgi_server, student, viewport),
        asgi_server,
        ("/tareas/", f"/tareas/{assignment.pk}/", exercise.get_absolute_url(), f"/tareas/entrenamiento/{task.pk}/", "/jugar/",
         game.get_absolute_url(), "/entrenar/progreso/"),
    )  # fmt: skip
    missing += walk(
        signed_in_page(new_page, asgi_server, teacher, viewport),
        asgi_server,
        ("/clases/", f"/clases/{classroom.pk}/", f"/clases/tareas/{assignment.pk}/", f"/clases/tareas/{assignment.pk}/resultados/",
         f"/clases/tareas/{assignment.pk}/propio/", f"/clases/{classroom.pk}/reglas/", game.get_absolute_url()),
    )  # fmt: skip
    assert missing == []


def test_every_page_names_the_sites_icon_and_the_old_address_of_icons_leads_to_it(asgi_server, new_page):
    page = new_page()
    page.goto(asgi_server + "/")
    icon = page.locator('link[rel="icon"]').get_attribute("href")
    assert page.request.get(asgi_server + icon).status == 200
    response = page.request.get(asgi_server + "/favicon.ico")
    assert response.status == 200 and "image/svg+xml" in response.headers["content-type"]


def test_on_a_phone_the_glossary_fits_its_box_one_card_per_word(live_server, new_page):
    from tests.browser import assert_accessible

    page = new_page(viewport=PHONE)
    page.goto(live_server.url + "/glosario/")
    table = page.locator(".glossary table").bounding_box()
    box = page.locator(".glossary").bounding_box()
    assert table["width"] <= box["width"] and page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert page.get_by_role("columnheader", name="Inglés").count() == 1  # still a table for screen readers
    assert_accessible(page)
