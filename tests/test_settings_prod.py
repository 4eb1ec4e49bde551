"""Production settings read their secrets from the environment and refuse to start without them.

Each check imports the settings module in a fresh interpreter with a
controlled environment, so the test process's own settings are untouched.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent

PROBE = """
import json, sys
try:
    import tutor.settings.prod as s
except Exception as exc:
    print(json.dumps({"error": type(exc).__module__ + "." + type(exc).__name__, "message": str(exc)}))
    sys.exit(0)
print(json.dumps({
    "debug": s.DEBUG,
    "allowed_hosts": s.ALLOWED_HOSTS,
    "engine": s.DATABASES["default"]["ENGINE"],
    "db_name": str(s.DATABASES["default"]["NAME"]),
    "ssl_redirect": s.SECURE_SSL_REDIRECT,
    "session_cookie_secure": s.SESSION_COOKIE_SECURE,
    "csrf_cookie_secure": s.CSRF_COOKIE_SECURE,
    "hsts_seconds": s.SECURE_HSTS_SECONDS,
    "console_logging": s.LOGGING["handlers"]["console"]["class"],
}))
"""

VALID = {"DJANGO_SECRET_KEY": "a-long-random-secret-for-tests-only", "DJANGO_ALLOWED_HOSTS": "example.org, www.example.org"}


def load_prod_settings(**env_vars):
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith("DJANGO_") and key != "DATABASE_URL"
    }
    env.update(env_vars)
    env["PYTHONPATH"] = str(REPO_ROOT)
    result = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=REPO_ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_prod_settings_refuse_to_load_without_a_secret_key():
    outcome = load_prod_settings(DJANGO_ALLOWED_HOSTS="example.org")
    assert outcome["error"] == "django.core.exceptions.ImproperlyConfigured"
    assert "DJANGO_SECRET_KEY" in outcome["message"]


def test_prod_settings_refuse_to_load_without_allowed_hosts():
    outcome = load_prod_settings(DJANGO_SECRET_KEY="a-long-random-secret-for-tests-only")
    assert outcome["error"] == "django.core.exceptions.ImproperlyConfigured"
    assert "DJANGO_ALLOWED_HOSTS" in outcome["message"]


def test_prod_settings_treat_blank_variables_as_missing():
    outcome = load_prod_settings(DJANGO_SECRET_KEY="  ", DJANGO_ALLOWED_HOSTS=" , ")
    assert outcome["error"] == "django.core.exceptions.ImproperlyConfigured"


def test_prod_settings_load_with_both_variables_and_debug_is_off():
    outcome = load_prod_settings(**VALID)
    assert "error" not in outcome
    assert outcome["debug"] is False
    assert outcome["allowed_hosts"] == ["example.org", "www.example.org"]
    assert outcome["console_logging"] == "logging.StreamHandler"


def test_prod_settings_use_sqlite_when_no_database_url_is_given():
    outcome = load_prod_settings(**VALID)
    assert outcome["engine"] == "django.db.backends.sqlite3"
    assert outcome["db_name"] == str(REPO_ROOT / "db.sqlite3")


def test_database_url_selects_the_postgresql_backend():
    outcome = load_prod_settings(**VALID, DATABASE_URL="postgres://u:p@localhost/db")
    assert outcome["engine"] == "django.db.backends.postgresql"
    assert outcome["db_name"] == "db"


def test_database_url_helper_parses_postgres_urls():
    from tutor.settings.base import database_from_url

    config = database_from_url("postgres://u:p@localhost:5433/db")
    assert config["ENGINE"] == "django.db.backends.postgresql"
    assert (config["USER"], config["PASSWORD"], config["HOST"], config["PORT"], config["NAME"]) == (
        "u",
        "p",
        "localhost",
        5433,
        "db",
    )


def test_database_url_helper_defaults_to_sqlite_in_the_repository(monkeypatch):
    from tutor.settings.base import BASE_DIR, database_from_url

    monkeypatch.delenv("DATABASE_URL", raising=False)
    config = database_from_url()
    assert config["ENGINE"] == "django.db.backends.sqlite3"
    assert str(config["NAME"]) == str(BASE_DIR / "db.sqlite3")


def test_https_settings_are_off_unless_secure_ssl_is_set():
    outcome = load_prod_settings(**VALID)
    assert outcome["ssl_redirect"] is False
    assert outcome["session_cookie_secure"] is False
    assert outcome["hsts_seconds"] == 0


@pytest.mark.parametrize("flag", ["1", "true"])
def test_secure_ssl_switches_on_secure_cookies_hsts_and_redirect(flag):
    outcome = load_prod_settings(**VALID, DJANGO_SECURE_SSL=flag)
    assert outcome["ssl_redirect"] is True
    assert outcome["session_cookie_secure"] is True
    assert outcome["csrf_cookie_secure"] is True
    assert outcome["hsts_seconds"] >= 31536000
