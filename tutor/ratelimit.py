"""Rate limits counted in the Django cache, shared by every web process.

Limits are named *scopes* in ``settings.RATELIMITS``: ``{"check": (180, 60)}``
allows 180 hits per 60-second window.  Windows are fixed and aligned on the
clock, so a client that is refused knows exactly when to come back.

Views use the decorator::

    @ratelimit("check", json=True)
    def puzzle_check(request, slug): ...

which counts the requests of each client (the signed-in user, or else the
address) and answers over-limit ones with HTTP 429: the Spanish page
``429.html``, or ``{"error": "..."}`` for JSON endpoints.

Code that counts something other than requests (failed logins, say) uses
``hit``, ``is_limited`` and ``reset`` with an identity of its own.

Counting needs a cache shared by the web processes (database or Redis in
production); with a per-process cache each process counts on its own.  When
the cache fails (Redis stopped), counting goes on in
``settings.RATELIMIT_FALLBACK_CACHE`` (production names the database's
cache table when the default cache is Redis); when that fails too,
requests are let through: a broken cache must not take the site down.

Some counts must outlive a restart of the cache: a lockout that forgets
its failures when Redis restarts gives a guesser a fresh set of tries.
The scopes in ``settings.RATELIMIT_DURABLE_SCOPES`` (the login lockout's)
count first in ``settings.RATELIMIT_DURABLE_CACHE`` when it is set
(production names the database's cache table when the default cache is
Redis, whose counts live only in memory).
Counts are exact with Redis, the in-memory cache and the project's database
cache (``tutor.cache``, whose ``incr`` is atomic), so a burst of
simultaneous requests cannot slip past a limit: callers count first
(``hit``) and then decide on the number it returns.
"""

from __future__ import annotations

import functools
import hashlib
import logging
import time
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import caches
from django.core.cache.backends.base import BaseCache
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string

logger = logging.getLogger(__name__)

DEFAULT_LIMIT = (60, 60)


@dataclass(frozen=True)
class Limit:
    """At most ``count`` hits per ``seconds``-long window."""

    count: int
    seconds: int

    def window(self, now: float) -> tuple[int, int]:
        """The current window's number and the seconds left until it ends."""
        number = int(now // self.seconds)
        return number, max(1, int((number + 1) * self.seconds - now))


def clock() -> float:
    """Seconds since the epoch (replaced in tests to stay inside one window)."""
    return time.time()


def limit_for(scope: str) -> Limit:
    count, seconds = getattr(settings, "RATELIMITS", {}).get(scope, DEFAULT_LIMIT)
    return Limit(int(count), max(1, int(seconds)))


def enabled() -> bool:
    return bool(getattr(settings, "RATELIMIT_ENABLED", True))


def _cache_names(scope: str) -> list[str]:
    """Where ``scope`` counts, in order: its durable cache if it has one, the rate limits' cache, the fallback."""
    names = []
    durable = getattr(settings, "RATELIMIT_DURABLE_CACHE", None)
    if durable and scope in getattr(settings, "RATELIMIT_DURABLE_SCOPES", ()):
        names.append(durable)
    names.append(getattr(settings, "RATELIMIT_CACHE", "default"))
    fallback = getattr(settings, "RATELIMIT_FALLBACK_CACHE", None)
    if fallback:
        names.append(fallback)
    return list(dict.fromkeys(names))


def _on_cache(scope: str, operation, what: str, default):
    """``operation(cache)`` on the first of ``scope``'s caches that works; ``default`` when none does."""
    for name in _cache_names(scope):
        cache = caches[name]
        try:
            return operation(cache)
        except Exception as problem:  # noqa: BLE001 - a broken cache lets requests through
            logger.warning("Rate limit cache unavailable (%s): %s", problem, what)
    return default


def _key(scope: str, identity: str, window: int) -> str:
    digest = hashlib.sha256(identity.encode("utf-8", "replace")).hexdigest()[:32]
    return f"ratelimit:{scope}:{digest}:{window}"


def hit(scope: str, identity: str) -> int:
    """Count one hit of ``identity`` in ``scope``; return the window's count so far (0: not counted)."""
    limit = limit_for(scope)
    window, left = limit.window(clock())
    key = _key(scope, identity, window)

    def count_one(cache) -> int:
        if cache.add(key, 1, timeout=left + 1):
            return 1
        if type(cache).incr is BaseCache.incr:
            # The generic incr would reset the expiry to the cache's default.
            value = int(cache.get(key, 0)) + 1
            cache.set(key, value, timeout=left + 1)
            return value
        try:
            return int(cache.incr(key))
        except ValueError:  # expired between add and incr
            cache.add(key, 1, timeout=left + 1)
            return 1

    return _on_cache(scope, count_one, f"{scope} not counted", 0)


def undo(scope: str, identity: str) -> None:
    """Take back one hit of ``identity`` (a login attempt that turned out good)."""
    window, left = limit_for(scope).window(clock())
    key = _key(scope, identity, window)

    def take_back(cache) -> None:
        try:
            if type(cache).incr is BaseCache.incr:
                cache.set(key, max(0, int(cache.get(key, 0)) - 1), timeout=left + 1)
            else:
                cache.decr(key)
        except ValueError:  # the window ended meanwhile: nothing to take back
            pass

    _on_cache(scope, take_back, f"{scope} not undone", None)


def exceeded(scope: str, identity: str) -> bool:
    """Count one hit and say whether it goes beyond ``scope``'s limit.

    Counting first and deciding on the number returned is what keeps a
    burst of simultaneous requests from slipping past the limit.
    """
    return enabled() and hit(scope, identity) > limit_for(scope).count


def count(scope: str, identity: str) -> int:
    """Hits of ``identity`` in ``scope`` during the current window."""
    window, _ = limit_for(scope).window(clock())
    key = _key(scope, identity, window)
    return _on_cache(scope, lambda cache: int(cache.get(key, 0)), f"{scope} not read", 0)


def is_limited(scope: str, identity: str) -> bool:
    """Whether ``identity`` has used up ``scope``'s hits for this window."""
    return enabled() and count(scope, identity) >= limit_for(scope).count


def reset(scope: str, identity: str) -> None:
    """Forget the hits of ``identity`` in the current window (e.g. after a good login)."""
    window, _ = limit_for(scope).window(clock())
    key = _key(scope, identity, window)
    _on_cache(scope, lambda cache: cache.delete(key), f"{scope} not reset", None)


def retry_after(scope: str) -> int:
    """Seconds until ``scope``'s current window ends."""
    return limit_for(scope).window(clock())[1]


def client_address(request: HttpRequest) -> str:
    """The client's IP address (see ``address_from``)."""
    return address_from(request.META.get("HTTP_X_FORWARDED_FOR", ""), request.META.get("REMOTE_ADDR", ""))


def address_from(forwarded_for: str, remote: str) -> str:
    """The client's IP address, from the ``X-Forwarded-For`` header and the connection's peer.

    Behind ``RATELIMIT_PROXY_COUNT`` reverse proxies that each append to
    ``X-Forwarded-For``, the client is the entry that many places from the
    end; entries further left are whatever the client chose to send.
    """
    proxies = int(getattr(settings, "RATELIMIT_PROXY_COUNT", 0))
    if proxies > 0:
        forwarded = [part.strip() for part in forwarded_for.split(",") if part.strip()]
        if len(forwarded) >= proxies:
            return forwarded[-proxies]
    return remote or "unknown"


def address_identity(request: HttpRequest) -> str:
    """The client's address, signed in or not (for doors used before signing in)."""
    return f"address:{client_address(request)}"


def client_identity(request: HttpRequest) -> str:
    """The signed-in user, or else the client's address."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return f"user:{user.pk}"
    return f"address:{client_address(request)}"


def too_many_requests(request: HttpRequest, scope: str, *, json: bool = False) -> HttpResponse:
    """The 429 answer: a Spanish page, or a JSON error for API clients."""
    seconds = retry_after(scope)
    if json:
        message = f"Demasiadas peticiones seguidas. Espera {wait_text(seconds)} y vuelve a intentarlo."
        response: HttpResponse = JsonResponse(
            {"error": message, "retry_after": seconds},
            status=429,
            json_dumps_params={"ensure_ascii": False},
        )
    else:
        html = render_to_string("429.html", {"retry_after": seconds, "wait": wait_text(seconds)}, request=request)
        response = HttpResponse(html, status=429)
    response["Retry-After"] = str(seconds)
    return response


def wait_text(seconds: int) -> str:
    """``seconds`` in Spanish words: "1 segundo", "40 segundos", "3 minutos"."""
    if seconds < 60:
        return "1 segundo" if seconds == 1 else f"{seconds} segundos"
    minutes = -(-seconds // 60)
    return "1 minuto" if minutes == 1 else f"{minutes} minutos"


def ratelimit(scope: str, *, methods: tuple[str, ...] = ("POST",), json: bool = False, identity=client_identity):
    """Refuse a client's ``methods`` requests beyond ``scope``'s limit with HTTP 429.

    ``identity(request)`` names whom to count (the user or the address by
    default); ``json=True`` answers in JSON instead of the Spanish page.
    """
    counted = {method.upper() for method in methods}

    def decorator(view):
        @functools.wraps(view)
        def limited(request: HttpRequest, *args, **kwargs):
            if request.method in counted and exceeded(scope, identity(request)):
                return too_many_requests(request, scope, json=json)
            return view(request, *args, **kwargs)

        return limited

    return decorator
