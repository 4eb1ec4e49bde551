"""``/salud/``: JSON ``{"database": "ok", "engine": "ok", "cache": "ok"}``, or HTTP 503 naming what failed.

Load balancers poll it to take a web process out of rotation.  It touches no
session and sets no cookie, and each check reports only "ok" or "error":
the details go to the log, never to the client.  The site keeps serving
while the shared cache (Redis) is down, from the database, but it is
degraded (rate limits count in the database, the explorer searches again):
``/salud/`` says so with a 503 that monitoring and load balancers see.
"""

from __future__ import annotations

import logging
import secrets

from django.core.cache import cache
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from tutor.engine import Position, parse_dice

logger = logging.getLogger(__name__)

# The opening 3-1 has exactly 16 legal plays, "8/5 6/5" among them.
OPENING_DICE = "3-1"
OPENING_PLAYS = 16
OPENING_BEST = "8/5 6/5"


def check_database() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        if cursor.fetchone() != (1,):
            raise RuntimeError("SELECT 1 did not return 1")


def check_engine() -> None:
    position = Position.initial().replace(dice=parse_dice(OPENING_DICE))
    plays = [play.notation for play in position.legal_plays()]
    if len(plays) != OPENING_PLAYS or OPENING_BEST not in plays:
        raise RuntimeError(f"the opening {OPENING_DICE} gave {len(plays)} legal plays")


def check_cache() -> None:
    """A value written to the shared cache reads back (Django's cache calls raise when Redis is down)."""
    token = secrets.token_hex(8)
    cache.set(CACHE_KEY, token, timeout=60)
    if cache.get(CACHE_KEY) != token:
        raise RuntimeError("the cache did not keep a value")


CACHE_KEY = "health:cache"

CHECKS = {"database": check_database, "engine": check_engine, "cache": check_cache}


@never_cache
@require_safe
def health(request: HttpRequest) -> JsonResponse:
    results = {}
    for name, check in CHECKS.items():
        try:
            check()
        except Exception:  # noqa: BLE001 - any failure means "take me out of rotation"
            logger.exception("Health check %s failed", name)
            results[name] = "error"
        else:
            results[name] = "ok"
    healthy = all(result == "ok" for result in results.values())
    return JsonResponse(results, status=200 if healthy else 503)
