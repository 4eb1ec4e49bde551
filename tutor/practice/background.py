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

Workers stay useful whatever happens to them (``recovery``, run by the
project's ``db_worker``, ``task_worker``): a task whose worker died runs
again, a failed one is tried again a few times, later each time, and the
reviews are taken in a fair order (``fair_queue``: people take turns), which
is also where a review page reads its game's place in the queue.  A review
page that finds its game not fully graded and no task waiting for it (a
game finished before reviews were queued, or a task that failed every try)
queues one again: grading skips what is already graded, so nothing is done
twice.

The database holds other queues than the reviews' (the live games'
clocks, ``play.flags``): the helpers here that find a task's runs look in
the task's own queue, ``wait_until`` keeps one run of a task waiting for a
given moment, and ``drain`` runs any one queue.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Callable, TypeVar

from django.conf import settings
from django.db import transaction
from django_tasks import TaskResultStatus
from django_tasks_db.management.commands.db_worker import Worker
from django_tasks_db.models import DBTaskResult

from . import recovery
from .evaluator import patience
from .fair_queue import claim_next

QUEUE = "reviews"
WAITING = (TaskResultStatus.READY, TaskResultStatus.RUNNING)
T = TypeVar("T")


def queue(task, *args, people: list[str]) -> None:
    """Queue ``task(*args)`` (a task of the reviews queue) for ``people``, as part of the current transaction.

    ``people`` (``"u<id>"`` for an account, ``"m<id>"`` for a visitor's
    practice match) is whose review it is: the queue's fair order reads it
    (``fair_queue``), the grading does not.
    """
    task.enqueue(*args, people=people)


def _runs(task, *args):
    """The rows of ``task(*args)`` in its queue, newest first (the first argument narrows them in the database)."""
    rows = DBTaskResult.objects.filter(task_path=task.module_path, queue_name=task.queue_name, args_kwargs__args__0=args[0])
    return [row for row in rows.order_by("-enqueued_at").only("args_kwargs", "status", "exception_class_path")
            if row.args_kwargs.get("args") == list(args)]


def is_waiting(task, *args) -> bool:
    """Whether ``task(*args)`` is queued or running now."""
    return any(row.status in WAITING for row in _runs(task, *args))


def has_failed(task, *args) -> bool:
    """Whether the last try of ``task(*args)`` failed (gnubg unavailable, for instance), waiting for a retry or not."""
    runs = _runs(task, *args)
    retried = [row for row in runs if row.status == TaskResultStatus.READY and row.exception_class_path]
    finished = [row.status for row in runs if row.status not in WAITING]
    return bool(retried) or bool(finished) and finished[0] == TaskResultStatus.FAILED


def ensure_queued(task, *args, people: list[str]) -> bool:
    """Queue ``task(*args)`` for ``people`` unless it is already waiting; whether it was queued now."""
    with transaction.atomic():
        if is_waiting(task, *args):
            return False
        queue(task, *args, people=people)
    return True


def _waiting(task, args: tuple):
    """The runs of ``task(*args)`` that wait for a worker, found by the whole list of arguments in one query."""
    return DBTaskResult.objects.filter(task_path=task.module_path, queue_name=task.queue_name,
                                       status=TaskResultStatus.READY, args_kwargs__args=list(args))


def wait_until(task, args: tuple, run_after) -> None:
    """Have one run of ``task(*args)`` waiting to start at ``run_after``: the waiting one moved, or a new one queued.

    One ``UPDATE`` when a run is waiting.  A run that a worker is claiming
    is no longer waiting: its row is locked while it is claimed, so the
    update either moves it before the claim or finds it taken, and then a
    new run is queued.  Callers that hold a lock of their own for
    ``args`` (a game's row) never queue two.
    """
    if not _waiting(task, args).update(run_after=run_after):
        task.using(run_after=run_after).enqueue(*args)


def stop_waiting(task, *args) -> None:
    """No run of ``task(*args)`` waits any more (one already running finishes)."""
    _waiting(task, args).delete()


def patiently(grade: Callable[[], T]) -> T:
    """Run ``grade`` (a task's work) with the worker's patience for each of gnubg's answers.

    A worker waits ``REVIEW_EVALUATOR_TIMEOUT`` seconds for each answer
    (nobody is kept waiting).  Without an answer the task fails, what was
    graded stays graded, and the worker tries it again later
    (``recovery.retry_failed``).
    """
    with patience(float(getattr(settings, "REVIEW_EVALUATOR_TIMEOUT", 120))):
        return grade()


def drain(limit: int | None = None, *, queue: str = QUEUE, now: datetime | None = None) -> int:
    """Run every task of ``queue`` that is due now, in this process, as a worker would; how many ran.

    For tests and benchmarks, which need the queue to run at a known
    moment; the site itself has ``manage.py db_worker`` processes.  A
    worker runs a task once the real time reaches its ``run_after``;
    ``now`` puts that moment elsewhere, so that a test that moves the live
    games' clock (``play.clocks.clock``) runs exactly the tasks due by
    then, as a worker would at that time, without sleeping.  A task that
    queues another one already due runs it in the same drain, and so does a
    failed one whose retry is due (``recovery.sweep``), in the fair order.
    """
    worker = Worker(
        queue_names=[queue], interval=0, batch=True, backend_name="default", startup_delay=False,
        max_tasks=None, worker_id=recovery.new_worker_id("drain"), excluded_queue_names=[],
    )
    ran = 0
    while limit is None or ran < limit:
        recovery.sweep(now, me=worker.worker_id)
        row = claim_next([queue], worker.worker_id, lease_until=recovery.lease_end(now), now=now)
        if row is None:
            return ran
        worker.run_task(row)
        ran += 1
    return ran


@dataclass(frozen=True)
class Progress:
    """How far a game's review has come: decisions graded of those to grade, and its place in the queue while it waits."""

    done: int
    total: int
    failed: bool = False
    position: int | None = None
    """1 for the next review a worker takes; None while it runs (or when nothing waits)."""

    @property
    def ready(self) -> bool:
        return self.done >= self.total

    @property
    def percent(self) -> int:
        return 100 if not self.total else int(100 * self.done / self.total)

    @property
    def in_queue(self) -> str:
        """Where the review waits, in a sentence for its page ("" once a worker grades it).

        >>> Progress(0, 9, position=3).in_queue
        'Tu revisión es la 3.ª en la cola.'
        >>> Progress(0, 9, position=1).in_queue
        'Tu revisión es la siguiente en la cola.'
        """
        if self.ready or self.position is None:
            return ""
        if self.position == 1:
            return "Tu revisión es la siguiente en la cola."
        return f"Tu revisión es la {self.position}.ª en la cola."

    def as_json(self) -> dict:
        return {"done": self.done, "total": self.total, "ready": self.ready, "failed": self.failed,
                "position": self.position, "queue": self.in_queue}
