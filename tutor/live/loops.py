"""What the objects serving a whole process's sockets share: one per event loop, and listening for good.

The people of ``people``, the lobby's keeper and its relay each serve the
sockets of their process: one per running event loop (``one_per_loop``),
per web process in production, per test in the tests, so nothing leaks
from one test to the next.  People and relay each listen to a channel of
their own as long as they serve anyone (``listen``).
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Awaitable, Callable
from typing import TypeVar

from channels.layers import get_channel_layer

T = TypeVar("T")

logger = logging.getLogger(__name__)


def one_per_loop(make: Callable[[], T]) -> Callable[[], T]:
    """A function returning the running loop's object, made by ``make`` the first time it is asked for."""
    made: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, T] = weakref.WeakKeyDictionary()

    def of_running_loop() -> T:
        loop = asyncio.get_running_loop()
        found = made.get(loop)
        if found is None:
            found = made[loop] = make()
        return found

    return of_running_loop


async def listen(channel: str, hand_out: Callable[[dict], Awaitable[None]], listener: str) -> None:
    """Give every message of ``channel`` to ``hand_out`` until cancelled.

    When the layer cannot be heard (Redis down), listen again a second
    later; the sockets themselves are closed meanwhile by the heartbeat
    (``heartbeat``), and read what they show again when they reconnect.
    """
    layer = get_channel_layer()
    while True:
        try:
            message = await layer.receive(channel)
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001 - the layer is unreachable: listen again in a moment
            logger.exception("%s could not receive", listener)
            await asyncio.sleep(1)
            continue
        await hand_out(message)
