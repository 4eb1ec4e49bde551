"""Reviews graded in the background: queueing a game's review and running the queue.

Grading a whole game takes gnubg seconds to minutes, so no web request
does it.  When a game ends, its review is queued with Django's Tasks API
(the ``django-tasks`` backport of ``django.tasks``) on the database queue
(``django-tasks-db``): the task is a row written in the same transaction
as the game's end, so a game never ends without its review being queued,
and a refused or failed decision queues nothing.  ``manage.py db_worker``
processes run the tasks; they reach gnubg the way web processes do,
through ``evaluator`` and its own watched process, never loading it
themselves.

A review page that finds its game not fully graded and no task waiting for
it (a game finished before reviews were queued, or a task that failed
while gnubg was unavailable) queues one again: grading skips what is
already graded, so nothing is done twice.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from typing import Callable, TypeVar

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django_tasks import TaskResultStatus
from django_tasks_db.management.commands.db_worker import Worker
from django_tasks_db.models import DBTaskResult

from .evaluator import EvaluatorUnavailable, patience

QUEUE = "reviews"
WAITING = (TaskResultStatus.READY, TaskResultStatus.RUNNING)
ATTEMPTS = 5
"""How many times a review is tried while gnubg cannot answer, each later than the one before."""
RETRY_SECONDS = 30
T = TypeVar("T")


def queue(task, *args) -> None:
    """Queue ``task(*args)`` (a task of the reviews queue), as part of the current transaction."""
    task.enqueue(*args)


def _runs(task, *args):
    """The queue's rows of ``task(*args)``, newest first (the first argument narrows them in the database)."""
    rows = DBTaskResult.objects.filter(task_path=task.module_path, queue_name=QUEUE, args_kwargs__args__0=args[0])
    return [row for row in rows.order_by("-enqueued_at").only("args_kwargs", "status") if row.args_kwargs.get("args") == list(args)]


def is_waiting(task, *args) -> bool:
    """Whether ``task(*args)`` is queued or running now."""
    return any(row.status in WAITING for row in _runs(task, *args))


def has_failed(task, *args) -> bool:
    """Whether the last finished run of ``task(*args)`` failed (gnubg unavailable, for instance)."""
    finished = [row.status for row in _runs(task, *args) if row.status not in WAITING]
    return bool(finished) and finished[0] == TaskResultStatus.FAILED


def ensure_queued(task, *args) -> bool:
    """Queue ``task(*args)`` unless it is already waiting; whether it was queued now."""
    with transaction.atomic():
        if is_waiting(task, *args):
            return False
        queue(task, *args)
    return True


def grade_or_retry(task, args: tuple, attempt: int, grade: Callable[[], T]) -> T:
    """Run ``grade`` (a task's work) with the worker's patience; when gnubg cannot answer, try again later.

    A worker waits ``REVIEW_EVALUATOR_TIMEOUT`` seconds for each answer
    (nobody is kept waiting).  Without an answer, what was graded stays
    graded, the same task is queued again ``RETRY_SECONDS`` times the
    attempt later, up to ``ATTEMPTS`` times, and this run fails.
    """
    try:
        with patience(float(getattr(settings, "REVIEW_EVALUATOR_TIMEOUT", 120))):
            return grade()
    except EvaluatorUnavailable:
        if attempt < ATTEMPTS:
            later = timezone.now() + timedelta(seconds=RETRY_SECONDS * attempt)
            task.using(run_after=later).enqueue(*args, attempt=attempt + 1)
        raise


def drain(limit: int | None = None) -> int:
    """Run every task of the reviews queue now, in this process, as a worker would; how many ran.

    For tests and benchmarks, which need the queue to run at a known
    moment; the site itself has ``manage.py db_worker`` processes.
    """
    worker = Worker(
        queue_names=[QUEUE], interval=0, batch=True, backend_name="default", startup_delay=False,
        max_tasks=None, worker_id="drain", excluded_queue_names=[],
    )
    ran = 0
    while limit is None or ran < limit:
        with transaction.atomic():
            row = DBTaskResult.objects.ready().filter(queue_name=QUEUE).get_locked()
            if row is None:
                return ran
            row.claim(worker.worker_id)
        worker.run_task(row)
        ran += 1
    return ran


@dataclass(frozen=True)
class Progress:
    """How far a game's review has come: decisions graded of those to grade."""

    done: int
    total: int
    failed: bool = False

    @property
    def ready(self) -> bool:
        return self.done >= self.total

    @property
    def percent(self) -> int:
        return 100 if not self.total else int(100 * self.done / self.total)

    def as_json(self) -> dict:
        return {"done": self.done, "total": self.total, "ready": self.ready, "failed": self.failed}
