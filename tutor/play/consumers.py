"""The WebSocket of a live game: players act, everyone allowed watches.

One connection per open game page.  On connecting the consumer checks the
session's user against the game (players, the class's teacher, anyone for a
public game) and sends the current state, drawn from the database, which
is the authority: a reconnecting browser therefore gets the exact state.
After every change, the process that made it draws both players' panels
once and sends them to the game's group (``broadcast``): each player's
connections show theirs, spectators draw their own.

Messages from the browser are JSON objects ``{"type": ..., "seq": n,
"play": "...", "phrase": "...", "level": "gammon"}``.  Spectators may send
nothing; every decision goes through ``service.run``, which refuses
out-of-turn, stale (replayed) and forged ones with a Spanish message, and
explains an illegal play with the lessons' words.

Nobody can flood a process (``tutor.live.limits``): open sockets are limited per
person and per address, new connections and messages of every kind per
person (per address when signed out), before anything is read or drawn; a
client that keeps sending past its limit is closed.  Spectators get their
panel drawn once per change for all of them (``watching``).  Logging out
closes the person's sockets (``tutor.live.logout``), and a channel
layer that fails closes every socket of the process (``heartbeat``): the
pages reconnect and read the state from the database.
"""

from __future__ import annotations

import json
import logging
from functools import partial

from channels.db import database_sync_to_async
from django.http import Http404

from tutor.games.errors import GameError, IllegalPlay
from tutor.games.illegal_plays import illegal_verdict

from tutor.live import heartbeat
from tutor.live.sockets import TOO_MANY_CLOSE, LiveSocket

from . import broadcast, game_limits, service, watching
from .access import teaches
from .broadcast import group_name, state_header
from .panels import render_panel
from .models import LiveGame, normalise_code

SPECTATOR = "Estás mirando esta partida: quien mira no puede enviar nada."
MALFORMED = "Mensaje no válido."
FORBIDDEN_CLOSE = 4403

logger = logging.getLogger(__name__)


class GameConsumer(LiveSocket):
    found = False
    """Whether the socket has found its game and may see it (``game_pk``, ``side`` and ``role`` are set)."""

    async def connect(self) -> None:
        """Join the game's group, then find the game and draw a player's first state, in one hop.

        Joining first means a change saved after the reading still reaches
        this page, as an update; the page drops one older than what it shows.
        A code no game can have (letters outside the codes' alphabet) joins
        nothing and is refused like any code that leads nowhere.
        """
        self.user = self.scope.get("user")
        if not await self.take_place():
            return
        code = normalise_code(self.scope["url_route"]["kwargs"]["code"])
        if code.isascii():
            self.group = group_name(code)
            try:
                await self.join(self.group)
            except Exception as problem:  # noqa: BLE001 - the layer (Redis) is down: the page tries again later
                logger.warning("Channel layer unavailable (%s): game connection refused", problem)
                self.leave_place()
                await self.close(code=heartbeat.LAYER_DOWN_CLOSE)
                return
        try:
            self.game_pk, self.side, self.role, first = await self._find(code)
        except (Http404, game_limits.CodeGuessing) as refused:
            self.leave_place()
            await self.close(code=FORBIDDEN_CLOSE if isinstance(refused, Http404) else TOO_MANY_CLOSE)
            return
        self.found, self.is_player = True, self.side is not None
        await self.accept()
        heartbeat.HEARTBEAT.watch(self)
        if first is None:
            await self.send_state()
        else:
            await self.send(text_data=json.dumps(first))

    async def disconnect(self, code: int) -> None:
        self.leave_place()
        heartbeat.HEARTBEAT.forget(self)
        try:
            await self.leave_groups()
        except Exception as problem:  # noqa: BLE001 - Redis is down: its subscriptions went with it
            logger.warning("Channel layer unavailable (%s) while leaving the game's groups", problem)

    @partial(database_sync_to_async, thread_sensitive=False)  # only reads: not behind the games' decisions
    def _find(self, code: str) -> tuple[int, int | None, str, dict | None]:
        """The game's id, the viewer's side, which panel a spectator sees, and a player's first state
        (a spectator's is the panel the process's spectators share); a code that leads nowhere counts
        as a guess (``game_limits``)."""
        game = game_limits.find_game(self.user, self.place.identity, code)
        side = game.side_of(self.user)
        role = watching.TEACHER if side is None and teaches(self.user, game) else watching.WATCHER
        return game.pk, side, role, self._drawn(game) if side is not None else None

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """Run one message; a player's refusal is an ``error`` followed by the current state, to resynchronise.

        Every message counts against the sender's limit before it is read:
        past it, the first gets an error, the rest nothing, and a client
        that keeps on sending twice its allowance is closed.
        """
        if not await self.within_limit():
            return
        message = _parse(text_data)
        if message is not None and message["type"] == "sync":
            await self.send_state()
            return
        if not self.is_player:
            await self.error(SPECTATOR, status=403)  # nothing to resynchronise: a spectator acts on nothing
            return
        if message is None:
            problem = GameError(MALFORMED, 400)
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
                try:
                    await self.channel_layer.group_send(self.group, announcement)
                except Exception as failure:  # noqa: BLE001 - saved, but nobody can be told: reconnect for the state
                    logger.warning("Channel layer unavailable (%s): change saved, not announced", failure)
                    await self.close(code=heartbeat.LAYER_DOWN_CLOSE)
                return
        await self.error(problem.message, status=problem.status)
        await self.send_state()

    @database_sync_to_async
    def _run(self, message: dict) -> dict:
        """Apply the message, then draw the announcement of the new state in the same thread hop."""
        game = service.run(self.game_pk, self.user, message["type"], seq=message.get("seq"),
                           play=message.get("play", ""), phrase=message.get("phrase", ""),
                           level=message.get("level", ""))
        return broadcast.message(game)

    async def game_changed(self, event: dict) -> None:
        """A player shows the panel drawn by the process that made the change; a spectator, the one
        drawn for every spectator of the process (``watching``).  Nothing for a socket refused on
        connecting: it joined the group before reading the game."""
        if not self.found:
            return
        if self.side is None:
            await watching.spread()
            text = await watching.PANELS.message(self.game_pk, self.role, watching.version(event["state"]))
            await self.send(text_data=text)
            return
        panel = event.get("panels", {}).get(str(self.side))
        if panel is None:
            await self.send_state()
            return
        await self.send(text_data=json.dumps({**event["state"], "you": self.side, "html": panel, "verdict": None, "type": "state"}))

    async def error(self, message: str, *, status: int = 400) -> None:
        await self.send(text_data=json.dumps({"type": "error", "message": message, "status": status}))

    async def send_state(self, *, kind: str = "state", verdict: dict | None = None, play: str = "") -> None:
        if self.side is None:  # a spectator: the panel every spectator of the process shares
            seen = await watching.current_version(self.game_pk)
            await self.send(text_data=await watching.PANELS.message(self.game_pk, self.role, seen))
            return
        state = await self._state(verdict, play)
        state["type"] = kind
        await self.send(text_data=json.dumps(state))

    # Drawing the panel only reads: it runs on the shared pool of threads, so
    # the connections of a process draw their updates at the same time
    # instead of queueing behind one another on the single thread where
    # the writes (``_run``) are serialised.
    @partial(database_sync_to_async, thread_sensitive=False)
    def _state(self, verdict: dict | None, play: str) -> dict:
        return self._drawn(LiveGame.objects.select_related("white", "black", "classroom").get(pk=self.game_pk), verdict, play)

    def _drawn(self, game: LiveGame, verdict: dict | None = None, play: str = "") -> dict:
        return {
            **state_header(game),
            "you": game.side_of(self.user),
            "html": render_panel(game, self.user, verdict=verdict, play=play),
            "verdict": verdict,
            "type": "state",
        }


def _parse(text: str | None) -> dict | None:
    """A well-formed message, or None: known type, integer seq, short strings."""
    if not text or len(text) > 2000:
        return None
    try:
        message = json.loads(text)
    except ValueError:
        return None
    if not isinstance(message, dict) or message.get("type") not in service.KINDS.keys() | {"sync"}:
        return None
    seq = message.get("seq")
    if seq is not None and (not isinstance(seq, int) or isinstance(seq, bool)):
        return None
    for key in ("play", "phrase", "level"):
        if not isinstance(message.get(key, ""), str):
            return None
    return message
