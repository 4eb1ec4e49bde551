"""A live game's turns: rolling, doubling, answering a double (or beavering it) and playing, on the one turn machine.

The turn order is ``tutor.games.turn_machine``'s, as in practice: a side
that may not double has the dice rolled for it, a roll that cannot be
played passes the turn by itself.  Each decision here is one step of the
machine, recorded and announced by ``turn_records``; a game it ends goes
to ``endings.finish``.
"""

from __future__ import annotations

from tutor.games.turn_machine import Decision, advance

from . import endings
from .models import LiveAction, LiveGame
from .records import save
from .turn_records import follow, state_of, throw


def decide(game: LiveGame, side: int, decision: Decision, play: str = "") -> LiveAction | None:
    """``side``'s decision, through the machine; its action (None for a roll), or ``GameError``/``IllegalPlay`` with nothing changed."""
    transition = advance(state_of(game), side, decision, throw(game), play=play)
    action = follow(game, transition, endings.finish)
    save(game)
    return None if decision == Decision.ROLL else action


def roll(game: LiveGame, side: int) -> None:
    decide(game, side, Decision.ROLL)


def double(game: LiveGame, side: int) -> LiveAction | None:
    return decide(game, side, Decision.DOUBLE)


def answer(game: LiveGame, side: int, takes: bool) -> LiveAction | None:
    """The answer to a double, or, after a beaver, the doubler's answer to it (at twice the doubled value)."""
    return decide(game, side, Decision.TAKE if takes else Decision.DROP)


def beaver(game: LiveGame, side: int) -> LiveAction | None:
    """The side doubled takes and redoubles at once, keeping the cube: the doubler answers next."""
    return decide(game, side, Decision.BEAVER)


def move(game: LiveGame, side: int, text: str) -> LiveAction | None:
    """A play in notation; an illegal one raises ``IllegalPlay`` (``service.run`` counts it under its rule)."""
    return decide(game, side, Decision.MOVE, text)
