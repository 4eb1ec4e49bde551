"""Ids that no row can have answer 404, on every route that takes one.

The routes come from the URL resolver (``tests.site_urls``), so a route
added later is covered too.  Each id parameter in turn gets a 20-digit
number (more than a 64-bit integer holds: SQLite used to raise
``OverflowError``, a 500), the others keep the values of the group's own
objects, and the group's own teacher and student ask: the only possible
answer is that the page does not exist.
"""

from __future__ import annotations

import pytest
from django.test import Client

from tests.site_urls import site_routes
from tests.site_world import make_group
from tutor.converters import MAX_ID, IdConverter, parse_id

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("quick_and_reproducible")]

HUGE = "9" * 20


@pytest.fixture
def group(settings):
    settings.RATELIMIT_ENABLED = False
    return make_group(teacher="Profesora Ruiz", student="Nora Ruiz", group="Grupo", assignment="Tarea", draft="Borrador")


def id_routes():
    return [
        route
        for route in site_routes(include_admin=False)
        if any(type(converter).__name__ in {"IdConverter","IntConverter"} for converter in route_converters(route).values())
    ]


def route_converters(route) -> dict:
    from django.urls import get_resolver

    def walk(patterns):
        for entry in patterns:
            if hasattr(entry, "url_patterns"):
                yield from walk(entry.url_patterns)
            else:
                yield entry

    for pattern in walk(get_resolver().url_patterns):
        if pattern.callback is route.view and getattr(pattern.pattern, "converters", None):
            return pattern.pattern.converters
    return {}


def test_every_integer_route_parameter_uses_the_bounded_id_converter():
    from django.urls.converters import IntConverter

    unbounded = [
        route.name
        for route in site_routes(include_admin=False)
        for converter in route_converters(route).values()
        if isinstance(converter, IntConverter)
    ]
    assert unbounded == []
    assert len(id_routes()) >= 20


def test_a_twenty_digit_id_answers_404_on_every_route_for_the_people_who_own_the_objects(group):
    teacher, student = Client(raise_request_exception=False), Client(raise_request_exception=False)
    teacher.force_login(group.teacher)
    student.force_login(group.student)
    problems = []
    for route in id_routes():
        values = group.by_route[route.name]
        ids = [name for name, converter in route_converters(route).items() if type(converter).__name__ in {"IdConverter","IntConverter"}]
        for name in ids:
            path = "/" + route.route
            for param, value in values.items():
                path = path.replace(f"<{route_converter_name(route, param)}:{param}>", HUGE if param == name else str(value))
            for who, client in (("teacher", teacher), ("student", student)):
                for method in ("get", "post"):
                    status = getattr(client, method)(path).status_code
                    if status not in {404, 405}:
                        problems.append(f"{method.upper()} {path} as {who}: {status}")
    assert problems == []


def route_converter_name(route, param: str) -> str:
    return {"IdConverter": "id", "IntConverter": "int"}.get(type(route_converters(route)[param]).__name__, "str")


def test_the_converter_refuses_ids_beyond_a_64_bit_key_and_keeps_the_rest():
    converter = IdConverter()
    assert converter.to_python("42") == 42
    assert converter.to_python(str(MAX_ID)) == MAX_ID
    with pytest.raises(ValueError):
        converter.to_python(str(MAX_ID + 1))
    with pytest.raises(ValueError):
        converter.to_python("0")
    assert parse_id(" 7 ") == 7 and parse_id(HUGE) is None and parse_id("x") is None and parse_id(None) is None
