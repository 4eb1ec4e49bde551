"""Each web process keeps the seeks of the players it serves alive, and closes the ones left behind.

A seek's lease (``Seek.expires_at``) runs for ``LOBBY_LEASE_SECONDS``.  While a
process has lobby sockets open it wakes every ``LOBBY_TICK_SECONDS``, renews
the leases of the players connected to it in one update, and closes the
seeks whose lease ran out anywhere (their creators left, or reloaded the
page and never came back), telling every lobby page.  Several processes
may close the same overdue seeks at once: each seek closes once (the
update re-checks it is still open) and removing a row twice is harmless.
Leases survive what a count of connections would not: a process that
dies renews nothing, so its players' seeks go after the lease.

The same round draws the list of public games to watch once and, when it
changed, pushes it straight to the pages of this process that show it (and
a page arriving in the meantime is shown it as drawn, not drawn again): it
changes with every game that starts or ends, and telling each of those to
every page through the channel layer cost more than all the rest of the
lobby (``bench/lobby.py``).  And it tells each player connected here, once
more and straight to their sockets, of a seek of theirs taken in the last
rounds: the
channel layer delivers each message at most once, and a creator who
missed «paired» would otherwise wait for a rival who is already on the
board.  A page ignores a pairing older than itself.  (Sent through the
layer, these reminders were dozens of publishes a round, queued with
every other message of the process: channels-redis publishes one at a
time.)


It does not end timed games on time: each one has its own task waiting
for its deadline (``play.flags``), which runs whether or not anybody has
the lobby open.  The list of games to watch drops such a game on the next
round.
"""

from __future__ import annotations

import asyncio
import json
import logging
from datetime import timedelta

from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.conf import settings
from django.utils import timezone

from . import broadcast, listing, service
from tutor.live.loops import one_per_loop

logger = logging.getLogger(__name__)


class Keeper:
    def __init__(self) -> None:
        self.pages: set = set()
        self.players: dict[int, set] = {}  # player's id -> their lobby pages in this process
        self.games_shown: str | None = None
        self.task: asyncio.Task | None = None

    def arrive(self, page, games: str | None = None) -> None:
        """A lobby socket opened here (its consumer: ``player_id`` is None for someone only watching),
        showing ``games`` (the public list) when it watches them: the list every page here shows until the next round."""
        self.pages.add(page)
        if games is not None and self.games_shown is None:
            self.games_shown = games
        if page.player_id is not None:
            self.players.setdefault(page.player_id, set()).add(page)
        if self.task is None:
            self.task = asyncio.get_running_loop().create_task(self._run())

    def leave(self, page) -> None:
        self.pages.discard(page)
        pages = self.players.get(page.player_id, set())
        pages.discard(page)
        if page.player_id is not None and not pages:
            self.players.pop(page.player_id, None)
        if not self.pages and self.task is not None:
            self.task.cancel()
            self.task = None
            self.games_shown = None  # nobody keeps it up to date any more

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(getattr(settings, "LOBBY_TICK_SECONDS", 3))
            try:
                await self.tick()
            except Exception:  # a failed round must not stop the next one
                logger.exception("keeping the lobby's seeks failed")

    async def tick(self, now=None) -> None:
        """One round: renew, close the overdue seeks, tell the rooms, the paired and the watchers (``now`` only for tests)."""
        watching = [page for page in self.pages if page.watches_games]
        found, taken, games = await database_sync_to_async(_keep, thread_sensitive=False)(
            list(self.players), now or timezone.now(), bool(watching)
        )
        layer = get_channel_layer()
        for group, message in found:
            await layer.group_send(group, message)
        for creator, url, when in taken:
            for page in list(self.players.get(creator, ())):
                await page.lobby_paired({"type": "lobby.paired", "url": url, "taken_at": when.isoformat()})
        if games is None:
            self.games_shown = None  # nobody here watches: the next arrival draws it
        elif games != self.games_shown:
            self.games_shown = games
            text = json.dumps({"type": "games", "html": games})  # encoded once for every page here
            for page in watching:
                await page.show_games(text)


def _keep(present: list[int], now, watched: bool) -> tuple[list[tuple[str, dict]], list, str | None]:
    closed = service.keep(present, now=now)
    tick = timedelta(seconds=getattr(settings, "LOBBY_TICK_SECONDS", 3))
    games = listing.game_rows(listing.watchable_games()) if watched else None
    return broadcast.messages(service.Outcome(closed=closed)), service.taken_since(present, now - 3 * tick), games


keeper = one_per_loop(Keeper)
"""The keeper of the running event loop (one per web process)."""
