"""The worker's news for a game's open review pages: its review moved on.

Kept apart from the review page's socket (``review_socket.py``): the
tasks send this news and the socket reads the progress from the tasks, so
the two import one way.
"""

from __future__ import annotations

import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

logger = logging.getLogger(__name__)


def review_group(pk: int) -> str:
    return f"play-review-{pk}"


def tell_review(pk: int) -> None:
    """From the worker: the review of game ``pk`` moved on.

    Only news: the pages also look at the database, so a message that
    cannot be sent never stops the grading.
    """
    try:
        async_to_sync(get_channel_layer().group_send)(review_group(pk), {"type": "review.changed"})
    except Exception as error:  # noqa: BLE001 - a lost message costs a page one look at the database
        logger.warning("the review of game %s could not be told: %s", pk, error)
