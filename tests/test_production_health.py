"""The health check ``/salud/`` for load balancers: the database, the rules engine and the shared cache."""

from __future__ import annotations

import pytest
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


def test_a_broken_database_answers_503_without_the_error_text(client, monkeypatch):
    def refuse(*args, **kwargs):
        raise OperationalError("connection to server at 10.1.2.3 failed: password authentication failed")

    monkeypatch.setattr(connection, "cursor", refuse)
    response = client.get("/salud/")
    assert response.status_code == 503
    assert response.json() == {"database": "error", "engine": "ok", "cache": "ok"}
    assert b"10.1.2.3" not in response.content


def test_an_engine_that_finds_the_wrong_plays_answers_503(client, monkeypatch):
    monkeypatch.setattr(Position, "legal_plays", lambda self: [])
    response = client.get("/salud/")
    assert response.status_code == 503
    assert response.json() == {"database": "ok", "engine": "error", "cache": "ok"}


def test_a_cache_that_fails_answers_503_without_the_error_text(client, monkeypatch):
    from django.core.cache import cache

    def refuse(*args, **kwargs):
        raise ConnectionError("Error 111 connecting to 10.1.2.4:6379. Connection refused.")

    monkeypatch.setattr(cache, "set", refuse)
    response = client.get("/salud/")
    assert response.status_code == 503
    assert response.json() == {"database": "ok", "engine": "ok", "cache": "error"}
    assert b"10.1.2.4" not in response.content


def test_the_health_check_only_answers_reads(client):
    assert client.head("/salud/").status_code == 200
    assert client.post("/salud/").status_code == 405
