"""What the live games tell other apps, without importing them, and what they hear.

``match_finished`` is sent once when a live match (or money session) is
closed, by ``endings._close`` inside the decision's transaction, with
``game`` (the ``LiveGame``, its ``winner`` and ``final_score`` set, not yet
saved).  The games' driver has its own ``game_finished`` for each game that
ends; this one is for the match, once its winner is known (a player who
leaves before anybody moved ends the match without a game result).
Receivers that write (the ratings) therefore commit or roll back with the
end of the match.  A receiver must not wait for anything but the database:
it runs on the thread that applies every game's decisions in the process.

Logging out closes the person's live connections: a WebSocket carries the
session it was opened with, and without this a page left open would keep
acting for an account that has logged out.
"""

from __future__ import annotations

from django.contrib.auth.signals import user_logged_out
from django.dispatch import Signal, receiver

from .broadcast import close_sockets_of

match_finished = Signal()


@receiver(user_logged_out, dispatch_uid="play-close-sockets-on-logout")
def close_sockets(sender, request, user, **kwargs) -> None:
    if user is not None:
        close_sockets_of(user)
