"""Settings for ``bench/http.py``: the development site with a reference view added."""

from tutor.settings.dev import *  # noqa: F401,F403

DEBUG = False
ROOT_URLCONF = "bench._http_urls"
ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
LOGGING = {"version": 1, "disable_existing_loggers": True}
# The benchmark measures the check itself: thousands of requests a minute from
# one address are its point, not an abuse to refuse.
RATELIMIT_ENABLED = False
