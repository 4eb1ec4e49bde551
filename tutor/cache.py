"""The site's cache backends: Django's, each with one fault fixed.

``DatabaseCache``: Django's database cache increments by reading the value and writing it back,
so two web processes counting the same key at once both write the same
number: thirty simultaneous wrong passwords were judged as if they were six.
Rate limits (``tutor.ratelimit``) count with ``add`` and ``incr``; this
backend makes ``incr`` a locked read-modify-write inside one transaction
(``SELECT … FOR UPDATE`` on PostgreSQL; on SQLite, whose transactions take
the write lock when they begin, see ``settings.SQLITE_OPTIONS``), and keeps
the key's expiry instead of resetting it.  ``add`` is already safe: the
primary key lets only one insert win.

``RedisCache``: Django's Redis cache, with one connection pool per server
in each process instead of one per thread and asyncio task
(``SharedPoolRedisClient``).
"""

from __future__ import annotations

import base64
import pickle
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from django.core.cache.backends.db import DatabaseCache as DjangoDatabaseCache
from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from django.core.cache.backends.redis import RedisCacheClient
from django.db import connections, router, transaction
from django.utils.timezone import now as tz_now

if TYPE_CHECKING:
    from redis import ConnectionPool


class DatabaseCache(DjangoDatabaseCache):
    """Django's database cache with an atomic, expiry-keeping ``incr``."""

    _table: str
    """The cache's table (set by Django's ``BaseDatabaseCache``; not in its type stubs)."""

    def incr(self, key, delta=1, version=None):
        key = self.make_and_validate_key(key, version=version)
        db = router.db_for_write(self.cache_model_class)
        connection = connections[db]
        quote = connection.ops.quote_name
        table, cache_key, value_column, expires = (quote(name) for name in (self._table, "cache_key", "value", "expires"))
        lock = " FOR UPDATE" if connection.features.has_select_for_update else ""
        now = connection.ops.adapt_datetimefield_value(tz_now().replace(microsecond=0))
        with transaction.atomic(using=db), connection.cursor() as cursor:
            cursor.execute(
                f"SELECT {value_column} FROM {table} WHERE {cache_key} = %s AND {expires} >= %s{lock}", [key, now]
            )
            row = cursor.fetchone()
            if row is None:
                raise ValueError(f"Key '{key}' not found")
            value = pickle.loads(base64.b64decode(row[0].encode())) + delta
            encoded = base64.b64encode(pickle.dumps(value, self.pickle_protocol)).decode("latin1")
            cursor.execute(f"UPDATE {table} SET {value_column} = %s WHERE {cache_key} = %s", [encoded, key])
        return value


_redis_pools: dict[tuple[str, str], object] = {}
_redis_pools_lock = threading.Lock()


class SharedPoolRedisClient(RedisCacheClient):
    """Django's Redis client, taking its connection pool from the process's one pool per server.

    Django keeps a cache object per thread and, under ASGI, per asyncio
    task: every WebSocket of a daphne process has its own.  Each of those
    made its own pool, so each socket opened its own connection to Redis
    (with the handshake, ``CLIENT SETINFO`` and a search of the installed
    packages for redis-py's version) for the first limit it counted: with
    five hundred players in the lobby, the pool's threads spent their time
    connecting (``bench/lobby.py``).  redis-py's pools are thread-safe and
    reset themselves in a forked child, so one per server serves the
    whole process.
    """

    # Set by Django's RedisCacheClient, not in its type stubs.
    _servers: list[str]
    _pool_options: dict[str, Any]
    _pool_class: type[ConnectionPool]
    _get_connection_pool_index: Callable[[bool], int]

    def _get_connection_pool(self, write):
        server = self._servers[self._get_connection_pool_index(write)]
        key = (server, repr(sorted(self._pool_options.items(), key=lambda item: item[0])))
        pool = _redis_pools.get(key)
        if pool is None:
            with _redis_pools_lock:
                pool = _redis_pools.get(key)
                if pool is None:
                    pool = _redis_pools[key] = self._pool_class.from_url(server, **self._pool_options)
        return pool


class RedisCache(DjangoRedisCache):
    """Django's Redis cache with one connection pool per server in each process (``SharedPoolRedisClient``)."""

    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = SharedPoolRedisClient
