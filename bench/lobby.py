"""Load test of the lobby: hundreds of players publishing and taking seeks, against the production setup.

    .venv/bin/python bench/lobby.py --duration 120 --players 500
    scripts/with-postgres .venv/bin/python bench/lobby.py     # against PostgreSQL

Starts a throwaway redis-server and ``--processes`` daphne processes with
``tutor.settings.prod`` sharing it and one database, as ``bench/live.py``
does, with the cache (and the sessions read through it) in that Redis too.  Creates ``--players`` signed-in players; each connects to the lobby's
socket of one process (in turn) and, until the time is up, loops like a
person: stays in the lobby ``--think`` seconds on average (uniformly from
none to twice that), presses «Jugar ya» for a match to 3, 5 or 7 (rated),
and waits there until paired, at once (it took a seek) or when someone takes
the seek it published.  Paired, it leaves the lobby for the game's socket;
it is on the board when the game's first state arrives.  It stays
``--game`` seconds on average, then White leaves the match (nobody has moved
yet, so the match is aborted and no rating changes) and both go back to the
lobby.

Prints the presses, the games created and the p50/p95/p99/max of the time
from the «Jugar ya» that made a pairing (the taker's) until both players
are on the board; then checks against the database that no seek started
two games, that no player was in two games at once, that every game the
lobby started reached both its players, and that no seek was lost: each
one the players published ended taken (by the game its creator saw) or
withdrawn by its creator, never gone while its creator was still waiting.
Exits with status 1 on any of those, or any refused message.
"""

from __future__ import annotations

try:  # first: makes the standard library's http importable (see bench/_support.py)
    from bench import _support
except ImportError:  # run as a script from bench/
    import _support
from bench import live  # noqa: E402  (the repository root is on the path now)
import argparse
import asyncio
import json
import random
import subprocess
import sys
import time
from collections import Counter

ROOT = _support.ROOT
LENGTHS = ("3", "5", "7")
DRAIN = 30
"""Seconds the players wait, after the time is up, for the answers to what they already sent."""


def prepare(env: dict, players: int) -> list[dict]:
    """Migrate, then create the players, each with a session (in this process, with the server's settings).

    The servers stand behind one trusted proxy, as in production, and each
    player comes from an address of their own (``address``): the live
    sockets' limits per address are for one house or one attacker, not for
    five hundred people.
    """
    env["DJANGO_PROXY_COUNT"] = "1"
    for command in (["migrate", "--noinput"], ["createcachetable"]):
        subprocess.run([sys.executable, "manage.py", *command], cwd=ROOT, env=env, check=True, capture_output=True)
    import os

    os.environ.update(env)
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.test import Client

    users = get_user_model().objects
    created = []
    for number in range(players):
        user = users.create_user(f"jugador{number}")  # no password: the session is made here
        client = Client()
        client.force_login(user)
        created.append({"pk": user.pk, "session": client.cookies["sessionid"].value,
                        "address": f"10.{number // 65536 % 256}.{number // 256 % 256}.{number % 256}"})
    return created


class Stats:
    """What the players saw, for the report and the checks against the database."""

    def __init__(self, pids: list[int]) -> None:
        self.pids = pids
        self.presses = 0
        self.pressed: dict[str, float] = {}  # game url -> when the taker pressed «Jugar ya»
        self.boards: dict[str, list[float]] = {}  # game url -> when each player had the board
        self.latencies: list[float] = []
        self.answers: list[float] = []  # «Jugar ya» -> its answer (paired or waiting), for every press
        self.connects: list[float] = []  # opening the game's socket -> its first state
        self.seen: Counter = Counter()  # game url -> players who were told of it
        self.published: dict[int, int] = {}  # seek id -> its creator
        self.paired_seek: dict[int, str] = {}  # seek id -> the game url its creator was sent to
        self.withdrawn: set[int] = set()
        self.lobby_messages = 0
        self.errors: list[str] = []
        self.reconnects = 0
        self.retried_for: Counter = Counter()
        self.lags: list[float] = []  # how late this script's event loop woke up, sampled every half second

    def on_board(self, url: str, when: float) -> None:
        boards = self.boards.setdefault(url, [])
        boards.append(when)
        if len(boards) == 2 and url in self.pressed:
            self.latencies.append(max(boards) - self.pressed[url])


async def connect(url: str, me: dict, port: int):
    import websockets

    return await websockets.connect(
        f"ws://127.0.0.1:{port}{url}", origin=f"http://127.0.0.1:{port}",
        additional_headers={"Cookie": f"sessionid={me['session']}", "X-Forwarded-For": me["address"]}, max_size=2**22,
    )


async def player(me: dict, port: int, stats: Stats, stop_at: float, think: float, game_time: float, arrival: float) -> None:
    """One person going from the lobby to a game and back until the time is up."""
    import websockets

    rng = random.Random(me["pk"])
    await asyncio.sleep(rng.uniform(0, arrival))
    failures = 0
    visit: dict = {}  # one lobby page: when it opened, its press and seek, kept while its socket reconnects
    while time.monotonic() < stop_at:
        try:
            visit = visit or {"opened": int(time.time() * 1000)}
            url = await in_lobby(me, port, stats, stop_at, think, rng, visit)
            visit = {}
            if url is not None:
                await on_board(me, port, url, stats, game_time, rng)
            failures = 0
        except (OSError, websockets.InvalidHandshake, websockets.InvalidMessage, websockets.ConnectionClosed) as problem:
            stats.reconnects += 1
            stats.retried_for[type(problem).__name__] += 1
            failures += 1
            await asyncio.sleep(backoff(failures, rng))


def backoff(failures: int, rng: random.Random) -> float:
    """Seconds before connecting again, as the pages do: doubling from half a second up to 8, with jitter."""
    return rng.uniform(0.5, 1) * min(8, 0.5 * 2 ** (failures - 1))


async def in_lobby(me: dict, port: int, stats: Stats, stop_at: float, think: float, rng: random.Random,
                   visit: dict) -> str | None:
    """Think, press «Jugar ya», wait to be paired: the game's url, or None once the time is up.

    The socket's address carries when the page opened, as the page writes it: a socket that
    reconnects (``visit`` kept) is sent to a pairing made while it was away, and the person,
    who pressed already, waits on.
    """
    socket = await connect(f"/ws/sala/?pagina={visit['opened']}", me, port)
    try:
        pressed_at = visit.get("pressed")
        seek_id = visit.get("seek")
        press_at = time.monotonic() + rng.uniform(0, 2 * think)
        while True:
            now = time.monotonic()
            if pressed_at is None and now >= stop_at:
                return None
            if pressed_at is not None and seek_id is None and now >= pressed_at + DRAIN:
                stats.errors.append("«Jugar ya» got no answer")
                return None
            if pressed_at is None and now >= press_at:
                pressed_at = visit["pressed"] = time.monotonic()
                stats.presses += 1
                await socket.send(json.dumps({"type": "play_now", "length": rng.choice(LENGTHS), "clock": "no",
                                              "rated": "on", "spread": "", "room": "public"}))
            if seek_id is not None and now >= stop_at:
                await socket.send(json.dumps({"type": "withdraw"}))
                stats.withdrawn.add(seek_id)
                url = await drain_withdrawal(socket, stats)
                if url is not None:  # taken just before the withdrawal: a game after all
                    stats.paired_seek[seek_id] = url
                return url
            wait = (press_at if pressed_at is None else stop_at) - time.monotonic()
            try:
                raw = await asyncio.wait_for(socket.recv(), max(0.05, wait))
            except asyncio.TimeoutError:
                continue
            message = json.loads(raw)
            kind = message["type"]
            if kind in ("paired", "waiting") and pressed_at is not None and seek_id is None:
                stats.answers.append(time.monotonic() - pressed_at)
            if kind == "paired":
                url = message["url"]
                stats.seen[url] += 1
                if seek_id is not None:
                    stats.paired_seek[seek_id] = url
                elif pressed_at is not None:  # this press took a seek: it made the pairing
                    stats.pressed[url] = pressed_at
                return url
            if kind == "state" and own_seek(message.get("waiting", "")) is not None:  # a reconnected page's own seek
                seek_id = visit["seek"] = own_seek(message["waiting"])
                stats.published.setdefault(seek_id, me["pk"])
            elif kind == "waiting" and own_seek(message["html"]) is not None:
                seek_id = visit["seek"] = own_seek(message["html"])
                stats.published[seek_id] = me["pk"]
            elif kind == "error":
                stats.errors.append(message["message"])
                pressed_at, press_at = None, time.monotonic() + rng.uniform(0, 2 * think)
                visit.pop("pressed", None)
            elif kind != "state":
                stats.lobby_messages += 1
    finally:
        # A page that moves to the board does not wait for the lobby's closing handshake.
        asyncio.get_running_loop().create_task(socket.close())


def own_seek(html: str) -> int | None:
    """The id of the player's own seek in the lobby's «waiting» box, or None when the box is empty."""
    if 'data-lobby-mine="' not in html:
        return None
    return int(html.split('data-lobby-mine="', 1)[1].split('"', 1)[0])


async def drain_withdrawal(socket, stats: Stats) -> str | None:
    """Read the socket until the withdrawal is confirmed: None, or the game's url if the seek was taken first."""
    deadline = time.monotonic() + DRAIN
    while time.monotonic() < deadline:
        message = json.loads(await asyncio.wait_for(socket.recv(), deadline - time.monotonic()))
        if message["type"] == "waiting":
            return None
        if message["type"] == "paired":
            stats.seen[message["url"]] += 1
            return message["url"]
        stats.lobby_messages += 1
    return None


async def on_board(me: dict, port: int, url: str, stats: Stats, game_time: float, rng: random.Random) -> None:
    """The game's socket: on the board at its first state; White leaves the match after a while.

    A dropped connection is opened again, as a browser does: the game goes on.
    """
    import websockets

    code = url.rstrip("/").rsplit("/", 1)[1]
    leave_at = give_up = None
    for attempt in range(1, 6):
        opening = time.monotonic()
        try:
            socket = await connect(f"/ws/jugar/{code}/", me, port)
            try:
                state = json.loads(await asyncio.wait_for(socket.recv(), DRAIN))
                if leave_at is None:
                    stats.on_board(url, time.monotonic())
                    stats.connects.append(time.monotonic() - opening)
                    leave_at = time.monotonic() + rng.uniform(0, 2 * game_time)
                    give_up = leave_at + 2 * game_time + 2 * DRAIN  # the rival should have left by then
                await play_until_over(socket, state, stats, leave_at, give_up)
                return
            finally:
                await socket.close()
        except (OSError, websockets.InvalidHandshake, websockets.InvalidMessage, websockets.ConnectionClosed) as problem:
            stats.reconnects += 1
            stats.retried_for[type(problem).__name__] += 1
            await asyncio.sleep(backoff(attempt, rng))
    stats.errors.append("could not stay on the board")


async def play_until_over(socket, state: dict, stats: Stats, leave_at: float, give_up: float) -> None:
    """Wait for the end of the match, White leaving it at ``leave_at`` (or give up at ``give_up``)."""
    while state.get("phase") != "over":
        now = time.monotonic()
        if now >= give_up:
            stats.errors.append("the match never ended: the rival did not come to the board or leave it")
            return
        if state.get("you") == 0 and now >= leave_at:
            await socket.send(json.dumps({"type": "resign", "seq": state["seq"]}))
            leave_at = float("inf")
        try:
            raw = await asyncio.wait_for(socket.recv(), max(0.05, min(leave_at, give_up) - time.monotonic()))
        except asyncio.TimeoutError:
            continue
        message = json.loads(raw)
        if message["type"] == "error":
            stats.errors.append(message["message"])
        else:
            state = message


def check_database(players: list[dict], stats: Stats) -> dict[str, int]:
    """What the database says against what the players saw."""
    from tutor.lobby.models import Seek
    from tutor.play.models import LiveGame

    Status = Seek.Status
    seeks = {seek.pk: seek for seek in Seek.objects.select_related("game")}
    games = list(LiveGame.objects.filter(seek__isnull=False).order_by("created"))
    double = sum(1 for seek in seeks.values() if seek.status == Status.TAKEN and seek.game is None)
    by_player: dict[int, list] = {}
    for game in games:
        for pk in (game.white_id, game.black_id):
            by_player.setdefault(pk, []).append(game)
    for own in by_player.values():  # a player's next game starts only after the previous one ended
        double += sum(1 for before, after in zip(own, own[1:]) if before.phase != "over" or after.created < before.last_action_at)
    unseen = sum(1 for game in games if stats.seen[game.get_absolute_url()] != 2)
    lost = 0
    for seek_id, creator in stats.published.items():
        seek = seeks.get(seek_id)
        if seek is None or seek.creator_id != creator:
            lost += 1
        elif seek.status == Status.TAKEN:
            lost += stats.paired_seek.get(seek_id) != seek.game.get_absolute_url()  # its creator never heard
        elif seek.status != Status.WITHDRAWN or seek_id not in stats.withdrawn:
            lost += 1  # gone (or still open) while its creator was waiting for a rival
    lost += sum(1 for seek in seeks.values() if seek.pk not in stats.published)
    return {"games": len(games), "seeks": len(seeks), "double pairings": double, "lost seeks": lost, "games not seen by both players": unseen}


async def sample_lag(stats: Stats, stop_at: float) -> None:
    """The players share one event loop: if it runs late, every figure above includes the delay."""
    while time.monotonic() < stop_at:
        before = time.monotonic()
        await asyncio.sleep(0.5)
        stats.lags.append(time.monotonic() - before - 0.5)


async def run_all(players: list[dict], ports: list[int], stats: Stats, args) -> None:
    stop_at = time.monotonic() + args.arrival + args.duration
    await asyncio.gather(sample_lag(stats, stop_at), *(
        player(me, ports[index % len(ports)], stats, stop_at, args.think, args.game, args.arrival)
        for index, me in enumerate(players)
    ))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--duration", type=float, default=120)
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--think", type=float, default=5, help="mean seconds in the lobby before pressing «Jugar ya»")
    parser.add_argument("--game", type=float, default=20, help="mean seconds on the board before White leaves the match")
    parser.add_argument("--arrival", type=float, default=30, help="seconds over which the players arrive")
    args = parser.parse_args()
    with live.production_site(args.processes, lambda env: prepare(env, args.players), cache_in_redis=True) as (players, ports, pids):
        stats = Stats(pids)
        cpu_before = sum(live.cpu_seconds(pid) for pid in pids)
        started, client_before = time.monotonic(), time.process_time()
        asyncio.run(run_all(players, ports, stats, args))
        elapsed, client_cpu = time.monotonic() - started, time.process_time() - client_before
        server_cpu = sum(live.cpu_seconds(pid) for pid in pids) - cpu_before
        checks = check_database(players, stats)
    ms = [value * 1000 for value in stats.latencies]
    pct = live.percentile
    print(f"{args.players} players, {args.processes} daphne processes sharing Redis, {args.arrival:.0f} s to arrive, "
          f"then {args.duration:.0f} s (think {args.think:g} s, game {args.game:g} s on average); {elapsed:.0f} s in all")
    print(f"«Jugar ya» pressed: {stats.presses} ({stats.presses / elapsed:.1f}/s); games created: {checks['games']}; "
          f"seeks published: {len(stats.published)}; lobby updates received: {stats.lobby_messages} ({stats.lobby_messages / elapsed:.0f}/s)")
    if ms:
        print(f"«Jugar ya» → both players on the board: p50 {pct(ms, .5):.0f} ms, p95 {pct(ms, .95):.0f} ms, "
              f"p99 {pct(ms, .99):.0f} ms, max {max(ms):.0f} ms ({len(ms)} pairings)")
    for label, values in (("«Jugar ya» → its answer", stats.answers), ("the game's socket → its first state", stats.connects)):
        if values:
            values = [value * 1000 for value in values]
            print(f"  {label}: p50 {pct(values, .5):.0f} ms, p95 {pct(values, .95):.0f} ms")
    if stats.lags:
        print(f"the players' event loop (this script) woke up late by p50 {1000 * pct(stats.lags, .5):.0f} ms, "
              f"p95 {1000 * pct(stats.lags, .95):.0f} ms, and used {100 * client_cpu / elapsed:.0f}% of one core")
    if checks["games"]:
        print(f"CPU per game in the daphne processes: {1000 * server_cpu / checks['games']:.0f} ms "
              f"(they used {100 * server_cpu / elapsed:.0f}% of one core)")
    print(f"double pairings: {checks['double pairings']}; lost seeks: {checks['lost seeks']}; "
          f"games not seen by both players: {checks['games not seen by both players']}; "
          f"refused messages: {len(stats.errors)}; connections retried: {stats.reconnects}")
    if stats.retried_for:
        print("   connections retried after: " + ", ".join(f"{name} ({count})" for name, count in stats.retried_for.most_common()))
    for message, count in Counter(stats.errors).most_common(3):
        print(f"   {count} × {message}")
    failed = checks["double pairings"] or checks["lost seeks"] or checks["games not seen by both players"] or stats.errors
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
