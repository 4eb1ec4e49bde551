"""A live game's turns: the opening roll, rolling, doubling, answering a double (or beavering it) and playing.

The questions every game asks (the phase, the cube policy, the play's
legality, the end of a game) are the shared driver's (``tutor.games.driver``);
what is a live game's own is here: the server rolls for a side that may not
double, a roll that cannot be played passes the turn by itself, and each
turn that begins is announced (``turn_started``, the place for a clock).
"""

from __future__ import annotations

from tutor.engine import Match, Position, drop, score_game, take
from tutor.games import dice
from tutor.games.beavers import beaver_dropped, beavered, may_beaver
from tutor.games.cube_policy import may_double
from tutor.games.driver import (
    require_double_phase,
    legal_play,
    require,
    require_double,
    turn_started,
)
from tutor.games.errors import GameError
from tutor.rules import NO_BEAVERS, NOT_DOUBLED, NOT_MOVING, NOT_ROLLING

from . import endings
from .models import LiveAction, LiveGame, Phase
from .records import record, save

Kind = LiveAction.Kind


def opening(game: LiveGame, stakes: Match) -> None:
    """A game begins: one die each until they differ; the higher die plays both numbers."""
    throws = dice.opening(game)
    game.moved_in_game = False
    position = game.first_position(stakes).replace(turn=throws.starter, dice=throws.dice)
    record(game, throws.starter, Kind.OPENING, position, dice=[list(pair) for pair in throws.throws])
    turn_started.send(sender=LiveGame, game=game, side=throws.starter, opening=True)
    _to_move(game, position)


def roll(game: LiveGame, side: int) -> None:
    require(game, Phase.ROLL, NOT_ROLLING)
    _roll(game, game.position)
    save(game)


def double(game: LiveGame, side: int) -> LiveAction:
    require_double_phase(game, Phase.ROLL)
    position = game.position
    require_double(position)
    action = record(game, side, Kind.DOUBLE, position, points=position.cube_value * 2)
    game.phase = Phase.ANSWER
    save(game)
    return action


def answer(game: LiveGame, side: int, takes: bool) -> LiveAction:
    """The answer to a double, or, after a beaver, the doubler's answer to it (at twice the doubled value)."""
    after_beaver = game.phase == Phase.BEAVER
    if not after_beaver:
        require(game, Phase.ANSWER, NOT_DOUBLED)
    position = game.position
    if takes:
        action = record(game, side, Kind.TAKE, position, points=position.cube_value * (4 if after_beaver else 2))
        _roll(game, beavered(position) if after_beaver else take(position))
    else:
        action = record(game, side, Kind.DROP, position)
        endings.finish(game, position, beaver_dropped(position) if after_beaver else drop(position))
    save(game)
    return action


def beaver(game: LiveGame, side: int) -> LiveAction:
    """The side doubled takes and redoubles at once, keeping the cube: the doubler answers next."""
    require(game, Phase.ANSWER, NOT_DOUBLED)
    position = game.position
    if not may_beaver(position, game.beavers):
        raise GameError(NO_BEAVERS, 409)
    action = record(game, side, Kind.BEAVER, position, points=position.cube_value * 4)
    game.phase = Phase.BEAVER
    save(game)
    return action




def move(game: LiveGame, side: int, text: str) -> LiveAction:
    """A play in notation; an illegal one raises ``IllegalPlay`` (``service.run`` counts it under its rule)."""
    require(game, Phase.MOVE, NOT_MOVING)
    position = game.position
    play = legal_play(position, text)
    action = record(game, side, Kind.MOVE, position, play=play)
    after = play.result
    if after.winner() is not None:
        endings.finish(game, after, score_game(after))
    else:
        start_turn(game, after)
    save(game)
    return action


def start_turn(game: LiveGame, position: Position) -> None:
    """A side's turn begins: it decides whether to double, or the server rolls for it."""
    turn_started.send(sender=LiveGame, game=game, side=position.turn)
    if may_double(position):
        game.phase = Phase.ROLL
        game.xgid = position.to_xgid()
    else:
        _roll(game, position)


def _roll(game: LiveGame, position: Position) -> None:
    """Throw the dice for the side on roll; a roll that cannot be played passes the turn by itself."""
    rolled = position.with_dice(dice.roll(game))
    record(game, rolled.turn, Kind.ROLL, rolled)
    plays = rolled.legal_plays()
    if len(plays) == 1 and plays[0].is_pass:
        record(game, rolled.turn, Kind.MOVE, rolled, play=plays[0], forced=True)
        start_turn(game, plays[0].result)
    else:
        _to_move(game, rolled)


def _to_move(game: LiveGame, rolled: Position) -> None:
    game.phase = Phase.MOVE
    game.xgid = rolled.to_xgid()
