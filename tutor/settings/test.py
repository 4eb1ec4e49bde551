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
