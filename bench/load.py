"""Load test: simulated students against the production server on loopback.

    .venv/bin/python bench/load.py --duration 300 --users 32
    scripts/with-postgres .venv/bin/python bench/load.py      # against PostgreSQL

Prepares and starts the site the way ``make serve-prod`` does (migrate,
createcachetable, collectstatic, gunicorn with ``tutor.settings.prod``) on a
free loopback port, against a fresh SQLite file or, when DATABASE_URL is set,
that database (a throwaway one: the test adds a teacher, a group, students,
an assignment and their attempts).  Then every student signs in through the
login form and, until the time is up, reads lessons, checks answers to
lesson puzzles, opens the assignment and submits attempts to its exercises,
pausing a moment between requests like a person would.  The students arrive
over a few seconds (--arrival) and the timed part starts once all have signed in.

Prints requests, failures, throughput and p50/p90/p99/max latency per kind
of request; then counts the stored attempts of every student and compares
them with the submissions the server accepted.  Exits with status 1 on any
failed request or any difference.
"""

from __future__ import annotations

try:  # first: makes the standard library's http importable (see bench/_support.py)
    from bench import _support
except ImportError:  # run as a script from bench/
    import _support
import argparse
import http.client
import json
import os
import random
import secrets
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter, defaultdict
from pathlib import Path
from urllib.parse import urlencode

ROOT = _support.ROOT
free_port = _support.free_port

# --- the server ----------------------------------------------------------------


class ProductionServer:
    """gunicorn with the production settings on a free loopback port, prepared like ``make serve-prod``."""

    def __init__(self, folder: Path, *, workers: int = 2, database_url: str | None = None, environ: dict | None = None) -> None:
        self.folder = folder
        self.port = free_port()
        env = {key: value for key, value in os.environ.items() if not key.startswith(("DJANGO_", "REDIS_", "GUNICORN_"))}
        env.update(
            DJANGO_SETTINGS_MODULE="tutor.settings.prod",
            DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
            DJANGO_ALLOWED_HOSTS="127.0.0.1",
            DATABASE_URL=database_url or f"sqlite:///{folder / 'site.sqlite3'}",
            DJANGO_STATIC_ROOT=str(folder / "static"),
            DJANGO_LOG_LEVEL="WARNING",
            GUNICORN_BIND=f"127.0.0.1:{self.port}",
            GUNICORN_LOG_LEVEL="warning",
            GUNICORN_ACCESS_LOG="",
            WEB_CONCURRENCY=str(workers),
            PYTHONPATH=str(ROOT),
        )
        env.update(environ or {})
        self.env = env
        self.process: subprocess.Popen | None = None
        self.log_path = folder / "gunicorn.log"

    def manage(self, *args: str, environ: dict | None = None) -> str:
        """Run ``manage.py`` with the server's settings; its standard output."""
        result = subprocess.run(
            [sys.executable, "manage.py", *args], cwd=ROOT, env={**self.env, **(environ or {})},
            capture_output=True, text=True, timeout=600,
        )
        if result.returncode != 0:
            raise RuntimeError(f"manage.py {' '.join(args[:1])} failed:\n{result.stderr}")
        return result.stdout

    def prepare(self) -> None:
        for command in (["migrate", "--noinput"], ["createcachetable"], ["collectstatic", "--noinput"]):
            self.manage(*command)

    def command(self) -> list[str]:
        """The server's command line (subclasses serve the site another way)."""
        return [sys.executable, "-m", "gunicorn", "-c", "gunicorn.conf.py"]

    def start(self, timeout: float = 60) -> None:
        log = open(self.log_path, "wb")
        self.process = subprocess.Popen(self.command(), cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT)
        log.close()
        deadline = time.monotonic() + timeout
        while True:
            try:
                if Browser(self.port).get("/salud/").status == 200:
                    return
            except OSError:
                pass
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError("gunicorn did not start:\n" + self.log_path.read_text(errors="replace"))
            time.sleep(0.2)

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def __enter__(self) -> ProductionServer:
        self.prepare()
        self.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop()


# --- a browser -------------------------------------------------------------------


class Answer:
    """A response: status, headers and body."""

    def __init__(self, status: int, headers: http.client.HTTPMessage, body: bytes) -> None:
        self.status = status
        self.headers = headers
        self.body = body

    def header(self, name: str) -> str:
        return self.headers.get(name, "")

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", "replace")

    def json(self):
        return json.loads(self.body)


class Browser:
    """One visitor: keeps cookies and sends the CSRF token like the site's forms and scripts."""

    def __init__(self, port: int, timeout: float = 30) -> None:
        self.port = port
        self.timeout = timeout
        self.cookies: dict[str, str] = {}

    def request(self, method: str, path: str, body: bytes | None = None, headers: dict | None = None) -> Answer:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=self.timeout)
        headers = dict(headers or {})
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{name}={value}" for name, value in self.cookies.items())
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            answer = Answer(response.status, response.headers, response.read())
        finally:
            connection.close()
        for cookie in answer.headers.get_all("Set-Cookie") or []:
            name, _, rest = cookie.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]
        return answer

    def get(self, path: str, headers: dict | None = None) -> Answer:
        return self.request("GET", path, headers=headers)

    def post_form(self, path: str, data: dict) -> Answer:
        body = urlencode({**data, "csrfmiddlewaretoken": self.cookies.get("csrftoken", "")}).encode()
        return self.request("POST", path, body, {"Content-Type": "application/x-www-form-urlencoded"})

    def post_json(self, path: str, data) -> Answer:
        headers = {"Content-Type": "application/json", "X-CSRFToken": self.cookies.get("csrftoken", "")}
        return self.request("POST", path, json.dumps(data).encode(), headers)

    def log_in(self, username: str, password: str) -> Answer:
        self.get("/cuenta/entrar/")
        return self.post_form("/cuenta/entrar/", {"username": username, "password": password})


# --- the data the students work on -------------------------------------------------

SEED = """
import json, os
from datetime import timedelta
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.utils import timezone
from tutor.accounts.models import Profile
from tutor.classroom.models import Assignment, Classroom, Exercise, Membership
from tutor.lessons.library import get_library

prefix, users, password = os.environ["LOAD_PREFIX"], int(os.environ["LOAD_USERS"]), os.environ["LOAD_PASSWORD"]
User = get_user_model()
hashed = make_password(password)
teacher = User.objects.create(username=f"{prefix}-profe", first_name="Profe", password=hashed)
Profile.objects.create(user=teacher, is_teacher=True)
classroom = Classroom.objects.create(teacher=teacher, name=f"Carga {prefix}")
students = []
for number in range(users):
    student = User.objects.create(username=f"{prefix}-alumno-{number:03}", first_name=f"Alumno {number}", password=hashed)
    Profile.objects.create(user=student)
    Membership.objects.create(classroom=classroom, student=student)
    students.append(student.username)
assignment = Assignment.objects.create(
    classroom=classroom, title="Tarea de la prueba de carga", due_at=timezone.now() + timedelta(days=7), published_at=timezone.now(),
)


def answers(puzzle):
    if puzzle.is_play:
        plays = [play.notation or "pasar" for play in puzzle.position.legal_plays()]
        return "play", plays[:3], [t.text for t in puzzle.tempting][:2] + ["24/1", "13/7 13/7 13/7 13/7 13/7"]
    return "answer", [puzzle.answer], ["0", "x", puzzle.answer + "1"]


library = get_library()
by_kind = {}
for puzzle in library.puzzles().values():
    by_kind.setdefault(puzzle.kind, []).append(puzzle)
chosen = [puzzle for kind in sorted(by_kind) for puzzle in by_kind[kind][:2]]
exercises = []
for order, puzzle in enumerate(chosen):
    exercise = Exercise.objects.create(
        assignment=assignment, order=order, puzzle_slug=puzzle.slug, title=puzzle.title, kind=puzzle.kind, question=puzzle.question,
    )
    field, right, wrong = answers(puzzle)
    exercises.append({"pk": exercise.pk, "field": field, "right": right, "wrong": wrong})
puzzles = []
for puzzle in list(library.puzzles().values())[::3]:
    field, right, wrong = answers(puzzle)
    puzzles.append({"slug": puzzle.slug, "lesson": puzzle.lesson, "field": field, "right": right, "wrong": wrong})
print(json.dumps({
    "students": students, "assignment": assignment.pk, "exercises": exercises, "puzzles": puzzles,
    "lessons": [lesson.slug for lesson in library.lessons()],
}))
"""

COUNT = """
import json, os
from django.db.models import Count
from tutor.classroom.models import Attempt

rows = Attempt.objects.filter(student__username__startswith=os.environ["LOAD_PREFIX"] + "-alumno-")
counts = dict(rows.values_list("student__username").annotate(n=Count("id")).values_list("student__username", "n"))
duplicates = rows.values("exercise", "student", "number").annotate(n=Count("id")).filter(n__gt=1).count()
print(json.dumps({"counts": counts, "duplicates": duplicates}))
"""


def last_json_line(output: str):
    return json.loads(output.strip().splitlines()[-1])


# --- the students --------------------------------------------------------------------


class Results:
    """Every request's kind, latency and outcome, shared by the students."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.latencies: dict[str, list[float]] = defaultdict(list)
        self.failures: list[str] = []
        self.accepted: Counter[str] = Counter()

    def record(self, kind: str, seconds: float, problem: str | None = None) -> None:
        with self.lock:
            self.latencies[kind].append(seconds)
            if problem:
                self.failures.append(f"{kind}: {problem}")


class Student(threading.Thread):
    """Signs in, waits for the others to sign in, then reads, checks and submits until ``stop`` is set."""

    ACTIONS = ("lesson", "check", "submit", "submit", "exercise", "assignment")

    def __init__(
        self, port: int, username: str, password: str, seed: dict, results: Results,
        signed_in: threading.Barrier, stop: threading.Event, think: float, arrival: float = 0,
    ) -> None:
        super().__init__(daemon=True)
        self.signed_in = signed_in
        self.arrival = arrival
        self.browser = Browser(port)
        self.username = username
        self.password = password
        self.seed = seed
        self.results = results
        self.stop = stop
        self.think = think
        self.random = random.Random(username)

    def timed(self, kind: str, call, accept) -> Answer | None:
        start = time.perf_counter()
        try:
            answer = call()
        except Exception as error:  # noqa: BLE001 - every failure is counted, none stops the test
            self.results.record(kind, time.perf_counter() - start, f"{type(error).__name__}: {error}")
            return None
        problem = accept(answer)
        self.results.record(kind, time.perf_counter() - start, problem)
        return None if problem else answer

    def run(self) -> None:
        def signed_in(answer: Answer):
            if answer.status != 302 or "sessionid" not in self.browser.cookies:
                return f"status {answer.status} {answer.text[:200]!r}"
            return None

        time.sleep(self.arrival)
        logged_in = self.timed("sign in", lambda: self.browser.log_in(self.username, self.password), signed_in) is not None
        self.signed_in.wait()
        while logged_in and not self.stop.is_set():
            getattr(self, "do_" + self.random.choice(self.ACTIONS))()
            if self.think:
                self.stop.wait(self.random.uniform(0.2, 1.0) * self.think)

    def do_lesson(self) -> None:
        slug = self.random.choice(self.seed["lessons"])
        self.timed("read lesson", lambda: self.browser.get(f"/lecciones/{slug}/"), page_ok)

    def do_exercise(self) -> None:
        exercise = self.random.choice(self.seed["exercises"])
        self.timed("open exercise", lambda: self.browser.get(f"/tareas/ejercicios/{exercise['pk']}/"), page_ok)

    def do_assignment(self) -> None:
        self.timed("open assignment", lambda: self.browser.get(f"/tareas/{self.seed['assignment']}/"), page_ok)

    def answer_for(self, item: dict) -> dict:
        choices = item["right"] if self.random.random() < 0.5 else item["wrong"]
        return {item["field"]: self.random.choice(choices)}

    def do_check(self) -> None:
        puzzle = self.random.choice(self.seed["puzzles"])
        body = self.answer_for(puzzle)
        self.timed("check puzzle", lambda: self.browser.post_json(f"/api/puzzles/{puzzle['slug']}/check/", body), verdict_ok)

    def do_submit(self) -> None:
        exercise = self.random.choice(self.seed["exercises"])
        body = self.answer_for(exercise)

        def accepted(answer: Answer):
            problem = verdict_ok(answer)
            if problem is None:
                if not isinstance(answer.json().get("attempt"), int):
                    return "no attempt number in the answer"
                with self.results.lock:
                    self.results.accepted[self.username] += 1
            return problem

        self.timed("submit attempt", lambda: self.browser.post_json(f"/tareas/ejercicios/{exercise['pk']}/comprobar/", body), accepted)


def page_ok(answer: Answer) -> str | None:
    if answer.status != 200 or "text/html" not in answer.header("Content-Type"):
        return f"status {answer.status}"
    return None


def verdict_ok(answer: Answer) -> str | None:
    if answer.status != 200:
        return f"status {answer.status} {answer.text[:200]!r}"
    if "correct" not in answer.json():
        return "no verdict in the answer"
    return None


# --- the report -----------------------------------------------------------------------


def percentile(values: list[float], q: int) -> float:
    if len(values) < 2:
        return values[0] if values else 0.0
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1]


def report(results: Results, seconds: float) -> None:
    kinds = sorted(results.latencies)
    working = [kind for kind in kinds if kind != "sign in"]
    everything = [value for kind in working for value in results.latencies[kind]]
    failures = Counter(failure.split(":", 1)[0] for failure in results.failures)
    print(f"{'request':16} {'count':>8} {'failed':>7} {'p50 ms':>8} {'p90 ms':>8} {'p99 ms':>8} {'max ms':>8}")
    for kind, values in [(kind, results.latencies[kind]) for kind in kinds] + [("all but sign in", everything)]:
        failed = sum(failures[kind] for kind in working) if values is everything else failures[kind]
        print(
            f"{kind:16} {len(values):8d} {failed:7d} {percentile(values, 50) * 1000:8.1f} {percentile(values, 90) * 1000:8.1f}"
            f" {percentile(values, 99) * 1000:8.1f} {max(values, default=0) * 1000:8.1f}"
        )
    print(f"throughput: {len(everything) / seconds:.1f} requests/s over {seconds:.0f} s (after signing in)")
    for failure in results.failures[:10]:
        print("  failed:", failure[:300])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--duration", type=float, default=300, help="seconds of load (default 300)")
    parser.add_argument("--users", type=int, default=32, help="simulated students (default 32)")
    parser.add_argument("--workers", type=int, default=int(os.environ.get("WEB_CONCURRENCY") or (os.cpu_count() or 1) * 2 + 1),
                        help="gunicorn worker processes (default WEB_CONCURRENCY, or 2 per core + 1)")
    parser.add_argument("--think", type=float, default=1.0, help="pause between a student's requests, 0.2-1.0 s times this (default 1)")
    parser.add_argument("--arrival", type=float, default=15, help="seconds over which the students arrive and sign in (default 15)")
    args = parser.parse_args()

    database = os.environ.get("DATABASE_URL") or None
    with tempfile.TemporaryDirectory(prefix="tutor-load-") as folder:
        server = ProductionServer(Path(folder), workers=args.workers, database_url=database)
        print(f"preparing: {'DATABASE_URL' if database else 'fresh SQLite'}, gunicorn with {args.workers} workers ...", flush=True)
        with server:
            prefix, password = f"carga{secrets.token_hex(3)}", secrets.token_urlsafe(12)
            load_env = {"LOAD_PREFIX": prefix, "LOAD_USERS": str(args.users), "LOAD_PASSWORD": password}
            seed = last_json_line(server.manage("shell", "-c", SEED, environ=load_env))
            results = Results()
            stop = threading.Event()
            signed_in = threading.Barrier(len(seed["students"]) + 1)
            students = [
                Student(server.port, name, password, seed, results, signed_in, stop, args.think, args.arrival * number / len(seed["students"]))
                for number, name in enumerate(seed["students"])
            ]
            print(f"{args.users} students sign in on http://127.0.0.1:{server.port}/ ...", flush=True)
            for student in students:
                student.start()
            signed_in.wait()
            print(f"... and work for {args.duration:.0f} s", flush=True)
            started = time.perf_counter()
            stop.wait(args.duration)
            stop.set()
            for student in students:
                student.join(timeout=60)
            elapsed = time.perf_counter() - started
            stored = last_json_line(server.manage("shell", "-c", COUNT, environ=load_env))
            server_log = server.log_path.read_text(errors="replace")

    report(results, elapsed)
    if results.failures and server_log.strip():
        print("server log (end):", *server_log.strip().splitlines()[-30:], sep="\n  ")
    accepted = dict(results.accepted)
    counts = {name: count for name, count in stored["counts"].items() if count}
    same = counts == {name: count for name, count in accepted.items() if count}
    print(
        f"attempts: {sum(accepted.values())} accepted, {sum(counts.values())} stored, "
        f"{stored['duplicates']} numbered twice: {'every attempt stored exactly once' if same and not stored['duplicates'] else 'MISMATCH'}"
    )
    if not same:
        for name in sorted(set(accepted) | set(counts)):
            if accepted.get(name, 0) != counts.get(name, 0):
                print(f"  {name}: {accepted.get(name, 0)} accepted, {counts.get(name, 0)} stored")
    return 0 if same and not results.failures and not stored["duplicates"] else 1


if __name__ == "__main__":
    sys.exit(main())
