"""How a live game ends: the last checker, a drop, an accepted resignation, a player leaving, claimed against or out of time, or an opening aborted.

Every ending goes through the shared ``finish_game`` (which records the
result like any other and announces ``game_finished``); a match then goes
on with the next game's opening roll, or the game's row is closed
(``_close``, which announces ``match_finished``).  Running out of time is
scored as leaving (``_forfeit``); an opening aborted closes the match
without a winner.

A match (or money session) given up before both players have made a
play of their own is aborted (left, claimed, out of time, or a
resignation accepted that ends it): nobody wins it, nobody loses it, and it is
never rated (lichess's rule, FIBS's spirit).  Otherwise two accounts could
trade wins by leaving at the opening roll, and a player who never showed
up would lose a match they never played.
"""

from __future__ import annotations

from datetime import timedelta

from django.db.models import Q

from tutor.engine import BLACK, WHITE, GameResult, Position, opponent, resignation, resignations
from tutor.games.driver import finish_game, resignation_of
from tutor.games.errors import GameError

from . import clocks
from .models import LiveAction, LiveGame, Phase
from .records import record, save
from .signals import match_finished
from .turn_records import opening

Kind = LiveAction.Kind
ANSWER_OFFER_FIRST = "Tu rival se ofrece a rendirse: primero acepta o rechaza su oferta."


def finish(game: LiveGame, final: Position, result: GameResult, *, conceded: bool = False) -> None:
    """A game ended on the board (or by a drop or an accepted resignation, ``conceded``): the next one, or the end of the match."""
    stakes = finish_game(game, final, result)
    if stakes.is_over:
        _close(game, final, result.winner, stakes.score, conceded=conceded)
        return
    game.game_number += 1
    opening(game, stakes)


def offer(game: LiveGame, side: int, level: str) -> LiveAction:
    """``side`` offers to resign the current game as ``level``; the rival will accept or reject it.

    The game stays exactly where it was (phase, dice, cube) until the answer.
    """
    if game.offer_pending:
        if game.offer_by == side:
            raise GameError("Ya te has ofrecido a rendirte: espera a que tu rival responda.", 409)
        raise GameError(ANSWER_OFFER_FIRST, 409)
    position = game.position
    result = resignation_of(position, side, level)
    if offered_this_turn(game, side):
        raise GameError(ONE_OFFER_PER_TURN, 409)
    action = record(game, side, Kind.OFFER, position, points=result.points, result_kind=level)
    game.offer, game.offer_by = level, side
    save(game)
    return action


ONE_OFFER_PER_TURN = "Ya te has ofrecido a rendirte en este turno: podrás volver a ofrecerlo en el siguiente."
TURN_BOUNDARIES = (Kind.OPENING, Kind.MOVE)
"""A turn ends with a play (a forced pass included) and a game begins with its opening roll."""


def offered_this_turn(game: LiveGame, side: int) -> bool:
    """Whether ``side`` has offered to resign since the current turn began: one offer per player and turn.

    Read from the actions (the last play or opening against the side's last
    offer), so a limit needs no column of its own and a reload changes nothing.
    """
    latest = (
        game.actions.filter(Q(kind__in=TURN_BOUNDARIES) | Q(kind=Kind.OFFER, side=side))
        .order_by("-number").values_list("kind", flat=True).first()
    )
    return latest == Kind.OFFER


def seems_offered_this_turn(game: LiveGame, side: int) -> bool:
    """``offered_this_turn`` read from the row's last told actions, for drawing the panel without a query.

    An offer pushed out of «Lo último» by phrases reads as not made: the
    panel then shows the choices and the server refuses them with its reason.
    """
    for told in reversed(game.recent_actions()):
        if told.kind in TURN_BOUNDARIES:
            return False
        if told.kind == Kind.OFFER and told.side == side:
            return True
    return False


def may_play_on(game: LiveGame, side: int) -> bool:
    """Whether ``side`` offered on their own turn: their clock runs while the rival answers, so they may
    take the offer back by playing on (a rival who never answers cannot run their time out)."""
    return game.offer_pending and game.offer_by == side and game.side_on_turn() == side


def withdraw(game: LiveGame) -> None:
    """The offerer plays on: the offer lapses, and the decision they sent is played as usual (``service.act``)."""
    game.offer, game.offer_by = "", None


def answer_offer(game: LiveGame, side: int, accepts: bool) -> LiveAction:
    """The rival of the resigning side accepts (the game ends with those points) or rejects (play goes on)."""
    if not game.offer_pending or game.offer_by is None:
        raise GameError("Nadie se ha ofrecido a rendirse.", 409)
    if game.offer_by == side:
        raise GameError("Es tu rival quien decide si acepta tu rendición: espera su respuesta.", 409)
    position = game.position
    result = resignation(position, game.offer_by, game.offer)
    action = record(game, side, Kind.ACCEPT if accepts else Kind.REJECT, position, points=result.points,
                    result_kind=result.kind)
    game.offer, game.offer_by = "", None
    if accepts:
        finish(game, position, result, conceded=True)
    save(game)
    return action


def leaving_result(game: LiveGame, side: int) -> GameResult | None:
    """What the rival wins of the game under way when ``side`` leaves (or is claimed against).

    The most the leaver could still lose (so leaving never saves points),
    or nothing when nobody has moved yet in this game.
    """
    if not game.moved_in_game:
        return None
    position = game.position
    return resignation(position, side, resignations(position, side)[-1])


def resign(game: LiveGame, side: int) -> LiveAction:
    """``side`` leaves for good: the rival wins the game under way (``leaving_result``) and, in a match, the match.

    Before both players have moved in the match, leaving aborts it instead (``_close``).
    """
    return _forfeit(game, loser=side, kind=Kind.RESIGN, by=side)


def claim(game: LiveGame, side: int) -> LiveAction:
    """The rival has not acted for the waiting time the creator chose: scored as if they had left.

    A timed game has its clock instead: a rival out of time loses by ``flag``.
    """
    if game.timed:
        raise GameError(TIMED_CLAIM, 409)
    absent = opponent(side)
    if game.side_to_act() != absent:
        raise GameError("Solo puedes reclamar la partida cuando tu rival tiene que jugar y no lo hace.", 409)
    deadline = game.last_action_at + timedelta(minutes=game.claim_minutes)
    now = clocks.clock()
    if now < deadline:
        seconds = int((deadline - now).total_seconds()) + 1
        raise GameError(f"Aún no: si tu rival no juega, podrás reclamar la partida dentro de {seconds} s.", 409)
    return _forfeit(game, loser=absent, kind=Kind.CLAIM, by=side)


TIMED_CLAIM = "Esta partida tiene reloj: si a tu rival se le acaba el tiempo, reclama por tiempo."
UNTIMED_FLAG = "Esta partida no tiene reloj."


def flag(game: LiveGame, now=None) -> LiveAction:
    """The side the game waits for has run out of time: scored as if they had left (asked by either player, or a keeper).

    Refused while the server's clock still gives them time.
    """
    if not game.timed:
        raise GameError(UNTIMED_FLAG, 409)
    late = game.clock_side
    now = now or clocks.clock()
    if late is None or not clocks.ran_out(game, now):
        _, reserve = clocks.left(game, late, now) if late is not None else (0.0, 0.0)
        raise GameError(f"Aún no: a quien le toca aún le quedan {clocks.minutes_and_seconds(reserve)} de reserva, además del retardo.", 409)
    return _forfeit(game, loser=late, kind=Kind.FLAG, by=late)


def abort(game: LiveGame, side: int) -> LiveAction:
    """The rival never made the first move: the match closes without a result (nobody wins, nothing is rated)."""
    if not clocks.may_abort(game, side):
        raise GameError(
            f"Solo puedes anular la partida si tu rival lleva {clocks.ABORT_SECONDS} s sin hacer la primera jugada.", 409
        )
    position = game.position
    action = record(game, side, Kind.ABORT, position)
    finish_game(game, position, None, ends_match=True)
    _close(game, position, None, position.score)
    save(game)
    return action


def _forfeit(game: LiveGame, *, loser: int, kind: str, by: int) -> LiveAction:
    """The game ends as ``loser`` leaving it: its result like any other game's, then the end of the match or session."""
    position = game.position
    played = game.both_moved
    winner = opponent(loser) if played else None
    result = leaving_result(game, loser) if played else None
    action = record(game, by, kind, position, points=result.points if result else 0,
                    result_kind=result.kind if result else "")
    stakes = finish_game(game, position, result, ends_match=True)
    score = list(stakes.score)
    if game.length and winner is not None:
        score[winner] = game.length  # whoever leaves a match loses it
    _close(game, position, winner, (score[WHITE], score[BLACK]))
    save(game)
    return action


def _close(game: LiveGame, final: Position, winner: int | None, score: tuple[int, int], *, conceded: bool = False) -> None:
    """The match (or session) is over: ``winner`` None for one aborted (at its opening, or before both players moved).

    ``conceded``: given up by a player (an accepted resignation that ends
    the match), which before both players have moved aborts it.
    """
    if conceded and winner is not None and not game.both_moved:
        winner, score = None, game.position.score  # what the ending would have scored does not count
    game.phase = Phase.OVER
    game.offer, game.offer_by = "", None
    game.winner = winner
    game.final_score = list(score)
    game.xgid = final.replace(dice=None).to_xgid()
    match_finished.send(sender=LiveGame, game=game)  # the match is over (with its winner, or aborted): the ratings hear it
