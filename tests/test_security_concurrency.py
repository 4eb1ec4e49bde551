"""Simultaneous requests against real servers: nothing lost, nothing slips past a limit.

- ``make run``'s server (``runserver``, the dev settings, a SQLite file):
  ten answers of one student sent at once are all stored, none answers 500;
  five plays sent at once in one practice match: one is played, none fails.
- The production server (gunicorn, two workers, the database cache or
  Redis): thirty simultaneous wrong passwords for one account are judged
  exactly as many times as the login limit allows; the rest answer 429.

Both run against PostgreSQL too under ``scripts/with-postgres``
(``DATABASE_URL``).
"""

from __future__ import annotations

import os
import secrets
import shutil
import subprocess
import sys
import threading
import time

import pytest

from bench.load import Browser, ProductionServer, free_port, last_json_line
from tests.missing import unavailable
from tests.production_seeds import PASSWORD, SEED

pytestmark = pytest.mark.slow

LOGIN_LIMIT = 5

COUNT = """
import os
from tutor.classroom.models import Attempt
print(sorted(Attempt.objects.filter(student__username=os.environ["RACE_PREFIX"] + "-alumna").values_list("number", flat=True)))
"""


class DevServer(ProductionServer):
    """What ``make run`` serves: ``runserver`` with ``tutor.settings.dev``, threaded."""

    def __init__(self, folder, **kwargs) -> None:
        super().__init__(folder, **kwargs)
        self.env["DJANGO_SETTINGS_MODULE"] = "tutor.settings.dev"

    def prepare(self) -> None:
        self.manage("migrate", "--noinput")

    def command(self) -> list[str]:
        return [sys.executable, "manage.py", "runserver", "--noreload", f"127.0.0.1:{self.port}"]


def at_once(calls) -> list:
    """Run every call in its own thread, released together; their results in order."""
    results = [None] * len(calls)
    start = threading.Barrier(len(calls))

    def run(index, call):
        start.wait()
        results[index] = call()

    threads = [threading.Thread(target=run, args=(index, call)) for index, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return results


def signed_in(port: int, username: str) -> Browser:
    browser = Browser(port, timeout=60)
    assert browser.log_in(username, PASSWORD).status == 302
    browser.get("/aula/")
    return browser


def seeded(server) -> tuple[str, dict]:
    """The student's username and the exercise, with names of their own (PostgreSQL is shared)."""
    prefix = f"carrera{secrets.token_hex(4)}"
    server.env["RACE_PREFIX"] = prefix
    return f"{prefix}-alumna", last_json_line(server.manage("shell", "-c", SEED))


def test_simultaneous_answers_on_the_default_sqlite_settings_are_all_stored(tmp_path):
    with DevServer(tmp_path, database_url=os.environ.get("DATABASE_URL")) as server:
        student, seed = seeded(server)
        browsers = [signed_in(server.port, student) for _ in range(10)]
        url = f"/tareas/ejercicios/{seed['exercise']}/comprobar/"
        answers = at_once([lambda browser=browser: browser.post_json(url, {"play": seed["play"]}) for browser in browsers])
        assert [answer.status for answer in answers] == [200] * 10
        assert sorted(answer.json()["attempt"] for answer in answers) == list(range(1, 11))
        assert server.manage("shell", "-c", COUNT).strip().splitlines()[-1] == str(list(range(1, 11)))


MATCH = """
import json, os
from tutor.practice.models import PracticeMatch
match = PracticeMatch.objects.get(pk=int(os.environ["RACE_MATCH"]))
plays = match.position.legal_plays() if match.position.dice else []
print(json.dumps({"phase": match.phase, "seq": match.seq, "play": plays[0].notation if plays else ""}))
"""


def test_simultaneous_practice_plays_on_the_default_sqlite_settings_never_fail(tmp_path):
    environ = {"PRACTICE_GRADING_PLIES": "0"}
    with DevServer(tmp_path, database_url=os.environ.get("DATABASE_URL"), environ=environ) as server:
        player = Browser(server.port, timeout=120)
        player.get("/practica/")
        started = player.post_form("/practica/nueva/", {"length": "0", "level": "intermedio"})
        assert started.status == 302
        pk = started.header("Location").rstrip("/").rsplit("/", 1)[1]
        state = last_json_line(server.manage("shell", "-c", MATCH, environ={"RACE_MATCH": pk}))
        for _ in range(40):  # roll until there is a play to make (a roll may leave no legal move)
            if state["phase"] == "move" and state["play"]:
                break
            if state["phase"] == "thinking":  # the program's turn, after the request: the page waits for it
                assert player.get(f"/practica/{pk}/").status in (200, 503)
                time.sleep(0.2)
                state = last_json_line(server.manage("shell", "-c", MATCH, environ={"RACE_MATCH": pk}))
                continue
            assert state["phase"] == "roll", state
            assert player.post_form(f"/practica/{pk}/tirar/", {"seq": state["seq"]}).status == 302
            state = last_json_line(server.manage("shell", "-c", MATCH, environ={"RACE_MATCH": pk}))
        decision = "jugar"
        tabs = []
        for _ in range(5):
            tab = Browser(server.port, timeout=120)
            tab.cookies = dict(player.cookies)
            tabs.append(tab)
        url = f"/practica/{pk}/{decision}/?seq={state['seq']}"
        answers = at_once([lambda tab=tab: tab.post_form(url, {"play": state["play"], "seq": state["seq"]}) for tab in tabs])
        statuses = sorted(answer.status for answer in answers)
        assert 500 not in statuses and statuses.count(302) == 1, statuses
        after = last_json_line(server.manage("shell", "-c", MATCH, environ={"RACE_MATCH": pk}))
        assert after["seq"] > state["seq"]


def start_redis(port: str) -> subprocess.Popen:
    """A throwaway Redis, returned once its log says it accepts connections."""
    redis = subprocess.Popen(
        ["redis-server", "--port", port, "--save", "", "--appendonly", "no"], stdout=subprocess.PIPE, text=True
    )
    for line in redis.stdout:
        if "Ready to accept connections" in line:
            return redis
    raise RuntimeError("redis-server stopped before accepting connections")


def redis_url():
    """A throwaway Redis on a free port, or ``None`` when redis-server is missing."""
    return None if shutil.which("redis-server") is None else f"redis://127.0.0.1:{free_port()}/0"


@pytest.mark.parametrize("cache", ["db://", "redis"])
def test_thirty_simultaneous_wrong_passwords_are_judged_only_as_often_as_the_limit_allows(tmp_path, cache):
    redis = None
    if cache == "redis":
        cache = redis_url()
        if cache is None:
            unavailable("redis-server is not installed (Debian package redis-server)")
        port = cache.rsplit(":", 1)[1].split("/")[0]
        redis = start_redis(port)
    environ = {"DJANGO_CACHE_URL": cache, "DJANGO_RATELIMITS": f"login={LOGIN_LIMIT}/900"}
    try:
        with ProductionServer(tmp_path, workers=2, database_url=os.environ.get("DATABASE_URL"), environ=environ) as server:
            student, _ = seeded(server)
            browsers = [Browser(server.port, timeout=60) for _ in range(30)]
            for browser in browsers:
                browser.get("/cuenta/entrar/")
            answers = at_once(
                [lambda b=browser: b.post_form("/cuenta/entrar/", {"username": student, "password": "mal"}) for browser in browsers]
            )
            statuses = sorted(answer.status for answer in answers)
            assert statuses == [400] * LOGIN_LIMIT + [429] * (30 - LOGIN_LIMIT)
            assert all(int(answer.header("Retry-After")) > 0 for answer in answers if answer.status == 429)
            assert browsers[0].log_in(student, PASSWORD).status == 429
    finally:
        if redis is not None:
            redis.terminate()
            redis.wait(timeout=10)


