"""The lobby's WebSocket: the seeks and games to watch kept up to date, «Jugar ya» and «Aceptar» without reloading.

On connecting, the consumer reads who is looking (``rooms.Viewer``: their
rooms, rating and blocks), counts among its person's sockets (a pairing
reaches it, ``tutor.live.people``), and sends the lists drawn for them.  Then it hears what the rooms announce, through its
process's ``relay``, choosing for each published seek the row its viewer
is shown (or none) and removing only rows it showed; the relay sends the
changes of a moment together (``changes``).

Messages from the browser are JSON objects: ``{"type": "play_now",
"length": "3", "clock": "no", "rated": "on", "spread": "", "room":
"public"}`` (validated by the page's own ``SeekForm``), ``{"type":
"take", "seek": 12}`` and ``{"type": "withdraw"}``.  Anything else and
anything from someone only watching are refused with an ``error``.  The
socket is a ``LiveSocket``, under the live games' limits: it counts among
its person's and address's open sockets, every message counts against
the same allowance as their game sockets' before it is read, and logging
out closes it.  While a player's socket is open, their seek lives on
(``keeper``).
"""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta
from datetime import timezone as dt_timezone
from functools import partial
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from django.utils import timezone

from tutor.live.sockets import LiveSocket

SocketGone: tuple[type[BaseException], ...]
try:
    from autobahn.exception import Disconnected  # what daphne raises on sending to a closed socket
    SocketGone = (Disconnected,)
except ImportError:  # another ASGI server
    SocketGone = ()

from . import broadcast, service
from .changes import SeekChanges
from .listing import game_rows, seek_rows, waiting_box, watchable
from .forms import SeekForm
from .keeper import keeper
from .models import PUBLIC_ROOM
from .relay import relay
from .rooms import Card, Viewer

DECISIONS = ThreadPoolExecutor(max_workers=3, thread_name_prefix="lobby-decisions")
"""The threads where this process applies the lobby's decisions, apart from the shared pool.

A decision may wait for a row lock another process holds (the kind of
game being paired, a seek being taken).  On the shared pool, a burst of
«Jugar ya» waiting there held every thread, and the sockets arriving
meanwhile (whose person and lists are read on that pool) missed daphne's
five seconds to answer a handshake, came back, and made the burst worse
(``bench/lobby.py``).  Here at most three wait at once; arrivals go on.
"""

KINDS = {"play_now", "take", "withdraw"}
FIELDS = ("length", "clock", "rated", "spread", "room")
MALFORMED = "Mensaje no válido."
WATCHING = "Estás mirando la sala: quien mira no puede enviar nada."


class LobbyConsumer(LiveSocket):
    async def connect(self) -> None:
        self.user = self.scope.get("user")
        if not await self.take_place():
            return
        self.opened_at = page_opened(self.scope.get("query_string", b""), timezone.now())
        try:
            self.viewer, state, self.shown, paired = await self._enter(keeper().games_shown)
            self.watches_games = PUBLIC_ROOM in self.viewer.keys
            self.changes = SeekChanges(self.shown)
            await self.join()  # among its person's sockets: a pairing and logging out reach it (``LiveSocket``)
            await relay().join(self, self.viewer.keys)
        except BaseException:
            relay().leave(self)
            self.leave_person()
            self.leave_place()  # a socket that never opened holds no place
            raise
        self.player_id = self.viewer.user_id if self.viewer.plays else None
        await self.accept()
        keeper().arrive(self, games=state["games"] if self.watches_games else None)
        self.arrived = True
        await self.send_json(state)
        if paired is not None:  # taken while this page's socket was away: to the board
            await self.send_json({"type": "paired", "url": paired})

    async def disconnect(self, code: int) -> None:
        relay().leave(self)  # the page is gone: nothing left to tell it
        self.leave_place()
        await self.leave_groups()
        if getattr(self, "arrived", False):
            keeper().leave(self)

    # Reading and drawing the lists runs on the shared pool of threads, not on
    # the process's one thread for decisions (``_run``): arrivals in the lobby
    # then never queue behind the pairings of other players.
    @partial(database_sync_to_async, thread_sensitive=False)
    def _enter(self, games_shown: str | None) -> tuple[Viewer, dict, set[int], str | None]:
        """Who is looking, and what they are shown; the games to watch as the keeper last drew them, if it has.

        Every page that arrives in the public room is shown the same list of
        games under way, which the keeper draws once a round for the pages
        already here: drawing it again for each arrival was half of what an
        arrival cost (``bench/lobby.py``).  And the game of a seek of theirs
        taken since their page opened, if any: its socket was away when the
        pairing was told.
        """
        user = self.user
        viewer = Viewer.of(user)
        now = timezone.now()
        seeks = service.listed(viewer, now=now)
        own = next((seek for seek in seeks if seek.creator_id == viewer.user_id), None)
        if own is not None:  # a reloaded page keeps its seek; the keeper's rounds renew it from then on
            service.renew(user, now=now)
        state = {
            "type": "state",
            "seeks": seek_rows(viewer, seeks=seeks),
            "games": games_shown if games_shown is not None and PUBLIC_ROOM in viewer.keys else game_rows(watchable(viewer)),
            "waiting": waiting_box(own),
        }
        paired = service.last_pairing(viewer.user_id, self.opened_at) if viewer.plays and viewer.user_id else None
        return viewer, state, {seek.pk for seek in seeks}, paired

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if not await self.within_limit():
            return
        message = parse(text_data)
        if message is None:
            await self.error(MALFORMED, 400)
        elif not self.viewer.plays:
            await self.error(WATCHING, 403)
        else:
            try:
                reply, found = await self._run(message)
            except service.LobbyError as refused:
                await self.error(refused.message, refused.status)
                return
            # The rival waiting for this pairing hears first, then this player; what the rooms'
            # lists change waits for both: each announcement is a round trip to Redis.
            pairing = [item for item in found if item[1]["type"] == "lobby.paired"]
            lists = [item for item in found if item[1]["type"] != "lobby.paired"]
            for group, announcement in pairing:
                await self.channel_layer.group_send(group, announcement)
            await self.send_json(reply)
            for group, announcement in lists:
                await self.channel_layer.group_send(group, announcement)

    # The lobby's decisions rest on the database's row locks, not on running
    # one at a time in this process: they use threads of their own
    # (``DECISIONS``) and leave the process's one thread to the games and the
    # shared pool to the sockets arriving.
    @partial(database_sync_to_async, thread_sensitive=False, executor=DECISIONS)
    def _run(self, message: dict) -> tuple[dict, list]:
        """Apply the message, then draw its announcements in the same thread hop."""
        now = timezone.now()
        kind = message["type"]
        if kind == "play_now":
            viewer = self.viewer.refreshed(self.user)
            form = SeekForm(viewer, data={name: message.get(name, "") for name in FIELDS})
            if not form.is_valid():
                raise service.LobbyError(" ".join(str(error) for errors in form.errors.values() for error in errors))
            outcome = service.play_now(self.user, form.cleaned_data["wish"], now=now, viewer=viewer)
        elif kind == "take":
            outcome = service.take(message["seek"], self.user, now=now)
        else:
            outcome = service.withdraw(self.user, now=now)
            # Nothing left to withdraw: a rival took the seek a moment ago, and the page has not gone yet.
            paired = service.last_pairing(self.user.pk, self.opened_at) if not outcome.closed else None
            if paired is not None:
                return {"type": "paired", "url": paired}, []
        if outcome.game is not None:
            reply = {"type": "paired", "url": outcome.game.get_absolute_url()}
        else:
            reply = {"type": "waiting", "html": waiting_box(outcome.published)}
        return reply, broadcast.messages(outcome)

    # -- what the rooms announce --------------------------------------------------

    def heard(self, event: dict) -> bool:
        """A room's change (from the ``relay``): a seek published, as the row this viewer is shown, or
        closed; True when the page now has changes to be sent."""
        if event["type"] == "lobby.seek_added":
            variant = self.viewer.shows(Card(**event["card"]))
            if variant is not None:
                self.changes.add(event["card"]["id"], event["rows"][variant])
        elif event["type"] == "lobby.seek_removed":
            self.changes.remove(event["id"])
        return bool(self.changes)

    async def send_changes(self) -> None:
        """The changes gathered since the last ones, in one message (the relay's round)."""
        message = self.changes.message()
        if message is not None:
            await self.send_json(message)

    async def show_games(self, text: str) -> None:
        """The list of games to watch, as the message this process's keeper encoded once for all its pages."""
        await self.send_text(text)

    async def lobby_paired(self, event: dict) -> None:
        """Go to the board; a pairing told again (``taken_at``) only if it happened while this page was open."""
        if "taken_at" in event and datetime.fromisoformat(event["taken_at"]) < self.opened_at:
            return
        await self.send_json({"type": "paired", "url": event["url"]})

    async def player_new_game(self, event: dict) -> None:
        """A game someone else started for this page's player (a challenge, a teacher's pairing): say so, with its link."""
        await self.send_json({"type": "new_game", "url": event["url"], "text": event["text"]})

    async def error(self, message: str, status: int) -> None:
        await self.send_json({"type": "error", "message": message, "status": status})

    async def send_json(self, data: dict) -> None:
        await self.send_text(json.dumps(data))

    async def send_text(self, text: str) -> None:
        try:
            await self.send(text_data=text)
        except SocketGone:
            # The browser left between a room's message and its disconnect event:
            # the message has nobody to reach, and the disconnect still comes to
            # clean up (crashing here would skip it, and keep the seek alive).
            pass


PAGE_MEMORY = timedelta(minutes=10)
"""How far back a page's own opening time is believed (``page_opened``)."""


def page_opened(query_string: bytes, now: datetime) -> datetime:
    """When the page behind this socket opened: its ``pagina`` (milliseconds since the epoch, written by
    the server into the page), so that a socket reconnecting is told of a pairing made while it was away;
    now for a page without it.  Believed back to ``PAGE_MEMORY`` only: at worst it sends a player to
    their own recent game.  Milliseconds, not seconds: a player whose match ended at once comes back
    to the lobby within the second of the pairing, and must not be sent to that game again."""
    value = parse_qs(query_string.decode("latin-1")).get("pagina", [""])[0]
    if not value.isdigit() or len(value) > 15:
        return now
    opened = datetime.fromtimestamp(int(value) / 1000, tz=dt_timezone.utc)
    return min(now, max(opened, now - PAGE_MEMORY))


def parse(text: str | None) -> dict | None:
    """A well-formed message, or None: a known type, a seek's id as an integer, short strings."""
    if not text or len(text) > 1000:
        return None
    try:
        message = json.loads(text)
    except ValueError:
        return None
    if not isinstance(message, dict) or message.get("type") not in KINDS:
        return None
    if message["type"] == "take":
        seek = message.get("seek")
        if not isinstance(seek, int) or isinstance(seek, bool) or not 0 < seek < 2**63:
            return None
    if any(not isinstance(message.get(name, ""), str) or len(message.get(name, "")) > 20 for name in FIELDS):
        return None
    return message
