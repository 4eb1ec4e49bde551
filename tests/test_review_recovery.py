"""A review is finished whatever happens to its worker: killed while grading, or failing while gnubg is away.

The first test kills a real ``manage.py db_worker`` with SIGKILL in the
middle of a review and starts another one, as the supervisor of ``make
run`` does: the new worker sees at once that the old one is gone (its
process no longer exists), runs the review again from where it stopped,
and the review page shows it graded without anybody having opened it.  The
others drive the recovery and the retries at known moments, in this process.
"""

from __future__ import annotations

import os
import random
import signal
from datetime import timedelta

import pytest
from django.db import OperationalError
from django.utils import timezone
from django_tasks import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from tests.classroom_factories import make_user, signed_in
from tests.test_play_clocks import START, Clock
from tests.test_play_flags import FULL
from tests.live_review import played
from tests.random_games import random_live_game
from tests.task_workers import start_worker, stop, wait_for
from tutor.lobby import service as lobby
from tutor.lobby.service import Wish
from tutor.play import clocks, flags, service
from tutor.play.flags import flag_on_time
from tutor.play.models import LiveAction, LiveGame, Phase
from tutor.play.tasks import progress
from tutor.play.tasks import review_live_game
from tutor.practice import evaluator, recovery
from tutor.practice.background import drain, has_failed, is_waiting

pytestmark = pytest.mark.django_db


def review_row(game: LiveGame) -> DBTaskResult:
    return DBTaskResult.objects.get(task_path=review_live_game.module_path, args_kwargs__args=[game.pk])


def a_long_finished_game() -> LiveGame:
    """A one-point match played to its end at random: a hundred decisions or so to grade."""
    ana, bruno = make_user("ana"), make_user("bruno")
    game = service.create_game(ana, length=1, black=bruno)
    no_endings = {"double": 0, "drop": 0, "offer": 0, "leave": 0, "claim": 0}
    game = random_live_game(game, (ana, bruno), random.Random(3), games=1, ending_weights=no_endings)
    assert game.is_over and is_waiting(review_live_game, game.pk)
    return game


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_a_review_whose_worker_is_killed_while_grading_is_finished_by_the_next_worker_without_a_page_visit():
    game = a_long_finished_game()
    first = start_worker(PRACTICE_GRADING_PLIES="1")
    try:
        wait_for(lambda: review_row(game).status == TaskResultStatus.RUNNING and progress(game).done >= 3, 120,
                 "the first worker grading the review")
        os.kill(first.pid, signal.SIGKILL)
        first.wait()
    finally:
        stop(first)
    halfway = progress(game)
    assert not halfway.ready and review_row(game).status == TaskResultStatus.RUNNING  # left running by the dead worker

    second = start_worker(PRACTICE_GRADING_PLIES="0")
    try:
        wait_for(lambda: LiveGame.objects.get(pk=game.pk).graded, 180, "the review finished by the second worker")
    finally:
        stop(second)
    row = review_row(game)
    assert row.status == TaskResultStatus.SUCCESSFUL and len(row.worker_ids) == 2
    assert str(second.pid) in row.worker_ids[-1] and str(first.pid) in row.worker_ids[0]
    page = signed_in(game.white).get(game.get_review_url() + "?paso=2").content.decode()
    assert "está revisando" not in page and "data-light=" in page


def test_a_running_review_goes_back_to_the_queue_when_its_worker_s_process_is_gone_and_not_before():
    game = played(make_user("ana"), make_user("bruno"))
    row = review_row(game)
    lease = timezone.now() + timedelta(seconds=recovery.LEASE_SECONDS)
    alive = recovery.new_worker_id()  # this process: alive
    DBTaskResult.objects.filter(pk=row.pk).update(status=TaskResultStatus.RUNNING, worker_ids=[alive], run_after=lease)
    assert recovery.recover_lost(me=alive) == 0

    dead = f"{alive.split(':')[0]}:{2**22 + 12345}:gone"  # beyond any pid this machine gives
    DBTaskResult.objects.filter(pk=row.pk).update(worker_ids=[dead])
    assert recovery.recover_lost(me=alive) == 1
    assert review_row(game).status == TaskResultStatus.READY
    assert not has_failed(review_live_game, game.pk)  # it waits again; nothing failed
    assert drain() == 1 and LiveGame.objects.get(pk=game.pk).graded


def test_a_running_task_of_another_machine_goes_back_to_the_queue_once_its_lease_ends():
    game = played(make_user("ana"), make_user("bruno"))
    row = review_row(game)
    now = timezone.now()
    elsewhere = "otra-maquina:4242:abcdefgh"
    DBTaskResult.objects.filter(pk=row.pk).update(status=TaskResultStatus.RUNNING, worker_ids=[elsewhere],
                                                  run_after=now + timedelta(seconds=10), started_at=now)
    assert recovery.recover_lost(now) == 0 and review_row(game).status == TaskResultStatus.RUNNING
    assert recovery.recover_lost(now + timedelta(seconds=11)) == 1 and review_row(game).status == TaskResultStatus.READY


def test_a_task_claimed_without_a_lease_as_before_is_taken_back_a_lease_after_it_started():
    """The tasks left RUNNING by workers that kept no lease (the stuck reviews of the issue) run again."""
    game = played(make_user("ana"), make_user("bruno"))
    row = review_row(game)
    now = timezone.now()
    DBTaskResult.objects.filter(pk=row.pk).update(status=TaskResultStatus.RUNNING, worker_ids=["x" * 32], started_at=now)
    assert recovery.recover_lost(now + timedelta(seconds=recovery.LEASE_SECONDS - 1)) == 0
    assert recovery.recover_lost(now + timedelta(seconds=recovery.LEASE_SECONDS + 1)) == 1


def test_a_task_whose_worker_died_every_time_fails_for_good_and_the_page_says_so():
    game = played(make_user("ana"), make_user("bruno"))
    row = review_row(game)
    dead = [f"otra-maquina:{n}:gone" for n in range(recovery.ATTEMPTS)]
    DBTaskResult.objects.filter(pk=row.pk).update(status=TaskResultStatus.RUNNING, worker_ids=dead,
                                                  run_after=timezone.now() - timedelta(seconds=1))
    assert recovery.sweep() == 1
    row = review_row(game)
    assert row.status == TaskResultStatus.FAILED and row.exception_class_path.endswith("WorkerLost")
    assert recovery.retry_failed() == 0  # tried enough
    assert "no estaba disponible" in signed_in(game.white).get(game.get_review_url()).content.decode()


def test_a_failed_review_is_tried_again_later_each_time_without_anybody_opening_its_page(monkeypatch):
    game = played(make_user("ana"), make_user("bruno"))
    failures = [evaluator.EvaluatorUnavailable("gnubg went away")] * 2
    grade = evaluator.grade_play

    def away_twice(*args, **kwargs):
        if failures:
            raise failures.pop()
        return grade(*args, **kwargs)

    monkeypatch.setattr(evaluator, "grade_play", away_twice)
    pause = recovery.RETRY_SECONDS["reviews"]
    assert drain() == 1  # the first try fails and waits for its retry
    row = review_row(game)
    assert row.status == TaskResultStatus.READY and has_failed(review_live_game, game.pk)
    assert (row.run_after - row.enqueued_at).total_seconds() >= pause
    assert drain() == 0  # not before its pause
    later = timezone.now() + timedelta(seconds=pause + 1)
    assert drain(now=later) == 1  # the second fails too: the next pause is twice as long
    row = review_row(game)
    assert row.status == TaskResultStatus.READY and row.run_after > timezone.now() + timedelta(seconds=pause + 1)
    assert drain(now=timezone.now() + timedelta(seconds=2 * pause + 1)) == 1
    row = review_row(game)
    assert row.status == TaskResultStatus.SUCCESSFUL and len(row.worker_ids) == 3
    assert LiveGame.objects.get(pk=game.pk).graded and not has_failed(review_live_game, game.pk)


def test_a_clock_left_running_by_a_dead_worker_still_ends_the_game_on_time(monkeypatch, settings):
    settings.PRACTICE_DICE_SEED = 7
    clock = Clock()
    monkeypatch.setattr(clocks, "clock", clock)
    ana, bruno = make_user("ana"), make_user("bruno")
    wish = Wish(length=3, clock=True)
    lobby.play_now(ana, wish, now=START)
    game = lobby.play_now(bruno, wish, now=START).game
    clock.wait(FULL)
    row = DBTaskResult.objects.get(task_path=flag_on_time.module_path, status=TaskResultStatus.READY)
    DBTaskResult.objects.filter(pk=row.pk).update(status=TaskResultStatus.RUNNING, worker_ids=["otra-maquina:4242:gone"],
                                                  run_after=clock.now - timedelta(seconds=1), started_at=clock.now)
    assert drain(queue=flags.QUEUE, now=clock.now) == 1  # taken back from the dead worker, and run
    game.refresh_from_db()
    assert game.phase == Phase.OVER and game.actions.filter(kind=LiveAction.Kind.FLAG).exists()


def test_a_clock_whose_run_failed_is_tried_again_a_second_later_and_ends_the_game_on_time(monkeypatch, settings):
    settings.PRACTICE_DICE_SEED = 7
    clock = Clock()
    monkeypatch.setattr(clocks, "clock", clock)
    ana, bruno = make_user("ana"), make_user("bruno")
    wish = Wish(length=3, clock=True)
    lobby.play_now(ana, wish, now=START)
    game = lobby.play_now(bruno, wish, now=START).game
    clock.wait(FULL)
    flag = flags.endings.flag

    def busy(*args, **kwargs):
        raise OperationalError("database is locked")

    monkeypatch.setattr(flags.endings, "flag", busy)
    assert drain(queue=flags.QUEUE, now=clock.now) == 1  # fails, and waits a second for its retry
    row = DBTaskResult.objects.get(task_path=flag_on_time.module_path)
    assert row.status == TaskResultStatus.READY and row.run_after <= timezone.now() + timedelta(seconds=1)
    monkeypatch.setattr(flags.endings, "flag", flag)
    assert drain(queue=flags.QUEUE, now=timezone.now() + timedelta(seconds=2)) == 1
    game.refresh_from_db()
    assert game.phase == Phase.OVER and game.actions.filter(kind=LiveAction.Kind.FLAG).exists()
