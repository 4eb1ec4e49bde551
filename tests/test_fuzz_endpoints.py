"""Fuzzing: random and malicious requests to every route never give a 5xx nor store a script.

For every route of the site (read from the URL resolver, so a new route
cannot be forgotten), as an anonymous visitor, a student and a teacher,
Hypothesis sends form posts and JSON bodies built from wrong types, huge
strings, odd unicode, missing and unknown fields, and SQL, HTML and template
injection strings, plus random query strings.  No answer may be a 5xx.
Afterwards every page that user can open is rendered and must hold no
script, event handler or inline style that the payloads could have planted.
"""

from __future__ import annotations

import json
import re
from urllib.parse import urlencode
from html.parser import HTMLParser

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.classroom_factories import PASSWORD
from tests.site_urls import inline_code, site_routes
from tests.site_world import Group, make_group

pytestmark = [pytest.mark.django_db, pytest.mark.slow, pytest.mark.usefixtures("quick_and_reproducible")]

EXAMPLES_PER_ROUTE = 15

INJECTIONS = [
    "<script>alert('fuzz')</script>",
    '"><img src=x onerror=alert(1)>',
    "<svg onload=alert(1)>",
    "javascript:alert(1)",
    "' OR '1'='1",
    "'; DROP TABLE auth_user; --",
    "1); SELECT pg_sleep(10); --",
    "\" UNION SELECT password FROM auth_user --",
    "{{ settings.SECRET_KEY }}",
    "{% debug %}",
    "${7*7}",
    "../../../../etc/passwd",
    "%00",
    "\x00",
    "\u202eevil",
    "ñandú ü € 😀 ﷽",
    "  ",
    "-1",
    "99999999999999999999999999",
    "1e309",
    "NaN",
    "13/7 8/7",
    "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10",
]

# Field names the site's forms and JSON endpoints read, and a few they do not.
FIELDS = [
    "play", "answer", "xgid", "dice", "dados", "jugada", "username", "password", "password1", "password2",
    "old_password", "new_password1", "new_password2", "email", "first_name", "last_name", "is_teacher",
    "name", "code", "title", "instructions", "due_at", "puzzles", "kind", "question", "calculation",
    "count", "names", "next", "csrfmiddlewaretoken", "id", "pk", "order", "__proto__",
]  # fmt: skip

text = st.one_of(
    st.sampled_from(INJECTIONS),
    st.text(max_size=200),
    st.integers(min_value=5_000, max_value=200_000).map(lambda n: "x" * n),
)
form_text = text.map(lambda value: value.replace("\x00", ""))  # a browser cannot send NUL in a form
json_value = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False, allow_infinity=False), text),
    lambda children: st.one_of(st.lists(children, max_size=4), st.dictionaries(st.sampled_from(FIELDS), children, max_size=4)),
    max_leaves=12,
)


def field_names(route_fields: list[str]):
    return st.sampled_from(sorted(set(route_fields + FIELDS)))


def requests_for(route_fields: list[str]):
    """A strategy of (method, query, content_type, body) tuples."""
    names = field_names(route_fields)
    query = st.dictionaries(names, form_text, max_size=3)
    form = st.dictionaries(names, st.one_of(form_text, st.lists(form_text, max_size=3)), max_size=8)
    json_body = st.one_of(
        st.dictionaries(names, json_value, max_size=6).map(lambda data: json.dumps(data).encode()),
        json_value.map(lambda data: json.dumps(data).encode()),
        st.binary(max_size=300),
        st.sampled_from([b"", b"{", b"null", b'{"play": "\\ud800"}', b"\xff\xfe", b"[" * 2000]),
    )
    return st.one_of(
        st.tuples(st.just("post"), query, st.just("form"), form),
        st.tuples(st.just("post"), query, st.just("json"), json_body),
        st.tuples(st.just("get"), query, st.just("none"), st.just(None)),
    )


class _FormFields(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.names: set[str] = set()
        self.values: dict[str, str] = {}
        self.numeric: set[str] = set()

    def handle_starttag(self, tag, attrs):
        values = dict(attrs)
        name = values.get("name")
        if tag in {"input", "textarea", "select", "button"} and name:
            self.names.add(name)
            self.values.setdefault(name, values.get("value") or "")
            if values.get("type") == "number" or values.get("inputmode") == "numeric":
                self.numeric.add(name)


def form_fields(html: str) -> list[str]:
    parser = _FormFields()
    parser.feed(html)
    return sorted(parser.names)


# --- requests as each user ------------------------------------------------------


@pytest.fixture
def world(settings) -> Group:
    settings.RATELIMIT_ENABLED = False
    return make_group(teacher="Profe Ruiz", student="Alumna Sanz", group="Grupo", assignment="Tarea", draft="Borrador")


ROLES = ("anonymous", "student", "teacher")


def user_of(world: Group, role: str):
    return {"anonymous": None, "student": world.student, "teacher": world.teacher}[role]


def client_as(world: Group, role: str) -> Client:
    client = Client()
    if user_of(world, role) is not None:
        client.force_login(user_of(world, role))
    return client


DESTRUCTIVE = re.compile(r"delete|remove|logout|new_code|renew")


def routes():
    """Every route but the admin's; those that delete or replace things last, so the rest find them."""
    return sorted(site_routes(include_admin=False), key=lambda route: bool(DESTRUCTIVE.search(route.name)))


def send(client: Client, url: str, request) -> int:
    method, query, kind, body = request
    if method == "get":
        return client.get(url, query).status_code
    target = url + ("?" + "&".join(f"{k}={v[:50]}" for k, v in query.items()) if query else "")
    if kind == "json":
        return client.post(target, body, content_type="application/json").status_code
    return client.post(target, body).status_code


def fuzz(world: Group, role: str) -> None:
    for route in routes():
        fuzz_route(world, role, route)


def fuzz_route(world: Group, role: str, route) -> None:
    url = world.url(route)
    page = client_as(world, role).get(url)
    fields = form_fields(page.content.decode(errors="replace")) if page.status_code == 200 else []

    @settings(
        max_examples=EXAMPLES_PER_ROUTE,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(request=requests_for(fields))
    def never_a_server_error(request):
        client = client_as(world, role)
        status = send(client, url, request)
        assert status < 500, f"{route.name}: {status} for {request!r}"[:2000]

    never_a_server_error()


def rendered_pages(world: Group, role: str):
    client = client_as(world, role)
    for route in routes():
        response = client.get(world.url(route))
        if response.status_code == 200 and "text/html" in response.headers.get("Content-Type", ""):
            yield route.name, response.content.decode()


PLANTED = re.compile(r"<(script|img|svg)[^>]*(alert|onerror|onload)", re.IGNORECASE)


@pytest.mark.parametrize("role", ROLES)
def test_random_and_malicious_requests_never_get_a_server_error_nor_store_a_script(world, role):
    fuzz(world, role)
    for viewer in ROLES:
        for name, html in rendered_pages(world, viewer):
            assert inline_code(html) == [], f"{name} as {viewer}"
            assert not PLANTED.search(html), f"{name} as {viewer}"
            assert PASSWORD not in html, f"{name} as {viewer}"


def test_the_form_field_finder_reads_inputs_textareas_selects_and_buttons():
    html = '<form><input name="a"><textarea name="b"></textarea><select name="c"></select><button name="d"></button><p name="e"></p></form>'
    assert form_fields(html) == ["a", "b", "c", "d"]


# --- numbers ------------------------------------------------------------------------

NUMBERS = ["²", "-①", "+١٢", "9" * 5000]
"""What ``str.isdigit`` or ``int`` accept and a form should not: a superscript and a circled digit
(``isdigit`` says yes, ``int`` fails), another script's digits (``int`` reads them), a number too
long for ``int`` to convert; with signs in front, as a negative answer may have."""

NUMERIC_FIELDS = [
    "seq", "length", "claim_minutes", "nivel", "cantidad", "n", "level", "seed", "v", "answer", "rival", "grupo",
    "intento", "count", "paso", "spread", "usuario",
]  # fmt: skip
"""Every name a view reads as a number, in a form, a query string or a JSON body."""


def numeric_routes(world: Group) -> list[tuple[str, str]]:
    """Every route, plus the ones whose answer is a number: a numeric puzzle, a pip-count drill, a numeric exercise."""
    from tests.classroom_factories import add_lesson_exercise, lesson_puzzle
    from tutor.drills import drill_set

    numeric = lesson_puzzle("numero")
    exercise = add_lesson_exercise(world.assignment, numeric)
    pip_count = drill_set("pip-count", 1, 0, 1)[0].id
    urls = [(route.name, world.url(route)) for route in routes()]
    extra = {
        "lessons:puzzle": {"slug": numeric.slug},
        "lessons:api-check": {"slug": numeric.slug},
        "training:api-check": {"drill_id": pip_count},
        "classroom:exercise": {"pk": exercise.pk},
        "classroom:api_check": {"pk": exercise.pk},
    }
    return urls + [(name, reverse(name, kwargs=kwargs)) for name, kwargs in extra.items()]


def test_unicode_digits_huge_numbers_and_signs_in_every_numeric_input_are_refused_without_a_server_error(world):
    """Each number goes at once into every numeric field a route's page shows or a view reads,
    the other fields keeping the page's own values, as a query string, a form and a JSON body."""
    urls = numeric_routes(world)
    for role in ROLES:
        client = client_as(world, role)
        for name, url in urls:
            page = client.get(url)
            parser = _FormFields()
            if page.status_code == 200 and "text/html" in page.headers.get("Content-Type", ""):
                parser.feed(page.content.decode(errors="replace"))
            fields = sorted(set(NUMERIC_FIELDS) | parser.numeric)
            for number in NUMBERS:
                numbers = {field: number for field in fields}
                target = f"{url}?{urlencode(numbers)}"
                answers = [
                    client.post(target, {**parser.values, **numbers}),
                    client.post(target, json.dumps(numbers), content_type="application/json"),
                ]
                if page.status_code == 200:  # a query string only reaches the routes this visitor may read
                    answers.append(client.get(target))
                for answer in answers:
                    assert answer.status_code < 500, f"{name} as {role}: {answer.status_code} for {number[:20]!r}"
            huge = "{" + ", ".join(f'"{field}": {"9" * 5000}' for field in fields) + "}"
            answer = client.post(url, huge, content_type="application/json")
            assert answer.status_code < 500, f"{name} as {role}: {answer.status_code} for a 5,000-digit JSON number"
