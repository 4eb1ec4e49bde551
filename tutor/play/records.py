"""How a live game keeps what happens: every action recorded on the shared recorder, every change saved with a new ``seq``.

Saving a change also hands a timed game's clock to whoever the game now
waits for (``clocks.follow``): every decision comes through here.
"""

from __future__ import annotations

from tutor.engine import Play, Position
from tutor.games.sequence import moved_on
from tutor.games.driver import record as record_action

from . import clocks
from .models import LiveAction, LiveGame

Kind = LiveAction.Kind


def record(game: LiveGame, side: int, kind: str, position: Position, *, play: Play | None = None, **fields) -> LiveAction:
    """``games.driver.record``, plus what a live game's panel needs: the dice, whether anybody moved, «Lo último»."""
    if kind == Kind.MOVE:
        game.moved_in_game = True
        game.mark_moved(side)
    if position.dice is not None and "dice" not in fields:
        fields["dice"] = list(position.dice)
    action = record_action(game, side, kind, position, play=play, **fields)
    game.remember(action)
    return action


def save(game: LiveGame) -> None:
    """Every change of state moves ``seq`` on, so a message naming the old one is refused; the clock follows."""
    now = clocks.clock()
    clocks.follow(game, now)
    moved_on(game)
    game.last_action_at = now
    game.save()
