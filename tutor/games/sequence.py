"""One staleness token for every game: ``seq``, moved on by every change of a practice match or a live game.

A page, a form and a socket message name the ``seq`` they were drawn from;
a decision naming another one comes from an old page (another tab, a
replayed message, a double click) and is refused with ``turn_refusals.STALE``
instead of being applied twice.  ``claim`` moves the token on with one
conditional update, so of two requests naming the same ``seq`` exactly one
goes on, on every database.
"""

from __future__ import annotations

from django.db import models
from django.db.models import F

__all__ = ["Sequenced", "claim", "moved_on", "sent_seq"]


class Sequenced(models.Model):
    """A stored game with its staleness token."""

    seq = models.PositiveIntegerField(
        "cambios", default=0, help_text="crece con cada cambio de la partida: una acción que nombra otro número llega tarde"
    )

    class Meta:
        abstract = True


def sent_seq(text: object) -> int | None:
    """The ``seq`` a request or a message names, or None when it names none (or not a number)."""
    if isinstance(text, bool):
        return None
    if isinstance(text, int):
        return text if text >= 0 else None
    if isinstance(text, str) and text.isascii() and text.isdigit() and len(text) <= 10:
        return int(text)
    return None


def moved_on(game: Sequenced) -> None:
    """Move ``game``'s token on in memory, before it is saved with the change."""
    game.seq += 1


def claim(model: type[Sequenced], pk: int, seq: int | None) -> bool:
    """Move the token of game ``pk`` on if it is still ``seq``: whether this request holds the change.

    Inside a transaction the row then stays locked until it commits, so a
    second request naming the same ``seq`` waits and then finds it gone.
    """
    if seq is None:
        return False
    return bool(model._default_manager.filter(pk=pk, seq=seq).update(seq=F("seq") + 1))
