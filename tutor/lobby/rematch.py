"""After a match: a rematch against the same rival, or «Jugar otra vez» against anyone.

A rematch offer is a seek addressed to the rival (``Seek.rival``), with the
finished game's settings, valid for a couple of minutes and never listed
in the lobby: the rival accepts or declines it on the finished game's
page.  If both offer at once, the second offer accepts the first.  A
rematch is refused, with the reason, while either player has another game
under way, and a rated one once the two have started the day's
``rating_service.PAIR_LIMIT`` rated matches together.  Each
change redraws both players' panels (``broadcast.redraw``), which is how
the offer reaches the rival, and how the new game reaches the player who
offered it.

«Jugar otra vez» is «Jugar ya» with the finished game's settings: it takes
a waiting seek like them, or publishes one.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import F

from tutor.engine import opponent
from tutor.play import time_controls
from tutor.play import service as play_service
from tutor.play.models import LiveGame
from tutor.ratings import service as rating_service

from .models import Seek
from .rooms import Viewer
from .service import LobbyError, Outcome, Wish, check_players, play_now, refused_on_race, start_from

Status = Seek.Status
OFFER_TIME = timedelta(minutes=2)
NOT_OVER = "La revancha se ofrece cuando termina el match."
NOT_A_PLAYER = "Solo los dos jugadores de esta partida pueden pedir la revancha."
BLOCKED = "Has bloqueado a tu rival, o te ha bloqueado: no volverás a jugar con esta persona."
NO_OFFER = "Tu rival ya no te ofrece la revancha."


def wish_after(game: LiveGame, *, rated: bool | None = None) -> Wish:
    """The settings of a finished game, for «Jugar otra vez» and the rematch (``rated`` when the caller knows it)."""
    rated = rating_service.is_rated(game) if rated is None else rated
    control = time_controls.control_of(game)
    return Wish(length=game.length, clock=control.key if control else "", rated=rated, classroom_id=game.classroom_id)


def again(game: LiveGame, user, *, now: datetime) -> Outcome:
    """«Jugar otra vez»: a new rival with the same settings, through the lobby."""
    _side(game, user)
    return play_now(user, wish_after(game), now=now)


def offer(game: LiveGame, user, *, now: datetime) -> Outcome:
    """``user`` offers the rival a rematch; if the rival already offered one, it starts."""
    wish = wish_after(game)
    viewer = Viewer.of(user)
    with refused_on_race(), transaction.atomic():
        game = play_service.locked(game.pk)
        side = _side(game, user)
        rival = game.player(opponent(side))
        if rival.pk in viewer.blocked:
            raise LobbyError(BLOCKED, 409)
        theirs = _open(game, rival, now=now)
        if theirs is not None:
            return _start(theirs, user, viewer, now=now, finished=game)
        mine = _open(game, user, now=now)
        if mine is not None:
            return Outcome(published=mine)
        check_players(user.pk, rival.pk, rated=wish.rated, now=now)  # asked again, under lock, when the rival accepts
        seek = Seek.objects.create(
            creator=user, creator_rating=viewer.rating, length=wish.length, clock=wish.clock, rated=wish.rated,
            classroom_id=wish.classroom_id, rival=rival, rematch_of=game, created=now, expires_at=now + OFFER_TIME,
        )
        return Outcome(published=seek)


def answer(game: LiveGame, user, *, accept: bool, now: datetime) -> Outcome:
    """The rival accepts (the rematch starts) or declines the offer."""
    viewer = Viewer.of(user)
    with refused_on_race(), transaction.atomic():
        game = play_service.locked(game.pk)
        side = _side(game, user)
        theirs = _open(game, game.player(opponent(side)), now=now)
        if theirs is None:
            raise LobbyError(NO_OFFER, 409)
        if accept:
            return _start(theirs, user, viewer, now=now, finished=game)
        theirs.status, theirs.closed_at = Status.DECLINED, now
        theirs.save(update_fields=["status", "closed_at"])
        return Outcome()


def cancel(game: LiveGame, user, *, now: datetime) -> Outcome:
    """The player takes back their offer."""
    with transaction.atomic():
        game = play_service.locked(game.pk)
        _side(game, user)
        Seek.objects.filter(rematch_of=game, creator=user, status=Status.OPEN).update(status=Status.WITHDRAWN, closed_at=now)
        return Outcome()


def offers(game: LiveGame) -> list[Seek]:
    """The rematch offers of ``game`` still standing or taken (``state`` reads them for each player)."""
    return list(Seek.objects.filter(rematch_of=game).exclude(status__in=[Status.WITHDRAWN, Status.DECLINED, Status.GONE]))


def state(game: LiveGame, user, *, now: datetime, standing: list[Seek] | None = None) -> dict:
    """Where the rematch stands for ``user``: their offer, the rival's, or the game it started.

    ``standing``: the game's ``offers``, when the caller has read them for both players.
    """
    offers_made = offers(game) if standing is None else standing
    # The game a rematch started is read only when there is one: most finished matches have no offer at all.
    started = next((seek.game for seek in offers_made if seek.status == Status.TAKEN and seek.game_id is not None), None)
    live = [seek for seek in offers_made if seek.status == Status.OPEN and seek.expires_at > now]
    return {
        "started": started,
        "mine": next((seek for seek in live if seek.creator_id == user.pk), None),
        "theirs": next((seek for seek in live if seek.rival_id == user.pk), None),
    }


def _start(seek: Seek, user, viewer: Viewer, *, now: datetime, finished: LiveGame) -> Outcome:
    """The rematch starts; the finished game's ``seq`` moves on, so its spectators' shared panel is drawn
    again and offers them to follow the players (``display.rematch_to_follow``)."""
    outcome = start_from(seek.pk, user, viewer, now=now)
    if outcome is None:
        raise LobbyError(NO_OFFER, 409)
    LiveGame.objects.filter(pk=finished.pk).update(seq=F("seq") + 1)
    return outcome


def _open(game: LiveGame, creator, *, now: datetime) -> Seek | None:
    return Seek.objects.filter(rematch_of=game, creator=creator, status=Status.OPEN, expires_at__gt=now).first()


def _side(game: LiveGame, user) -> int:
    side = game.side_of(user)
    if side is None or game.black_id is None:
        raise LobbyError(NOT_A_PLAYER, 403)
    if not game.is_over:
        raise LobbyError(NOT_OVER, 409)
    return side
