"""Settings for the test suite (pytest uses this module)."""

from .dev import *  # noqa: F401,F403

# Tests see the site as production would (custom error pages, no debug data).
DEBUG = False

SECRET_KEY = "django-insecure-test-only-key"

# Browser tests reach a live server on whatever address it binds to.
ALLOWED_HOSTS = ["*"]

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "tests",
    }
}

# The suite opens many game codes that lead nowhere on purpose (permissions,
# fuzzing), all from one address and one cache: the tests of guessed codes
# set a limit of their own and start from an empty cache.
RATELIMITS = {**RATELIMITS, "game-code": (10_000, 600)}  # noqa: F405

# Lobby pages get each change to the list of seeks at once, in a message of its own;
# the tests of gathering them (tests/test_lobby_changes.py) set a window of their own.
LOBBY_BATCH_SECONDS = 0

# SQLite tests use a file, as ``make run`` does, not Django's default shared
# in-memory database: there, two threads writing at once (the live server's
# decisions beside a request) fail at once with "database table is locked"
# instead of queueing behind the write lock for ``timeout`` seconds.
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":  # noqa: F405
    import os as _os
    import tempfile as _tempfile

    DATABASES["default"]["TEST"] = {  # noqa: F405
        "NAME": _os.path.join(_tempfile.gettempdir(), f"tutor-tests-{_os.getpid()}.sqlite3"),
    }
