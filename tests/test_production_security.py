"""Security in every environment: Content-Security-Policy, CSRF and error pages that leak nothing."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied, SuspiciousOperation
from django.test import Client
from django.urls import path

from tests.site_urls import inline_code, site_routes
from tutor.lessons.library import get_library

pytestmark = pytest.mark.django_db


def explode(request):
    raise RuntimeError("secret detail: SECRET_KEY and /etc/passwd")


def forbid(request):
    raise PermissionDenied("private reason")


def suspicious(request):
    raise SuspiciousOperation("private reason")


urlpatterns = [
    path("explota/", explode),
    path("prohibido/", forbid),
    path("sospechoso/", suspicious),
]


def site_pages() -> list[str]:
    """The pages a visitor can open without signing in: every lesson, some puzzles, every fixed page."""
    library = get_library()
    pages = [f"/lecciones/{lesson.slug}/" for lesson in library.lessons()]
    pages += [f"/ejercicios/{slug}/" for slug in list(library.puzzles())[::10]]
    pages += ["/explorar/?xgid=nada", "/no-existe/"]
    for route in site_routes(include_admin=False):
        if not route.params and not route.route.startswith(("api/", "salud/")):
            pages.append(route.url())
    return pages


def test_every_page_sends_a_content_security_policy_without_inline_scripts_or_styles(client):
    for url in site_pages():
        response = client.get(url)
        policy = response.headers.get("Content-Security-Policy", "")
        assert "script-src 'self'" in policy, url
        assert "style-src 'self'" in policy, url
        assert "unsafe-inline" not in policy and "unsafe-eval" not in policy, url
        assert "frame-ancestors 'none'" in policy and "form-action 'self'" in policy, url


def test_no_page_holds_inline_scripts_styles_or_event_handlers(client):
    for url in site_pages():
        response = client.get(url, follow=True)
        if "text/html" in response.headers.get("Content-Type", ""):
            assert inline_code(response.content.decode()) == [], url


def test_a_puzzle_page_with_a_verdict_still_has_no_inline_code(client):
    puzzle = next(p for p in get_library().puzzles().values() if p.is_play)
    response = client.post(f"/ejercicios/{puzzle.slug}/", {"play": "<script>alert(1)</script>"})
    html = response.content.decode()
    assert "<script>alert(1)</script>" not in html
    assert inline_code(html) == []


def test_the_inline_code_finder_reports_what_the_policy_would_block():
    html = (
        '<script type="module" src="/static/a.js"></script><script type="application/json">{}</script>'
        '<script>alert(1)</script><p style="color:red" onclick="x()"><a href="javascript:x()">x</a></p><style>p{}</style>'
    )
    assert inline_code(html) == [
        "<script> without src",
        "<p style=…> attribute",
        "<p onclick=…> event handler",
        "<a href=javascript:…>",
        "<style> element",
    ]


def state_changing_routes():
    """Every route but the admin's, with its parameters filled in with values that resolve."""
    sample = {"slug": "x", "pk": 1, "student_id": 1, "exercise_id": 1, "code": "ABC123", "uidb64": "MQ", "token": "set-password", "rule": "blocked", "lesson": "barra", "drill_id": "x", "username": "ana", "chapter_id": 1, "reader_id": 1}
    return [(route.name, route.url(**sample)) for route in site_routes(include_admin=False)]


@pytest.mark.parametrize("name, url", state_changing_routes())
def test_every_post_without_a_csrf_token_is_refused(name, url):
    client = Client(enforce_csrf_checks=True)
    response = client.post(url, {"play": "13/7", "answer": "1"})
    # Refused by the CSRF check (403) or because the route does not accept POST (405).
    assert response.status_code in {403, 405}, name


def test_the_csrf_failure_page_is_in_spanish_and_says_what_to_do():
    client = Client(enforce_csrf_checks=True)
    response = client.post("/explorar/", {"play": "13/7"})
    html = response.content.decode()
    assert response.status_code == 403
    assert '<html lang="es">' in html and "Vuelve a cargar la página" in html
    assert "CSRF" not in html


@pytest.mark.urls(__name__)
def test_an_exception_gives_the_spanish_500_page_without_a_traceback(settings):
    settings.DEBUG = False
    client = Client(raise_request_exception=False)
    response = client.get("/explota/")
    html = response.content.decode()
    assert response.status_code == 500
    assert "Algo ha fallado en el servidor" in html
    for leak in ("Traceback", "RuntimeError", "secret detail", "SECRET_KEY", "/etc/passwd", "settings"):
        assert leak not in html


@pytest.mark.urls(__name__)
def test_permission_denied_and_bad_requests_get_spanish_pages_without_the_reason(settings):
    settings.DEBUG = False
    client = Client()
    forbidden = client.get("/prohibido/")
    bad = client.get("/sospechoso/")
    assert forbidden.status_code == 403 and "No tienes permiso" in forbidden.content.decode()
    assert bad.status_code == 400 and "No hemos entendido la petición" in bad.content.decode()
    assert "private reason" not in forbidden.content.decode() + bad.content.decode()


def test_an_unknown_host_gets_the_spanish_400_page(settings):
    settings.ALLOWED_HOSTS = ["ejemplo.org"]
    response = Client().get("/", HTTP_HOST="atacante.example")
    assert response.status_code == 400
    assert "No hemos entendido la petición" in response.content.decode()
    assert "ALLOWED_HOSTS" not in response.content.decode()


def test_a_missing_page_is_the_spanish_404_without_the_url_list():
    response = Client().get("/no-existe/")
    html = response.content.decode()
    assert response.status_code == 404
    assert "No encontramos esta página" in html
    assert "lecciones/<slug:slug>/" not in html and "URLconf" not in html
