"""Production settings: everything sensitive comes from the environment.

Required:
    DJANGO_SECRET_KEY      a long random string.
    DJANGO_ALLOWED_HOSTS   comma-separated host names, e.g. "example.org,www.example.org".
Optional:
    DATABASE_URL           e.g. postgres://user:password@host:5432/name (SQLite by default).
    DJANGO_SECURE_SSL      "1" when the site is served over HTTPS: secure cookies,
                           HSTS and redirection from HTTP to HTTPS.
    DJANGO_HSTS_SECONDS    HSTS max-age when DJANGO_SECURE_SSL=1 (default one year).
    DJANGO_HSTS_PRELOAD    "1" to ask browsers to preload HSTS (only with DJANGO_SECURE_SSL=1).
    DJANGO_CSRF_TRUSTED_ORIGINS  comma-separated origins, e.g. "https://example.org".
    DJANGO_LOG_LEVEL       log level for the console (default INFO).
"""

import os

from django.core.exceptions import ImproperlyConfigured

from .base import *  # noqa: F401,F403


def _env_list(name: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, "").split(",") if item.strip()]


def _env_flag(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() in {"1", "true", "yes", "on"}


DEBUG = False

SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "").strip()
if not SECRET_KEY:
    raise ImproperlyConfigured(
        "DJANGO_SECRET_KEY is not set: production needs a long random secret key "
        "in the DJANGO_SECRET_KEY environment variable."
    )

ALLOWED_HOSTS = _env_list("DJANGO_ALLOWED_HOSTS")
if not ALLOWED_HOSTS:
    raise ImproperlyConfigured(
        "DJANGO_ALLOWED_HOSTS is not set: production needs the comma-separated host "
        "names the site is served under in the DJANGO_ALLOWED_HOSTS environment variable."
    )

CSRF_TRUSTED_ORIGINS = _env_list("DJANGO_CSRF_TRUSTED_ORIGINS")

# DATABASES already follows DATABASE_URL (see base.database_from_url).

# ---------------------------------------------------------------------------
# HTTPS
# ---------------------------------------------------------------------------

SECURE_SSL = _env_flag("DJANGO_SECURE_SSL")

SESSION_COOKIE_SECURE = SECURE_SSL
CSRF_COOKIE_SECURE = SECURE_SSL
SECURE_SSL_REDIRECT = SECURE_SSL
SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", "31536000")) if SECURE_SSL else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = SECURE_SSL
SECURE_HSTS_PRELOAD = SECURE_SSL and _env_flag("DJANGO_HSTS_PRELOAD")
if SECURE_SSL:
    # The site normally sits behind a reverse proxy that terminates TLS.
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

# ---------------------------------------------------------------------------
# Logging
# ---------------------------------------------------------------------------

LOG_LEVEL = os.environ.get("DJANGO_LOG_LEVEL", "INFO").upper()

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "plain": {"format": "{asctime} {levelname} {name}: {message}", "style": "{"},
    },
    "handlers": {
        "console": {"class": "logging.StreamHandler", "formatter": "plain"},
    },
    "root": {"handlers": ["console"], "level": LOG_LEVEL},
    "loggers": {
        "django": {"handlers": ["console"], "level": LOG_LEVEL, "propagate": False},
    },
}
