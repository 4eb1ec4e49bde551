"""Telling every open page of a live game that it changed.

A change is drawn once, by the process that made it: both players'
panels are rendered there and travel in one message to the game's group,
where each player's connections (one per open tab, in any web process)
show their side's panel as it comes, with no database read and no drawing
of their own.  Spectators and the class's teacher draw their own read-only
panel when the message arrives (``GameConsumer.send_state``).  With
hundreds of games under way, this keeps the cost of a move to two
drawings and one message, whoever is watching.

The group goes through the channel layer: in memory for ``make run``,
Redis when several processes share the games (``CHANNEL_LAYER_URL``).
"""

from __future__ import annotations

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from . import clocks
from .display import render_player_panels
from .models import LiveGame


def group_name(pk: int) -> str:
    """Every open page of the game: players and spectators."""
    return f"play-{pk}"


def state_header(game: LiveGame) -> dict:
    """What every viewer's message says besides the panel: the machine-readable state, and a timed game's clock."""
    return {"seq": game.seq, "phase": game.phase, "to_act": game.side_to_act(), "xgid": game.xgid, "clock": clocks.figures(game)}


def message(game: LiveGame) -> dict:
    """The ``game.changed`` message for the current state of ``game`` (read after the change).

    The panels are keyed by the side as a string: the Redis layer's
    serialiser keeps only string keys.
    """
    panels = {str(side): html for side, html in render_player_panels(game).items()}
    return {"type": "game.changed", "state": state_header(game), "panels": panels}


def announce(game: LiveGame) -> None:
    """From synchronous code (the pages without JavaScript): ``game`` as it is after the change."""
    async_to_sync(get_channel_layer().group_send)(group_name(game.pk), message(game))
