"""Who is in which room of the lobby, and what each viewer is shown of a seek.

Rooms: the public one, and one per class.  Only accounts their owners
created play in the public room; accounts a teacher created play only in
their class's room, as they play only inside the class.  A teacher watches
the rooms of the classes they teach, and anyone, signed in or not, may
watch the public room: watchers see the seeks but send nothing.

``Viewer.shows`` is the one place that decides what a viewer sees of a
seek: its creator sees it as theirs (to withdraw), a player of its room
who may take it sees it with «Aceptar» (their rating inside its range,
neither of them blocking the other), a watcher sees it read-only, and
anyone else does not see it.  The page and the lobby's socket both ask it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from django.db.models import F, Q

from tutor.accounts.models import made_by_a_teacher
from tutor.classroom.models import Classroom, Membership
from tutor.play.access import is_young
from tutor.ratings.fibs import START_RATING
from tutor.ratings.service import rating_if_entered

from .models import PUBLIC_ROOM, Block, room_key

MINE, TAKE, VIEW = "mine", "take", "view"


@dataclass(frozen=True)
class Room:
    key: str
    label: str
    classroom_id: int | None
    plays: bool


def rooms_for(user) -> list[Room]:
    """The rooms ``user`` sees, the ones they play in first (two queries: every page of the lobby asks)."""
    if not user.is_authenticated:
        return [Room(PUBLIC_ROOM, "Sala pública", None, plays=False)]
    classes = (Classroom.objects.filter(Q(memberships__student=user) | Q(teacher=user)).distinct()
               .order_by("name").values_list("pk", "name", "teacher_id"))
    studied: list[Room] = []
    taught: list[Room] = []
    for pk, name, teacher_id in classes:
        teaches = teacher_id == user.pk
        (taught if teaches else studied).append(Room(room_key(pk), f"Sala de {name}", pk, plays=not teaches))
    if is_young(user):
        return studied
    return [Room(PUBLIC_ROOM, "Sala pública", None, plays=True), *studied, *taught]


def blocked_ids(user) -> set[int]:
    """Everyone ``user`` blocked or who blocked ``user``: they never meet in the lobby."""
    if not user.is_authenticated:
        return set()
    pairs = Block.objects.filter(Q(blocker=user) | Q(blocked=user)).values_list("blocker_id", "blocked_id")
    return {other for pair in pairs for other in pair if other != user.pk}


def playing_in(user_ids, classroom_id: int | None) -> set[int]:
    """Which of these accounts play in the room of ``classroom_id`` (None: the public one), as ``rooms_for``
    decides, in one query: the end of every match asks it for both players (``display.after_match``)."""
    ids = [pk for pk in user_ids if pk is not None]
    if not ids:
        return set()
    if classroom_id is None:
        return set(ids) - made_by_a_teacher(ids)  # young accounts (``is_young``) play in their class only
    return set(Membership.objects.filter(classroom_id=classroom_id, student_id__in=ids)
               .exclude(classroom__teacher_id=F("student_id")).values_list("student_id", flat=True))


def blocks_between(user, other_id: int) -> bool:
    """Whether ``user`` blocked ``other_id`` or was blocked by them (``blocked_ids`` for one pair, in one query)."""
    return user.is_authenticated and Block.objects.filter(
        Q(blocker=user, blocked_id=other_id) | Q(blocker_id=other_id, blocked=user)).exists()


@dataclass(frozen=True)
class Card:
    """What deciding who sees a seek needs, small enough to travel with every lobby message."""

    id: int
    creator: int
    room: str
    min: int | None
    max: int | None

    @classmethod
    def of(cls, seek) -> "Card":
        return cls(seek.pk, seek.creator_id, seek.room, seek.min_rating, seek.max_rating)

    def admits(self, rating: float) -> bool:
        return (self.min is None or rating >= self.min) and (self.max is None or rating <= self.max)


@dataclass(frozen=True)
class Viewer:
    """Someone looking at the lobby: their rooms, rating and blocks, read once per page or socket.

    ``entered``: they have a rating of their own already (``ratings.enter``),
    so pairing them need not create it.
    """

    user_id: int | None
    rating: float
    rooms: tuple[Room, ...]
    blocked: frozenset[int] = field(default_factory=frozenset)
    entered: bool = False

    @classmethod
    def of(cls, user) -> "Viewer":
        if not user.is_authenticated:
            return cls(None, 0.0, tuple(rooms_for(user)))
        rating = rating_if_entered(user.pk)
        return cls(user.pk, START_RATING if rating is None else rating, tuple(rooms_for(user)),
                   frozenset(blocked_ids(user)), entered=rating is not None)

    def refreshed(self, user) -> "Viewer":
        """The same rooms, with the rating and blocks read again (two queries where ``of`` needs three).

        A lobby socket decides with the rooms it joined when it opened; a
        rating changes after every match, and blocks whenever a player wishes.
        """
        rating = rating_if_entered(user.pk)
        return replace(self, rating=START_RATING if rating is None else rating, entered=rating is not None,
                       blocked=frozenset(blocked_ids(user)))

    @property
    def keys(self) -> set[str]:
        return {room.key for room in self.rooms}

    @property
    def playing_keys(self) -> set[str]:
        return {room.key for room in self.rooms if room.plays}

    @property
    def plays(self) -> bool:
        return bool(self.playing_keys)

    def room(self, key: str) -> Room | None:
        return next((room for room in self.rooms if room.key == key), None)

    def shows(self, card: Card) -> str | None:
        """``MINE``, ``TAKE``, ``VIEW`` or ``None`` (not shown)."""
        if card.creator == self.user_id:
            return MINE
        if card.room in self.playing_keys:
            return TAKE if card.creator not in self.blocked and card.admits(self.rating) else None
        return VIEW if card.room in self.keys else None
