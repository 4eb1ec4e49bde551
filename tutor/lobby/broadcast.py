"""Telling every open lobby page what changed: a seek published or closed, a game started or over, a pairing.

Each room is a group of the channel layer (Redis Pub/Sub, shared by
every process of ``make run`` and of production, as the games use), heard once per process by
its ``relay``; the creator of a seek hears that it was taken as any
message for one person is told (``tutor.live.people``).  Messages are built where the
change was made, in the same thread hop (``messages``), and sent once it
has committed; a published seek travels with its row drawn in every
variant (``display.seek_variants``) and the little each socket needs to
choose one (``rooms.Card``).  The list of games to watch is not told here:
each process's keeper draws it and pushes it to its own pages every few
seconds.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from tutor.live.people import message_for

from .listing import seek_variants
from .rooms import Card
from .service import Outcome


def room_group(key: str) -> str:
    return f"lobby-{key}"


def messages(outcome: Outcome) -> list[tuple[str, dict]]:
    """``(group, message)`` for each change of ``outcome``, drawn now (inside the thread that made them).

    The creator of a taken seek hears first: they are waiting to go to the board.
    """
    found: list[tuple[str, dict[str, Any]]] = []
    game = outcome.game
    if game is not None and outcome.taken is not None:
        found.append(message_for(outcome.taken.creator_id, {"type": "lobby.paired", "url": game.get_absolute_url()}))
    found += [(room_group(card.room), {"type": "lobby.seek_removed", "id": card.id, "room": card.room}) for card in outcome.closed]
    seek = outcome.published
    if seek is not None and seek.rival_id is None:
        found.append((room_group(seek.room), {"type": "lobby.seek_added", "room": seek.room, "card": asdict(Card.of(seek)), "rows": seek_variants(seek)}))
    return found


def tell(outcome: Outcome) -> None:
    """From synchronous code (the pages without JavaScript), after the change has committed."""
    send_all(messages(outcome))


def send_all(found: list[tuple[str, dict]]) -> None:
    layer = get_channel_layer()
    for group, message in found:
        async_to_sync(layer.group_send)(group, message)
