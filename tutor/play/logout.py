"""Logging out closes the person's live connections.

A WebSocket carries the session it was opened with: without this, a game
page (or the lobby) left open would keep acting for an account that has
logged out.  Connected in ``PlayConfig.ready``.
"""

from __future__ import annotations

from django.contrib.auth.signals import user_logged_out
from django.dispatch import receiver

from .broadcast import close_sockets_of


@receiver(user_logged_out, dispatch_uid="play-close-sockets-on-logout")
def close_sockets(sender, request, user, **kwargs) -> None:
    if user is not None:
        close_sockets_of(user)
