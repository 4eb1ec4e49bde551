"""The order in which workers take waiting tasks: people take turns, oldest first, so nobody's games hold the others back.

The database queue alone runs tasks by enqueue time: a person who ends
twenty games in a row puts twenty reviews ahead of everyone who finishes
one after them.  Here each task names whose it is (``people``, a keyword
argument written when it is queued: ``"u<id>"`` for an account, ``"m<id>"``
for a practice match of a visitor without one; a live game's review is
both players'), and the queue is read in rounds:

- each person's reviews wait in the order they were queued;
- a person's ``PER_PERSON`` oldest reviews (counting the ones running now)
  are in the first round, the next ``PER_PERSON`` in the second, and so on:
  nobody's next review runs while someone else's first is waiting, which
  caps what one person holds of the workers;
- within a round, the one that became due first runs first (a review when
  it was queued, a clock at its deadline, a retry when its pause ends),
  but never before its person was last served: a person whose review just
  started goes behind everyone who has waited since, so people take turns
  however many games each has queued.

A task without ``people`` (a clock) is a person of its own.  A review of
two people takes the better round of the two.  ``ordered`` is what a
worker reads to choose (``claim_next``) and what a review page reads to say
where its game stands (``position``): both see the same queue.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django_tasks import TaskResultStatus
from django_tasks_db.models import DBTaskResult, get_date_max
from django_tasks_db.utils import exclusive_transaction

PER_PERSON = 1
"""How many of one person's tasks (running or waiting) come before everyone else's next one."""
FIELDS = ("id", "status", "priority", "run_after", "enqueued_at", "started_at", "task_path", "args_kwargs", "queue_name")
SERVED_WINDOW = timedelta(hours=1)
"""How far back a person's last served task counts for their turn."""


def people(row: DBTaskResult) -> list[str]:
    """Whose task ``row`` is; a task that names nobody is a person of its own."""
    named = (row.args_kwargs.get("kwargs") or {}).get("people") or []
    return [str(person) for person in named] or [f"task:{row.pk}"]


def due_at(row: DBTaskResult) -> datetime:
    """When ``row`` became (or becomes) due: its ``run_after``, or when it was queued if it has none."""
    return row.enqueued_at if row.run_after == get_date_max() else row.run_after


def ordered(waiting: Iterable[DBTaskResult], running: Iterable[DBTaskResult] = (),
            served: Iterable[DBTaskResult] = ()) -> list[DBTaskResult]:
    """``waiting`` in the order workers take them, given the tasks ``running`` now and those ``served`` lately."""
    waiting, running = list(waiting), list(running)
    last: dict[str, datetime] = {}
    for row in [*served, *running]:
        for person in people(row):
            if row.started_at is not None and (person not in last or last[person] < row.started_at):
                last[person] = row.started_at
    held = Counter(person for row in running for person in people(row))
    keys: dict[object, tuple[int, datetime]] = {}
    for row in sorted(waiting, key=due_at):
        mine = people(row)
        turn = min(mine, key=lambda person: held[person])
        keys[row.pk] = (held[turn] // PER_PERSON, max(due_at(row), last.get(turn, due_at(row))))
        held.update(mine)
    return sorted((row for row in waiting if row.pk in keys), key=lambda row: (-row.priority, *keys[row.pk]))


def _rows(queues: list[str], status: str):
    return DBTaskResult.objects.filter(queue_name__in=queues, status=status).only(*FIELDS)


def _served(queues: list[str], moment: datetime):
    finished = (TaskResultStatus.SUCCESSFUL, TaskResultStatus.FAILED)
    return DBTaskResult.objects.filter(queue_name__in=queues, status__in=finished,
                                       started_at__gte=moment - SERVED_WINDOW).only("id", "started_at", "args_kwargs")


def in_order(queues: list[str], waiting, moment: datetime) -> list[DBTaskResult]:
    """``waiting`` (rows of ``queues``) in the order workers take them at ``moment``."""
    return ordered(waiting, _rows(queues, TaskResultStatus.RUNNING), _served(queues, moment))


def waiting_in_order(queues: list[str], now: datetime | None = None) -> list[DBTaskResult]:
    """The tasks of ``queues`` due at ``now`` (the real time by default), in the order workers take them."""
    moment = now or timezone.now()
    due = list(_rows(queues, TaskResultStatus.READY).filter(Q(run_after=get_date_max()) | Q(run_after__lte=moment)))
    return in_order(queues, due, moment) if due else []


def claim_next(queues: list[str], worker_id: str, *, lease_until: datetime, now: datetime | None = None) -> DBTaskResult | None:
    """Claim for ``worker_id`` the first task of ``queues`` in the fair order; None when none is due.

    The order is read without locks; the chosen row is then locked and
    claimed only if it still waits (another worker may have taken it: the
    next one is tried).  On SQLite the whole choice is one exclusive
    transaction, as django-tasks-db's own worker claims.  The claimed row's
    ``run_after`` becomes its lease (``task_worker``).
    """
    with exclusive_transaction(DBTaskResult.objects.db):
        for candidate in waiting_in_order(queues, now):
            row = DBTaskResult.objects.select_for_update(skip_locked=True).filter(
                pk=candidate.pk, status=TaskResultStatus.READY
            ).first()
            if row is None:
                continue
            row.claim(worker_id)
            row.run_after = lease_until
            row.save(update_fields=["run_after"])
            return row
    return None


def position(task, *args) -> int | None:
    """Where ``task(*args)`` waits in its queue (1: the next to run); None when it is not waiting there."""
    with transaction.atomic():
        queue = [task.queue_name]
        for number, row in enumerate(in_order(queue, list(_rows(queue, TaskResultStatus.READY)), timezone.now()), start=1):
            if row.task_path == task.module_path and row.args_kwargs.get("args") == list(args):
                return number
    return None
