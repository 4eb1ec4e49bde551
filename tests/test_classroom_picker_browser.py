"""The teachers' lesson-puzzle picker in a real browser: filters without reloading, thumbnails,
a sticky «Añadir (n)», the chosen order kept, no internal names on screen."""

from __future__ import annotations

import pytest

from tests.browser import PHONE, assert_accessible
from tests.classroom_factories import make_assignment, make_classroom, make_user
from tutor.lessons.library import get_library

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def open_picker(page, live_server, client, viewport=None):
    teacher = make_user("profe-lista", teacher=True)
    assignment = make_assignment(make_classroom(teacher), published=False)
    client.force_login(teacher)
    page.context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}])
    page.goto(f"{live_server.url}/clases/tareas/{assignment.pk}/lecciones/")
    page.wait_for_selector("[data-pick-submit]")
    return assignment


def test_filter_mark_reorder_and_add_without_losing_marks(page, live_server, client):
    assignment = open_picker(page, live_server, client)
    text = page.locator("main").inner_text()
    assert not any(puzzle.slug in text for puzzle in get_library().puzzles().values())  # no internal names
    assert "Guía" not in text and get_library().lesson("autoria").title not in text  # the authoring guide is no lesson
    thumbnail = page.locator(".pick-item__board").first
    # A lazy image: it loads once the page is laid out, so wait for it (a broken one never gets a width).
    page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=thumbnail.element_handle(), timeout=10_000)
    first_lesson, second_lesson = get_library().course()[0], get_library().course()[1]
    a = first_lesson.puzzles[0]
    b = second_lesson.puzzles[0]
    page.evaluate("window.sameDocument = true")
    page.check(f"#p-{a.slug}")
    page.select_option("#filtro-leccion", second_lesson.slug)
    page.locator(f"#p-{b.slug}").wait_for()
    assert page.locator(f"#p-{a.slug}").count() == 0
    assert page.evaluate("window.sameDocument === true")  # filtered in place
    page.check(f"#p-{b.slug}")
    add = page.get_by_role("button", name="Añadir (2)")
    box = add.bounding_box()
    assert box["y"] + box["height"] <= page.viewport_size["height"]  # the sticky bar stays in view
    order = page.locator("[data-pick-order-list] li")
    assert order.all_inner_texts()[0].startswith(a.title)
    page.get_by_role("button", name=f"Subir «{b.title}»").click()
    assert order.all_inner_texts()[0].startswith(b.title)
    assert_accessible(page)
    add.click()
    page.wait_for_url(f"**/clases/tareas/{assignment.pk}/**")
    assert list(assignment.exercises.order_by("order").values_list("puzzle_slug", flat=True)) == [b.slug, a.slug]


def test_the_picker_fits_a_phone(new_page, live_server, client):
    page = new_page(viewport=PHONE)
    open_picker(page, live_server, client)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert_accessible(page)
