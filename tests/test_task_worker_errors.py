"""The project's task workers (``manage.py db_worker``): a database error pauses them, never ends them."""

from __future__ import annotations

import pytest
from django.db import OperationalError
from django_tasks import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from tutor.play import flags
from tutor.practice import task_worker

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def fails_once(monkeypatch):
    """The first time the worker checks its connections the database fails, outside any claim, sweep or lease."""
    real = task_worker.close_old_connections
    calls = []

    def close_old_connections():
        calls.append(1)
        if len(calls) == 1:
            raise OperationalError("database is locked")
        real()

    monkeypatch.setattr(task_worker, "close_old_connections", close_old_connections)
    monkeypatch.setattr(task_worker.Worker, "pause", 0)
    return calls


def worker() -> task_worker.Worker:
    return task_worker.Worker(queue_names=[flags.QUEUE], interval=0, batch=True, backend_name="default",
                              startup_delay=False, max_tasks=None, worker_id="prueba", excluded_queue_names=[])


def test_the_worker_s_loop_alone_ends_at_a_database_error(fails_once):
    with pytest.raises(OperationalError):
        worker().serve()


def test_a_worker_goes_on_after_a_database_error_and_runs_the_waiting_task(fails_once):
    flags.flag_on_time.enqueue(987654)  # a game that does not exist: the task runs and finds nothing to end
    worker().run()
    assert len(fails_once) >= 2
    row = DBTaskResult.objects.get(queue_name=flags.QUEUE)
    assert row.status == TaskResultStatus.SUCCESSFUL and row.return_value is False


def test_the_db_worker_command_goes_on_after_a_database_error(fails_once):
    from django.core.management import call_command

    flags.flag_on_time.enqueue(987654)
    call_command("db_worker", "--queue-name", flags.QUEUE, "--batch", "--no-reload", "--no-startup-delay",
                 "--interval", "0", "--verbosity", "0")
    assert DBTaskResult.objects.get(queue_name=flags.QUEUE).status == TaskResultStatus.SUCCESSFUL


def test_a_worker_compiles_every_template_before_its_first_task():
    from django.template import engines

    task_worker.warm_up()
    loaders = engines["django"].engine.template_loaders
    assert any(getattr(loader, "get_template_cache", None) for loader in loaders)
    assert any("play/_panel.html" in loader.get_template_cache for loader in loaders if hasattr(loader, "get_template_cache"))
