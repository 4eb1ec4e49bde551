"""Logging out closes the person's live connections.

A WebSocket carries the session it was opened with: without this, a game
page (or the lobby, or a review) left open would keep acting for an
account that has logged out.  Every socket of the person, of every kind,
in every process, hears it through ``people``.  Connected in
``LiveConfig.ready``.
"""

from __future__ import annotations

import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.contrib.auth.signals import user_logged_out
from django.dispatch import receiver

from .people import message_for

logger = logging.getLogger(__name__)

SESSION_ENDED = {"type": "session.ended"}


def close_sockets_of(user) -> None:
    """Close every live socket of ``user`` (they logged out): games, reviews, the lobby; pages still signed in reconnect."""
    group, event = message_for(user.pk, SESSION_ENDED)
    try:
        async_to_sync(get_channel_layer().group_send)(group, event)
    except Exception as problem:  # noqa: BLE001 - logging out never fails because the channel layer is down
        logger.warning("Channel layer unavailable (%s): %s not sent to %s", problem, event["type"], group)


@receiver(user_logged_out, dispatch_uid="live-close-sockets-on-logout")
def close_sockets(sender, request, user, **kwargs) -> None:
    if user is not None:
        close_sockets_of(user)
