"""The review page's WebSocket: how far gnubg has come with a finished game, until the review is ready.

The page answers at once with what is graded so far; this socket
(``/ws/jugar/<código>/revision/``) then sends ``{"type": "progress",
"done", "total", "ready"}`` whenever grading moves on, and the page fills
the review in when it is ready.  The worker grading the game tells the
game's review group after every decision (``review_news.tell_review``): with a channel
layer shared by all processes (Redis), that message arrives at once.  The
consumer also looks at the database every ``REVIEW_POLL_SECONDS``, which
is how the news arrives after a Pub/Sub message lost on the way, or with
the in-memory layer of a single process (the worker is another process).
"""

from __future__ import annotations

import asyncio
import json

from channels.db import database_sync_to_async
from django.conf import settings
from django.http import Http404

from tutor.live.sockets import TOO_MANY_CLOSE, LiveSocket

from . import game_limits
from .models import LiveGame
from .review_news import review_group
from .tasks import progress

FORBIDDEN_CLOSE = 4403


class ReviewConsumer(LiveSocket):
    async def connect(self) -> None:
        if not await self.take_place():  # the same limits as the game's socket (``tutor.live.sockets``)
            return
        try:
            self.game_pk = await self._find(self.scope["url_route"]["kwargs"]["code"])
        except (Http404, game_limits.CodeGuessing) as refused:
            self.leave_place()
            await self.close(code=FORBIDDEN_CLOSE if isinstance(refused, Http404) else TOO_MANY_CLOSE)
            return
        self.last: dict | None = None
        await self.join(review_group(self.game_pk))  # and among its person's sockets: logging out closes it
        await self.accept()
        if not await self.send_progress():
            self.watch = asyncio.ensure_future(self._watch())

    async def disconnect(self, code: int) -> None:
        self.leave_place()
        watch = getattr(self, "watch", None)
        if watch is not None:
            watch.cancel()
        await self.leave_groups()

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """The page only listens: anything it sends is answered with the progress, within the sender's limit."""
        if await self.within_limit():
            await self.send_progress()

    async def review_changed(self, event: dict) -> None:
        await self.send_progress()

    async def _watch(self) -> None:
        interval = float(getattr(settings, "REVIEW_POLL_SECONDS", 2.0))
        while True:
            await asyncio.sleep(interval)
            if await self.send_progress():
                return

    async def send_progress(self) -> bool:
        """Send the progress if it changed; whether the review is ready."""
        now = await self._progress()
        if now != self.last:
            self.last = now
            await self.send(text_data=json.dumps({"type": "progress", **now}))
        return now["ready"]

    @database_sync_to_async
    def _find(self, code: str) -> int:
        game = game_limits.find_game(self.scope.get("user"), self.place.identity, code)
        if not game.is_over:
            raise Http404("the review comes after the game")
        return game.pk

    @database_sync_to_async
    def _progress(self) -> dict:
        return progress(LiveGame.objects.get(pk=self.game_pk)).as_json()
