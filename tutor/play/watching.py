"""What spectators see of a live game: one panel per change, shared by every spectator in the process.

Everyone who watches a game without playing it sees the same panel (the
board from White's side, the status, «Lo último»); the class's teacher sees
one more sentence.  When a change reaches a process, the first spectator
connection there draws that panel (one read of the game's row, one drawing)
and every other spectator of the game in the process sends the very same
text: two hundred spectators cost one drawing per change, not two hundred.
Spectators who connect, or ask for the state again, get the same drawing
of the game's current state.

Each spectator's copy leaves within ``SPREAD`` seconds of the change, at a
random moment: sent all at once, two hundred copies of the panel took the
process's event loop for tens of milliseconds, during which the moves of
every other game it serves waited.  Spread out, they slip in between.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections import OrderedDict
from functools import partial

from channels.db import database_sync_to_async
from django.contrib.auth.models import AnonymousUser

from . import clocks
from .broadcast import state_header
from .panels import render_panel
from .models import LiveGame

WATCHER = "watcher"
TEACHER = "teacher"

SPREAD = 0.25
"""Seconds over which the spectators' copies of a change leave (watching is not playing: no one waits on them)."""


async def spread() -> None:
    """Wait for this spectator's moment to send (``SPREAD``)."""
    await asyncio.sleep(random.uniform(0, SPREAD))


def version(state: dict) -> tuple:
    """What tells two states of a game apart: its ``seq`` and its number of actions (a phrase moves only that)."""
    return state.get("seq"), state.get("actions")


class SharedPanels:
    """The last spectators' message drawn for each game and role in this process, by version."""

    def __init__(self, size: int = 1000) -> None:
        self.size = size
        self.drawn: OrderedDict[tuple[int, str], tuple[tuple, asyncio.Future]] = OrderedDict()
        self.drawings = 0

    async def message(self, pk: int, role: str, seen: tuple) -> str:
        """The JSON message for spectators of game ``pk`` in ``role`` after the change ``seen`` (a ``version``)."""
        key = (pk, role)
        loop = asyncio.get_running_loop()
        entry = self.drawn.get(key)
        if entry is not None and entry[0] == seen and entry[1].get_loop() is loop:
            return await asyncio.shield(entry[1])
        future = loop.create_future()
        future.add_done_callback(lambda done: done.cancelled() or done.exception())  # nobody waiting is no error
        self.drawn[key] = (seen, future)
        self.drawn.move_to_end(key)
        while len(self.drawn) > self.size:
            self.drawn.popitem(last=False)
        try:
            self.drawings += 1
            text = await draw(pk, role)
        except BaseException as problem:
            if self.drawn.get(key, (None, None))[1] is future:
                del self.drawn[key]
            future.set_exception(problem)
            raise
        future.set_result(text)
        return text


@partial(database_sync_to_async, thread_sensitive=False)
def current_version(pk: int) -> tuple:
    """The ``version`` of game ``pk`` as stored now (for a spectator who connects or asks again).

    While a timed game's clock runs, the time left in the message goes
    stale: the second is part of the version then, so a spectator who
    arrives long after the last change is not shown the time left back
    then (one drawing a second at most, however many arrive).
    """
    seq, actions, running = LiveGame.objects.values_list("seq", "actions_recorded", "clock_side").get(pk=pk)
    return (seq, actions) if running is None else (seq, actions, int(clocks.clock().timestamp()))


@partial(database_sync_to_async, thread_sensitive=False)
def draw(pk: int, role: str) -> str:
    """The spectators' message as the game is now (read-only: on the shared pool of threads)."""
    game = LiveGame.objects.select_related("white", "black", "classroom__teacher").get(pk=pk)
    classroom = game.classroom
    viewer = classroom.teacher if role == TEACHER and classroom is not None else AnonymousUser()
    state = {**state_header(game), "you": None, "html": render_panel(game, viewer), "verdict": None, "type": "state"}
    return json.dumps(state)


PANELS = SharedPanels()
