"""What every live WebSocket shares: a game's, its review's and the lobby's.

One base class, so that the limits of ``limits`` are applied the same way
wherever a page opens a socket: on connecting, the socket takes its place
among the sockets open in the process (per person, per address signed out,
per address), or is closed with ``TOO_MANY_CLOSE``; every message it
receives is counted against its person's allowance (all their sockets of
every kind together) before it is read; and when its person logs out it
closes: every socket joins its groups through ``join``, which also counts
it among its person's sockets in the process (``people``), and logging out
tells them all (``logout.close_sockets_of``).  Handlers run at once, without
Channels' hop to the database thread (``LiveSocket.dispatch``).
"""

from __future__ import annotations

import json

from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncWebsocketConsumer

from . import limits
from .people import people

TOO_MANY = "Demasiados mensajes seguidos: espera un momento."
TOO_MANY_CLOSE = limits.TOO_MANY_CLOSE
LOGGED_OUT_CLOSE = 4401


class LiveSocket(AsyncWebsocketConsumer):
    place: limits.Place  # set by take_place, first thing in connect
    groups_joined: tuple[str, ...] = ()
    person_id: int | None = None
    """The signed-in person the socket acts for, once it has joined (``join``)."""

    async def dispatch(self, message: dict) -> None:
        """Run the handler at once, without Channels' hop to close stale database connections first.

        Since Channels 4.2, ``AsyncConsumer.dispatch`` awaits
        ``aclose_old_connections`` before every handler: a call on the
        process's one thread for synchronous code, where ``_run`` applies
        and draws the decisions of every game served by the process.  A
        move arriving, or a rival's update to forward, then waited behind
        other games' decisions (tens of milliseconds under load) for a step
        no live socket needs: their handlers reach the database only
        through ``database_sync_to_async``, which closes stale connections
        itself, in the thread that uses them.
        """
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def take_place(self) -> bool:
        """Count this socket as open; at a limit of its person or address, close it and answer False."""
        self.place = limits.Place(self.scope)
        if self.place.take():
            return True
        await self.close(code=TOO_MANY_CLOSE)
        return False

    def leave_place(self) -> None:
        """No longer count this socket as open (on disconnecting, or when its page is refused)."""
        place = getattr(self, "place", None)
        if place is not None:
            place.leave()

    async def within_limit(self) -> bool:
        """Count one message; False when it is over its person's limit, and then it must not be read.

        Past the limit, the first message gets an error, the rest nothing,
        and a client that keeps on sending twice its allowance is closed.
        """
        over = self.place.message()
        if over <= 0:
            return True
        if over == 1:
            await self.send(text_data=json.dumps({"type": "error", "message": TOO_MANY, "status": 429}))
        elif over > limits.MESSAGES.limit()[0]:
            await self.close(code=TOO_MANY_CLOSE)
        return False

    async def join(self, *groups: str) -> None:
        """Join ``groups`` and, for a signed-in person, count among their sockets, so that logging out closes this one."""
        user = self.scope.get("user")
        self.groups_joined = groups
        for group in groups:
            await self.channel_layer.group_add(group, self.channel_name)
        if user is not None and user.is_authenticated:
            self.person_id = user.pk
            try:
                await people().arrive(self, user.pk)
            except BaseException:
                self.leave_person()
                raise

    def leave_person(self) -> None:
        """No longer among its person's sockets in the process (closing, or a connection that failed)."""
        if self.person_id is not None:
            people().leave(self, self.person_id)
            self.person_id = None

    async def leave_groups(self) -> None:
        """Leave every group ``join`` joined, and its person's sockets (on disconnecting)."""
        self.leave_person()
        for group in self.groups_joined:
            await self.channel_layer.group_discard(group, self.channel_name)

    async def session_ended(self, event: dict) -> None:
        """The person logged out: this socket acts for them no more (a page still signed in reconnects)."""
        await self.close(code=LOGGED_OUT_CLOSE)
