"""Tasks that never stay stuck: a running task whose worker died runs again, and a failed one is tried again, a few times.

django-tasks-db marks a task RUNNING when a worker claims it and FAILED or
SUCCESSFUL when it ends.  A worker killed in between (SIGKILL, the
machine's memory, a deployment) leaves its task RUNNING for good, and a
task that failed (gnubg unavailable, ``database is locked``) stays failed
until somebody opens its page.  The package offers no heartbeat and no
retry, so the project's workers (``task_worker``) keep their own:

- **A lease.** While a task runs, its row's ``run_after`` (which means
  nothing to a running row) holds the end of a lease of ``LEASE_SECONDS``
  that the worker renews every quarter of it.  Worker ids name the machine
  and the process (``host:pid:random``).
- **Recovery** (``recover_lost``): a RUNNING task goes back to READY when
  its worker is known to be gone: its process no longer exists on this
  machine (seen at once), or its lease ended (a worker on another machine,
  or frozen), or it was claimed without a lease (by a worker without
  these leases) longer than a lease ago.
- **Retries** (``retry_failed``): a task that FAILED within the last
  ``RETRY_WINDOW`` goes back to READY after a pause that grows with every
  try (``RETRY_SECONDS`` of its queue times the tries so far).

Both count tries the same way, by the workers that claimed the row (the
backend appends each one to ``worker_ids``): after ``ATTEMPTS`` a task
stays FAILED, so a task that kills its worker or always fails cannot loop.
Every worker sweeps when it starts and every ``SWEEP_SECONDS`` (``sweep``),
so a supervisor that starts a worker again finds the dead one's task
running again at once.  Grading a review skips what is already graded, and
a clock's task asks the clock again: running one twice does no harm.
"""

from __future__ import annotations

import logging
import os
import socket
from datetime import datetime, timedelta
from pathlib import Path

from django.db import DatabaseError
from django.utils import timezone
from django.utils.crypto import get_random_string
from django_tasks import TaskResultStatus
from django_tasks_db.models import DBTaskResult, get_date_max

logger = logging.getLogger(__name__)

LEASE_SECONDS = 30.0
"""How long a running task's worker is trusted without news (it renews the lease every quarter of it)."""
ATTEMPTS = 5
"""How many times a task is tried, whether its run failed or its worker died, before it stays FAILED."""
RETRY_SECONDS = {"reviews": 30.0, "clocks": 1.0}
"""The pause before a failed task's next try, per queue, times the tries so far (a clock must not wait long)."""
DEFAULT_RETRY_SECONDS = 10.0
RETRY_WINDOW = timedelta(hours=1)
"""Failures older than this are left alone (a review page queues its game again when opened)."""
SWEEP_SECONDS = 5.0
"""How often a worker looks for lost and failed tasks."""


class WorkerLost(RuntimeError):
    """The task's worker died while running it, ``ATTEMPTS`` times."""


def new_worker_id(label: str = "") -> str:
    """A worker id that says where the worker runs: ``host:pid:random`` (at most 64 characters)."""
    return f"{socket.gethostname()[:40]}:{os.getpid()}:{label or get_random_string(8)}"


def lease_end(now: datetime | None = None) -> datetime:
    return (now or timezone.now()) + timedelta(seconds=LEASE_SECONDS)


def renew(pk, now: datetime | None = None) -> bool:
    """Renew the lease of the running task ``pk``; whether it is still running."""
    return bool(DBTaskResult.objects.filter(pk=pk, status=TaskResultStatus.RUNNING).update(run_after=lease_end(now)))


def _process_gone(pid: int) -> bool:
    """Whether process ``pid`` of this machine has ended (a zombie has: only its exit status is left)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state in ("Z", "X")


def gone_here(worker_id: str, me: str = "") -> bool:
    """Whether ``worker_id`` ran on this machine in a process that no longer exists (``me``: the caller's own id)."""
    host, _, rest = worker_id.partition(":")
    pid_text = rest.partition(":")[0]
    if host != socket.gethostname()[:40] or not pid_text.isdigit():
        return False
    pid = int(pid_text)
    if pid == os.getpid():
        return worker_id != me  # this process's pid, but not this worker: that one ended
    return _process_gone(pid)


def is_lost(row: DBTaskResult, now: datetime, me: str = "") -> bool:
    """Whether the RUNNING task ``row`` has no worker any more."""
    worker = row.worker_ids[-1] if row.worker_ids else ""
    if worker and gone_here(worker, me):
        return True
    if row.run_after == get_date_max():  # claimed without a lease
        return row.started_at is None or row.started_at < now - timedelta(seconds=LEASE_SECONDS)
    return row.run_after < now


def recover_lost(now: datetime | None = None, me: str = "") -> int:
    """Put every RUNNING task whose worker is gone back to READY (or FAILED after ``ATTEMPTS``); how many moved."""
    now = now or timezone.now()
    running = DBTaskResult.objects.filter(status=TaskResultStatus.RUNNING).only(
        "id", "worker_ids", "run_after", "started_at", "task_path"
    )
    moved = 0
    for row in running:
        if not is_lost(row, now, me):
            continue
        # Only if nothing changed since it was read: a lease renewed meanwhile keeps it.
        unchanged = DBTaskResult.objects.filter(pk=row.pk, status=TaskResultStatus.RUNNING, run_after=row.run_after)
        if len(row.worker_ids) >= ATTEMPTS:
            lost = WorkerLost(f"its worker died {len(row.worker_ids)} times")
            moved += unchanged.update(status=TaskResultStatus.FAILED, finished_at=now, traceback=str(lost),
                                      exception_class_path=f"{__name__}.WorkerLost", return_value=None)
            logger.error("task %s (%s) failed for good: %s", row.pk, row.task_path, lost)
            continue
        if unchanged.update(status=TaskResultStatus.READY, run_after=row.started_at or now):
            moved += 1
            logger.warning("task %s (%s) was running in %s, which is gone: it waits again", row.pk, row.task_path,
                           row.worker_ids[-1] if row.worker_ids else "a worker")
    return moved


def retry_failed(now: datetime | None = None) -> int:
    """Queue again every task that failed within ``RETRY_WINDOW`` and was tried fewer than ``ATTEMPTS`` times; how many."""
    now = now or timezone.now()
    failed = DBTaskResult.objects.filter(status=TaskResultStatus.FAILED, finished_at__gte=now - RETRY_WINDOW).only(
        "id", "worker_ids", "finished_at", "queue_name", "task_path", "exception_class_path"
    )
    retried = 0
    for row in failed:
        tries = len(row.worker_ids)
        if tries >= ATTEMPTS:
            continue
        pause = RETRY_SECONDS.get(row.queue_name, DEFAULT_RETRY_SECONDS) * tries
        when = (row.finished_at or now) + timedelta(seconds=pause)
        if DBTaskResult.objects.filter(pk=row.pk, status=TaskResultStatus.FAILED).update(
            status=TaskResultStatus.READY, run_after=when, finished_at=None
        ):
            retried += 1
            logger.warning("task %s (%s) failed (%s, try %d of %d): it runs again at %s", row.pk, row.task_path,
                           row.exception_class_path, tries, ATTEMPTS, when.isoformat())
    return retried


def sweep(now: datetime | None = None, me: str = "") -> int:
    """Recover lost tasks and retry failed ones; how many tasks wait again.  Never raises for a busy database."""
    try:
        return recover_lost(now, me) + retry_failed(now)
    except DatabaseError as error:  # ``database is locked``: the next sweep does it
        logger.warning("the sweep for lost and failed tasks waits for the next round: %s", error)
        return 0
