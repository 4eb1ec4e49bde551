"""Load test of the live games: many games played at once over WebSockets, against the production setup.

    .venv/bin/python bench/live.py --duration 120 --games 100
    scripts/with-postgres .venv/bin/python bench/live.py     # against PostgreSQL

Starts a throwaway redis-server and ``--processes`` daphne processes with
``tutor.settings.prod`` sharing it (``CHANNEL_LAYER_URL``) and one database
(a fresh SQLite file, or DATABASE_URL).  Creates ``--games`` money games
and their 2 × games players, each signed in with a session cookie; White
connects to one process and Black to the next, so every move crosses
processes through Redis.  Each player acts when the server says it is
their turn (roll, a random legal play from the engine, now and then a
double, take or drop) after thinking like a brisk person: ``--think``
seconds on average over a play (4 by default, uniformly from none to
twice that), and a quarter of that over rolling or a cube decision.
``--think 0`` plays as fast as the server answers, which measures the
most actions per second the machine can take (latency is then queueing).

Prints actions per second and p50/p95/p99/max of the time from a player
sending a move to the rival's screen receiving the new state; then
compares, game by game, the plays the clients saw accepted with the plays
stored in the database.  Exits with status 1 on any lost or duplicated
play, or any refused message.

``--attack`` adds one more game, public, played like the others, and
attacks it: ``--spectators`` anonymous sockets (200) watch it from twenty
loopback addresses, and a flooding client signed in with one account opens
``--flood-sockets`` sockets to it (20; the server lets it keep ten) and
opens them again when they are closed, sending ``--flood-rate`` messages a
second (500) of every kind: syncs, malformed text, decisions a spectator
may not take, phrases.  The attack runs in a process of its own, at a
lower priority, so that it does not slow the players' clients (on one
machine it still takes some CPU from the server).  Latencies are then those of the other games, which is
what the attack must not slow down; the attack's own figures follow.

    .venv/bin/python bench/live.py --attack      # the same games, under attack
"""

from __future__ import annotations

try:  # first: makes the standard library's http importable (see bench/_support.py)
    from bench import _support
except ImportError:  # run as a script from bench/
    import _support
import argparse
import asyncio
import json
import multiprocessing
import os
import random
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from contextlib import contextmanager
from pathlib import Path

ROOT = _support.ROOT
free_port = _support.free_port
DRAIN = 60
"""Seconds the players wait, after the time is up, for the server to apply the messages already sent."""


def environment(folder: Path, redis_url: str) -> dict:
    env = {key: value for key, value in os.environ.items() if not key.startswith(("DJANGO_", "REDIS_", "CHANNEL_"))}
    env.update(
        DJANGO_SETTINGS_MODULE="tutor.settings.prod",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_ALLOWED_HOSTS="127.0.0.1",
        DATABASE_URL=os.environ.get("DATABASE_URL") or f"sqlite:///{folder / 'site.sqlite3'}",
        DJANGO_LOG_LEVEL="WARNING",
        CHANNEL_LAYER_URL=redis_url,
        PYTHONPATH=str(ROOT),
    )
    return env


def prepare(env: dict, games: int, attack: bool = False) -> tuple[list[dict], dict | None]:
    """Migrate, then create the games and signed-in players (in this process, with the server's settings).

    With ``attack``, one more game, public, and the flooding client's account: ``(games, attacked)``.
    """
    for command in (["migrate", "--noinput"], ["createcachetable"]):
        subprocess.run([sys.executable, "manage.py", *command], cwd=ROOT, env=env, check=True, capture_output=True)
    os.environ.update(env)
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
    from django.contrib.sessions.backends.db import SessionStore

    from tutor.play import service

    def session(user) -> str:
        store = SessionStore()
        store[SESSION_KEY] = str(user.pk)
        store[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[0]
        store[HASH_SESSION_KEY] = user.get_session_auth_hash()
        store.create()
        return store.session_key

    users = get_user_model().objects
    created = []
    for number in range(games + attack):
        # No password (the session is made here): hashing 200 with production's hasher takes minutes.
        white = users.create_user(f"blancas{number}")
        black = users.create_user(f"negras{number}")
        game = service.create_game(white, length=0, claim_minutes=30, black=black, public=attack and number == games)
        created.append({"pk": game.pk, "code": game.code, "sessions": [session(white), session(black)]})
    if not attack:
        return created, None
    attacked = {**created[-1], "flooder": session(users.create_user("inundador"))}
    return created, attacked


LIVE_THREADS = "3"
"""Each daphne's shared pool of threads, as ``make serve-live`` starts it (``LIVE_THREADS`` there)."""


def start_daphne(env: dict, folder: Path, count: int) -> tuple[list[subprocess.Popen], list[int]]:
    env = {"ASGI_THREADS": LIVE_THREADS, **env}  # an ASGI_THREADS of the caller's wins
    processes, ports = [], []
    for index in range(count):
        port = free_port()
        log = open(folder / f"daphne{index}.log", "wb")
        processes.append(subprocess.Popen(
            [sys.executable, "-m", "daphne", "--bind", "127.0.0.1", "--port", str(port), "tutor.asgi:application"],
            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
        ))
        ports.append(port)
    import socket

    deadline = time.monotonic() + 60
    for port in ports:
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError("daphne did not start: see " + str(folder)) from None
                time.sleep(0.1)
    return processes, ports


@contextmanager
def production_site(processes: int, prepare, *, cache_in_redis: bool = False):
    """The production setup on this machine for a benchmark's body: a throwaway redis-server and
    ``processes`` daphne processes with ``tutor.settings.prod`` sharing it and one database.

    ``prepare(env)`` fills the database first (in this process, with the servers' settings); yields
    what it returned, the daphne processes' ports and their pids.  With ``cache_in_redis``, the
    cache (and so the sessions read through it) is in the same Redis, as the README recommends for
    several processes.  When the body fails, the end of each daphne log is shown; the processes stop
    in any case.
    """
    sys.path.insert(0, str(ROOT))
    from tests.redis_server import throwaway_redis

    with tempfile.TemporaryDirectory() as name, throwaway_redis() as redis_url:
        folder = Path(name)
        env = environment(folder, redis_url)
        if cache_in_redis:
            env["DJANGO_CACHE_URL"] = redis_url.rsplit("/", 1)[0] + "/1"
        prepared = prepare(env)
        daphnes, ports = start_daphne(env, folder, processes)
        try:
            yield prepared, ports, [process.pid for process in daphnes]
        except Exception:
            for log in sorted(folder.glob("daphne*.log")):
                print(f"== {log.name}\n" + log.read_text(errors="replace")[-3000:], file=sys.stderr)
            raise
        finally:
            for process in daphnes:
                process.terminate()
                process.wait(timeout=30)


class Stats:
    """What the players saw.  Latencies, rates and CPU count from ``measure_from``, once everyone has arrived.

    Latencies leave out the ``attacked`` game (its rival's screen is not what is measured).
    """

    def __init__(self, pids: list[int], attacked: int | None = None) -> None:
        self.pids = pids
        self.attacked = attacked
        self.measure_from = float("inf")
        self.cpu_from = (0.0, 0.0)
        self.measured_actions = 0
        self.measured_plays = 0
        self.latencies: list[float] = []
        self.sent: dict[tuple[int, int], float] = {}
        self.accepted: Counter = Counter()
        self.actions = 0
        self.errors: list[str] = []
        self.reconnects = 0
        self.why_reconnected: Counter = Counter()


async def player(game: dict, side: int, port: int, stats: Stats, stop_at: float, think: float, arrival: float) -> None:
    """One person: arrives within ``arrival`` seconds, then acts whenever the server says it is their turn."""
    import websockets

    rng = random.Random(f"{game['pk']}:{side}")
    await asyncio.sleep(rng.uniform(0, arrival))
    url = f"ws://127.0.0.1:{port}/ws/jugar/{game['code']}/"
    headers = {"Cookie": f"sessionid={game['sessions'][side]}"}
    for attempt in range(5):
        try:
            async with websockets.connect(url, origin=f"http://127.0.0.1:{port}", additional_headers=headers, max_size=2**22) as socket:
                await play_on(socket, game, side, stats, stop_at, think, rng)
            return
        except (OSError, websockets.InvalidHandshake, websockets.InvalidMessage) as failed:
            stats.reconnects += 1
            stats.why_reconnected[str(failed)[:60]] += 1
            await asyncio.sleep(1 + attempt)


async def play_on(socket, game: dict, side: int, stats: Stats, stop_at: float, think: float, rng: random.Random) -> None:
    import websockets

    from tutor.engine import Position

    acted_on = -1
    awaiting = None  # the seq of this player's last message, until the server has applied it
    while True:
        if time.monotonic() > stop_at and awaiting is None:
            return
        # Once the time is up, only a player whose last message is still unanswered waits (for the drain).
        timeout = max(0.1, stop_at - time.monotonic() + (DRAIN if awaiting is not None else 0))
        try:
            raw = await asyncio.wait_for(socket.recv(), timeout)
        except (asyncio.TimeoutError, websockets.ConnectionClosed):
            return
        state = json.loads(raw)
        now = time.monotonic()
        if state["type"] == "error":
            stats.errors.append(state["message"])
            awaiting = None
            continue
        seq = state["seq"]
        if awaiting is not None and seq > awaiting:
            awaiting = None
        sent = stats.sent.pop((game["pk"], seq - 1), None)
        if sent is not None and side != sent[1]:
            if sent[0] >= stats.measure_from and game["pk"] != stats.attacked:
                stats.latencies.append(now - sent[0])
        elif sent is not None:
            stats.sent[(game["pk"], seq - 1)] = sent  # the mover's own echo: wait for the rival's screen
        if state["to_act"] != side or seq <= acted_on or time.monotonic() > stop_at:
            continue
        acted_on = seq
        pause = think if state["phase"] == "move" else think / 4
        await asyncio.sleep(rng.uniform(0, 2 * pause))
        position = Position.from_xgid(state["xgid"])
        if state["phase"] == "roll":
            message = {"type": "double" if rng.random() < 0.05 else "roll"}
        elif state["phase"] == "answer":
            message = {"type": "take" if rng.random() < 0.7 else "drop"}
        else:
            play = rng.choice(position.legal_plays()).notation
            message = {"type": "move", "play": play}
            stats.sent[(game["pk"], seq)] = (time.monotonic(), side)
            stats.accepted[game["pk"]] += 1
            stats.measured_plays += time.monotonic() >= stats.measure_from
        message["seq"] = seq
        stats.actions += 1
        stats.measured_actions += time.monotonic() >= stats.measure_from
        awaiting = seq
        await socket.send(json.dumps(message))


def check_database(games: list[dict], stats: Stats) -> tuple[int, int]:
    """Plays the clients sent and saw accepted, against the plays stored: (lost, duplicated)."""
    from django.db.models import Count

    from tutor.play.models import LiveAction

    stored = dict(
        LiveAction.objects.filter(kind="move", forced=False).values_list("game_id").annotate(n=Count("pk")).values_list("game_id", "n")
    )
    lost = duplicated = 0
    for game in games:
        sent, kept = stats.accepted[game["pk"]], stored.get(game["pk"], 0)
        lost += max(0, sent - kept)
        duplicated += max(0, kept - sent)
    return lost, duplicated


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time a running process has used (Linux ``/proc``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def cpu_now(stats: Stats) -> tuple[float, float]:
    """CPU seconds used so far by the daphne processes and by this script."""
    return sum(cpu_seconds(pid) for pid in stats.pids), time.process_time()


async def start_measuring(stats: Stats, arrival: float) -> None:
    """Once every player has had time to arrive (connecting is not what is measured), start counting."""
    await asyncio.sleep(arrival)
    stats.measure_from, stats.cpu_from = time.monotonic(), cpu_now(stats)


async def play_all(games: list[dict], ports: list[int], stats: Stats, duration: float, think: float, arrival: float) -> None:
    stop_at = time.monotonic() + arrival + duration
    tasks = [start_measuring(stats, arrival)]
    for index, game in enumerate(games):
        for side in (0, 1):
            tasks.append(player(game, side, ports[(index + side) % len(ports)], stats, stop_at, think, arrival))
    await asyncio.gather(*tasks)


# -- the attack (--attack), in a process of its own ---------------------------------------------

SPECTATOR_ADDRESSES = 20
"""Loopback addresses the spectators come from: 127.0.0.2 to .21 (each process admits twenty sockets
per address signed out)."""

FLOODER_ADDRESS = "127.0.0.99"
"""Where the flooding client comes from: not the players' address, as an attacker's would not be."""

FLOOD = [
    '{"type": "sync"}', "not json", '{"type": "resign", "seq": 1}', '{"type": "phrase", "phrase": "suerte"}',
    '{"type": "move", "seq": 1, "play": "13/7 8/7"}', "{" * 500,
]
"""The flooding client's messages, in turn: every kind the server must refuse or answer cheaply."""


def attack(ports: list[int], game: dict, spectators: int, rate: float, sockets: int, arrival: float, seconds: float, report) -> None:
    """The attack on ``game``, in a process of its own so that it does not slow the players' clients:
    ``spectators`` anonymous spectators arriving in the first half of ``arrival``, and one account
    flooding through ``sockets`` sockets at ``rate`` messages a second in all, opening every socket
    closed again.  Puts what happened in ``report``."""
    import websockets

    os.nice(10)  # the attacker's own CPU is another machine's: here it must not starve the server and the players
    counts = Counter()
    origin = {port: f"http://127.0.0.1:{port}" for port in ports}

    async def spectator(number: int, stop_at: float) -> None:
        port = ports[number % len(ports)]
        await asyncio.sleep(random.uniform(0, arrival / 2))
        try:
            async with websockets.connect(f"ws://127.0.0.1:{port}/ws/jugar/{game['code']}/", origin=origin[port],
                                          local_addr=(f"127.0.0.{2 + number % SPECTATOR_ADDRESSES}", 0), max_size=2**22) as socket:
                counts["spectators in"] += 1
                while True:
                    await asyncio.wait_for(socket.recv(), max(0.1, stop_at - time.monotonic()))
                    counts["updates watched"] += 1
        except (asyncio.TimeoutError, websockets.ConnectionClosed):
            return
        except (OSError, websockets.InvalidHandshake, websockets.InvalidMessage) as refused:
            counts[f"spectators refused ({type(refused).__name__})"] += 1

    async def flooder(stop_at: float) -> None:
        url = f"ws://127.0.0.1:{ports[0]}/ws/jugar/{game['code']}/"
        while time.monotonic() < stop_at:
            try:
                async with websockets.connect(url, origin=origin[ports[0]], additional_headers={"Cookie": f"sessionid={game['flooder']}"},
                                              local_addr=(FLOODER_ADDRESS, 0), max_size=2**22) as socket:
                    counts["flood sockets opened"] += 1
                    drain = asyncio.ensure_future(answers(socket))
                    while time.monotonic() < stop_at:
                        await socket.send(FLOOD[counts["flood messages sent"] % len(FLOOD)])
                        counts["flood messages sent"] += 1
                        await asyncio.sleep(sockets / rate)
                    drain.cancel()
            except websockets.ConnectionClosed:
                counts["flood sockets closed by the server"] += 1
            except (OSError, websockets.InvalidHandshake, websockets.InvalidMessage):
                counts["flood connections refused"] += 1
                await asyncio.sleep(1)  # faster, and this machine's CPU would go to the attacker, not the server

    async def answers(socket) -> None:
        try:
            async for _ in socket:
                counts["flood answers"] += 1
        except websockets.ConnectionClosed:
            pass

    async def all_of_it() -> None:
        stop_at = time.monotonic() + seconds
        await asyncio.gather(*(spectator(number, stop_at) for number in range(spectators)),
                             *(flooder(stop_at) for _ in range(sockets)))

    asyncio.run(all_of_it())
    report.put(dict(counts))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--duration", type=float, default=120)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--think", type=float, default=4, help="mean seconds a player thinks over a play (a quarter of it to roll)")
    parser.add_argument("--arrival", type=float, default=10, help="seconds over which the players connect")
    parser.add_argument("--attack", action="store_true", help="one more game, public, watched by --spectators and flooded")
    parser.add_argument("--spectators", type=int, default=200)
    parser.add_argument("--flood-rate", type=float, default=500, help="messages a second the flooding client sends")
    parser.add_argument("--flood-sockets", type=int, default=20, help="sockets the flooding client tries to keep open")
    args = parser.parse_args()
    with production_site(args.processes, lambda env: prepare(env, args.games, args.attack)) as ((games, attacked), ports, pids):
        stats = Stats(pids, attacked["pk"] if attacked else None)
        attacking = report = None
        if attacked:
            spawn = multiprocessing.get_context("spawn")
            report = spawn.Queue()
            attacking = spawn.Process(target=attack, args=(
                ports, attacked, args.spectators, args.flood_rate, args.flood_sockets, args.arrival, args.arrival + args.duration, report))
            attacking.start()
        try:
            asyncio.run(play_all(games, ports, stats, args.duration, args.think, args.arrival))
            elapsed = time.monotonic() - stats.measure_from
            server_cpu, client_cpu = (now - before for now, before in zip(cpu_now(stats), stats.cpu_from))
            attacked_with = report.get(timeout=120) if report else None
        finally:
            if attacking is not None:
                attacking.join(timeout=120)
        lost, duplicated = check_database(games, stats)
    moves = sum(stats.accepted.values())
    ms = [value * 1000 for value in stats.latencies]
    print(f"{args.games} games, {2 * args.games} WebSocket clients, {args.processes} daphne processes sharing Redis, "
          f"{args.arrival:.0f} s to arrive, then {elapsed:.0f} s measured (including the wait for the last answers)")
    if attacked:
        print(f"under attack: one more game, public, {args.spectators} spectators and one account flooding it at "
              f"{args.flood_rate:.0f} messages/s through {args.flood_sockets} sockets: {attacked_with}; "
              "the latencies below are the other games'")
    # Nobody sends anything after the duration: the rates are over the duration, not the wait for the last answers.
    print(f"actions sent: {stats.measured_actions} ({stats.measured_actions / args.duration:.1f}/s); "
          f"plays: {stats.measured_plays} ({stats.measured_plays / args.duration:.1f}/s); in all, with the arrival: {stats.actions} actions, {moves} plays")
    if ms:
        print(f"move → rival's screen: p50 {percentile(ms, .5):.1f} ms, p95 {percentile(ms, .95):.1f} ms, "
              f"p99 {percentile(ms, .99):.1f} ms, max {max(ms):.1f} ms, mean {statistics.mean(ms):.1f} ms ({len(ms)} samples)")
    if stats.measured_actions:
        print(f"CPU per action: {1000 * server_cpu / stats.measured_actions:.1f} ms in the daphne processes, "
              f"{1000 * client_cpu / stats.measured_actions:.1f} ms in the players (this script); "
              f"the daphne processes used {100 * server_cpu / elapsed:.0f}% of one core")
    print(f"refused messages: {len(stats.errors)}; connections retried: {stats.reconnects}; lost plays: {lost}; duplicated plays: {duplicated}")
    for message in Counter(stats.errors).most_common(3):
        print("  ", message)
    for reason, times in stats.why_reconnected.most_common(3):
        print(f"   connection retried {times} times: {reason}")
    return 1 if lost or duplicated or stats.errors else 0


if __name__ == "__main__":
    sys.exit(main())
