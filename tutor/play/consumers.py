"""The WebSocket of a live game: players act, everyone allowed watches.

One connection per open game page.  On connecting the consumer checks the
session's user against the game (players, the class's teacher, anyone for a
public game) and sends the current state, drawn from the database, which
is the authority: a reconnecting browser therefore gets the exact state.
After every change, the process that made it draws both players' panels
once and sends them to the game's group (``broadcast``): each player's
connections show theirs, spectators draw their own.

Messages from the browser are JSON objects ``{"type": ..., "seq": n,
"play": "...", "phrase": "...", "level": "gammon"}``.  Spectators may send nothing; players
are rate-limited; every decision goes through ``service.run``, which
refuses out-of-turn, stale (replayed) and forged ones with a Spanish
message, and explains an illegal play with the lessons' words.
"""

from __future__ import annotations

import json
import time
from collections import deque
from functools import partial

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.http import Http404

from tutor.games.errors import GameError, IllegalPlay
from tutor.games.verdicts import illegal_verdict

from . import broadcast, service
from .access import get_game
from .broadcast import group_name, state_header
from .display import render_panel
from .models import LiveGame

KINDS = {"roll", "double", "take", "drop", "move", "offer", "accept", "reject", "resign", "claim", "flag", "abort", "phrase"}
SPECTATOR = "Estás mirando esta partida: quien mira no puede enviar nada."
MALFORMED = "Mensaje no válido."
TOO_MANY = "Demasiados mensajes seguidos: espera un momento."
FORBIDDEN_CLOSE = 4403


class GameConsumer(AsyncWebsocketConsumer):
    async def connect(self) -> None:
        self.user = self.scope.get("user")
        try:
            self.game_pk, self.side = await self._find(self.scope["url_route"]["kwargs"]["code"])
        except Http404:
            await self.close(code=FORBIDDEN_CLOSE)
            return
        self.is_player = self.side is not None
        self.group = group_name(self.game_pk)
        self.sent: deque[float] = deque()
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.send_state()

    async def dispatch(self, message: dict) -> None:
        """Run the handler at once, without Channels' hop to close stale database connections first.

        Since Channels 4.2, ``AsyncConsumer.dispatch`` awaits
        ``aclose_old_connections`` before every handler: a call on the
        process's one thread for synchronous code, where ``_run`` applies
        and draws the decisions of every game served by the process.  A
        move arriving, or a rival's update to forward, then waited behind
        other games' decisions (tens of milliseconds under load) for a step
        this consumer does not need: its handlers reach the database only
        through ``database_sync_to_async``, which closes stale connections
        itself, in the thread that uses them.
        """
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def disconnect(self, code: int) -> None:
        if getattr(self, "group", None) is not None:
            await self.channel_layer.group_discard(self.group, self.channel_name)

    @database_sync_to_async
    def _find(self, code: str) -> tuple[int, int | None]:
        game = get_game(self.user, code)
        return game.pk, game.side_of(self.user)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """Run one message; every refusal is an ``error`` followed by the current state, to resynchronise."""
        message = _parse(text_data)
        if message is not None and message["type"] == "sync":
            await self.send_state()
            return
        if message is None:
            problem = GameError(MALFORMED, 400)
        elif not self.is_player:
            problem = GameError(SPECTATOR, 403)
        elif self._flooding():
            problem = GameError(TOO_MANY, 429)
        else:
            try:
                announcement = await self._run(message)
            except IllegalPlay as illegal:
                verdict = illegal_verdict(illegal.verdict)
                await self.send_state(kind="refused", verdict=verdict, play=illegal.verdict.text)
                return
            except GameError as refused:
                problem = refused
            else:
                await self.channel_layer.group_send(self.group, announcement)
                return
        await self.error(problem.message, status=problem.status)
        await self.send_state()

    def _flooding(self) -> bool:
        limit, seconds = getattr(settings, "PLAY_RATELIMIT", (30, 10))
        now = time.monotonic()
        while self.sent and now - self.sent[0] > seconds:
            self.sent.popleft()
        if len(self.sent) >= limit:
            return True
        self.sent.append(now)
        return False

    @database_sync_to_async
    def _run(self, message: dict) -> dict:
        """Apply the message, then draw the announcement of the new state in the same thread hop."""
        game = service.run(self.game_pk, self.user, message["type"], seq=message.get("seq"),
                           play=message.get("play", ""), phrase=message.get("phrase", ""),
                           level=message.get("level", ""))
        return broadcast.message(game)

    async def game_changed(self, event: dict) -> None:
        """A player shows the panel drawn by the process that made the change; a spectator draws its own."""
        panel = event.get("panels", {}).get(str(self.side)) if self.side is not None else None
        if panel is None:
            await self.send_state()
            return
        await self.send(text_data=json.dumps({**event["state"], "you": self.side, "html": panel, "verdict": None, "type": "state"}))

    async def error(self, message: str, *, status: int = 400) -> None:
        await self.send(text_data=json.dumps({"type": "error", "message": message, "status": status}))

    async def send_state(self, *, kind: str = "state", verdict: dict | None = None, play: str = "") -> None:
        state = await self._state(verdict, play)
        state["type"] = kind
        await self.send(text_data=json.dumps(state))

    # Drawing the panel only reads: it runs on the shared pool of threads, so
    # the connections of a process draw their updates at the same time
    # instead of queueing behind one another on the single thread where
    # the writes (``_run``) are serialised.
    @partial(database_sync_to_async, thread_sensitive=False)
    def _state(self, verdict: dict | None, play: str) -> dict:
        game = LiveGame.objects.select_related("white", "black", "classroom").get(pk=self.game_pk)
        return {
            **state_header(game),
            "you": game.side_of(self.user),
            "html": render_panel(game, self.user, verdict=verdict, play=play),
            "verdict": verdict,
        }


def _parse(text: str | None) -> dict | None:
    """A well-formed message, or None: known type, integer seq, short strings."""
    if not text or len(text) > 2000:
        return None
    try:
        message = json.loads(text)
    except ValueError:
        return None
    if not isinstance(message, dict) or message.get("type") not in KINDS | {"sync"}:
        return None
    seq = message.get("seq")
    if seq is not None and (not isinstance(seq, int) or isinstance(seq, bool)):
        return None
    for key in ("play", "phrase", "level"):
        if not isinstance(message.get(key, ""), str):
            return None
    return message
