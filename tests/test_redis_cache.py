"""The Redis cache keeps one connection pool per process, however many WebSockets count their limits.

Django gives every asyncio task (every socket of a daphne process) its own
cache object; before ``tutor.cache.RedisCache`` each of those opened its
own connection to Redis.  Here two hundred tasks count a limit each through
``caches``, as two hundred sockets arriving at once do, against a real
redis-server: Redis sees a handful of clients, not two hundred.
"""

from __future__ import annotations

import asyncio
import shutil
from concurrent.futures import ThreadPoolExecutor

import pytest
import redis
from asgiref.sync import sync_to_async
from django.core.cache import caches

from tests.missing import unavailable
from tests.redis_server import MISSING, throwaway_redis

TASKS = 200


@pytest.fixture
def redis_cache(settings):
    if shutil.which("redis-server") is None:
        unavailable(MISSING)
    with throwaway_redis() as url:
        settings.CACHES = {**settings.CACHES, "shared": {"BACKEND": "tutor.cache.RedisCache", "LOCATION": url}}
        yield url


def test_two_hundred_sockets_counting_at_once_share_a_few_connections_to_redis(redis_cache):
    seen = set()

    def count(number: int) -> None:
        cache = caches["shared"]
        seen.add(id(cache))
        cache.add(f"limit-{number}", 0, 60)
        cache.incr(f"limit-{number}")

    async def socket(number: int) -> None:
        await sync_to_async(count, thread_sensitive=False)(number)

    async def arrive() -> None:
        await asyncio.gather(*(socket(number) for number in range(TASKS)))

    with ThreadPoolExecutor(max_workers=1) as pool:  # the test's thread may hold the browser tests' event loop
        pool.submit(asyncio.run, arrive()).result()

    server = redis.Redis.from_url(redis_cache)
    counted = [server.get(f":1:limit-{number}") for number in range(TASKS)]
    assert counted == [b"1"] * TASKS
    assert len(seen) > 1  # Django did give the tasks cache objects of their own
    clients = server.info("clients")["connected_clients"] - 1  # less this test's own connection
    assert clients <= 32, f"{clients} connections to Redis for {TASKS} sockets"
