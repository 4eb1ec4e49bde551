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
    DJANGO_CACHE_URL       shared cache: redis://host:6379/0 for Redis, db:// for a
                           database table (the default); REDIS_URL is read when unset.
    DJANGO_PROXY_COUNT     reverse proxies in front of the site that append to
                           X-Forwarded-For (default 0); rate limits count per client.
    DJANGO_RATELIMITS      rate limits as scope=hits/seconds, comma-separated,
                           e.g. "check=180/60,login=5/900"; unlisted scopes keep their default.
    DJANGO_STATIC_ROOT     where collectstatic writes the static files (default staticfiles/).
    DJANGO_CONN_MAX_AGE    seconds a web process keeps its database connection (default 60).
    CHANNEL_LAYER_URL      the live games' channel layer: redis://host:6379/1 so that every
                           process shares it (REDIS_URL is read when unset; memory otherwise).
"""

import os
from pathlib import Path

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
# Keep connections open between requests of a web process, checked before reuse.
DATABASES = {
    "default": {
        **DATABASES["default"],
        "CONN_MAX_AGE": int(os.environ.get("DJANGO_CONN_MAX_AGE", "60")),
        "CONN_HEALTH_CHECKS": True,
    }
}
# SQLite (when DATABASE_URL is not set) opens in WAL mode with immediate
# transactions, as in every environment (base.SQLITE_OPTIONS).

# ---------------------------------------------------------------------------
# Cache, shared by every web process (sessions, rate limits)
# ---------------------------------------------------------------------------

CACHES = {"default": cache_from_url(os.environ.get("DJANGO_CACHE_URL") or os.environ.get("REDIS_URL") or "db://")}
if CACHES["default"]["BACKEND"] != cache_from_url("db://")["BACKEND"]:
    # While Redis is down, rate limits (logins above all) count in the
    # database's cache table instead of letting every request through.
    CACHES["database"] = cache_from_url("db://")
    RATELIMIT_FALLBACK_CACHE = "database"
    # Redis keeps its counts in memory: the login lockout counts in the
    # database, so that restarting Redis gives nobody fresh tries.
    RATELIMIT_DURABLE_CACHE = "database"

# ---------------------------------------------------------------------------
# Static files: compressed and hashed by collectstatic, served by WhiteNoise
# ---------------------------------------------------------------------------

STATIC_ROOT = Path(os.environ.get("DJANGO_STATIC_ROOT") or BASE_DIR / "staticfiles")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "tutor.storage.StaticFilesStorage"},
}
WHITENOISE_USE_FINDERS = False
WHITENOISE_AUTOREFRESH = False

# ---------------------------------------------------------------------------
# Rate limits
# ---------------------------------------------------------------------------


def _env_ratelimits(name: str) -> dict[str, tuple[int, int]]:
    limits = {}
    for item in _env_list(name):
        scope, _, rate = item.partition("=")
        hits, _, seconds = rate.partition("/")
        try:
            limits[scope.strip()] = (int(hits), int(seconds))
        except ValueError:
            raise ImproperlyConfigured(f"{name}: write each limit as scope=hits/seconds, not {item!r}.") from None
    return limits


RATELIMITS = {**RATELIMITS, **_env_ratelimits("DJANGO_RATELIMITS")}
RATELIMIT_PROXY_COUNT = int(os.environ.get("DJANGO_PROXY_COUNT", "0"))

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
if not SECURE_HSTS_PRELOAD:
    # Preloading commits every subdomain to HTTPS for good: it stays a
    # deliberate choice (DJANGO_HSTS_PRELOAD), not a deployment warning.
    SILENCED_SYSTEM_CHECKS = ["security.W021"]
if SECURE_SSL:
    # The site normally sits behind a reverse proxy that terminates TLS.
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    # Load balancers poll the health check over plain HTTP.
    SECURE_REDIRECT_EXEMPT = [r"^salud/$"]
    # Ask browsers to upgrade any http:// subresource to https://.
    CONTENT_SECURITY_POLICY = {
        "DIRECTIVES": {**CONTENT_SECURITY_POLICY["DIRECTIVES"], "upgrade-insecure-requests": True},
    }

SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SAMESITE = "Lax"

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

# ---------------------------------------------------------------------------
# Live games: the channel layer every web process shares (Redis), so a move
# made through one process reaches the players connected to any other.
# ---------------------------------------------------------------------------

CHANNEL_LAYERS = channel_layers_from_url(  # noqa: F405
    os.environ.get("CHANNEL_LAYER_URL", "").strip() or os.environ.get("REDIS_URL", "").strip()
)
