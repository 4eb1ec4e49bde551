"""Local development settings: debug on, insecure key, loopback hosts only."""

from .base import *  # noqa: F401,F403

DEBUG = True

# Only for local development; prod reads DJANGO_SECRET_KEY from the environment.
SECRET_KEY = "django-insecure-dev-only-key-do-not-use-in-production"

ALLOWED_HOSTS = ["localhost", "127.0.0.1", "[::1]"]
