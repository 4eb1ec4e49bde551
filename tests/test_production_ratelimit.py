"""Rate limits (tutor/ratelimit.py): counted per user or address in the cache, refused with a Spanish 429."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import caches
from django.core.management import call_command
from django.http import HttpResponse
from django.test import Client, RequestFactory
from django.urls import path

from tests.site_urls import inline_code
from tutor import ratelimit
from tutor.lessons.library import get_library

pytestmark = pytest.mark.django_db


@ratelimit.ratelimit("form", methods=("POST",))
def limited_form(request):
    return HttpResponse("hecho")


urlpatterns = [path("formulario/", limited_form)]


@pytest.fixture(autouse=True)
def small_limits(settings, monkeypatch):
    monkeypatch.setattr(ratelimit, "clock", lambda: 1_000_000.0)
    settings.RATELIMITS = {"check": (3, 60), "form": (2, 60), "login": (2, 900), "practice": (2, 60)}
    settings.RATELIMIT_ENABLED = True
    caches["default"].clear()
    yield
    caches["default"].clear()


def check_url() -> str:
    puzzle = next(p for p in get_library().puzzles().values() if p.is_play)
    return f"/api/puzzles/{puzzle.slug}/check/"


def post_check(client, url):
    return client.post(url, json.dumps({"play": "13/7 8/7"}), content_type="application/json")


def test_the_check_endpoint_answers_429_in_spanish_json_beyond_the_limit(client):
    url = check_url()
    statuses = [post_check(client, url).status_code for _ in range(4)]
    assert statuses == [200, 200, 200, 429]
    refused = post_check(client, url)
    assert refused.status_code == 429
    assert refused.json()["error"].startswith("Demasiadas peticiones seguidas. Espera ")
    assert refused.headers["Retry-After"] == "20"
    assert refused.json()["retry_after"] == int(refused.headers["Retry-After"])


def test_the_explorer_check_shares_the_check_limit(client):
    url = "/api/explorer/check/?xgid=XGID%3D-b----E-C---eE---c-e----B-%3A0%3A0%3A1%3A00%3A0%3A0%3A0%3A0%3A10&dados=3-1"
    for _ in range(3):
        assert post_check(client, check_url()).status_code == 200
    assert post_check(client, url).status_code == 429


def test_each_signed_in_user_has_a_limit_of_their_own():
    users = [get_user_model().objects.create_user(f"alumno{n}", password="x") for n in range(2)]
    first, second = Client(), Client()
    first.force_login(users[0])
    second.force_login(users[1])
    url = check_url()
    for _ in range(3):
        post_check(first, url)
    assert post_check(first, url).status_code == 429
    assert post_check(second, url).status_code == 200


def test_reading_is_not_counted(client):
    for _ in range(5):
        assert client.get("/api/puzzles/").status_code == 200
    assert post_check(client, check_url()).status_code == 200


def test_limits_can_be_switched_off(client, settings):
    settings.RATELIMIT_ENABLED = False
    url = check_url()
    assert {post_check(client, url).status_code for _ in range(6)} == {200}


@pytest.mark.urls(__name__)
def test_pages_are_refused_with_the_spanish_429_page(client):
    assert [client.post("/formulario/").status_code for _ in range(2)] == [200, 200]
    refused = client.post("/formulario/")
    html = refused.content.decode()
    assert refused.status_code == 429
    assert '<html lang="es">' in html and "Vas demasiado deprisa" in html
    assert "Espera " in html and refused.headers["Retry-After"]
    assert inline_code(html) == []


def test_hits_are_counted_per_identity_and_reset_clears_them():
    assert [ratelimit.hit("login", "ana|10.0.0.1") for _ in range(2)] == [1, 2]
    assert ratelimit.is_limited("login", "ana|10.0.0.1")
    assert not ratelimit.is_limited("login", "ana|10.0.0.2")
    ratelimit.reset("login", "ana|10.0.0.1")
    assert ratelimit.count("login", "ana|10.0.0.1") == 0


def test_the_database_cache_counts_across_processes_and_keeps_the_window(settings):
    settings.CACHES = {
        "default": settings.CACHES["default"],
        "shared": {"BACKEND": "tutor.cache.DatabaseCache", "LOCATION": "tutor_cache_test"},
    }
    settings.RATELIMIT_CACHE = "shared"
    call_command("createcachetable", "--database", "default")
    assert [ratelimit.hit("login", "ana") for _ in range(3)] == [1, 2, 3]
    assert ratelimit.is_limited("login", "ana")


def test_a_broken_cache_lets_requests_through(client, settings):
    settings.CACHES = {
        "default": settings.CACHES["default"],
        "broken": {"BACKEND": "tutor.cache.RedisCache", "LOCATION": "redis://127.0.0.1:1/0"},
    }
    settings.RATELIMIT_CACHE = "broken"
    url = check_url()
    assert {post_check(client, url).status_code for _ in range(5)} == {200}


def test_behind_proxies_the_client_is_read_from_x_forwarded_for(settings):
    request = RequestFactory().get("/", REMOTE_ADDR="10.0.0.9", HTTP_X_FORWARDED_FOR="1.2.3.4, 203.0.113.7")
    settings.RATELIMIT_PROXY_COUNT = 0
    assert ratelimit.client_address(request) == "10.0.0.9"
    settings.RATELIMIT_PROXY_COUNT = 1
    assert ratelimit.client_address(request) == "203.0.113.7"
    settings.RATELIMIT_PROXY_COUNT = 3
    assert ratelimit.client_address(request) == "10.0.0.9"


@pytest.mark.parametrize(
    "seconds, words",
    [(1, "1 segundo"), (42, "42 segundos"), (60, "1 minuto"), (61, "2 minutos"), (900, "15 minutos")],
)
def test_the_wait_is_written_in_spanish_words(seconds, words):
    assert ratelimit.wait_text(seconds) == words


def test_the_window_ends_on_the_clock_and_says_how_long_is_left():
    limit = ratelimit.Limit(count=5, seconds=60)
    assert limit.window(120.0) == (2, 60)
    assert limit.window(179.5) == (2, 1)


def test_the_no_javascript_puzzle_form_and_the_explorer_count_against_the_check_limit(client):
    puzzle = next(p for p in get_library().puzzles().values() if p.is_play)
    statuses = [client.post(f"/ejercicios/{puzzle.slug}/", {"play": "13/7"}).status_code for _ in range(2)]
    statuses += [client.get("/explorar/", {"dados": "3-1"}).status_code for _ in range(2)]
    assert statuses == [200, 200, 200, 429]
    assert "Demasiadas peticiones" in client.post(f"/ejercicios/{puzzle.slug}/", {"play": "13/7"}).content.decode()


def test_practice_decisions_are_limited_because_each_may_ask_the_evaluator(client):
    from tutor.practice.models import Level, PracticeMatch

    client.post("/practica/nueva/", {"length": "0", "level": Level.INTERMEDIATE})

    match = PracticeMatch.objects.get()
    statuses = [client.post(f"/practica/{match.pk}/tirar/", {"seq": "stale"}).status_code for _ in range(3)]
    assert statuses == [409, 409, 429]
