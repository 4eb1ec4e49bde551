"""The processes ``make run`` starts work together as production's do.

One set of them is started from ``processes.conf``, the file ``make run``
hands to supervisord (``tests/process_set.py``), on a fresh SQLite file,
and driven from outside as people would: over HTTP and the pages'
WebSockets.  A flag raised by the clocks worker reaches both players'
pages; four practice games and the clocks worker share the database
without a lock reaching anyone; a worker killed is started again.
"""

from __future__ import annotations

import json
import re
import signal
import threading
import time
from html import unescape

import pytest

from bench.load import Browser
from tests.process_set import NAMES, ProcessSet
from tests.production_seeds import PASSWORD
from tests.redis_server import MISSING
from tests.test_redis_outage import Socket, event_loop, next_decision
from tutor.engine import Position

pytestmark = pytest.mark.slow

DELAY, RESERVE = 2, 3
"""The timed game's clock, shortened: seconds of delay and of reserve for each side."""

PLAYERS = ("blancas", "negras")
LEARNERS = tuple(f"aprendiz{number}" for number in range(4))

PEOPLE = """
from django.contrib.auth import get_user_model
from tutor.accounts.models import Profile
for name in %(names)r:
    Profile.objects.create(user=get_user_model().objects.create_user(name, password=%(password)r))
""" % {"names": PLAYERS + LEARNERS, "password": PASSWORD}

TIMED_GAME = """
import json
from django.contrib.auth import get_user_model
from django.db import transaction
from tutor.play import clocks, service

white, black = (get_user_model().objects.get(username=name) for name in %(players)r)
game = service.create_game(white, black=black, length=3, timed=True)
with transaction.atomic():
    game = service.locked(game.pk)
    game.clock_delay, game.clock_reserve = %(delay)d, %(reserve)d
    game.white_reserve = game.black_reserve = float(%(reserve)d)
    clocks.pass_to(game, None)
    clocks.pass_to(game, game.side_to_act())
    game.save()
print(json.dumps({"game": game.code}))
""" % {"players": PLAYERS, "delay": DELAY, "reserve": RESERVE}


@pytest.fixture(scope="module")
def processes(tmp_path_factory):
    import shutil

    if shutil.which("redis-server") is None:
        from tests.missing import unavailable

        unavailable(MISSING)
    with ProcessSet(tmp_path_factory.mktemp("run")) as started:
        started.manage("shell", "-c", PEOPLE)
        yield started
        groups = started.groups()
    # Ctrl-C stopped every process of the set, their children too.
    assert started.process.returncode == 0 and ProcessSet.left_in(groups) == []


def signed_in(processes: ProcessSet, name: str) -> Browser:
    browser = Browser(processes.port, timeout=60)
    assert browser.log_in(name, PASSWORD).status == 302
    return browser


def test_a_timed_game_whose_player_on_roll_waits_is_ended_by_the_clocks_worker_on_both_pages_within_two_seconds(processes):
    code = json.loads(processes.manage("shell", "-c", TIMED_GAME).strip().splitlines()[-1])["game"]
    pages = {name: Socket(processes.port, code, signed_in(processes, name)) for name in PLAYERS}
    with event_loop() as run:
        states = {name: run(page.open()) for name, page in pages.items()}
        state = states["blancas"]
        for _ in range(3):  # a few decisions over the sockets, each answered on both pages
            mover = PLAYERS[state["to_act"]]
            run(pages[mover].send(next_decision(state)))
            states = {name: run(page.state()) for name, page in pages.items()}
            state = states[mover]
            assert {told["seq"] for told in states.values()} == {state["seq"]}
        received = time.monotonic()
        late = state["to_act"]
        clock = state["clock"]
        assert clock["running"] == late
        deadline = received + clock["delay_left"][late] + clock["reserve_left"][late]

        async def told_over(page: Socket) -> tuple[float, dict]:
            while (told := await page.state())["phase"] != "over":
                pass
            return time.monotonic(), told

        endings = {name: run(told_over(page)) for name, page in pages.items()}
        for page in pages.values():
            run(page.connection.close())
    winner, loser = PLAYERS[1 - late], PLAYERS[late]
    for name, (at, told) in endings.items():
        print(f"{name}: told the game is over {at - deadline:+.2f} s after the deadline")
        assert deadline - 0.5 <= at <= deadline + 2, (name, at - deadline)
        panel = unescape(told["html"])
        assert re.search(r"pierdes? por tiempo", panel), panel
        score = re.search(r"<dd data-score>([^<]*)</dd>", panel)[1]
        assert score.startswith(f"{winner} 3 – {loser} 0") or score.startswith(f"{loser} 0 – {winner} 3"), score
    assert all(processes.info(name)["statename"] == "RUNNING" for name in NAMES)


class PracticeLearner(threading.Thread):
    """A signed-in learner playing a practice match through the pages' forms, as without JavaScript."""

    def __init__(self, processes: ProcessSet, name: str, until: float) -> None:
        super().__init__(daemon=True)
        self.browser = signed_in(processes, name)
        self.until = until
        self.statuses: list[tuple[str, int]] = []
        self.seconds: list[float] = []
        self.decisions = 0
        self.failure: BaseException | None = None

    def run(self) -> None:
        try:
            self.play()
        except BaseException as error:  # reported by the test, not lost in the thread
            self.failure = error

    def send(self, path: str, data: dict) -> None:
        sent = time.monotonic()
        answer = self.browser.post_form(path, data)
        self.seconds.append(time.monotonic() - sent)
        self.statuses.append((path, answer.status))

    def play(self) -> None:
        self.browser.get("/practica/")
        started = self.browser.post_form("/practica/nueva/", {"length": 3, "level": "intermedio"})
        self.statuses.append(("/practica/nueva/", started.status))
        page = started.header("Location")
        while time.monotonic() < self.until:
            shown = self.browser.get(page)
            self.statuses.append((page, shown.status))
            if shown.status >= 500:
                return
            if "data-thinking" in shown.text:  # the program's turn: the page waits for it, as a person would
                time.sleep(0.25)
                continue
            self.decide(unescape(shown.text))
            self.decisions += 1

    def decide(self, html: str) -> None:
        forms = {action: body for action, body in re.findall(r'<form[^>]*action="([^"]+)"[^>]*>(.*?)</form>', html, re.S)}
        seq = {action: re.search(r'name="seq" value="(\d+)"', body) for action, body in forms.items()}
        play = next((action for action in forms if "/jugar/" in action), None)
        if play is not None:
            xgid = re.search(r'<code class="practice-xgid">([^<]+)</code>', html)[1]
            self.send(play, {"play": Position.from_xgid(xgid).legal_plays()[0].notation})
            return
        for step, data in (("/tirar/", {}), ("/responder/", {"respuesta": "aceptar"}), ("/siguiente/", {})):
            action = next((action for action in forms if action.endswith(step)), None)
            if action is not None and seq[action]:
                self.send(action, {"seq": seq[action][1], **data})
                return
        raise AssertionError("no decision on the page:\n" + html[-3000:])


def test_four_practice_games_beside_the_clocks_worker_for_a_minute_meet_no_error_no_lock_and_no_dead_worker(processes):
    before = {name: processes.info(name)["pid"] for name in NAMES}
    logged = len(processes.log())
    until = time.monotonic() + 60
    learners = [PracticeLearner(processes, name, until) for name in LEARNERS]
    for learner in learners:
        learner.start()
    for learner in learners:
        learner.join(timeout=240)
    assert not any(learner.is_alive() for learner in learners)
    for learner in learners:
        assert learner.failure is None, learner.failure
        assert learner.decisions >= 5
        assert all(status < 500 for _, status in learner.statuses), [s for s in learner.statuses if s[1] >= 500]
    seconds = sorted(second for learner in learners for second in learner.seconds)
    print(f"{len(seconds)} decisions in four matches: p50 {seconds[len(seconds) // 2]:.2f} s, "
          f"p95 {seconds[int(len(seconds) * 0.95)]:.2f} s, slowest {seconds[-1]:.2f} s")
    log = processes.log()[logged:]
    assert "database is locked" not in log and "Traceback" not in log, log[-4000:]
    assert {name: processes.info(name)["pid"] for name in NAMES} == before
    assert all(processes.info(name)["statename"] == "RUNNING" for name in NAMES)


def test_a_worker_that_dies_is_started_again_by_the_supervisor_and_the_others_go_on(processes):
    import os

    before = {name: processes.info(name)["pid"] for name in NAMES}
    os.kill(before["clocks"], signal.SIGKILL)
    deadline = time.monotonic() + 30
    while True:
        clocks = processes.info("clocks")
        if clocks["statename"] == "RUNNING" and clocks["pid"] not in (0, before["clocks"]):
            break
        assert time.monotonic() < deadline, clocks
        time.sleep(0.2)
    assert {name: processes.info(name)["pid"] for name in NAMES if name != "clocks"} == {
        name: pid for name, pid in before.items() if name != "clocks"}
    assert "exited: clocks (terminated by SIGKILL; not expected)" in processes.log()


def test_a_mistyped_address_gets_the_sites_spanish_404_page_and_the_static_files_are_served(processes):
    browser = Browser(processes.port, timeout=60)
    missing = browser.get("/estudios/nuevo-que-no-existe/")
    page = missing.body.decode()
    assert missing.status == 404 and "Página no encontrada" in page
    assert "URLconf" not in page and "DEBUG = True" not in page, "Django's technical page lists every address of the site"
    assert browser.get("/static/css/site.css").status == 200
