"""The login lockout survives a restart of Redis: its counts are kept in the database's cache table.

With production's caches (Redis by default, the database's cache table
beside it), five wrong passwords lock a username out; Redis, which keeps
its counts only in memory, is then restarted, and the next tries are still
refused, the right password included.  Without the durable cache the same
restart hands the guesser fresh tries: that is what the setting prevents.
"""

from __future__ import annotations

import pytest
from django.core.management import call_command

from tests.classroom_factories import PASSWORD, make_user
from tutor.settings.base import cache_from_url

pytestmark = pytest.mark.django_db


@pytest.fixture
def production_caches(settings, redis):
    """The caches as ``tutor/settings/prod.py`` sets them when the default cache is Redis."""
    settings.CACHES = {"default": cache_from_url(redis.url()), "database": cache_from_url("db://")}
    settings.RATELIMIT_FALLBACK_CACHE = "database"
    settings.RATELIMIT_DURABLE_CACHE = "database"
    call_command("createcachetable", "--database", "default")
    return settings


def log_in(client, password: str) -> int:
    return client.post("/cuenta/entrar/", {"username": "ana", "password": password}).status_code


def restart(redis) -> None:
    redis.stop()
    redis.start()


def test_five_failures_then_a_redis_restart_still_lock_the_username_out(client, redis, production_caches):
    make_user("ana")
    assert [log_in(client, "mal") for _ in range(5)] == [400] * 5
    restart(redis)
    assert [log_in(client, password) for password in ("mal", "mal", PASSWORD)] == [429] * 3
    assert "_auth_user_id" not in client.session


def test_without_the_durable_cache_a_redis_restart_would_forget_the_failures(client, redis, production_caches):
    production_caches.RATELIMIT_DURABLE_CACHE = None
    make_user("ana")
    assert [log_in(client, "mal") for _ in range(5)] == [400] * 5
    restart(redis)
    assert [log_in(client, "mal") for _ in range(3)] == [400] * 3
