"""Each web process hears every room once, and hands what it hears to its own lobby pages.

A seek published or closed is one message to its room's group.  When
every open lobby page was a member of the group, each of them received it
on its own: a message unpacked, queued and dispatched once per page, about
two hundred times per game with a few hundred people in the lobby, the
largest part of what a process spent on the lobby's list outside the
database (``bench/lobby.py``).  So the process's relay is the group's only
member here: it receives each message once and gives it to the pages of
its process that show that room, which keep their changes
(``changes.SeekChanges``); ``LOBBY_BATCH_SECONDS`` after the first change,
one round sends every page its gathered changes.

What is said to one person (a pairing, logging out) reaches their pages
the same way, through ``tutor.live.people``.  When the relay cannot hear (Redis
down), it tries again every second (``tutor.live.loops.listen``); the pages
themselves are closed meanwhile by the heartbeat, and reload their list
when they reconnect.
"""

from __future__ import annotations

import asyncio
import logging

from channels.layers import get_channel_layer
from django.conf import settings

from .broadcast import room_group
from tutor.live.loops import listen, one_per_loop

logger = logging.getLogger(__name__)


class Relay:
    def __init__(self) -> None:
        self.rooms: dict[str, set] = {}
        """The pages of this process that show each room (by key)."""
        self.subscribed: set[str] = set()
        self.lock = asyncio.Lock()
        """Joining and leaving the rooms' groups, one at a time (a room emptied while another page joins it)."""
        self.channel: str | None = None
        self.listening: asyncio.Task | None = None
        self.pending: set = set()
        """Pages with changes not sent yet."""
        self.sending: asyncio.TimerHandle | None = None

    async def join(self, page, keys) -> None:
        """``page`` shows the rooms of ``keys`` from now on: what they announce reaches it (``page.heard``)."""
        for key in keys:
            self.rooms.setdefault(key, set()).add(page)
        async with self.lock:
            layer = get_channel_layer()
            if self.channel is None:
                self.channel = await layer.new_channel("lobby-relay.")
                self.listening = asyncio.get_running_loop().create_task(listen(self.channel, self.hand_out, "The lobby's relay"))
            for key in sorted(keys):
                if key not in self.subscribed and self.rooms.get(key):
                    await layer.group_add(room_group(key), self.channel)
                    self.subscribed.add(key)

    def leave(self, page) -> None:
        """``page`` closed: it hears nothing more, and a room no page here shows is left."""
        self.pending.discard(page)
        emptied = []
        for key, pages in self.rooms.items():
            if page in pages:
                pages.discard(page)
                if not pages:
                    emptied.append(key)
        if emptied:
            asyncio.get_running_loop().create_task(self._leave_rooms(emptied))

    async def _leave_rooms(self, keys: list[str]) -> None:
        """Leave the groups of rooms no page shows any more; with no page left, stop listening."""
        async with self.lock:
            layer = get_channel_layer()
            for key in keys:
                if key in self.subscribed and not self.rooms.get(key):
                    self.subscribed.discard(key)
                    self.rooms.pop(key, None)
                    try:
                        await layer.group_discard(room_group(key), self.channel)
                    except Exception as problem:  # noqa: BLE001 - Redis is down: its subscriptions went with it
                        logger.warning("Channel layer unavailable (%s) while leaving a lobby room", problem)
            if not self.subscribed and self.listening is not None:
                self.listening.cancel()
                self.listening = self.channel = None

    async def hand_out(self, message: dict) -> None:
        """Give a room's message to each page here that shows the room; the changes go out in one round."""
        for page in self.rooms.get(message.get("room", ""), ()):
            if page.heard(message):
                self.pending.add(page)
        if self.pending and self.sending is None:
            self.sending = asyncio.get_running_loop().call_later(
                getattr(settings, "LOBBY_BATCH_SECONDS", 0.5), self._send_round)

    def _send_round(self) -> None:
        self.sending = None
        pages, self.pending = self.pending, set()
        asyncio.get_running_loop().create_task(_send_changes(pages))


async def _send_changes(pages) -> None:
    for page in pages:
        await page.send_changes()


relay = one_per_loop(Relay)
"""The relay of the running event loop (one per web process)."""
