"""Production configuration: deploy checks, shared cache, sessions, static files, CSP and limits.

Each check runs Django with ``tutor.settings.prod`` in a fresh interpreter
and a controlled environment, so the test process's settings are untouched.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tutor.settings.base import cache_from_url

# Each test starts a Python process of its own that loads Django with the production settings.
pytestmark = pytest.mark.slow

REPO_ROOT = Path(__file__).resolve().parent.parent

BASE_ENV = {"DJANGO_SECRET_KEY": "x" * 64 + "-production-tests-only", "DJANGO_ALLOWED_HOSTS": "ejemplo.org"}

READ_SETTINGS = """
import json, sys
import django
from django.conf import settings
django.setup()
print(json.dumps({name: getattr(settings, name, None) for name in sys.argv[1:]}, default=str))
"""


def production(args: list[str], **env_vars) -> subprocess.CompletedProcess:
    env = {key: value for key, value in os.environ.items() if not key.startswith(("DJANGO_", "REDIS_")) and key != "DATABASE_URL"}
    env.update(BASE_ENV, DJANGO_SETTINGS_MODULE="tutor.settings.prod", PYTHONPATH=str(REPO_ROOT), DATABASE_URL="sqlite:///:memory:")
    env.update(env_vars)
    return subprocess.run([sys.executable, *args], cwd=REPO_ROOT, env=env, capture_output=True, text=True, timeout=120)


def prod_settings(*names: str, **env_vars) -> dict:
    result = production(["-c", READ_SETTINGS, *names], **env_vars)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_check_deploy_is_clean_with_https_switched_on():
    result = production(["manage.py", "check", "--deploy", "--fail-level", "WARNING"], DJANGO_SECURE_SSL="1")
    assert result.returncode == 0, result.stderr
    assert "System check identified no issues" in result.stdout


def test_without_https_check_deploy_warns_about_the_https_settings():
    result = production(["manage.py", "check", "--deploy"])
    assert "security.W008" in result.stderr and "security.W004" in result.stderr


def test_https_adds_upgrade_insecure_requests_and_exempts_the_health_check_from_redirects():
    config = prod_settings("CONTENT_SECURITY_POLICY", "SECURE_REDIRECT_EXEMPT", DJANGO_SECURE_SSL="1")
    assert config["CONTENT_SECURITY_POLICY"]["DIRECTIVES"]["upgrade-insecure-requests"] is True
    assert config["CONTENT_SECURITY_POLICY"]["DIRECTIVES"]["script-src"] == ["'self'"]
    assert config["SECURE_REDIRECT_EXEMPT"] == ["^salud/$"]


def test_production_caches_in_the_database_by_default_and_keeps_sessions_in_the_database_alone():
    config = prod_settings("CACHES", "SESSION_ENGINE")
    assert config["CACHES"] == {"default": cache_from_url("db://")}
    assert config["SESSION_ENGINE"] == "django.contrib.sessions.backends.db"


@pytest.mark.parametrize("variable", ["DJANGO_CACHE_URL", "REDIS_URL"])
def test_a_redis_url_selects_the_redis_cache_with_short_timeouts_and_the_database_to_count_in_while_it_fails(variable):
    config = prod_settings("CACHES", "RATELIMIT_FALLBACK_CACHE", **{variable: "redis://cache.interna:6379/1"})
    assert config["CACHES"]["default"] == {
        "BACKEND": "tutor.cache.RedisCache",
        "LOCATION": "redis://cache.interna:6379/1",
        "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
    }
    assert config["CACHES"][config["RATELIMIT_FALLBACK_CACHE"]] == cache_from_url("db://")


def test_an_unknown_cache_url_stops_start_up():
    result = production(["-c", READ_SETTINGS, "CACHES"], DJANGO_CACHE_URL="memcached://x")
    assert result.returncode != 0 and "Unknown cache URL scheme" in result.stderr


def test_production_serves_compressed_hashed_static_files_through_whitenoise():
    config = prod_settings("STORAGES", "MIDDLEWARE", "WHITENOISE_USE_FINDERS", "STATIC_ROOT", DJANGO_STATIC_ROOT="/srv/estaticos")
    assert config["STORAGES"]["staticfiles"]["BACKEND"] == "tutor.storage.StaticFilesStorage"
    assert config["MIDDLEWARE"][:2] == ["django.middleware.security.SecurityMiddleware", "whitenoise.middleware.WhiteNoiseMiddleware"]
    assert config["WHITENOISE_USE_FINDERS"] is False
    assert config["STATIC_ROOT"] == "/srv/estaticos"


def test_the_production_storage_is_whitenoise_compressed_manifest_storage_with_hashed_imports():
    from whitenoise.storage import CompressedManifestStaticFilesStorage

    from tutor.storage import StaticFilesStorage

    assert issubclass(StaticFilesStorage, CompressedManifestStaticFilesStorage)
    assert StaticFilesStorage.support_js_module_import_aggregation is True


def test_development_and_tests_keep_plain_static_storage(settings):
    assert settings.STORAGES["staticfiles"]["BACKEND"] == "django.contrib.staticfiles.storage.StaticFilesStorage"
    assert settings.WHITENOISE_USE_FINDERS is True


def test_rate_limits_and_proxies_come_from_the_environment():
    config = prod_settings("RATELIMITS", "RATELIMIT_PROXY_COUNT", DJANGO_RATELIMITS="check=30/10", DJANGO_PROXY_COUNT="1")
    assert config["RATELIMITS"]["check"] == [30, 10]
    assert config["RATELIMIT_PROXY_COUNT"] == 1


def test_a_malformed_rate_limit_stops_start_up():
    result = production(["-c", READ_SETTINGS, "RATELIMITS"], DJANGO_RATELIMITS="check=muchos")
    assert result.returncode != 0 and "scope=hits/seconds" in result.stderr


def test_database_connections_are_kept_open_and_health_checked():
    config = prod_settings("DATABASES", DATABASE_URL="postgres://u:p@db.interna:5432/tutor", DJANGO_CONN_MAX_AGE="120")
    database = config["DATABASES"]["default"]
    assert database["ENGINE"] == "django.db.backends.postgresql"
    assert database["CONN_MAX_AGE"] == 120 and database["CONN_HEALTH_CHECKS"] is True


@pytest.mark.parametrize(
    "url, backend",
    [
        ("rediss://cache:6380/0", "tutor.cache.RedisCache"),
        ("db://", "tutor.cache.DatabaseCache"),
        ("", "tutor.cache.DatabaseCache"),
        ("locmem://", "django.core.cache.backends.locmem.LocMemCache"),
    ],
)
def test_cache_urls_name_their_backend(url, backend):
    assert cache_from_url(url)["BACKEND"] == backend


def test_several_web_processes_share_a_sqlite_file_without_locking_errors():
    database = prod_settings("DATABASES", DATABASE_URL="sqlite:////srv/sitio.sqlite3")["DATABASES"]["default"]
    assert database["OPTIONS"]["transaction_mode"] == "IMMEDIATE"
    assert "journal_mode=WAL" in database["OPTIONS"]["init_command"]
    assert database["OPTIONS"]["timeout"] >= 10


def test_every_sqlite_connection_opens_in_wal_mode_and_waits_twenty_seconds_for_the_write_lock(tmp_path, django_db_blocker):
    from django.db.utils import ConnectionHandler

    from tutor.settings.base import database_from_url

    connection = ConnectionHandler({"default": database_from_url(f"sqlite:///{tmp_path / 'sitio.sqlite3'}")})["default"]
    with django_db_blocker.unblock():
        try:
            with connection.cursor() as cursor:
                cursor.execute("PRAGMA journal_mode")
                assert cursor.fetchone()[0] == "wal"
                cursor.execute("PRAGMA busy_timeout")
                assert cursor.fetchone()[0] == 20_000
            assert connection.transaction_mode == "IMMEDIATE"
        finally:
            connection.close()
