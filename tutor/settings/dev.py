"""Local settings (``make run``, ``manage.py``): insecure key, loopback hosts only.

Debugging is on for ``manage.py`` and off under ``make run``, which is the
site as its users see it: its own Spanish 404 and 500 pages, never Django's
English technical pages that list every URL.  ``DJANGO_DEBUG=1`` (``make
run DEBUG=1``) turns it on there too.
"""

import os

from .base import *  # noqa: F401,F403

DEBUG = os.environ.get("DJANGO_DEBUG", "1") == "1"

# Only for local development; prod reads DJANGO_SECRET_KEY from the environment.
SECRET_KEY = "django-insecure-dev-only-key-do-not-use-in-production"

ALLOWED_HOSTS = ["localhost", "127.0.0.1", "[::1]"]
