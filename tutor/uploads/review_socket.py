"""The review page's WebSocket: the worker's progress pushed to the open pages of an uploaded match.

The page answers at once with what is graded so far; this socket
(``/ws/revisar/<id>/`` for the uploader and the class's teacher,
``/ws/revisar/compartida/<token>/`` for the share link) then sends
``{"type": "progress", "done", "total", "ready", …}`` as the worker grades,
and the page fills the review in when it is ready.  The worker tells the
match's group after each decision (``news.ProgressNews``), with the figures in
the message: the pages do not go back to the database for each one.

Under ``make run`` and in production every process shares one channel
layer (Redis), so the worker's news reaches every page; the socket then
never looks at the database while the review is graded (only while it
still waits in the queue, for its place there, which other people's
reviews move).  When that layer fails, the
heartbeat (``tutor.live.heartbeat``) closes the socket, and the page looks
at the progress slowly until it can open it again.  Only the in-memory
layer of a single process, which cannot carry a worker's news, makes the
socket look at the database itself every ``REVIEW_POLL_SECONDS``.
"""

from __future__ import annotations

import asyncio
import json

from channels.db import database_sync_to_async
from channels.layers import InMemoryChannelLayer
from django.conf import settings
from django.http import Http404

from tutor.live.heartbeat import HEARTBEAT
from tutor.live.sockets import LiveSocket
from tutor.practice.background import Progress

from . import access
from .models import UploadedMatch
from .news import review_group
from .tasks import progress

FORBIDDEN_CLOSE = 4403


class UploadReviewConsumer(LiveSocket):
    """One open review page of an uploaded match, until its review is ready."""

    async def connect(self) -> None:
        if not await self.take_place():  # the same limits as every live socket (``tutor.live.sockets``)
            return
        try:
            self.match_pk = await self._find(self.scope["url_route"]["kwargs"])
        except Http404:
            self.leave_place()
            await self.close(code=FORBIDDEN_CLOSE)
            return
        self.last: dict | None = None
        await self.join(review_group(self.match_pk))  # and among its person's sockets: logging out closes it
        await self.accept()
        now = await self._progress()
        if await self.send_progress(now):
            return
        if isinstance(self.channel_layer, InMemoryChannelLayer):
            self.watch = asyncio.ensure_future(self._watch(until_taken=False))
            return
        HEARTBEAT.watch(self)
        if now["position"] is not None:
            self.watch = asyncio.ensure_future(self._watch(until_taken=True))

    async def disconnect(self, code: int) -> None:
        self.leave_place()
        HEARTBEAT.forget(self)
        watch = getattr(self, "watch", None)
        if watch is not None:
            watch.cancel()
        await self.leave_groups()

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """The page only listens: anything it sends is answered with the progress, within the sender's limit."""
        if await self.within_limit():
            await self.send_progress(await self._progress())

    async def review_changed(self, event: dict) -> None:
        """The worker's news, sent on as it came: a worker has the review, its place in the queue is over."""
        if getattr(self, "watching_queue", False):
            self.watch.cancel()
            self.watching_queue = False
        await self.send_progress(event["progress"])

    async def _watch(self, *, until_taken: bool) -> None:
        """Look at the database every ``REVIEW_POLL_SECONDS``: until the review is ready (the in-memory
        layer, which cannot carry a worker's news), or only while it waits in the queue (``until_taken``):
        its place there moves as other people's reviews are taken, which no worker tells this match."""
        self.watching_queue = until_taken
        interval = float(getattr(settings, "REVIEW_POLL_SECONDS", 2.0))
        while True:
            await asyncio.sleep(interval)
            now = await self._progress()
            if await self.send_progress(now) or (until_taken and now["position"] is None):
                self.watching_queue = False
                return

    async def send_progress(self, now: dict) -> bool:
        """Send ``now`` if it is news; whether the review is ready."""
        if now != self.last:
            self.last = now
            await self.send(text_data=json.dumps({"type": "progress", **now}))
        return bool(now["ready"])

    @database_sync_to_async
    def _find(self, kwargs: dict) -> int:
        if "token" in kwargs:
            return access.shared_match(kwargs["token"]).pk
        return access.readable_match(self.scope.get("user"), kwargs["pk"])[0].pk

    @database_sync_to_async
    def _progress(self) -> dict:
        match = UploadedMatch.objects.filter(pk=self.match_pk).first()
        return progress(match).as_json() if match is not None else Progress(0, 0).as_json()
