"""The health check ``/salud/`` for load balancers: the database, the rules engine and the shared cache."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.db import OperationalError, connection

from tutor.engine import Position

pytestmark = pytest.mark.django_db


def test_a_healthy_site_answers_200_with_database_engine_and_cache_ok(client):
    response = client.get("/salud/")
    assert response.status_code == 200
    assert response.json() == {"database": "ok", "engine": "ok", "cache": "ok"}


def test_the_health_check_sets_no_cookie_and_is_never_cached(client):
    response = client.get("/salud/")
    assert not response.cookies
    assert "no-cache" in response.headers["Cache-Control"]


@pytest.mark.parametrize(
    ("broken", "method", "error"),
    [
        ("database", "cursor", OperationalError("connection to server at 10.1.2.3 failed: password authentication failed")),
        ("cache", "set", ConnectionError("Error 111 connecting to 10.1.2.3:6379. Connection refused.")),
    ],
)
def test_a_broken_database_or_cache_answers_503_without_the_error_text(client, monkeypatch, broken, method, error):
    def refuse(*args, **kwargs):
        raise error

    monkeypatch.setattr({"database": connection, "cache": cache}[broken], method, refuse)
    response = client.get("/salud/")
    assert response.status_code == 503
    assert response.json() == {"database": "ok", "engine": "ok", "cache": "ok", broken: "error"}
    assert b"10.1.2.3" not in response.content


def test_an_engine_that_finds_the_wrong_plays_answers_503(client, monkeypatch):
    monkeypatch.setattr(Position, "legal_plays", lambda self: [])
    response = client.get("/salud/")
    assert response.status_code == 503
    assert response.json() == {"database": "ok", "engine": "error", "cache": "ok"}


def test_the_health_check_only_answers_reads(client):
    assert client.head("/salud/").status_code == 200
    assert client.post("/salud/").status_code == 405
