"""The course of a live game: every decision of either player, refereed by the engine.

Each public function is one thing a person does (create, join, roll,
double, take, drop, play, offer to resign the game, accept or reject that
offer, leave the match, claim, say a phrase).  ``act`` is the one
door for the decisions of a game under way: it checks that the message
names the game's current ``seq`` (a replayed or stale message does not), that
the sender plays this game and that it is their turn to do this, then runs
it.  The rules are the engine's: legality with ``Position.check``, the
cube with ``double_reasons``/``take``/``drop``, scoring with ``score_game``,
the match and the Crawford game with ``Match``.  The dice are thrown on the
server with the practice mode's dice (the operating system's secure
generator; a seed only in tests).

Callers run each function in one transaction on a row locked with
``select_for_update`` (``locked``), so two messages of the same game are
never applied at once, and a refused decision changes nothing but the
refused-play counter.
"""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from tutor.engine import (
    MULTIPLIERS, GameResult, Match, Play, Position, can_double, double_reasons, drop, opponent, resignation,
    resignations, score_game, take,
)
from tutor.practice import dice
from tutor.practice.game import GameError, IllegalPlay
from tutor.rules import AnswerJudged, Source, answer_judged, cube_refusal

from .models import LiveAction, LiveGame, Phase, RefusedPlay

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
STALE = "Esta acción llega tarde: la partida ya ha cambiado. Esta es la posición actual."
NOT_A_PLAYER = "Solo los dos jugadores pueden actuar en esta partida; tú puedes mirarla."
OVER = "La partida ha terminado."
OFFER_PENDING = "Hay una oferta de rendición sin responder: hasta que tu rival acepte o rechace, nadie puede tirar, mover ni doblar."
ANSWER_OFFER_FIRST = "Tu rival se ofrece a rendirse: primero acepta o rechaza su oferta."


# -- starting ---------------------------------------------------------------------


def create_game(white, *, length: int = 0, claim_minutes: int = 5, highlight: bool = True, public: bool = False,
                classroom=None, black=None) -> LiveGame:
    """A new game created by ``white``; with ``black`` already chosen it starts at once."""
    game = LiveGame.objects.create(
        white=white, length=length, claim_minutes=claim_minutes, highlight=highlight, public=public,
        classroom=classroom, xgid=Position.initial(match_length=length).to_xgid(),
    )
    if black is not None:
        join(game, black)
    return game


def join(game: LiveGame, user) -> None:
    """``user`` takes the free seat (Black) and the first game starts with the opening roll."""
    if game.phase != Phase.WAITING or game.black_id is not None and game.black_id != user.pk:
        raise GameError("Esta partida ya tiene dos jugadores; puedes mirarla si es pública.", 409)
    if user.pk == game.white_id:
        raise GameError("No puedes jugar contra ti mismo: comparte el enlace o el código con tu rival.", 400)
    game.black = user
    _opening(game, Match.new(game.length))
    _save(game)


def _opening(game: LiveGame, stakes: Match) -> None:
    """A game begins: one die each until they differ; the higher die plays both numbers."""
    throws = dice.opening(game)
    game.moved_in_game = False
    position = Position.initial(**stakes.position_fields()).replace(turn=throws.starter, dice=throws.dice)
    _record(game, throws.starter, Kind.OPENING, position, dice=[list(pair) for pair in throws.throws])
    game.xgid = position.to_xgid()
    game.phase = Phase.MOVE


# -- the door for every decision ------------------------------------------------------


def locked(pk: int) -> LiveGame:
    """The game row, locked until the end of the transaction, with its players (to draw the panels after)."""
    return LiveGame.objects.select_for_update(of=("self",)).select_related("white", "black").get(pk=pk)


def act(game: LiveGame, user, kind: str, *, seq: int | None = None, play: str = "", phrase: str = "",
        level: str = "") -> LiveAction | None:
    """Run one player's decision on the current state, or raise ``GameError``/``IllegalPlay``."""
    side = game.side_of(user)
    if side is None:
        raise GameError(NOT_A_PLAYER, 403)
    if kind == "phrase":
        return say(game, side, phrase)
    if game.phase == Phase.OVER:
        raise GameError(OVER, 409)
    if game.phase == Phase.WAITING:
        raise GameError("La partida aún no ha empezado: falta tu rival.", 409)
    if seq is None or seq != game.seq:
        raise GameError(STALE, 409)
    if kind == "resign":
        return resign(game, side)
    if kind == "claim":
        return claim(game, side)
    if kind == "offer":
        return offer(game, side, level)
    if kind in ("accept", "reject"):
        return answer_offer(game, side, kind == "accept")
    if game.offer_pending:
        raise GameError(OFFER_PENDING if game.offer_by == side else ANSWER_OFFER_FIRST, 409)
    handlers = {"roll": roll, "double": double, "take": lambda g, s: answer(g, s, True),
                "drop": lambda g, s: answer(g, s, False), "move": lambda g, s: move(g, s, play)}
    handler = handlers.get(kind)
    if handler is None:
        raise GameError("Esa acción no existe.", 400)
    if game.side_to_act() != side:
        raise GameError(NOT_YOUR_TURN, 409)
    return handler(game, side)


# -- turns -------------------------------------------------------------------------


def roll(game: LiveGame, side: int) -> LiveAction | None:
    _require(game, Phase.ROLL, "Ahora no toca tirar los dados.")
    _roll(game, game.position)
    _save(game)


def double(game: LiveGame, side: int) -> LiveAction:
    _require(game, Phase.ROLL, "Se dobla al empezar tu turno, antes de tirar.")
    position = game.position
    reasons = double_reasons(position)
    if reasons:
        raise GameError(cube_refusal(reasons[0]), 409)
    action = _record(game, side, Kind.DOUBLE, position, points=position.cube_value * 2)
    game.phase = Phase.ANSWER
    _save(game)
    return action


def answer(game: LiveGame, side: int, takes: bool) -> LiveAction:
    _require(game, Phase.ANSWER, "Nadie te ha doblado.")
    position = game.position
    if takes:
        action = _record(game, side, Kind.TAKE, position, points=position.cube_value * 2)
        _roll(game, take(position))
    else:
        action = _record(game, side, Kind.DROP, position)
        _finish_game(game, position, drop(position))
    _save(game)
    return action


def move(game: LiveGame, side: int, text: str) -> LiveAction:
    """A play in notation; an illegal one is counted under its rule and raises ``IllegalPlay``."""
    _require(game, Phase.MOVE, "Ahora no toca mover.")
    position = game.position
    text = str(text or "")[:200]
    verdict = position.check(text)
    if not verdict.legal or verdict.play is None:
        raise IllegalPlay(verdict)
    action = _record(game, side, Kind.MOVE, position, play=verdict.play)
    _after_play(game, verdict.play.result)
    _save(game)
    return action


def _after_play(game: LiveGame, position: Position) -> None:
    if position.winner() is not None:
        _finish_game(game, position, score_game(position))
    else:
        _start_turn(game, position)


def _start_turn(game: LiveGame, position: Position) -> None:
    """The side on roll may double: it decides; otherwise the server rolls for it."""
    if can_double(position):
        game.phase = Phase.ROLL
        game.xgid = position.to_xgid()
    else:
        _roll(game, position)


def _roll(game: LiveGame, position: Position) -> None:
    """Throw the dice for the side on roll; a roll that cannot be played passes the turn by itself."""
    while True:
        rolled = position.with_dice(dice.roll(game))
        _record(game, rolled.turn, Kind.ROLL, rolled)
        plays = rolled.legal_plays()
        if not (len(plays) == 1 and plays[0].is_pass):
            game.phase = Phase.MOVE
            game.xgid = rolled.to_xgid()
            return
        _record(game, rolled.turn, Kind.MOVE, rolled, play=plays[0], forced=True)
        position = plays[0].result
        if can_double(position):
            _start_turn(game, position)
            return


# -- endings -------------------------------------------------------------------------


def _finish_game(game: LiveGame, final: Position, result: GameResult) -> None:
    stakes = Match.of(final).after_game(result)
    _record(game, result.winner, Kind.RESULT, final, points=result.points, result_kind=result.kind)
    if stakes.is_over:
        _end(game, final, result.winner, stakes.score)
        return
    game.game_number += 1
    _opening(game, stakes)


def offer(game: LiveGame, side: int, level: str) -> LiveAction:
    """``side`` offers to resign the current game as ``level``; the rival will accept or reject it.

    The game stays exactly where it was (phase, dice, cube) until the answer.
    """
    if game.offer_pending:
        if game.offer_by == side:
            raise GameError("Ya te has ofrecido a rendirte: espera a que tu rival responda.", 409)
        raise GameError(ANSWER_OFFER_FIRST, 409)
    if level not in MULTIPLIERS:
        raise GameError("Elige cómo te rindes: partida simple, gammon o backgammon.", 400)
    position = game.position
    if level not in resignations(position, side):
        raise GameError("Ya has sacado alguna ficha: no puedes perder un gammon, solo rendirte con una partida simple.", 409)
    result = resignation(position, side, level)
    action = _record(game, side, Kind.OFFER, position, points=result.points, result_kind=level)
    game.offer, game.offer_by = level, side
    _save(game)
    return action


def answer_offer(game: LiveGame, side: int, accepts: bool) -> LiveAction:
    """The rival of the resigning side accepts (the game ends with those points) or rejects (play goes on)."""
    if not game.offer_pending:
        raise GameError("Nadie se ha ofrecido a rendirse.", 409)
    if game.offer_by == side:
        raise GameError("Es tu rival quien decide si acepta tu rendición: espera su respuesta.", 409)
    position = game.position
    result = resignation(position, game.offer_by, game.offer)
    kind = Kind.ACCEPT if accepts else Kind.REJECT
    action = _record(game, side, kind, position, points=result.points, result_kind=result.kind)
    game.offer, game.offer_by = "", None
    if accepts:
        _finish_game(game, position.replace(dice=None), result)
    _save(game)
    return action


def leaving_result(game: LiveGame, side: int) -> GameResult | None:
    """What the rival wins of the game under way when ``side`` leaves a money session.

    The most the leaver could still lose (so leaving never saves points),
    or nothing when nobody has moved yet in this game.
    """
    if not game.moved_in_game:
        return None
    position = game.position
    return resignation(position, side, resignations(position, side)[-1])


def resign(game: LiveGame, side: int) -> LiveAction:
    """``side`` leaves for good: the rival wins the match, or in money play the game under way (``leaving_result``)."""
    if game.length:
        return _concede(game, loser=side, kind=Kind.RESIGN, by=side)
    result = leaving_result(game, side)
    position = game.position.replace(dice=None)
    score = Match.of(position).after_game(result).score if result else position.score
    action = _record(game, side, Kind.RESIGN, game.position, points=result.points if result else 0,
                     result_kind=result.kind if result else "")
    if result:
        _record(game, result.winner, Kind.RESULT, position, points=result.points, result_kind=result.kind)
    _end(game, position, opponent(side), score)
    _save(game)
    return action


def claim(game: LiveGame, side: int) -> LiveAction:
    """The rival has not acted for the waiting time the creator chose: ``side`` wins as if they resigned."""
    absent = opponent(side)
    if game.side_to_act() != absent:
        raise GameError("Solo puedes reclamar la partida cuando tu rival tiene que jugar y no lo hace.", 409)
    deadline = game.last_action_at + timedelta(minutes=game.claim_minutes)
    if timezone.now() < deadline:
        seconds = int((deadline - timezone.now()).total_seconds()) + 1
        raise GameError(f"Aún no: si tu rival no juega, podrás reclamar la partida dentro de {seconds} s.", 409)
    return _concede(game, loser=absent, kind=Kind.CLAIM, by=side)


def _concede(game: LiveGame, *, loser: int, kind: str, by: int) -> LiveAction:
    position = game.position
    winner = opponent(loser)
    score = list(position.score)
    points = position.cube_value
    if game.length:
        points = max(0, game.length - score[winner])
        score[winner] = game.length
    else:
        score[winner] += points
    action = _record(game, by, kind, position, points=points)
    _end(game, position.replace(dice=None), winner, tuple(score))
    _save(game)
    return action


def _end(game: LiveGame, final: Position, winner: int, score: tuple[int, int]) -> None:
    game.phase = Phase.OVER
    game.offer, game.offer_by = "", None
    game.winner = winner
    game.final_score = list(score)
    game.xgid = final.replace(dice=None).to_xgid()


def say(game: LiveGame, side: int, key: str) -> LiveAction:
    """One of the preset friendly phrases; anything else is refused."""
    if key not in PHRASES:
        raise GameError("Solo se pueden enviar las frases de la lista.", 400)
    action = _record(game, side, Kind.PHRASE, game.position, phrase=key)
    game.save(update_fields=["actions_recorded", "recent"])  # not ``_save``: a phrase changes no state, so ``seq`` stays
    return action


# -- records ---------------------------------------------------------------------------


def _require(game: LiveGame, phase: str, message: str) -> None:
    if game.phase != phase:
        raise GameError(message, 409)


def _record(game: LiveGame, side: int, kind: str, position: Position, *, play: Play | None = None, **fields) -> LiveAction:
    number = _next_number(game)
    if kind == Kind.MOVE:
        game.moved_in_game = True
    if play is not None:
        fields["play"] = play.notation
        fields["moves"] = [[m.src, m.dst, int(m.hit)] for m in play.moves]
    if position.dice is not None and "dice" not in fields:
        fields["dice"] = list(position.dice)
    action = LiveAction.objects.create(
        game=game, number=number, game_number=game.game_number, side=side, kind=kind, xgid=position.to_xgid(), **fields
    )
    game.remember(action)
    return action


def _next_number(game: LiveGame) -> int:
    """The number of the game's next action, counted on the locked row (saved with it)."""
    game.actions_recorded += 1
    return game.actions_recorded


def _save(game: LiveGame) -> None:
    """Every change of state moves ``seq`` on, so a message naming the old one is refused."""
    game.seq += 1
    game.last_action_at = timezone.now()
    game.save()


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
