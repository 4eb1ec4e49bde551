"""Blocking a player and telling the site's staff about a game.

A block works both ways: neither player is shown the other's seeks,
«Jugar ya» never pairs them, and their open rematch offers close.
A report goes to the staff, listed in the admin; the reported player is
the rival in that game, and the reporter may add a comment for the staff
(nobody else reads it: players still talk only in preset phrases).
"""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q

from tutor.engine import opponent
from tutor.play.models import LiveGame

from .models import Block, Report, Seek
from .service import LobbyError

SELF = "No puedes bloquearte a ti mismo."
NOBODY = "No hay nadie con ese nombre."


def block(user, other_id: int | None, *, now: datetime):
    """``user`` blocks ``other_id`` (returned); their rematch offers to each other close."""
    other = get_user_model().objects.filter(pk=other_id).first() if other_id else None
    if other is None:
        raise LobbyError(NOBODY, 404)
    if other.pk == user.pk:
        raise LobbyError(SELF, 400)
    with transaction.atomic():
        Block.objects.get_or_create(blocker=user, blocked=other, defaults={"created": now})
        Seek.objects.filter(Q(creator=user, rival=other) | Q(creator=other, rival=user), status=Seek.Status.OPEN).update(
            status=Seek.Status.WITHDRAWN, closed_at=now
        )
    return other


def unblock(user, other_id: int | None) -> None:
    Block.objects.filter(blocker=user, blocked_id=other_id).delete()


def blocked_by(user) -> list:
    """The players ``user`` has blocked, by name."""
    return [row.blocked for row in Block.objects.filter(blocker=user).select_related("blocked").order_by("blocked__username")]


def report(game: LiveGame, user, reason: str, comment: str, *, now: datetime) -> Report:
    """``user``, who played ``game``, tells the staff about their rival in it."""
    side = game.side_of(user)
    if side is None or game.black_id is None:
        raise LobbyError("Solo los jugadores de una partida pueden avisar sobre ella.", 403)
    return Report.objects.create(
        game=game, reporter=user, reported=game.player(opponent(side)), reason=reason, comment=comment[:500], created=now
    )
