"""Who may see, join and start which live games.

Players see their games; a class's teacher sees every game of the class
(read-only); anyone may watch a game created as public.  Class games are
never public, so a code from another class leads nowhere.  Young students
(accounts a teacher created, without e-mail) play only inside their class,
unless the teacher who created the account allows links for one of their classes.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db.models import Q, QuerySet
from django.http import Http404

from tutor.accounts.models import creator_of, is_teacher
from tutor.classroom.models import Classroom, Membership

from .models import LiveGame, Phase, normalise_code

NOT_FOUND = "No hay ninguna partida con ese código que puedas ver."
UNFINISHED = "Tienes una partida sin terminar: termínala (o déjala) antes de empezar otra; está arriba, en «Tus partidas»."
RIVAL_UNFINISHED = "Tu rival tiene una partida sin terminar: podrás jugar cuando la acabe."
CREATOR_UNFINISHED = "Quien creó esta partida está jugando otra ahora: podrás unirte cuando la acabe."


def teaches(user, game: LiveGame) -> bool:
    return bool(game.classroom is not None and user.is_authenticated and game.classroom.teacher_id == user.pk)


def can_watch(user, game: LiveGame) -> bool:
    if game.side_of(user) is not None or teaches(user, game):
        return True
    if game.classroom_id is not None:
        return False
    return game.public or game.black_id is None


def get_game(user, code: str) -> LiveGame:
    """A game the visitor may see, by its code; 404 otherwise (another class's game does not exist for them)."""
    try:  # ``get``, not ``first``: a code is unique, and ordering the games would only cost time
        game = LiveGame.objects.select_related("white", "black", "classroom").get(code=normalise_code(code))
    except LiveGame.DoesNotExist:
        raise Http404(NOT_FOUND) from None
    if not can_watch(user, game):
        raise Http404(NOT_FOUND)
    return game


def takes_part(user, code: str) -> bool:
    """Whether ``user`` plays the game of ``code`` or teaches its class: their own games stay open
    to them, even after too many guessed codes (``limits``)."""
    if not user.is_authenticated:
        return False
    game = LiveGame.objects.select_related("classroom").filter(code=normalise_code(code)).first()
    return game is not None and (game.side_of(user) is not None or teaches(user, game))


def my_games(user) -> QuerySet[LiveGame]:
    if not user.is_authenticated:
        return LiveGame.objects.none()
    return LiveGame.objects.filter(Q(white=user) | Q(black=user)).select_related("white", "black", "classroom")


def unfinished(user_ids) -> set[int]:
    """Which of these players have a live game under way (both seats taken, not over), in one query.

    Nobody starts a second game while one waits for them (every door that
    seats a player asks: the lobby, rematches, class challenges, a link's
    «Unirme» and the teacher's «Emparejar la clase»): a rival is never left alone on a board, and
    one account cannot run several games at once.  Practice games against
    the program are not live games and do not count; a game created by link
    that nobody has joined yet does not either.
    """
    ids = {pk for pk in user_ids if pk is not None}
    if not ids:
        return set()
    seated = (LiveGame.objects.filter(Q(white_id__in=ids) | Q(black_id__in=ids), black__isnull=False)
              .exclude(phase=Phase.OVER).values_list("white_id", "black_id"))
    return {pk for pair in seated for pk in pair if pk in ids}


def lock_players(user_ids) -> None:
    """Lock these players' rows, in the order of their ids, until the transaction ends.

    Every decision that starts a game for a player (a pairing, a rematch, a
    challenge) takes it before asking ``unfinished``, so two of them at once
    cannot both find the player free.  Taken after any lobby row a decision
    locks, never before, so that it cannot deadlock against them.
    """
    ids = sorted({pk for pk in user_ids if pk is not None})
    list(get_user_model().objects.select_for_update().filter(pk__in=ids).order_by("pk").values_list("pk", flat=True))


def is_young(user) -> bool:
    """An account a teacher created for a student: it plays inside the class only, by default."""
    return creator_of(user) is not None


def may_use_links(user) -> bool:
    """Whether ``user`` may create or join games by link or code, outside a class.

    For an account a teacher created, only that teacher's classes decide: a
    child who joins another class by its code does not get links from
    whoever teaches it.
    """
    creator = creator_of(user)
    if creator is None:
        return True
    return Classroom.objects.filter(teacher_id=creator, memberships__student=user, play_settings__allow_links=True).exists()


def classmates(user) -> list[tuple[Classroom, list]]:
    """The student's classes and, for each, the other students they may challenge."""
    found = []
    for classroom in Classroom.objects.filter(memberships__student=user).distinct():
        others = [m.student for m in Membership.objects.filter(classroom=classroom).select_related("student").exclude(student=user)]
        found.append((classroom, others))
    return found


def taught_classes(user) -> QuerySet[Classroom]:
    if not is_teacher(user):
        return Classroom.objects.none()
    return Classroom.objects.filter(teacher=user)
