"""The door of a live game: every decision of either player comes in here, refereed by the engine.

``act`` is the one door for the decisions of a game under way, with one
table of the kinds of message (``KINDS``): it checks that the sender plays
this game, that the message names the game's current ``seq`` (a replayed
or stale message does not) and that it is their turn to do this, then runs
it: the turns are in ``turns`` (roll, double,
take, drop, play), the endings in ``endings`` (offers to resign and their
answers, leaving, claims), both on the shared game driver
(``tutor.games.driver``).  Creating, joining and the preset phrases are
here.  The rules are the engine's; the dice are thrown on the server
(``tutor.games.dice``: the operating system's secure generator, a seed only
in tests).

Callers run each function in one transaction on a row locked with
``select_for_update`` (``locked``), so two messages of the same game are
never applied at once, and a refused decision changes nothing but the
refused-play counter.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import Enum
from typing import Callable

from django.db import transaction

from tutor.engine import Match, Position
from tutor.games.errors import GameError, IllegalPlay
from tutor.rules import STALE, AnswerJudged, Source, answer_judged

from . import access, clocks, endings, game_limits, time_controls, turn_records, turns
from .endings import ANSWER_OFFER_FIRST, leaving_result  # noqa: F401  (part of the door's interface)
from .models import LiveAction, LiveGame, Phase, RefusedPlay
from .records import record, save

Kind = LiveAction.Kind

PHRASES = {
    "suerte": "¡Suerte!",
    "buena": "¡Buena partida!",
    "bien": "¡Bien jugado!",
    "gracias": "¡Gracias!",
    "uy": "¡Uy!",
    "otra": "¿Jugamos otra?",
}
"""The only things players may say to each other: no free text (many players are children)."""

NOT_YOUR_TURN = "No es tu turno: espera a que juegue tu rival."
NOT_A_PLAYER = "Solo los dos jugadores pueden actuar en esta partida; tú puedes mirarla."
OVER = "La partida ha terminado."
OFFER_PENDING = "Hay una oferta de rendición sin responder: hasta que tu rival acepte o rechace, nadie puede tirar, mover ni doblar."


# -- starting ---------------------------------------------------------------------


def create_game(white, *, length: int = 0, claim_minutes: int = 5, highlight: bool = True, public: bool = False,
                classroom=None, black=None, jacoby: bool = False, timed: bool = False, clock: str = "",
                beavers: bool = False) -> LiveGame:
    """A new game created by ``white``; with ``black`` already chosen it starts at once.

    The Jacoby rule is a money-play rule: a match ignores it.  A timed game
    has a clock (``clocks``) instead of claims after a wait: the control
    named ``clock`` (``time_controls.CONTROLS``), or the usual one for ``timed``.
    """
    try:
        control = time_controls.control_named(clock) or (time_controls.DEFAULT if timed else None)
    except ValueError as unknown:
        raise GameError(str(unknown), 400) from None
    game = LiveGame(
        white=white, length=length, claim_minutes=claim_minutes, highlight=highlight, public=public,
        classroom=classroom, jacoby=jacoby and not length, beavers=beavers and not length, xgid=Position.initial(match_length=length).to_xgid(),
    )
    clocks.set_up(game, control)
    game.save()
    if black is not None:
        join(game, black)
    return game


def challenge(challenger, rival, classroom, *, length: int = 3) -> LiveGame:
    """A class game between two classmates, started at once, unless either has a game under way.

    Both players' rows are locked first: a burst of challenges (or a pairing
    in the lobby at the same moment) starts one game, and the others are
    refused with the reason.
    """
    with transaction.atomic():
        access.lock_players([challenger.pk, rival.pk])
        busy = access.unfinished([challenger.pk, rival.pk])
        if challenger.pk in busy:
            raise GameError(access.UNFINISHED, 409)
        if rival.pk in busy:
            raise GameError(access.RIVAL_UNFINISHED, 409)
        return create_game(challenger, length=length, classroom=classroom, black=rival)


@dataclass(frozen=True)
class ClassPairing:
    """What «Emparejar la clase» did: the games started, who was left out because a game of
    theirs is under way, and who had no rival (an odd number of free students)."""

    games: list[LiveGame] = field(default_factory=list)
    playing: list = field(default_factory=list)
    unpaired: object | None = None


def pair_class(classroom, students, *, length: int = 3) -> ClassPairing:
    """Pair the free ``students`` of ``classroom`` at random, one match each pair, started at once.

    A student with a live game under way is not paired (one game at a time,
    as at every door): all the students' rows are locked first, as a
    challenge locks its two, so a challenge or a pairing of the lobby at the
    same moment cannot give anyone a second game.
    """
    with transaction.atomic():
        access.lock_players(student.pk for student in students)
        busy = access.unfinished(student.pk for student in students)
        free = [student for student in students if student.pk not in busy]
        random.SystemRandom().shuffle(free)
        games = [create_game(white, length=length, classroom=classroom, black=black) for white, black in zip(free[0::2], free[1::2])]
    playing = [student for student in students if student.pk in busy]
    return ClassPairing(games, playing, free[-1] if len(free) % 2 else None)


def join_refusal(game: LiveGame, user) -> str:
    """Why ``user`` may not take the free seat of ``game`` now, or ``""``: one of them has a live game under way."""
    busy = access.unfinished([user.pk, game.white_id])
    if user.pk in busy:
        return access.UNFINISHED
    return access.CREATOR_UNFINISHED if game.white_id in busy else ""


def join_by_link(pk: int, user) -> LiveGame:
    """``user`` takes the free seat of the game ``pk``, reached by its link or code, unless either
    player has a game under way (``GameError`` 409, the reason in Spanish).

    Both players' rows are locked before the game's, as a class challenge
    locks them, so a link followed at the moment the lobby pairs the same
    player seats them once.
    """
    creator = LiveGame.objects.values_list("white_id", flat=True).get(pk=pk)
    with transaction.atomic():
        access.lock_players([user.pk, creator])
        game = locked(pk)
        if game.phase == Phase.WAITING and game.black_id is None and user.pk != game.white_id:
            refusal = join_refusal(game, user)
            if refusal:
                raise GameError(refusal, 409)
        join(game, user)
    return game


def join(game: LiveGame, user) -> None:
    """``user`` takes the free seat (Black) and the first game starts with the opening roll."""
    if game.phase != Phase.WAITING or game.black_id is not None and game.black_id != user.pk:
        raise GameError("Esta partida ya tiene dos jugadores; puedes mirarla si es pública.", 409)
    if user.pk == game.white_id:
        raise GameError("No puedes jugar contra ti mismo: comparte el enlace o el código con tu rival.", 400)
    game.black = user
    turn_records.opening(game, Match.new(game.length))
    save(game)


# -- the door for every decision ------------------------------------------------------


def locked(pk: int) -> LiveGame:
    """The game row, locked until the end of the transaction, with its players (to draw the panels after)."""
    return LiveGame.objects.select_for_update(of=("self",)).select_related("white", "black").get(pk=pk)


class Stage(Enum):
    """Which checks a kind of message passes before it runs, in the order ``act`` makes them."""

    ANY_TIME = "any time"
    """A preset phrase: said at any moment, even after the end; it changes no state and names no ``seq``."""
    ON_TIME = "on time"
    """A claim that the rival's time ran out: the game must be under way; the clock decides, not the ``seq``."""
    GAME = "game"
    """Leaving, claiming, offering to resign and answering: the game under way at the ``seq`` named."""
    TURN = "turn"
    """Rolling, doubling, answering a double, moving: also no offer left unanswered, and the sender's turn."""


@dataclass(frozen=True)
class Message:
    """What a message carries besides its kind: the ``seq`` it was sent from, a play, a phrase, a level."""

    seq: int | None = None
    play: str = ""
    phrase: str = ""
    level: str = ""


@dataclass(frozen=True)
class Door:
    """One kind of message: what it runs on the locked game for the sender's side, after its ``stage``'s checks."""

    run: Callable[[LiveGame, int, Message], LiveAction | None]
    stage: Stage


KINDS: dict[str, Door] = {
    "phrase": Door(lambda game, side, message: say(game, side, message.phrase), Stage.ANY_TIME),
    "flag": Door(lambda game, side, message: endings.flag(game), Stage.ON_TIME),
    "resign": Door(lambda game, side, message: endings.resign(game, side), Stage.GAME),
    "claim": Door(lambda game, side, message: endings.claim(game, side), Stage.GAME),
    "abort": Door(lambda game, side, message: endings.abort(game, side), Stage.GAME),
    "offer": Door(lambda game, side, message: endings.offer(game, side, message.level), Stage.GAME),
    "accept": Door(lambda game, side, message: endings.answer_offer(game, side, True), Stage.GAME),
    "reject": Door(lambda game, side, message: endings.answer_offer(game, side, False), Stage.GAME),
    "roll": Door(lambda game, side, message: turns.roll(game, side), Stage.TURN),
    "double": Door(lambda game, side, message: turns.double(game, side), Stage.TURN),
    "take": Door(lambda game, side, message: turns.answer(game, side, True), Stage.TURN),
    "drop": Door(lambda game, side, message: turns.answer(game, side, False), Stage.TURN),
    "beaver": Door(lambda game, side, message: turns.beaver(game, side), Stage.TURN),
    "move": Door(lambda game, side, message: turns.move(game, side, message.play), Stage.TURN),
}
"""Every kind of message a player sends, in one table: the socket, the form and the tests go through it."""


def act(game: LiveGame, user, kind: str, *, seq: int | None = None, play: str = "", phrase: str = "",
        level: str = "") -> LiveAction | None:
    """Run one player's decision on the current state, or raise ``GameError``/``IllegalPlay``.

    The checks come in one order, each kind stopping at its ``Stage``: the
    sender plays this game and the kind exists; the game is under way; time
    has not run out (whatever arrives after it ran out ends the game on
    time); the message names the current ``seq``; an offer to resign is
    answered first (the offerer may play on, withdrawing it); it is the
    sender's turn to do this.
    """
    side = game.side_of(user)
    if side is None:
        raise GameError(NOT_A_PLAYER, 403)
    door = KINDS.get(kind)
    if door is None:
        raise GameError("Esa acción no existe.", 400)
    message = Message(seq=seq, play=play, phrase=phrase, level=level)
    if door.stage is Stage.ANY_TIME:
        return door.run(game, side, message)
    if game.phase == Phase.OVER:
        raise GameError(OVER, 409)
    if game.phase == Phase.WAITING:
        raise GameError("La partida aún no ha empezado: falta tu rival.", 409)
    if door.stage is Stage.ON_TIME or clocks.ran_out(game):
        return endings.flag(game)
    if seq is None or seq != game.seq:
        raise GameError(STALE, 409)
    if door.stage is Stage.TURN:
        if game.offer_pending and endings.may_play_on(game, side):
            endings.withdraw(game)
        if game.offer_pending:
            raise GameError(OFFER_PENDING if game.offer_by == side else ANSWER_OFFER_FIRST, 409)
        if game.side_to_act() != side:
            raise GameError(NOT_YOUR_TURN, 409)
    return door.run(game, side, message)


def say(game: LiveGame, side: int, key: str) -> LiveAction:
    """One of the preset friendly phrases, one at a time (``limits``); anything else is refused."""
    if key not in PHRASES:
        raise GameError("Solo se pueden enviar las frases de la lista.", 400)
    refusal = game_limits.phrase_refusal(game, side)
    if refusal is not None:
        raise GameError(refusal, 409)
    action = record(game, side, Kind.PHRASE, game.position, phrase=key)
    game.save(update_fields=["actions_recorded", "recent"])  # not ``save``: a phrase changes no state, so ``seq`` stays
    return action


def run(pk: int, user, kind: str, **data) -> LiveGame:
    """``act`` in its own transaction on the locked row; returns the game as it is now.

    A refused play changes nothing in the game, but it is counted under its
    rule for the player who tried it (outside the rolled-back transaction),
    and it is a wrong answer in their memory of the rules it breaks, as an
    illegal play in practice is («Mi progreso»).
    """
    try:
        with transaction.atomic():
            game = locked(pk)
            act(game, user, kind, **data)
    except IllegalPlay as illegal:
        verdict = illegal.verdict
        RefusedPlay.objects.create(
            game_id=pk, user=user, code=verdict.reasons[0].code if verdict.reasons else "syntax",
            text=str(data.get("play", ""))[:200], xgid=LiveGame.objects.values_list("xgid", flat=True).get(pk=pk),
        )
        answer_judged.send(AnswerJudged.illegal_play(user, verdict, Source.LIVE))
        raise
    return game
