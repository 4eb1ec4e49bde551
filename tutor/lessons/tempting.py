"""The explorer's tempting plays: a search with a CPU budget, cached per position.

Finding the illegal plays worth explaining checks up to a few hundred
candidate plays, and each check generates the position's legal plays: in a
position with 1,700 of them (a full board of single checkers with a double)
the whole search took about four seconds of CPU, on an anonymous GET.  Here
the search stops after ``BUDGET_SECONDS`` of CPU with the reasons it has
found, and its result is kept in the shared cache per position and dice, so
a repeated request (a refresh, three clients hammering the same URL) costs
a cache read.
"""

from __future__ import annotations

import hashlib
import logging

from django.core.cache import cache

from tutor.engine import Position, tempting_plays
from tutor.rules import explain_verdict, rule_for

logger = logging.getLogger(__name__)

BUDGET_SECONDS = 0.05
"""CPU time the search may take: the rest of the worst explorer page (every legal
play listed, the board drawn) takes about 150 ms of CPU, and the page must stay
under 300 ms (``bench/explorer.py``)."""

CACHE_SECONDS = 24 * 60 * 60
CACHE_VERSION = 2
"""Raised when what is cached changes shape or words (2: the rule titles of the catalogue)."""


def cache_key(position: Position) -> str:
    """One key per position and dice (the XGID carries both)."""
    digest = hashlib.sha256(position.to_xgid().encode()).hexdigest()[:40]
    return f"tempting:{CACHE_VERSION}:{digest}"


def tempting_explained(position: Position) -> list[dict]:
    """The tempting illegal plays of ``position`` with their Spanish reasons."""
    key = cache_key(position)
    try:
        cached = cache.get(key)
    except Exception:  # noqa: BLE001 - a broken cache only costs the search
        logger.warning("Cache unavailable; tempting plays not read", exc_info=True)
        cached = None
    if cached is not None:
        return cached
    explained = [_explained(verdict) for verdict in tempting_plays(position, budget=BUDGET_SECONDS)]
    try:
        cache.set(key, explained, CACHE_SECONDS)
    except Exception:  # noqa: BLE001
        logger.warning("Cache unavailable; tempting plays not kept", exc_info=True)
    return explained


def _explained(verdict) -> dict:
    rule = rule_for(verdict)
    return {
        "play": verdict.text,
        "message": explain_verdict(verdict)[0]["message"],
        "rule_title": rule.title if rule else "",
        "rule_url": rule.url if rule else "",
    }
