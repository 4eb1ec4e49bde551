"""Telling every open page of a live game that it changed.

A change is drawn once, by the process that made it: both players'
panels are rendered there and travel in one message to the game's group,
where each player's connections (one per open tab, in any web process)
show their side's panel as it comes, with no database read and no drawing
of their own.  Spectators and the class's teacher get a read-only panel
drawn once per change in each process that has any (``watching``).  With
hundreds of games under way, this keeps the cost of a move to two
drawings and one message, plus one drawing per process where someone
watches, however many watch.

The group goes through the channel layer: Redis, which every process of
``make run`` and of production shares (``CHANNEL_LAYER_URL``).
A layer that is down (Redis stopped) costs the open pages their update,
never the request that made the change: the change is already in the
database, and the pages read it when their connection opens again.
"""

from __future__ import annotations

import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from tutor.accounts.models import display_name
from tutor.live.people import message_for

from . import clocks
from .panels import render_player_panels
from .models import LiveGame

logger = logging.getLogger(__name__)


def group_name(code: str) -> str:
    """Every open page of the game of ``code`` (normalised): players and spectators.

    Named by the code, which a socket knows before it reads the game: it joins
    first, so no change saved after its reading is missed (``consumers``).
    """
    return f"play-game-{code}"


def state_header(game: LiveGame) -> dict:
    """What every viewer's message says besides the panel: the machine-readable state, and a timed game's clock."""
    return {"seq": game.seq, "actions": game.actions_recorded, "phase": game.phase, "to_act": game.side_to_act(), "xgid": game.xgid,
            "clock": clocks.figures(game)}


def message(game: LiveGame) -> dict:
    """The ``game.changed`` message for the current state of ``game`` (read after the change).

    The panels are keyed by the side as a string: the Redis layer's
    serialiser keeps only string keys.
    """
    panels = {str(side): html for side, html in render_player_panels(game).items()}
    return {"type": "game.changed", "state": state_header(game), "panels": panels}


def tell_started_for(game: LiveGame, player, text: str) -> None:
    """A game someone else started for ``player`` (a classmate's challenge, the teacher's pairing):
    their open «Jugar» pages say so, with ``text`` and the game's link (``player.new_game``)."""
    _send(*message_for(player.pk, {"type": "player.new_game", "url": game.get_absolute_url(), "text": text}))


def challenged_text(game: LiveGame, challenger) -> str:
    """What the rival of a challenge is told: who, what, and that it has begun."""
    return f"{display_name(challenger)} te ha retado: {game.title.lower()}, que ya ha empezado."


def paired_text(game: LiveGame, player) -> str:
    """What each student paired by their teacher is told."""
    rival = game.black if game.white_id == player.pk else game.white
    return f"Tu profesor o profesora te ha emparejado con {display_name(rival)}: {game.title.lower()}, que ya ha empezado."


def announce(game: LiveGame) -> None:
    """From synchronous code (the pages without JavaScript): ``game`` as it is after the change."""
    _send(group_name(game.code), message(game))


def _send(group: str, event: dict) -> None:
    try:
        async_to_sync(get_channel_layer().group_send)(group, event)
    except Exception as problem:  # noqa: BLE001 - the database holds the change; the pages read it when they reconnect
        logger.warning("Channel layer unavailable (%s): %s not sent to %s", problem, event["type"], group)
