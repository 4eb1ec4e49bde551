"""Gunicorn settings for production: ``gunicorn -c gunicorn.conf.py`` (see ``make serve-prod``).

Environment:
    GUNICORN_BIND       address to listen on (default 127.0.0.1:8000; HOST and PORT also work).
    WEB_CONCURRENCY     worker processes (GUNICORN_WORKERS also works; default 2 per core + 1).
    GUNICORN_TIMEOUT    seconds before a silent worker is restarted (default 30).
    GUNICORN_FORWARDED_ALLOW_IPS  proxies trusted for X-Forwarded-* (default 127.0.0.1).
    GUNICORN_ACCESS_LOG where to write the access log (default "-", standard output; "" for none).

The application is imported in each worker after the fork (``preload_app =
False``): GNU Backgammon, which the practice mode loads on first use, then
belongs to the worker that loaded it and is never shared across a fork.
"""

import multiprocessing
import os


def _int(name: str, default: int) -> int:
    value = os.environ.get(name, "").strip()
    return int(value) if value else default


# tutor.wsgi uses tutor.settings.prod unless DJANGO_SETTINGS_MODULE says otherwise.
wsgi_app = "tutor.wsgi:application"

bind = [
    os.environ.get("GUNICORN_BIND")
    or f"{os.environ.get('HOST', '127.0.0.1')}:{os.environ.get('PORT', '8000')}"
]
workers = _int("WEB_CONCURRENCY", _int("GUNICORN_WORKERS", multiprocessing.cpu_count() * 2 + 1))
preload_app = False
timeout = _int("GUNICORN_TIMEOUT", 30)
graceful_timeout = 30
keepalive = 5
# Recycle workers now and then so a slow leak never grows unbounded.
max_requests = _int("GUNICORN_MAX_REQUESTS", 2000)
max_requests_jitter = max_requests // 10
forwarded_allow_ips = os.environ.get("GUNICORN_FORWARDED_ALLOW_IPS", "127.0.0.1")

# GUNICORN_ACCESS_LOG="" turns the access log off (e.g. under a load test).
accesslog = os.environ.get("GUNICORN_ACCESS_LOG", "-") or None
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "info")
