"""Seeks and pairing: «Jugar ya», taking a seek, withdrawing it, and the leases that keep seeks alive.

Every function takes ``now`` (the time is injected, so tests never sleep)
and returns an ``Outcome``: the game it started, the seek it published,
and the seeks it closed, which ``broadcast`` then tells the lobby about
once the transaction has committed.

Pairing is atomic.  Taking a seek locks its row (and the taker's own open
seek, in the order of their ids, so two players taking each other's seek
at once cannot deadlock): of two players accepting the same seek at once,
the second finds it taken.  «Jugar ya» first locks its room's row, so two
players pressing it with nobody waiting meet instead of both waiting
(one row per kind of game in a room: only players asking for the same
game can meet, so the others never wait for that lock).
The game starts in the same transaction as the seek closes: a seek is
never taken without its game, nor a game made from a seek twice.

Nobody is paired while a live game of theirs is under way, and two
players start at most ``rating_service.PAIR_LIMIT`` rated matches together a
day: a pairing locks both players' rows (after the seeks', always in that
order) and asks again under the lock, so two pairings at once cannot both
find a player free.  A press that loses a race to another of the same
player's is refused with a 409 and a sentence, never an error.

A seek lives while its creator is in the lobby: ``expires_at`` is a lease
that every process renews for the players whose lobby pages it serves
(``keep``); once they leave (or reload and do not come back) it runs out
and ``keep`` closes the seek as gone.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.conf import settings
from django.db import IntegrityError, OperationalError, transaction
from django.db.models import Q

from tutor.play import access, time_controls
from tutor.play import service as play_service
from tutor.play.models import LiveGame
from tutor.ratings import service as rating_service

from .models import PUBLIC_ROOM, Room, Seek, room_key
from .rooms import Card, Viewer

Status = Seek.Status
LENGTHS = (0, 1, 3, 5, 7)
SPREADS = (100, 200, 400)
CLAIM_MINUTES = 5
"""How long an untimed lobby game waits for an absent rival before it can be claimed."""

GONE = "Esta búsqueda ya no está abierta: alguien se te ha adelantado o quien la publicó se ha ido."
OWN = "Es tu propia búsqueda: espera a que alguien la acepte, o retírala."
NOT_HERE = "No juegas en esa sala."
NO_SUCH_SEEK = "No hay ninguna búsqueda así en tus salas."
SIGN_IN = "Entra con tu cuenta para jugar."
OUT_OF_RANGE = "Quien publicó esta búsqueda quiere un rival con otra puntuación."
PAIR_LIMIT_REACHED = (
    f"Ya habéis empezado {rating_service.PAIR_LIMIT} matches puntuables entre vosotros en las últimas 24 horas, "
    "el máximo entre dos jugadores: este no puntuaría. Busca otro rival, o jugad sin «Puntúa»."
)
CROSSED = "Otra petición tuya se ha cruzado con esta en el mismo instante: mira la sala y vuelve a intentarlo si hace falta."


class LobbyError(Exception):
    """Something the lobby does not allow now: a Spanish message and an HTTP status."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


class Unavailable(LobbyError):
    """This seek cannot start a game now for a reason of its creator's (a game under way, the day's limit
    of rated matches between the two): «Jugar ya» passes on, «Aceptar» says why."""

    def __init__(self, message: str) -> None:
        super().__init__(message, 409)


RACES = {"40P01", "40001"}
"""PostgreSQL's deadlock and serialization failures: two requests crossed, and the database chose one."""


@contextmanager
def refused_on_race() -> Iterator[None]:
    """Two requests that crossed (a constraint the database enforces, or one of them chosen by it): a 409, not a 500."""
    try:
        yield
    except IntegrityError as clash:
        raise LobbyError(CROSSED, 409) from clash
    except OperationalError as clash:
        if getattr(clash.__cause__, "sqlstate", None) not in RACES:
            raise
        raise LobbyError(CROSSED, 409) from clash


@dataclass(frozen=True)
class Wish:
    """What a player asks for when they press «Jugar ya»."""

    length: int = 3
    clock: str | bool = ""
    """The key of a time control (``play.time_controls.CONTROLS``), «» without a clock; ``True``: the usual one."""
    rated: bool = True
    spread: int | None = None
    classroom_id: int | None = None

    def __post_init__(self) -> None:
        if isinstance(self.clock, bool):
            object.__setattr__(self, "clock", time_controls.DEFAULT.key if self.clock else "")
        if self.clock and self.clock not in time_controls.BY_KEY:
            raise LobbyError(time_controls.UNKNOWN_CONTROL)
        if self.length not in LENGTHS:
            raise LobbyError("Elige una partida por dinero o un match a 1, 3, 5 o 7 puntos.")
        if self.spread is not None and self.spread not in SPREADS:
            raise LobbyError("Elige la diferencia de puntuación entre las de la lista.")
        if self.rated and not self.length:
            raise LobbyError("Las partidas por dinero no puntúan: elige un match o quita «Puntúa».")
        if self.rated and self.classroom_id is not None:
            raise LobbyError("Las partidas de un grupo no puntúan: quita «Puntúa».")

    @staticmethod
    def may_be_rated(length: int, classroom_id: int | None) -> bool:
        """Only matches in the public room are rated: money games and a class's games never are."""
        return bool(length) and classroom_id is None

    @property
    def room(self) -> str:
        return room_key(self.classroom_id)

    @property
    def pairing_key(self) -> str:
        """The room and the settings a rival must ask for too (the spread only narrows who may take)."""
        return f"{self.room}:{self.length}:{self.clock or 'untimed'}:{'rated' if self.rated else 'unrated'}"


@dataclass
class Outcome:
    game: LiveGame | None = None
    published: Seek | None = None
    taken: Seek | None = None
    closed: list[Card] = field(default_factory=list)


def lease() -> timedelta:
    return timedelta(seconds=getattr(settings, "LOBBY_LEASE_SECONDS", 12))


# -- «Jugar ya» and publishing ----------------------------------------------------


def play_now(user, wish: Wish, *, now: datetime, viewer: Viewer | None = None) -> Outcome:
    """Take the oldest seek ``user`` may take with these settings, or publish one and wait.

    ``viewer`` is ``user`` as the lobby sees them, when the caller has read it already.
    """
    viewer = _player(user, wish.room, viewer)
    with refused_on_race(), transaction.atomic():
        _lock_room(wish.pairing_key)
        if access.unfinished([user.pk]):
            raise LobbyError(access.UNFINISHED, 409)
        found = list(candidates(user, viewer, wish, now=now).values_list("pk", "creator_id")[:5])
        busy = access.unfinished(creator for _, creator in found)
        for seek_id, creator_id in found:
            if creator_id in busy:
                continue
            try:
                outcome = start_from(seek_id, user, viewer, now=now)
            except Unavailable:
                # Its creator became unavailable a moment ago.  Both players' rows are locked now:
                # no further seek may be locked after them (``start_from``), so this press waits instead.
                break
            if outcome is not None:
                return outcome
        return _publish(user, viewer, wish, now=now)


def _lock_room(key: str) -> None:
    """Lock the row of ``key`` (a room and a kind of game) for the rest of the transaction (created the first time)."""
    if not Room.objects.select_for_update().filter(key=key).exists():
        Room.objects.get_or_create(key=key)
        Room.objects.select_for_update().get(key=key)


def candidates(user, viewer: Viewer, wish: Wish, *, now: datetime):
    """Open seeks with exactly these settings that ``user`` may take, oldest first.

    One ``filter`` with every condition: each further ``filter`` or
    ``exclude`` copies the query, and building this one was the costliest
    step of «Jugar ya» (``bench/lobby.py``).
    """
    rating = viewer.rating
    conditions = (
        Q(status=Status.OPEN, rival__isnull=True, expires_at__gt=now, length=wish.length, clock=wish.clock,
          rated=wish.rated, classroom_id=wish.classroom_id)  # None: the public room
        & ~Q(creator_id=user.pk)
        & (Q(min_rating__isnull=True) | Q(min_rating__lte=rating))
        & (Q(max_rating__isnull=True) | Q(max_rating__gte=rating))
    )
    if viewer.blocked:
        conditions &= ~Q(creator_id__in=viewer.blocked)
    if wish.spread is not None:
        conditions &= Q(creator_rating__gte=rating - wish.spread, creator_rating__lte=rating + wish.spread)
    if wish.rated:
        enough = rating_service.rivals_at_limit(user.pk, now=now)
        if enough:
            conditions &= ~Q(creator_id__in=enough)
    return Seek.objects.filter(conditions).order_by("created", "pk")


def _publish(user, viewer: Viewer, wish: Wish, *, now: datetime) -> Outcome:
    """A new open seek; the player's previous one, if any, is withdrawn (one open seek each).

    Two presses of the same player for different games (each behind its own
    room's lock) may publish at once: the second's insert waits for the
    first's to commit and breaks the one-open-seek constraint, so it closes
    that seek too and publishes again, as if it had come a moment later.
    """
    low = high = None
    if wish.spread is not None:
        low, high = max(0, round(viewer.rating) - wish.spread), round(viewer.rating) + wish.spread
    closed: list[Card] = []
    for attempt in range(2):
        closed += _close_own(user, now=now)
        try:
            with transaction.atomic():
                seek = Seek.objects.create(
                    creator=user, creator_rating=viewer.rating, length=wish.length, clock=wish.clock, rated=wish.rated,
                    min_rating=low, max_rating=high, classroom_id=wish.classroom_id, created=now, expires_at=now + lease(),
                )
            break
        except IntegrityError:
            if attempt:
                raise
    if wish.classroom_id is None and not viewer.entered:
        rating_service.enter(user)
    return Outcome(published=seek, closed=closed)


def withdraw(user, *, now: datetime) -> Outcome:
    """The player stops looking: their open seek closes."""
    with transaction.atomic():
        return Outcome(closed=_close_own(user, now=now))


def _close_own(user, *, now: datetime, status: str = Status.WITHDRAWN) -> list[Card]:
    own = list(Seek.objects.select_for_update().filter(creator=user, status=Status.OPEN, rival__isnull=True))
    for seek in own:
        seek.status, seek.closed_at = status, now
        seek.save(update_fields=["status", "closed_at"])
    return [Card.of(seek) for seek in own]


# -- taking a seek ------------------------------------------------------------------


def take(seek_id: int, user, *, now: datetime) -> Outcome:
    """``user`` accepts one seek (its «Aceptar»): the match starts, or a Spanish refusal."""
    if not user.is_authenticated:
        raise LobbyError(SIGN_IN, 403)
    viewer = Viewer.of(user)
    seek = Seek.objects.filter(pk=seek_id).first()
    if seek is None or seek.room not in viewer.playing_keys or seek.rival_id not in (None, user.pk):
        raise LobbyError(NO_SUCH_SEEK, 404)  # another room's seeks do not exist for this player
    if seek.creator_id == user.pk:
        raise LobbyError(OWN, 409)
    if seek.status != Status.OPEN or seek.expires_at <= now or seek.creator_id in viewer.blocked:
        raise LobbyError(GONE, 409)
    if not Card.of(seek).admits(viewer.rating):
        raise LobbyError(OUT_OF_RANGE, 409)
    with refused_on_race(), transaction.atomic():
        outcome = start_from(seek.pk, user, viewer, now=now)
    if outcome is None:
        raise LobbyError(GONE, 409)
    return outcome


def start_from(seek_id: int, user, viewer: Viewer, *, now: datetime) -> Outcome | None:
    """Inside a transaction: close the seek and start its match, or None when it is no longer open.

    ``user`` plays Black against the seek's creator, in a game with the
    seek's settings (a rematch copies the finished game's).  Refused
    (``LobbyError``) while ``user`` has a game under way; ``Unavailable``
    while the creator has one, or when a rated match would pass the day's
    limit between the two.
    """
    # The seek and the taker's own open one, locked in the order of their ids (no deadlock between two
    # players taking each other's), with the seek's creator, who plays White (only the seeks' rows locked).
    locked = {seek.pk: seek for seek in Seek.objects.select_for_update(of=("self",)).select_related("creator").filter(
        Q(pk=seek_id) | Q(creator=user, status=Status.OPEN, rival__isnull=True)).order_by("pk")}
    own_ids = [pk for pk, seek in locked.items() if seek.creator_id == user.pk and pk != seek_id]
    seek = locked.get(seek_id)
    if seek is None or seek.status != Status.OPEN or seek.expires_at <= now or seek.creator_id == user.pk:
        return None
    if seek.creator_id in viewer.blocked or seek.rival_id not in (None, user.pk):
        return None
    access.lock_players([user.pk, seek.creator_id])  # after the seeks' rows, never before (no deadlock)
    check_players(user.pk, seek.creator_id, rated=seek.rated, now=now)
    origin = seek.rematch_of
    game = play_service.create_game(
        seek.creator, black=user, length=seek.length, classroom=seek.classroom,
        claim_minutes=origin.claim_minutes if origin else CLAIM_MINUTES,
        highlight=origin.highlight if origin else True,
        public=origin.public if origin else seek.classroom_id is None,
        clock=seek.clock,
    )
    if seek.rated:
        rating_service.mark_rated(game, now=now)
    seek.status, seek.taker, seek.game, seek.closed_at = Status.TAKEN, user, game, now
    seek.save(update_fields=["status", "taker", "game", "closed_at"])
    closed = [Card.of(seek)] if seek.rival_id is None else []
    for own in (locked[pk] for pk in own_ids if pk in locked):
        if own.status == Status.OPEN:
            own.status, own.closed_at = Status.WITHDRAWN, now
            own.save(update_fields=["status", "closed_at"])
            closed.append(Card.of(own))
    if seek.classroom_id is None and not viewer.entered:
        rating_service.enter(user)
    return Outcome(game=game, taken=seek, closed=closed)


def check_players(user_id: int, rival_id: int, *, rated: bool, now: datetime) -> None:
    """Refuse a game between these two while either has one under way, or a rated one past the day's limit."""
    busy = access.unfinished([user_id, rival_id])
    if user_id in busy:
        raise LobbyError(access.UNFINISHED, 409)
    if rival_id in busy:
        raise Unavailable(access.RIVAL_UNFINISHED)
    if rated and rating_service.pair_at_limit(user_id, rival_id, now=now):
        raise Unavailable(PAIR_LIMIT_REACHED)


def _player(user, room: str, viewer: Viewer | None = None) -> Viewer:
    """The viewer behind a decision, refused unless they play in ``room``."""
    if not user.is_authenticated:
        raise LobbyError(SIGN_IN, 403)
    viewer = viewer or Viewer.of(user)
    if room not in viewer.playing_keys:
        raise LobbyError(NOT_HERE, 403)
    return viewer


# -- leases ------------------------------------------------------------------------


def keep(present: list[int], *, now: datetime) -> list[Card]:
    """Renew the leases of the seeks of ``present`` players; close the overdue ones as gone.

    Each process calls it every few seconds for the players whose lobby
    pages it serves.  A seek closes once: the update re-checks that it is
    still open, so a seek taken meanwhile stays taken.
    """
    with transaction.atomic():
        # Rows locked by a pairing under way are skipped, not waited for: the
        # pairing closes them anyway, and a process waiting here would keep its
        # players waiting behind it.
        if present:
            renewing = _unlocked(Seek.objects.filter(status=Status.OPEN, rival__isnull=True, creator_id__in=present))
            Seek.objects.filter(pk__in=renewing).update(expires_at=now + lease())
        overdue = list(Seek.objects.filter(pk__in=_unlocked(Seek.objects.filter(status=Status.OPEN, expires_at__lte=now))[:500]))
        Seek.objects.filter(pk__in=[seek.pk for seek in overdue]).update(status=Status.GONE, closed_at=now)
    return [Card.of(seek) for seek in overdue if seek.rival_id is None]


def _unlocked(seeks) -> list[int]:
    """The ids of ``seeks`` that nobody else has locked, locked now until the end of the transaction."""
    return list(seeks.select_for_update(skip_locked=True).order_by("pk").values_list("pk", flat=True))


def taken_since(creator_ids: list[int], since: datetime) -> list[tuple[int, str, datetime]]:
    """``(creator, game's url, when)`` for the seeks of these players taken since ``since``.

    The lobby tells a creator their seek was taken through the channel
    layer, at most once; each process tells its players again from here
    (``keeper``), so a lost message costs a few seconds, not a game.
    """
    if not creator_ids:
        return []
    taken = (Seek.objects.filter(status=Status.TAKEN, rival__isnull=True, creator_id__in=creator_ids, closed_at__gte=since)
             .exclude(game__isnull=True).values_list("creator_id", "game__code", "closed_at"))
    return [(creator, LiveGame(code=code).get_absolute_url(), when) for creator, code, when in taken if when is not None]


def last_pairing(user_id: int, since: datetime) -> str | None:
    """The game's url of the latest seek of this player taken since ``since``, if any (``taken_since``)."""
    taken = taken_since([user_id], since)
    return max(taken, key=lambda found: found[2])[1] if taken else None


def renew(user, *, now: datetime) -> None:
    """The player is (again) in the lobby: their open seek lives on (a reloaded page keeps it)."""
    if user.is_authenticated:
        Seek.objects.filter(status=Status.OPEN, rival__isnull=True, creator=user, expires_at__gt=now).update(expires_at=now + lease())


def waiting(user, *, now: datetime) -> Seek | None:
    """The player's open seek, if they are waiting for a rival."""
    if not user.is_authenticated:
        return None
    return Seek.objects.filter(creator=user, status=Status.OPEN, rival__isnull=True, expires_at__gt=now).select_related("classroom").first()


def listed(viewer: Viewer, *, now: datetime, limit: int = 200) -> list[Seek]:
    """The open seeks ``viewer`` is shown, oldest first."""
    ids = [room.classroom_id for room in viewer.rooms if room.classroom_id is not None]
    where = Q(classroom_id__in=ids)
    if PUBLIC_ROOM in viewer.keys:
        where |= Q(classroom__isnull=True)
    seeks = (Seek.objects.filter(where, status=Status.OPEN, rival__isnull=True, expires_at__gt=now)
             .select_related("creator", "classroom").order_by("created", "pk")[:limit])
    return [seek for seek in seeks if viewer.shows(Card.of(seek))]
