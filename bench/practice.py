"""Benchmark: four practice games at once over HTTP, as learners in a browser play them.

    .venv/bin/python bench/practice.py [--games 4] [--decisions 40] [--seed 2024] [--reference] [--check]

Starts what ``make run`` serves (``runserver`` with ``tutor.settings.dev``)
on a free loopback port, against a fresh SQLite file, grading at the
default depth (``PRACTICE_GRADING_PLIES``, 2).  Each of ``--games``
learners, in a thread of its own, starts a money game against the program
at the default level and makes ``--decisions`` decisions, as the page's
forms send them: a random legal play (from the engine), a roll, now and
then a double, and a take or a pass when the program doubles.  After each
decision it waits as the page does, asking ``estado/`` four times a
second and loading the game when it changed.

Reported, per kind of decision (``jugar``, ``doblar``, ``responder``,
``tirar``): how many, p50, p95 and the worst time of the request itself;
then, for the decisions that get a light, the time from sending the
decision to the page holding its light (the light's latency, the page's
polling included), and to the program's reply being on the page.

With ``--reference`` one game is first played alone, on a server of its
own, with the same number of decisions, and the light's p50 and p95 with
``--games`` at once are also printed as ratios to it: on a machine shared
with others, the ratio says what the games at once cost, whatever the
load of the moment.

Target: ``jugar``, ``doblar`` and ``responder`` p95 under
``TARGET_DECISION_MS`` and the light's p95 under ``TARGET_LIGHT_MS``.
With ``--check`` the exit status is 1 when a target is missed or a
request failed.
"""

from __future__ import annotations

try:  # first: makes the standard library's http importable (see bench/_support.py)
    from bench import _support  # noqa: F401
except ImportError:  # run as a script from bench/
    import _support  # noqa: F401
import argparse
import random
import re
import statistics
import sys
import tempfile
import threading
import time
from collections import defaultdict
from pathlib import Path

from bench.load import Browser, ProductionServer
from tutor.engine import Position

TARGET_DECISION_MS = 300.0
TARGET_LIGHT_MS = 1500.0
POLL_S = 0.25
QUICK_POLL_S = 0.1
QUICK_FOR_S = 2.0
"""How often the page asks ``estado/`` while it waits: every ``QUICK_POLL_S`` for the first
``QUICK_FOR_S`` seconds, then every ``POLL_S`` (``POLL_MS`` and its neighbours in static/js/practice/game.js)."""
GRADED = ("jugar", "doblar", "responder")


class DevServer(ProductionServer):
    """What ``make run`` serves: ``runserver`` with ``tutor.settings.dev``, on a fresh SQLite file."""

    def __init__(self, folder: Path, **kwargs) -> None:
        super().__init__(folder, **kwargs)
        self.env["DJANGO_SETTINGS_MODULE"] = "tutor.settings.dev"
        self.env["DJANGO_RATELIMITS"] = "practice=100000/60,practice-start=1000/3600"

    def prepare(self) -> None:
        self.manage("migrate", "--noinput")

    def command(self) -> list[str]:
        return [sys.executable, "manage.py", "runserver", "--noreload", f"127.0.0.1:{self.port}"]


class Results:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.requests: dict[str, list[float]] = defaultdict(list)
        self.lights: list[float] = []
        self.replies: list[float] = []
        self.failures: list[str] = []

    def add(self, table: list[float], seconds: float) -> None:
        with self.lock:
            table.append(seconds * 1000)


class Learner(threading.Thread):
    """One browser playing one game: decides, then waits for the page to hold the light and the program's reply."""

    def __init__(self, port: int, decisions: int, rng: random.Random, results: Results, ready: threading.Barrier) -> None:
        super().__init__(daemon=True)
        self.browser = Browser(port, timeout=120)
        self.decisions = decisions
        self.rng = rng
        self.results = results
        self.ready = ready
        self.base = ""

    def run(self) -> None:
        try:
            self.browser.get("/practica/")
            started = self.browser.post_form("/practica/nueva/", {"length": "0", "level": "intermedio"})
            if started.status != 302:
                raise RuntimeError(f"start answered {started.status}")
            self.base = started.header("Location")
            page = self.settle(time.perf_counter())[0]
            self.ready.wait()
            for _ in range(self.decisions):
                page = self.decide(page)
        except Exception as error:  # noqa: BLE001 - reported with the figures
            with self.results.lock:
                self.results.failures.append(f"{self.base}: {error!r}")
            self.ready.abort()

    def decide(self, page: str) -> str:
        kind, path, data = self.choose(page)
        sent = time.perf_counter()
        answer = self.browser.post_form(path, data)
        self.results.add(self.results.requests[kind], time.perf_counter() - sent)
        if answer.status != 302:
            raise RuntimeError(f"{kind} answered {answer.status}")
        page, lit = self.settle(sent)
        if kind in GRADED and lit is not None:
            self.results.add(self.results.lights, lit)
        if kind in GRADED:
            self.results.add(self.results.replies, time.perf_counter() - sent)
        return page

    def settle(self, sent: float) -> tuple[str, float | None]:
        """Load the game and wait as its script does; the page once it waits for nothing, and when its light was there."""
        page = self.browser.get(self.base).text
        lit = None if "data-light-pending" in page else time.perf_counter() - sent
        while "data-waiting" in page:
            state = re.search(r'data-state="([^"]+)"', page)[1]
            time.sleep(QUICK_POLL_S if time.perf_counter() - sent < QUICK_FOR_S else POLL_S)
            answer = self.browser.get(f"{self.base}estado/")
            if answer.status != 200:
                raise RuntimeError(f"estado answered {answer.status}")
            now = answer.json()
            if now["state"] != state or not now["pending"]:
                page = self.browser.get(self.base).text
                if lit is None and "data-light-pending" not in page:
                    lit = time.perf_counter() - sent
        return page, lit

    def choose(self, page: str) -> tuple[str, str, dict]:
        """The next decision, read from the page as a learner reads it."""
        found = re.search(r'name="seq" value="(\d+)"|\?seq=(\d+)', page)
        seq = next(group for group in found.groups() if group)
        if "/jugar/?seq=" in page:
            xgid = re.search(r'class="practice-xgid">([^<]+)<', page)[1]
            play = self.rng.choice(Position.from_xgid(xgid).legal_plays())
            return "jugar", f"{self.base}jugar/?seq={seq}", {"play": play.notation}
        if "data-action-double" in page and self.rng.random() < 0.3:
            return "doblar", f"{self.base}doblar/", {"seq": seq}
        if "data-action-roll" in page:
            return "tirar", f"{self.base}tirar/", {"seq": seq}
        if "/responder/" in page:
            return "responder", f"{self.base}responder/", {"seq": seq, "respuesta": self.rng.choice(["aceptar", "abandonar"])}
        return "siguiente", f"{self.base}siguiente/", {"seq": seq}


def percentiles(values: list[float]) -> str:
    if not values:
        return "n    0"
    return f"n {len(values):>4}   p50 {statistics.median(values):7.0f} ms   p95 {_p95(values):7.0f} ms   max {max(values):7.0f} ms"


def run(games: int, decisions: int, seed: int) -> Results:
    results = Results()
    with tempfile.TemporaryDirectory() as folder, DevServer(Path(folder)) as server:
        ready = threading.Barrier(games)
        learners = [Learner(server.port, decisions, random.Random(seed + number), results, ready) for number in range(games)]
        for learner in learners:
            learner.start()
        for learner in learners:
            learner.join()
    return results


def report(title: str, results: Results) -> None:
    print(title)
    for kind in ("jugar", "doblar", "responder", "tirar", "siguiente"):
        print(f"{kind:>18}: {percentiles(results.requests[kind])}")
    print(f"{'light on the page':>18}: {percentiles(results.lights)}")
    print(f"{'program replied':>18}: {percentiles(results.replies)}")
    for failure in results.failures:
        print("FAILED", failure)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--decisions", type=int, default=40, help="decisions per game")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--reference", action="store_true", help="first play one game alone and print ratios to it")
    parser.add_argument("--check", action="store_true", help="exit with status 1 when a target is missed")
    args = parser.parse_args()
    alone = None
    if args.reference:
        started = time.monotonic()
        alone = run(1, args.decisions, args.seed)
        report(f"reference: 1 game alone, {args.decisions} decisions, {time.monotonic() - started:.0f} s", alone)
    started = time.monotonic()
    results = run(args.games, args.decisions, args.seed)
    report(f"{args.games} games at once, {args.decisions} decisions each, {time.monotonic() - started:.0f} s", results)
    if alone is not None and alone.lights and results.lights:
        p50 = statistics.median(results.lights) / statistics.median(alone.lights)
        p95 = _p95(results.lights) / _p95(alone.lights)
        print(f"light, {args.games} games at once / 1 game alone: p50 x{p50:.1f}, p95 x{p95:.1f}")
    print(f"targets: {', '.join(GRADED)} p95 < {TARGET_DECISION_MS:.0f} ms; light p95 < {TARGET_LIGHT_MS:.0f} ms")
    failed = bool(results.failures) or bool(alone and alone.failures)
    missed = failed or any(
        _p95(results.requests[kind]) >= TARGET_DECISION_MS for kind in GRADED if results.requests[kind]
    ) or _p95(results.lights) >= TARGET_LIGHT_MS
    return 1 if args.check and missed else 0


def _p95(values: list[float]) -> float:
    ordered = sorted(values) or [0.0]
    return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]


if __name__ == "__main__":
    sys.exit(main())
