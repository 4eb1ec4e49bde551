"""Each web process hears once what is said to one person, and hands it to that person's sockets here.

What is said to a person: they logged out (``session.ended``: every live
socket of theirs closes, games, reviews and the lobby), or a seek of theirs
was taken (``lobby.paired``: their lobby pages go to the board).  Both used
to go to a group per person that each of their sockets joined, which with
the Pub/Sub layer is a subscription in Redis when a socket opens and
another request when it closes.  channels-redis sends the requests of a
process one at a time, so under load (``bench/lobby.py``) those two per
socket queued with every message of the process, and a game's page waited
for them before it could show the board.

Now each process is a member of one group, ``GROUP``, while it has live
sockets.  A message for a person names them (``message_for``); every
process receives it once and gives it to the sockets of that person it
holds that handle its type (Channels' handler names: ``session.ended`` is
``session_ended``).  Such messages are few and small: every process
hearing each of them costs less than two requests per socket.  When the
layer cannot be heard (Redis down), the process listens again every
second (``loops.listen``).
"""

from __future__ import annotations

import asyncio
import logging

from channels.consumer import get_handler_name
from channels.layers import get_channel_layer

from .loops import listen, one_per_loop

logger = logging.getLogger(__name__)

GROUP = "play-people"


def message_for(person_id: int, event: dict) -> tuple[str, dict]:
    """``(group, message)`` that brings ``event`` to every live socket of ``person_id``, in any process."""
    return GROUP, {**event, "person": person_id}


class People:
    def __init__(self) -> None:
        self.sockets: dict[int, set] = {}
        """The live sockets of this process, by their person's id."""
        self.channel: str | None = None
        self.listening: asyncio.Task | None = None
        self.lock = asyncio.Lock()
        """Joining and leaving the group, one at a time (the last socket closing while another opens)."""

    async def arrive(self, socket, person_id: int) -> None:
        """``socket`` acts for ``person_id``: what is said to them reaches it from now on."""
        self.sockets.setdefault(person_id, set()).add(socket)
        async with self.lock:
            if self.channel is None and self.sockets:
                layer = get_channel_layer()
                channel = await layer.new_channel("people.")
                await layer.group_add(GROUP, channel)
                self.channel = channel
                self.listening = asyncio.get_running_loop().create_task(listen(channel, self.hand_out, "The people's listener"))

    def leave(self, socket, person_id: int) -> None:
        """``socket`` closed; with no socket left here, the process stops listening."""
        sockets = self.sockets.get(person_id, set())
        sockets.discard(socket)
        if not sockets:
            self.sockets.pop(person_id, None)
        if not self.sockets and self.channel is not None:
            asyncio.get_running_loop().create_task(self._stop())

    async def _stop(self) -> None:
        async with self.lock:
            if self.sockets or self.channel is None:
                return
            channel, listening = self.channel, self.listening
            self.channel = self.listening = None
            try:
                await get_channel_layer().group_discard(GROUP, channel)
            except Exception as problem:  # noqa: BLE001 - Redis is down: its subscriptions went with it
                logger.warning("Channel layer unavailable (%s) while leaving the people's group", problem)
            if listening is not None:
                listening.cancel()

    async def hand_out(self, message: dict) -> None:
        """Give ``message`` to each socket here of the person it names that handles its type."""
        name = get_handler_name(message)
        for socket in list(self.sockets.get(message.get("person", 0), ())):
            handler = getattr(socket, name, None)
            if handler is None:
                continue
            try:
                await handler(message)
            except Exception:  # one socket failing must not keep the message from the others
                logger.exception("A live socket could not take what was said to its person")


people = one_per_loop(People)
"""The people of the running event loop's process."""
