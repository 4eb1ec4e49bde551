"""What the reviews' worker tells the open review pages of an uploaded match while it grades it.

Each piece of news is the progress itself (``Progress.as_json``), sent to
the match's group on the channel layer, which ``review_socket`` sends on
to each page as it comes: the pages do not go back to the database for it.
Only news: a page that (re)connects reads the progress from the database,
so a message that cannot be sent never stops the grading.
"""

from __future__ import annotations

import logging
import time
from typing import Callable

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from tutor.practice.background import Progress

EVERY = 0.25
"""The least time, in seconds, between two pieces of news while the worker grades (the last is always sent)."""

logger = logging.getLogger(__name__)


def review_group(pk: int) -> str:
    return f"upload-review-{pk}"


def tell_review(pk: int, news: Progress) -> None:
    """The review of uploaded match ``pk`` stands at ``news``."""
    try:
        async_to_sync(get_channel_layer().group_send)(review_group(pk), {"type": "review.changed", "progress": news.as_json()})
    except Exception as error:  # noqa: BLE001 - a lost message costs a page its next piece of news
        logger.warning("the review of uploaded match %s could not be told: %s", pk, error)


class ProgressNews:
    """One more decision graded, told at most every ``EVERY`` seconds; at the end, the progress ``final`` reads."""

    def __init__(self, pk: int, start: Progress, final: Callable[[], Progress | None]) -> None:
        self.pk = pk
        self.total = start.total
        self.done = start.done
        self.final = final
        self.told = 0.0

    def graded_one(self) -> None:
        self.done += 1
        now = time.monotonic()
        if now - self.told >= EVERY:
            self.told = now
            tell_review(self.pk, Progress(min(self.done, self.total), self.total))

    def finish(self) -> None:
        """The worker stops (done, or gnubg did not answer): the progress as the database has it."""
        last = self.final()
        if last is not None:
            tell_review(self.pk, last)
