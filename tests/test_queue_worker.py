"""``manage.py queue_worker``: a database error pauses the reviews' and the clocks' workers, never ends them."""

from __future__ import annotations

from contextlib import contextmanager

import pytest
from django.db import OperationalError
from django_tasks import TaskResultStatus
from django_tasks_db.management.commands import db_worker
from django_tasks_db.models import DBTaskResult

from tutor.play import flags
from tutor.practice.management.commands import queue_worker

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def locked_once(monkeypatch):
    """The first transaction a worker begins to claim a task finds the database locked, as SQLite says it."""
    real = db_worker.exclusive_transaction
    calls = []

    @contextmanager
    def exclusive_transaction(using=None):
        calls.append(using)
        if len(calls) == 1:
            raise OperationalError("database is locked")
        with real(using):
            yield

    monkeypatch.setattr(db_worker, "exclusive_transaction", exclusive_transaction)
    monkeypatch.setattr(queue_worker.SteadyWorker, "pause", 0)
    return calls


def worker(kind=queue_worker.SteadyWorker):
    return kind(queue_names=[flags.QUEUE], interval=0, batch=True, backend_name="default", startup_delay=False,
                max_tasks=None, worker_id="prueba", excluded_queue_names=[])


def test_django_tasks_db_worker_alone_dies_when_the_database_is_locked_as_it_begins_a_claim(locked_once):
    with pytest.raises(OperationalError):
        worker(db_worker.Worker).run()


def test_a_queue_worker_that_finds_the_database_locked_goes_on_and_runs_the_waiting_task(locked_once):
    flags.flag_on_time.enqueue(987654)  # a game that does not exist: the task runs and finds nothing to end
    worker().run()
    assert len(locked_once) >= 2
    row = DBTaskResult.objects.get(queue_name=flags.QUEUE)
    assert row.status == TaskResultStatus.SUCCESSFUL and row.return_value is False


def test_the_queue_worker_command_takes_db_worker_s_options_and_runs_the_queue(locked_once):
    from django.core.management import call_command

    flags.flag_on_time.enqueue(987654)
    call_command("queue_worker", "--queue-name", flags.QUEUE, "--batch", "--no-reload", "--no-startup-delay",
                 "--interval", "0", "--verbosity", "0")
    assert DBTaskResult.objects.get(queue_name=flags.QUEUE).status == TaskResultStatus.SUCCESSFUL
