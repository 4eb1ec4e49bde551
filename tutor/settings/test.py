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
