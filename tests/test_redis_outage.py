"""A Redis outage in production: requests go on from the database, nothing is lost, /salud/ says so,
and live games come back when Redis does.

Starts a throwaway redis-server, gunicorn with two workers and the cache in
Redis (``make serve-prod`` with ``DJANGO_CACHE_URL``) and daphne with the
channel layer in Redis (``make serve-live`` with ``CHANNEL_LAYER_URL``), on
one database (a fresh SQLite file, or ``DATABASE_URL``'s).  A student keeps
browsing in the background the whole time.  Redis is stopped in the middle
of that and of a live game, everything a person does is tried during the
outage, then Redis starts again on the same port.
"""

from __future__ import annotations

import asyncio
import json
import os
import secrets
import sys
import threading
import time
from contextlib import contextmanager

import pytest

from bench.live import LIVE_THREADS
from bench.load import Browser, ProductionServer, last_json_line
from tests.production_seeds import PASSWORD, SEED
from tutor.engine import Position

pytestmark = pytest.mark.slow

LOGIN_LIMIT = 3

GAME = """
import json, os
from django.contrib.auth import get_user_model
from tutor.accounts.models import Profile
from tutor.lessons.library import get_library
from tutor.play import service

def player(name):
    user = get_user_model().objects.create_user(os.environ["RACE_PREFIX"] + "-" + name, password="%(password)s")
    Profile.objects.create(user=user)
    return user
game = service.create_game(player("blancas"), length=3, black=player("negras"))
browsed = [p for p in get_library().puzzles().values() if p.is_play and p.position.legal_plays()][1]
print(json.dumps({"game": game.code, "browsed": browsed.slug, "browsed_play": browsed.position.legal_plays()[0].notation}))
""" % {"password": PASSWORD}

STORED = """
import json, os
from django.contrib.auth import get_user_model
from tutor.classroom.models import Attempt
from tutor.play.models import LiveGame
prefix = os.environ["RACE_PREFIX"]
game = LiveGame.objects.get(code=os.environ["OUTAGE_GAME"])
print(json.dumps({
    "attempts": Attempt.objects.filter(student__username=prefix + "-alumna").count(),
    "newcomer": get_user_model().objects.filter(username=prefix + "-nueva").exists(),
    "seq": game.seq,
}))
"""


class LiveServer(ProductionServer):
    """daphne as ``make serve-live`` runs it, with the HTTP server's settings and database."""

    def __init__(self, http: ProductionServer) -> None:
        super().__init__(http.folder)
        self.env = {**http.env, "ASGI_THREADS": LIVE_THREADS}
        self.log_path = http.folder / "daphne.log"

    def prepare(self) -> None:
        """The HTTP server has prepared the database."""

    def command(self) -> list[str]:
        return [sys.executable, "-m", "daphne", "--bind", "127.0.0.1", "--port", str(self.port), "tutor.asgi:application"]


@contextmanager
def event_loop():
    """A loop in a thread of its own, for sockets that stay open across the test's steps; ``run(coroutine)``."""
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()

    def run(coroutine, timeout: float = 60):
        return asyncio.run_coroutine_threadsafe(coroutine, loop).result(timeout)

    try:
        yield run
    finally:
        loop.call_soon_threadsafe(loop.stop)
        thread.join(timeout=10)


class Socket:
    """One open game page: its WebSocket to daphne, signed in as the page's browser."""

    def __init__(self, port: int, code: str, browser: Browser) -> None:
        self.url = f"ws://127.0.0.1:{port}/ws/jugar/{code}/"
        self.origin = f"http://127.0.0.1:{port}"
        self.cookie = f"sessionid={browser.cookies['sessionid']}"
        self.connection = None

    async def open(self) -> dict:
        import websockets

        self.connection = await websockets.connect(self.url, origin=self.origin, additional_headers={"Cookie": self.cookie}, open_timeout=5)
        return await self.state()

    async def reopen(self, within: float) -> dict:
        """Connect again as the page's script does (every half second), until it works or ``within`` seconds pass."""
        deadline = time.monotonic() + within
        while True:
            try:
                return await self.open()
            except Exception:
                if time.monotonic() > deadline:
                    raise
                await asyncio.sleep(0.5)

    async def state(self) -> dict:
        while True:
            message = json.loads(await asyncio.wait_for(self.connection.recv(), 20))
            if message["type"] == "state":
                return message

    async def closed(self, within: float) -> int | None:
        """The close code once the server closes the socket (``None`` if it stays open ``within`` seconds)."""
        import websockets

        try:
            while True:
                await asyncio.wait_for(self.connection.recv(), within)
        except websockets.ConnectionClosed as closed:
            return closed.rcvd.code if closed.rcvd else 1006
        except asyncio.TimeoutError:
            return None

    async def send(self, message: dict) -> None:
        await self.connection.send(json.dumps(message))


def next_decision(state: dict) -> dict:
    """What the player on turn does next: roll, or the first legal play."""
    if state["phase"] == "roll":
        return {"type": "roll", "seq": state["seq"]}
    play = Position.from_xgid(state["xgid"]).legal_plays()[0].notation
    return {"type": "move", "seq": state["seq"], "play": play}


class Browsing(threading.Thread):
    """A signed-in student browsing and checking answers the whole time, every status kept."""

    def __init__(self, browser: Browser, slug: str, play: str) -> None:
        super().__init__(daemon=True)
        self.browser, self.slug, self.play = browser, slug, play
        self.statuses: list[tuple[float, str, int]] = []
        self.done = threading.Event()

    def run(self) -> None:
        while not self.done.is_set():
            for path, call in (("/tareas/", lambda: self.browser.get("/tareas/")),
                               ("check", lambda: self.browser.post_json(f"/api/puzzles/{self.slug}/check/", {"play": self.play})),
                               ("/entrenar/", lambda: self.browser.get("/entrenar/"))):
                try:
                    status = call().status
                except OSError:  # the connection itself failed: as bad as a 5xx
                    status = 599
                self.statuses.append((time.monotonic(), path, status))
            time.sleep(0.05)


def test_a_redis_outage_keeps_every_request_working_from_the_database_and_live_games_come_back(tmp_path, redis):
    environ = {
        "DJANGO_CACHE_URL": redis.url(0), "CHANNEL_LAYER_URL": redis.url(1),
        "DJANGO_RATELIMITS": f"login={LOGIN_LIMIT}/900", "RACE_PREFIX": f"caida{secrets.token_hex(4)}",
    }
    with ProductionServer(tmp_path, workers=2, database_url=os.environ.get("DATABASE_URL"), environ=environ) as http:
        live = LiveServer(http)
        live.start()
        try:
            with event_loop() as run:
                outage(http, live, redis, run)
        finally:
            live.stop()


def outage(http: ProductionServer, live: LiveServer, redis, run) -> None:
    seed = {**last_json_line(http.manage("shell", "-c", SEED)), **last_json_line(http.manage("shell", "-c", GAME))}
    prefix = http.env["RACE_PREFIX"]
    browsers = {}
    for name in ("alumna", "blancas", "negras"):
        browsers[name] = Browser(http.port, timeout=60)
        assert browsers[name].log_in(f"{prefix}-{name}", PASSWORD).status == 302
    pages = {name: Socket(live.port, seed["game"], browsers[name]) for name in ("blancas", "negras")}
    before = [run(page.open()) for page in pages.values()][0]
    browsing = Browsing(Browser(http.port, timeout=60), seed["browsed"], seed["browsed_play"])
    browsing.browser.cookies = dict(browsers["alumna"].cookies)
    browsing.start()
    try:
        time.sleep(1)
        redis.stop()
        stopped_at = time.monotonic()
        while_down(http, seed, browsers, pages, before, run)
        redis.start()
        back_at = time.monotonic()
        after_return(http, seed, pages, before, run)
    finally:
        browsing.done.set()
        browsing.join(timeout=30)
    during = [status for at, _, status in browsing.statuses if stopped_at <= at <= back_at]
    assert len(during) > 10 and all(status < 500 for status in during), sorted(set(during))
    assert all(status < 500 for _, _, status in browsing.statuses)
    stored = last_json_line(http.manage("shell", "-c", STORED, environ={"OUTAGE_GAME": seed["game"]}))
    assert stored["attempts"] == 1 and stored["newcomer"]
    assert stored["seq"] == before["seq"] + 2


def while_down(http: ProductionServer, seed: dict, browsers: dict, pages: dict, before: dict, run) -> None:
    """Everything a person does, while Redis is down: all of it works, from the database."""
    prefix = http.env["RACE_PREFIX"]
    started = time.monotonic()
    closes = [run(page.closed(within=15)) for page in pages.values()]
    assert closes == [4503, 4503], "the game pages are told to reconnect"
    assert Browser(http.port).log_in(f"{prefix}-alumna", PASSWORD).status == 302
    assert "Tarea" in browsers["alumna"].get("/tareas/").text
    answered = browsers["alumna"].post_json(f"/tareas/ejercicios/{seed['exercise']}/comprobar/", {"play": seed["play"]})
    assert answered.status == 200 and answered.json()["correct"] is True
    newcomer = Browser(http.port)
    newcomer.get("/cuenta/crear/")
    signed_up = newcomer.post_form("/cuenta/crear/", {
        "username": f"{prefix}-nueva", "first_name": "Nueva", "password1": PASSWORD, "password2": PASSWORD})
    assert signed_up.status == 302
    assert newcomer.post_form("/cuenta/salir/", {}).status == 302
    mover = "blancas" if before["to_act"] == 0 else "negras"
    move = next_decision(before)
    played = browsers[mover].post_form(f"/jugar/{seed['game']}/accion/", {"tipo": move["type"], "seq": move["seq"], "play": move.get("play", "")})
    assert played.status == 302
    health = Browser(http.port).get("/salud/")
    assert health.status == 503 and health.json() == {"database": "ok", "engine": "ok", "cache": "error"}
    # Rate limits count in the database meanwhile: the login lockout still holds.
    guesser = Browser(http.port)
    guesses = [guesser.log_in(f"{prefix}-profe", "mal").status for _ in range(LOGIN_LIMIT + 1)]
    assert guesses == [400] * LOGIN_LIMIT + [429]
    time.sleep(max(0.0, 3 - (time.monotonic() - started)))  # an outage of a few seconds at least


def after_return(http: ProductionServer, seed: dict, pages: dict, before: dict, run) -> None:
    """Redis is back: the pages reconnect at once, with the move made meanwhile, and moves travel again."""
    back_at = time.monotonic()
    states = {name: run(page.reopen(within=5)) for name, page in pages.items()}
    assert time.monotonic() - back_at < 5
    assert all(state["seq"] == before["seq"] + 1 for state in states.values()), "the move made during the outage is there"
    after = states["blancas"]
    player = "blancas" if after["to_act"] == 0 else "negras"
    rival = "negras" if player == "blancas" else "blancas"
    run(pages[player].send(next_decision(after)))
    assert run(pages[rival].state())["seq"] == after["seq"] + 1, "moves reach the rival through Redis again"
    assert Browser(http.port).get("/salud/").status == 200
