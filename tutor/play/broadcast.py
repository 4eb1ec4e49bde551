"""Telling every open page of a live game that it changed.

A change is drawn once, by the process that made it: each player's panel
is rendered there and sent to that player's group, whose connections (one
per open tab, in any web process) show it as it comes, with no database
read and no drawing of their own.  Spectators and the class's teacher are
in the game's group and get only a note that the game changed; each draws
its own read-only panel (``GameConsumer.send_state``).  With hundreds of
games under way, this keeps the cost of a move to two drawings, whoever is
watching.

The groups go through the channel layer: in memory for ``make run``, Redis
when several processes share the games (``CHANNEL_LAYER_URL``).
"""

from __future__ import annotations

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from .display import render_player_panels
from .models import LiveGame


def group_name(pk: int) -> str:
    """Everyone who watches the game without playing it."""
    return f"play-{pk}"


def player_group(pk: int, side: int) -> str:
    """Every open page of one player of the game."""
    return f"play-{pk}-{side}"


def state_header(game: LiveGame) -> dict:
    """What every viewer's message says besides the panel: the machine-readable state."""
    return {"seq": game.seq, "phase": game.phase, "to_act": game.side_to_act(), "xgid": game.xgid}


def messages(game: LiveGame) -> list[tuple[str, dict]]:
    """``(group, message)`` pairs announcing the current state of ``game`` (read after the change)."""
    header = state_header(game)
    out = [
        (player_group(game.pk, side), {"type": "game.panel", "state": {**header, "you": side, "html": html, "verdict": None}})
        for side, html in render_player_panels(game).items()
    ]
    out.append((group_name(game.pk), {"type": "game.changed", "seq": game.seq}))
    return out


async def send(layer, announcements: list[tuple[str, dict]]) -> None:
    for group, message in announcements:
        await layer.group_send(group, message)


def announce(game: LiveGame) -> None:
    """From synchronous code (the pages without JavaScript): ``game`` as it is after the change."""
    async_to_sync(send)(get_channel_layer(), messages(game))
