"""Settings shared by every environment.

Environment modules (``dev``, ``test``, ``prod``) import everything from here
and override what they need.  Nothing in this module reads secrets.
"""

import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

# Repository root (the folder that holds manage.py).
BASE_DIR = Path(__file__).resolve().parent.parent.parent

# Overridden by every environment module; prod reads it from the environment.
SECRET_KEY = ""
DEBUG = False
ALLOWED_HOSTS: list[str] = []

# ---------------------------------------------------------------------------
# Applications
# ---------------------------------------------------------------------------

DJANGO_APPS = [
    # Django's admin, with a login behind the site's lockout (tutor/accounts/admin_site.py).
    "tutor.accounts.apps.AdminConfig",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
]

# Third-party apps: django-csp checks its settings at start-up.
THIRD_PARTY_APPS = [
    "csp",
    "channels",
]

# Django's Tasks API (django.tasks from Django 6) and its database queue:
# reviews are graded by worker processes, never by a web request.
TASKS_APPS = ["django_tasks", "django_tasks_db"]

# The project's own apps.  Add new apps here (e.g. "tutor.lessons",
# "tutor.classroom", "tutor.practice"); the order is the template lookup order.
PROJECT_APPS = [
    "tutor.accounts",
    "tutor.classroom",
    "tutor.lessons",
    "tutor.practice",
    "tutor.training",
    "tutor.lobby",
    "tutor.ratings",
    "tutor.play",
    "tutor.studies",
    "tutor.live",
    "tutor.uploads",
    "tutor.board",
    "tutor.home",
]

# daphne comes first: its `runserver` (which replaces Django's and
# staticfiles') serves the ASGI application, HTTP and the live games'
# WebSockets alike, so `make run` needs no second server.  The first app with
# a command of a given name wins: the same way practice's db_worker (django-tasks-db's, with leases, recovery, retries and
# the reviews' fair order: tutor/practice/task_worker.py) replaces the package's.
INSTALLED_APPS = ["daphne"] + DJANGO_APPS + THIRD_PARTY_APPS + PROJECT_APPS + TASKS_APPS

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Static files straight from the web process, before anything touches the session.
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "csp.middleware.CSPMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "tutor.accounts.middleware.PasswordChangeRequiredMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "tutor.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "tutor.wsgi.application"
ASGI_APPLICATION = "tutor.asgi.application"

# ---------------------------------------------------------------------------
# Database
# ---------------------------------------------------------------------------

DEFAULT_DATABASE_URL = f"sqlite:///{BASE_DIR / 'db.sqlite3'}"

# Every SQLite database, including the one ``make run`` serves: readers do
# not block the writer (WAL), and each transaction takes the write lock when
# it begins, so concurrent writers queue for up to ``timeout`` seconds
# instead of failing with "database is locked" halfway through a transaction.
SQLITE_OPTIONS = {
    "transaction_mode": "IMMEDIATE",
    "timeout": 20,
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL",
}


def database_from_url(url: str | None = None) -> dj_database_url.DBConfig:
    """Return a Django DATABASES entry for ``url``.

    ``url`` defaults to the ``DATABASE_URL`` environment variable, and to a
    SQLite file in the repository root when that is unset or empty.
    """
    if url is None:
        url = os.environ.get("DATABASE_URL", "")
    database = dj_database_url.parse(url or DEFAULT_DATABASE_URL, conn_max_age=0)
    if database["ENGINE"] == "django.db.backends.sqlite3":
        database["OPTIONS"] = {**SQLITE_OPTIONS, **database.get("OPTIONS", {})}
    return database


DATABASES = {"default": database_from_url()}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# ---------------------------------------------------------------------------
# Authentication
# ---------------------------------------------------------------------------

# Argon2 (argon2-cffi) first, as Django's documentation recommends; the
# others still verify older hashes, which Django upgrades at the next login.
PASSWORD_HASHERS = [
    "tutor.accounts.hashers.Argon2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2SHA1PasswordHasher",
    "django.contrib.auth.hashers.BCryptSHA256PasswordHasher",
    "django.contrib.auth.hashers.ScryptPasswordHasher",
]

# Django's model backend, but one-time passwords expire and serve one login.
AUTHENTICATION_BACKENDS = ["tutor.accounts.backends.AccountBackend"]

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Days a one-time password printed by a teacher opens the account (once).
ONE_TIME_PASSWORD_DAYS = 3

LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "classroom:home"
LOGOUT_REDIRECT_URL = "home:index"

# ---------------------------------------------------------------------------
# E-mail (password reset): printed on the console unless configured.
# ---------------------------------------------------------------------------

EMAIL_BACKEND = os.environ.get("DJANGO_EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
DEFAULT_FROM_EMAIL = os.environ.get("DJANGO_DEFAULT_FROM_EMAIL", "Backgammon: reglas en español <no-responder@localhost>")

# ---------------------------------------------------------------------------
# Internationalisation: the whole site is in Spanish.
# ---------------------------------------------------------------------------

LANGUAGE_CODE = "es"
LANGUAGES = [("es", "Español")]
TIME_ZONE = "Europe/Madrid"
USE_I18N = True
USE_TZ = True

# ---------------------------------------------------------------------------
# Static files
# ---------------------------------------------------------------------------

STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"

# WhiteNoise serves static files.  Outside production it finds them where
# they live (no collectstatic needed); production serves the compressed,
# hashed copies that collectstatic writes to STATIC_ROOT.
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True

# ---------------------------------------------------------------------------
# Cache and sessions
# ---------------------------------------------------------------------------


REDIS_TIMEOUT = 0.5
"""Seconds a cache call waits for Redis to connect or answer (it answers in well under a millisecond)."""


def cache_from_url(url: str) -> dict:
    """Return a Django CACHES entry for ``url``.

    ``redis://`` and ``rediss://`` URLs select Redis; ``db://`` (or an empty
    URL) the database table ``tutor_cache`` (``manage.py createcachetable``);
    ``locmem://`` a per-process memory cache, only for a single process.
    Both Redis and the database are shared by every web process.
    """
    scheme = url.split(":", 1)[0].lower() if url else "db"
    if scheme in {"redis", "rediss"}:
        # An unreachable Redis costs each call half a second at most, not a
        # request's whole life: callers go on without the cache (see below).
        options = {"socket_connect_timeout": REDIS_TIMEOUT, "socket_timeout": REDIS_TIMEOUT}
        return {"BACKEND": "tutor.cache.RedisCache", "LOCATION": url, "OPTIONS": options}
    if scheme == "db":
        return {"BACKEND": "tutor.cache.DatabaseCache", "LOCATION": "tutor_cache"}
    if scheme == "locmem":
        return {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "tutor"}
    raise ImproperlyConfigured(f"Unknown cache URL scheme {scheme!r}: use redis://, rediss://, db:// or locmem://.")


# One process in development and tests; production shares a database or
# Redis cache between its web processes (see prod.py).
CACHES = {"default": cache_from_url("locmem://")}

# Sessions live in the database, and only there.  Read through the cache
# (``cached_db``), a Redis outage turned every request with a session into a
# 500, and a session changed or ended during the outage would come back
# as it was once Redis returned.  Nothing a request needs lives only in the
# cache: rate limits go on counting in the database when Redis fails
# (``RATELIMIT_FALLBACK_CACHE`` in prod.py), and everything else only
# loses its shortcut.
SESSION_ENGINE = "django.contrib.sessions.backends.db"

# ---------------------------------------------------------------------------
# Security
# ---------------------------------------------------------------------------

# Content-Security-Policy (django-csp): scripts and styles only from our own
# files, never inline; no framing; forms post only to this site.
CONTENT_SECURITY_POLICY: dict[str, dict[str, list[str] | bool]] = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "frame-ancestors": ["'none'"],
        "form-action": ["'self'"],
    },
}

# A failed CSRF check answers JSON to JSON clients, the Spanish page to browsers.
CSRF_FAILURE_VIEW = "tutor.accounts.csrf.csrf_failure"

# Rate limits (tutor/ratelimit.py): scope -> (hits, seconds), counted per
# signed-in user or else per address in the default cache, or in
# RATELIMIT_FALLBACK_CACHE (when set) while that one fails.
RATELIMIT_ENABLED = True
RATELIMITS = {
    # The puzzle and explorer check endpoints.
    "check": (180, 60),
    # A learner's decisions in practice games, each of which may ask GNU Backgammon.
    "practice": (120, 60),
    # POST /api/grade/: GNU Backgammon's light for any play of any position.
    "grade": (60, 60),
    # Login attempts per username and address (tutor/accounts/views.py)...
    "login": (5, 15 * 60),
    # ...and failed logins per address across usernames (a whole class may
    # share one address, so this one is generous).
    "login-address": (60, 15 * 60),
    # ...and attempts per username from all addresses together: guessing
    # one account from many addresses stays bounded, while a stranger needs
    # many tries to lock a child out.
    "login-name": (50, 60 * 60),
    # Password-reset e-mails per address and per e-mail address asked for.
    "password-reset": (10, 60 * 60),
    "password-reset-email": (3, 60 * 60),
    # Accounts created per address (a class signing up from its school).
    "signup": (40, 60 * 60),
    # Join-code requests per student (each one is a guess at a code).
    "join": (20, 60 * 60),
    # Match files uploaded for review, per user.
    "upload": (20, 60 * 60),
    # Practice matches started per user or, anonymous, per address.
    "practice-start": (30, 60 * 60),
    # Live game codes that led nowhere (guesses), per user or, anonymous, per address.
    "game-code": (20, 10 * 60),
    # The lobby's forms without JavaScript: «Jugar ya», «Aceptar», rematches.
    "lobby": (60, 60),
    # Challenges to a classmate (each starts a game at once, if neither player has one under way).
    "challenge": (10, 60),
    # Reports about games sent to the staff.
    "report": (20, 60 * 60),
}
# The login lockout's counts must outlive a restart of the cache: these
# scopes count first in RATELIMIT_DURABLE_CACHE when it is set (production
# names the database's cache table when the default cache is Redis).
RATELIMIT_DURABLE_SCOPES = ("login", "login-address", "login-name")
RATELIMIT_DURABLE_CACHE: str | None = None
# Reverse proxies in front of the site that append the client's address to
# X-Forwarded-For (0: the client connects directly).
RATELIMIT_PROXY_COUNT = 0

# ---------------------------------------------------------------------------
# Content
# ---------------------------------------------------------------------------

# Lesson sources (Markdown and puzzle definitions) kept in the repository.
LESSONS_DIR = BASE_DIR / "lessons"

# ---------------------------------------------------------------------------
# Practice against the computer (tutor/practice)
# ---------------------------------------------------------------------------

# How deep gnubg looks when it grades the learner's decisions (0 is fastest).
PRACTICE_GRADING_PLIES = int(os.environ.get("PRACTICE_GRADING_PLIES", "2"))
# Traffic light: verde below "ambar", ámbar below "rojo", rojo from "rojo" up
# (equity lost against gnubg's best decision).
PRACTICE_TRAFFIC_LIGHT = {"ambar": 0.03, "rojo": 0.12}
# Hints (gnubg's best play) a learner may ask for in each game.
PRACTICE_HINTS_PER_GAME = 3
# Seconds a request waits for gnubg before answering that it is unavailable.
PRACTICE_EVALUATOR_TIMEOUT = 15
# gnubg worker processes each web process may run at once (each holds its own
# copy of gnubg's weights, about 30 MB resident); the second starts only when two games'
# questions come at the same time.
PRACTICE_EVALUATORS = int(os.environ.get("PRACTICE_EVALUATORS", "2"))
# Tests only: a seed that makes every game's dice reproducible.  None (the
# default) throws them with the operating system's secure generator.
PRACTICE_DICE_SEED = None

# ---------------------------------------------------------------------------
# Live games between two people (tutor/play): WebSockets through Channels
# ---------------------------------------------------------------------------


def channel_layers_from_url(url: str) -> dict:
    """The channel layer: in memory for one process, Redis when several share the games.

    ``redis://`` URLs select channels-redis (every web process on every
    machine must use the same Redis), and so do ``unix://`` ones, a Redis
    on a socket file: ``make run`` starts a private one for its processes
    (``processes.conf``, docs/processes.md).  An empty URL or ``memory://``
    keeps messages inside one process, enough for most tests.

    Of channels-redis's two layers, the Pub/Sub one: a group message is one
    ``PUBLISH`` that Redis pushes to each subscribed process, where the list
    layer (``RedisChannelLayer``) runs a script per message and polls a list
    per process.  Delivery is at most once (a process that is not connected
    at that moment misses it), which the live games can afford: every
    message is a picture of the state, the database holds the state itself,
    and a page that reconnects is sent it again.  ``bench/live.py`` measured
    the difference (README, «Partidas en directo»).  Pub/Sub channels are
    shared by every database of a Redis server: sites sharing one need
    different ``prefix`` settings.
    """
    scheme = url.split(":", 1)[0].lower() if url else "memory"
    if scheme in {"redis", "rediss", "unix"}:
        return {"default": {"BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer", "CONFIG": {"hosts": [url]}}}
    if scheme == "memory":
        return {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    raise ImproperlyConfigured(f"Unknown channel layer URL scheme {scheme!r}: use redis://, rediss://, unix:// or memory://.")


CHANNEL_LAYERS = channel_layers_from_url(os.environ.get("CHANNEL_LAYER_URL", ""))
# Counted by each ASGI process (tutor/live/limits.py): messages of every kind
# a person (or, signed out, an address) may send over the live games'
# WebSockets (games, reviews and the lobby) per ``seconds``, all their sockets together; new connections
# per session and per address, counted before the session is read; and
# sockets open at once per person, per address signed out, and per address
# in all (a class behind a school's address).
PLAY_RATELIMIT = (30, 10)
PLAY_CONNECT_RATELIMIT = (30, 60)
PLAY_ADDRESS_CONNECT_RATELIMIT = (600, 60)
PLAY_SOCKETS = {"user": 10, "anonymous": 20, "address": 200}

# The lobby (tutor/lobby): a seek lives this many seconds after its
# creator's last lobby page closed (the grace for a reload); each process
# renews the seeks of its players and closes the overdue ones every tick.
LOBBY_LEASE_SECONDS = 12
LOBBY_TICK_SECONDS = 3
# A lobby page gets the changes to its list of seeks together, at most this
# often: a seek published and taken within it is never sent (tutor/lobby/changes.py).
LOBBY_BATCH_SECONDS = 0.5
# The lobby's WebSocket counts under the live games' limits above (PLAY_*).

# ---------------------------------------------------------------------------
# Background work: game reviews graded and timed games flagged by worker processes
# ---------------------------------------------------------------------------

# Django's Tasks API with the database queue (django-tasks-db): a finished
# game's review is a row in the same transaction as the game's end, and
# `manage.py db_worker` processes (started by `make run`, by `make
# serve-worker` in production) grade it through practice's evaluator.
# A timed game's clock waits in a queue of its own, "clocks" (tutor.play.flags),
# with its own worker, so that ending a game on time never waits for a review.
TASKS = {
    "default": {
        "BACKEND": "django_tasks_db.DatabaseBackend",
        "QUEUES": ["reviews", "clocks"],
    }
}
# Seconds between two looks at the database of a review page still waiting
# for its grades: the worker's own message arrives first when the channel
# layer is shared (Redis), this is enough with the in-memory one.
REVIEW_POLL_SECONDS = 2.0
# Seconds between two looks at the progress by the review page of an uploaded
# match while its socket is closed (the channel layer down, the server
# restarting): the worker's news comes over the socket, this is only the fallback.
REVIEW_FALLBACK_POLL_SECONDS = 10
# Seconds a worker waits for each of gnubg's answers while it grades a review
# (a web request waits PRACTICE_EVALUATOR_TIMEOUT: somebody is waiting there).
REVIEW_EVALUATOR_TIMEOUT = 120
