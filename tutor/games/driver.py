"""What every stored game does the same way around the turns: the recorder, resignations, and the one place a game ends.

The turn order is the turn machine's (``turn_machine``); practice games
and live games drive it (practice with the program's turn and the traffic
light, live games with the two players' messages, offers and sockets) and
ask the same questions here: is it this phase (outside the turns: a hint,
the next game), what does a resignation give; they record every action
with ``record`` (numbered on the game's row, the play's moves written
once), and every game, however it ended, ends in ``finish_game``.

``finish_game`` sends ``game_finished`` inside the decision's transaction:
the place to hook what follows a game (its review queued, ratings), which
then commits or rolls back with the game's end.  ``turn_started``
is sent by a live game whenever a side's turn begins: the place for a
per-turn clock.
"""

from __future__ import annotations

from typing import Any

from django.dispatch import Signal

from tutor.engine import MULTIPLIERS, GameResult, Match, Play, Position, resignation, resignations
from tutor.rules import RESIGN_HOW, RESIGN_SINGLE_ONLY

from .errors import GameError
from .models import ActionKind, GameAction
from .stored import ActionT, StoredGame

game_finished = Signal()
"""Sent inside the transaction when a game ends (receivers write to the database, never to sockets):
``sender`` the game's model class, ``game`` its row, ``result`` the ``GameResult`` (None for a game
left before anybody moved) and ``match_over``."""

turn_started = Signal()
"""Sent when a side's turn begins in a live game: ``sender`` the model class, ``game``, ``side``, and
``opening`` (True for the first turn of a game, after the opening roll)."""



def require(game: StoredGame[GameAction], phase: str, message: str) -> None:
    """Refuse a decision made in another phase of the game."""
    if game.phase != phase:
        raise GameError(message, 409)


def resignation_of(position: Position, side: int, level: str) -> GameResult:
    """What ``side`` resigning the game as ``level`` gives the rival, or a refusal in Spanish."""
    if level not in MULTIPLIERS:
        raise GameError(RESIGN_HOW, 400)
    if level not in resignations(position, side):
        raise GameError(RESIGN_SINGLE_ONLY, 409)
    return resignation(position, side, level)


def play_fields(play: Play) -> dict[str, Any]:
    """A play as an action stores it: its notation and its single moves ``[src, dst, hit]``."""
    return {"play": play.notation, "moves": [[move.src, move.dst, int(move.hit)] for move in play.moves]}


def record(game: StoredGame[ActionT], side: int, kind: str, position: Position, *, play: Play | None = None, **fields: Any) -> ActionT:
    """Store an action of ``game`` (its row counts them: saved with it), ``position`` being where it was made."""
    game.actions_recorded += 1
    if play is not None:
        fields.update(play_fields(play))
    return game.actions.create(
        number=game.actions_recorded, game_number=game.game_number, side=side, kind=kind, xgid=position.to_xgid(), **fields
    )


def finish_game(game: StoredGame[GameAction], final: Position, result: GameResult | None, *, ends_match: bool = False) -> Match:
    """The game under way ends at ``final`` with ``result`` (recorded as a ``RESULT``); the match after it.

    ``result`` is None for a game left before anybody moved (nothing is
    won); ``ends_match`` for a match that ends whatever the score (a
    player left it).  ``game_finished`` tells what follows, in the same transaction.
    """
    stakes = Match.of(final)
    if result is not None:
        record(game, result.winner, ActionKind.RESULT, final, points=result.points, result_kind=result.kind)
        stakes = stakes.after_game(result)
    over = ends_match or stakes.is_over
    game_finished.send(sender=type(game), game=game, result=result, match_over=over)
    return stakes
