"""When the channel layer (Redis) fails, every game page the process serves reconnects.

channels-redis's Pub/Sub layer keeps its subscriptions through a Redis
outage and takes them up again when Redis returns, but whatever was
published meanwhile is lost: a page left open would go on showing the game
as it was, waiting for a move already made (the database has it, and a
form without JavaScript can make one while Redis is down).  So each
process with open game pages publishes a heartbeat every second; when one
fails, it closes all of them (4503).  Their pages reconnect as after any
lost connection: refused while Redis is down, then with the exact state
read from the database as soon as it is back.  The in-memory layer of a
single process cannot fail, and needs no heartbeat.
"""

from __future__ import annotations

import asyncio
import logging
import weakref

from channels.layers import InMemoryChannelLayer

logger = logging.getLogger(__name__)

INTERVAL = 1.0
"""Seconds between heartbeats: how long a page may miss changes before it reconnects."""

GROUP = "play-heartbeat"
LAYER_DOWN_CLOSE = 4503
"""The close code: the application's own range (a server may send 1000 or 3000–4999, not 1011)."""


class Heartbeat:
    """The game consumers of this process, and the task that checks their channel layer."""

    def __init__(self) -> None:
        self.consumers: weakref.WeakSet = weakref.WeakSet()
        self.task: asyncio.Task | None = None

    def watch(self, consumer) -> None:
        if isinstance(consumer.channel_layer, InMemoryChannelLayer):
            return
        self.consumers.add(consumer)
        if self.task is None or self.task.done():
            self.task = asyncio.ensure_future(self.beat(consumer.channel_layer))

    def forget(self, consumer) -> None:
        self.consumers.discard(consumer)

    async def beat(self, layer) -> None:
        while self.consumers:
            await asyncio.sleep(INTERVAL)
            try:
                await layer.group_send(GROUP, {"type": "heartbeat"})
            except Exception as problem:  # noqa: BLE001 - whatever the failure, the pages must reconnect
                logger.warning("Channel layer unavailable (%s): closing %d game connections", problem, len(self.consumers))
                for consumer in list(self.consumers):
                    self.consumers.discard(consumer)
                    try:
                        await consumer.close(code=LAYER_DOWN_CLOSE)
                    except Exception:  # noqa: BLE001 - one page gone already must not keep the others open
                        logger.warning("A game connection could not be closed", exc_info=True)


HEARTBEAT = Heartbeat()
