"""Benchmark: reviews graded in the background, as the site runs them.

Live money games between two accounts are played to the end through the
game service (seeded dice, seeded legal plays, a double now and then, then
the session left): each end queues the game's review, as on the site.  Real worker processes
(``manage.py db_worker``, each with its own GNU Backgammon process) grade
them at the production depth (``PRACTICE_GRADING_PLIES``, 2 by default):

1. **one at a time**: the workers are idle and games end one after the
   other; for each, the time from the game's end (its review queued) to its
   review being ready;
2. **a burst**: ``--burst`` games end while no worker runs, then the workers
   start and empty the queue: reviews per minute per worker process, and
   the time from the workers' start to each review being ready.

3. **uploaded matches**: ``--uploads`` matches read from files GNU
   Backgammon wrote (``tests/fixtures/matches/``, ``UPLOADED`` in turn) are stored as
   «Revisar una partida» stores them while no worker runs, then the
   workers grade them: decisions graded per second per worker process;
   then the luck of each of their rolls measured again, one by one, in
   this process: what luck (0-ply, whatever ``--plies``) costs per roll and
   its share of the workers' time.

Reported: decisions graded per review, seconds per review, reviews per
minute per worker process, and the end-to-ready times (p50, worst).  A
throwaway SQLite database is used, or the one in ``DATABASE_URL``
(``scripts/with-postgres .venv/bin/python bench/review.py``).

    python bench/review.py [--single 3] [--burst 6] [--uploads 3] [--workers 1] [--plies 2] [--seed 7]
"""

from __future__ import annotations

import _support  # noqa: F401  (the repository root on the import path)

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--single", type=int, default=3, help="games ended one at a time, workers idle")
    parser.add_argument("--burst", type=int, default=6, help="games ended at once before the workers start")
    parser.add_argument("--uploads", type=int, default=3, help="uploaded matches graded once the live reviews are done")
    parser.add_argument("--workers", type=int, default=1, help="worker processes")
    parser.add_argument("--plies", type=int, default=int(os.environ.get("PRACTICE_GRADING_PLIES", "2")))
    parser.add_argument("--seed", type=int, default=7)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        os.environ.setdefault("DATABASE_URL", f"sqlite:///{scratch}/bench.sqlite3")
        os.environ["DJANGO_SETTINGS_MODULE"] = "tutor.settings.dev"
        os.environ["PRACTICE_GRADING_PLIES"] = str(options.plies)
        subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, check=True)
        run(options)


def run(options) -> None:
    import django

    django.setup()
    from tutor.play.models import LiveGame

    rng = random.Random(options.seed)
    print(f"Reviews graded by {options.workers} worker process(es) at {options.plies}-ply.")

    workers = start_workers(options.workers)
    try:
        singles = []
        for n in range(options.single):
            game = play_to_the_end(rng, f"s{n}")
            wait_until_graded([game.pk])
            singles.append(game.pk)
    finally:
        stop_workers(workers)
    burst = [play_to_the_end(rng, f"b{n}").pk for n in range(options.burst)]
    assert not LiveGame.objects.filter(pk__in=burst, graded=True).exists()
    from django.utils import timezone

    started, began = time.monotonic(), timezone.now()
    workers = start_workers(options.workers)
    try:
        wait_until_graded(burst)
    finally:
        stop_workers(workers)
    elapsed = time.monotonic() - started
    if singles or burst:
        report(singles, burst, elapsed, began, options.workers)
    if options.uploads:
        grade_uploads(options.uploads, options.workers)


UPLOADED = ("gnubg-match-5", "gnubg-match-7", "gnubg-money-session")
"""The files uploaded, in turn: the ones the figures of ``docs/uploads.md`` were measured with (the
fixtures' 25-point match alone has twice as many decisions as these three together)."""


def grade_uploads(count: int, workers: int) -> None:
    """Store ``count`` uploaded matches while no worker runs, then time the workers grading them all."""
    from django.contrib.auth import get_user_model

    from tutor.games.matfile import read_match
    from tutor.uploads.models import UploadedAction, UploadedMatch
    from tutor.uploads.store import store_match

    files = [ROOT / "tests" / "fixtures" / "matches" / f"{name}.mat" for name in UPLOADED]
    owner = get_user_model().objects.create_user("sube-partidas", password="x" * 20)
    pks = [store_match(read_match(files[n % len(files)].read_bytes()), owner, filename=files[n % len(files)].name).pk
           for n in range(count)]
    started = time.monotonic()
    running = start_workers(workers)
    try:
        deadline = started + 3600
        while UploadedMatch.objects.filter(pk__in=pks, graded=False).exists():
            if time.monotonic() > deadline:
                raise RuntimeError("the uploaded matches were not graded in time")
            time.sleep(0.1)
    finally:
        stop_workers(running)
    elapsed = time.monotonic() - started
    graded = UploadedAction.objects.filter(match_id__in=pks).exclude(colour="").count()
    print(f"Uploaded matches: {graded} decisions of {count} matches graded in {elapsed:.0f} s with {workers} worker(s):"
          f" {graded / elapsed / workers:.1f} decisions per second per worker process (workers' start included)")
    time_luck(pks, graded, elapsed * workers)


def time_luck(pks: list[int], graded: int, worker_seconds: float) -> None:
    """Measure the luck of every roll of the uploaded matches again, in this process, timing each."""
    from tutor.games.models import ActionKind
    from tutor.practice import evaluator
    from tutor.uploads.models import UploadedAction

    plays = list(UploadedAction.objects.filter(match_id__in=pks, kind=ActionKind.MOVE).order_by("match_id", "number"))
    openings = {}
    for play in plays:
        openings.setdefault((play.match_id, play.game_number), play.pk)
    evaluator.roll_luck(plays[0].position)  # the gnubg process started outside the timing
    times = []
    for play in plays:
        started = time.monotonic()
        evaluator.roll_luck(play.position, opening=openings[(play.match_id, play.game_number)] == play.pk)
        times.append(time.monotonic() - started)
    total = sum(times)
    print(f"Luck: {len(plays)} rolls measured in {total:.1f} s: p50 {statistics.median(times) * 1000:.0f} ms per roll,"
          f" {total / max(1, graded) * 1000:.0f} ms per graded decision,"
          f" {total / worker_seconds:.0%} of the workers' time for these matches")


def start_workers(count: int) -> list[subprocess.Popen]:
    command = [sys.executable, "manage.py", "db_worker", "--queue-name", "reviews", "--no-reload",
               "--no-startup-delay", "--interval", "0.1", "--verbosity", "0"]
    return [subprocess.Popen(command, cwd=ROOT) for _ in range(count)]


def stop_workers(workers: list[subprocess.Popen]) -> None:
    for worker in workers:
        worker.terminate()
    for worker in workers:
        worker.wait(timeout=120)


def play_to_the_end(rng: random.Random, name: str):
    """A money game of two new accounts played through the service; its end queues the review.

    A money session goes on game after game: once the first game is won,
    Black leaves the session before anything happens in the second one,
    which ends the session (and so queues its review) with one game to grade.
    """
    from django.contrib.auth import get_user_model

    from tutor.play import service

    users = get_user_model().objects
    white = users.create_user(f"blancas-{name}", password="x" * 20)
    black = users.create_user(f"negras-{name}", password="x" * 20)
    game = service.create_game(white, black=black)
    players = [white, black]
    for _ in range(2000):
        game.refresh_from_db()
        if game.is_over:
            return game
        side = game.side_to_act()
        if game.game_number > 1:
            service.run(game.pk, black, "resign", seq=game.seq)
            continue
        if game.phase == "roll":
            kind, play = ("double" if rng.random() < 0.04 else "roll"), ""
        elif game.phase == "answer":
            kind, play = ("take" if rng.random() < 0.7 else "drop"), ""
        else:
            kind, play = "move", rng.choice(game.position.legal_plays()).notation
        service.run(game.pk, players[side], kind, seq=game.seq, play=play)
    raise RuntimeError("a game did not end")


def wait_until_graded(pks: list[int], limit: float = 3600) -> None:
    from tutor.play.models import LiveGame

    deadline = time.monotonic() + limit
    while LiveGame.objects.filter(pk__in=pks, graded=False).exists():
        if time.monotonic() > deadline:
            raise RuntimeError("the reviews were not ready in time")
        time.sleep(0.1)


def report(singles: list[int], burst: list[int], elapsed: float, began, workers: int) -> None:
    from django_tasks_db.models import DBTaskResult

    from tutor.play.models import LiveAction

    def runs(pks):
        """Per review: seconds from its game's end (or the workers' start) to ready, and seconds of grading."""
        rows = [row for row in DBTaskResult.objects.filter(task_path="tutor.play.tasks.review_live_game")
                if row.args_kwargs["args"][0] in pks]
        return [(row.finished_at - max(row.enqueued_at, began if pks is burst else row.enqueued_at)).total_seconds() for row in rows], [
            (row.finished_at - row.started_at).total_seconds() for row in rows
        ]

    graded = LiveAction.objects.filter(game_id__in=singles + burst).exclude(colour="").count()
    single_wait, single_work = runs(singles)
    burst_wait, burst_work = runs(burst)
    work = single_work + burst_work or [0.0]
    print(f"Decisions graded per review: {graded / max(1, len(work)):.1f} on average ({graded} in {len(work)} reviews)")
    print(f"Seconds per review (a worker grading it): p50 {statistics.median(work):.1f}, worst {max(work):.1f}")
    if single_wait:
        print(f"One at a time, game end to review ready: p50 {statistics.median(single_wait):.1f} s, worst {max(single_wait):.1f} s")
    if burst:
        per_minute = len(burst) / (elapsed / 60) / workers
        print(f"Burst of {len(burst)}: reviews per minute per worker process: {per_minute:.1f}"
              f" ({len(burst)} in {elapsed:.0f} s with {workers} worker(s))")
        print(f"Burst, workers' start to review ready: p50 {statistics.median(burst_wait):.1f} s, worst {max(burst_wait):.1f} s")


if __name__ == "__main__":
    main()
