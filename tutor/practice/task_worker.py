"""The worker behind ``manage.py db_worker``: django-tasks-db's, with leases, recovery, retries and a fair order.

It runs tasks exactly as the package's worker does (``run_task``: signals,
return value, failure), and differs in three places:

- it takes tasks in the fair order of ``fair_queue`` (people take turns)
  instead of enqueue time alone;
- while a task runs, a thread of its own renews the task's lease
  (``recovery``), so that a worker that dies is noticed;
- when it starts and every ``recovery.SWEEP_SECONDS``, it puts back in the
  queue the tasks of workers that died and the failed ones still worth a try.

A busy database (``database is locked``) never stops it: the claim, the
sweep and the lease wait for their next round.
"""

from __future__ import annotations

import logging
import random
import threading
import time
from contextlib import contextmanager

from django.conf import settings
from django.db import DatabaseError, OperationalError, close_old_connections, connection
from django_tasks_db.management.commands import db_worker
from django_tasks_db.models import DBTaskResult
from django_tasks_db.utils import is_locked_database_exception

from . import recovery
from .fair_queue import claim_next

logger = logging.getLogger("django_tasks_db")


class Worker(db_worker.Worker):
    """django-tasks-db's worker, run by the project's ``db_worker`` command."""

    def queues(self) -> list[str]:
        """The queues this worker serves (``*``: every queue the settings declare, but the excluded ones)."""
        if not self.process_all_queues:
            return list(self.queue_names)
        declared = settings.TASKS[self.backend_name].get("QUEUES") or ["default"]
        return [name for name in declared if name not in self.excluded_queue_names]

    def run(self) -> None:
        logger.info("Starting worker worker_id=%s queues=%s", self.worker_id, ",".join(self.queue_names))
        if self.startup_delay and self.interval:
            time.sleep(random.random())  # noqa: S311 - not a secret: workers started together spread out
        next_sweep = 0.0
        while self.running:
            close_old_connections()
            if time.monotonic() >= next_sweep:
                recovery.sweep(me=self.worker_id)
                next_sweep = time.monotonic() + recovery.SWEEP_SECONDS
            looked, row = self.claim()
            if row is not None:
                self.run_task(row)
            if self.batch and looked and row is None:
                logger.info("No more tasks to run for worker_id=%s - exiting gracefully.", self.worker_id)
                return
            if self.max_tasks is not None and self._run_tasks >= self.max_tasks:
                logger.info("Run maximum tasks (%d) on worker=%s - exiting gracefully.", self._run_tasks, self.worker_id)
                return
            close_old_connections()
            if self.running and row is None:
                time.sleep(self.interval)

    def claim(self) -> tuple[bool, DBTaskResult | None]:
        """The next task, claimed; whether the queue could be read at all."""
        try:
            return True, claim_next(self.queues(), self.worker_id, lease_until=recovery.lease_end())
        except OperationalError as error:
            if is_locked_database_exception(error):
                return False, None
            raise

    def run_task(self, db_task_result: DBTaskResult) -> None:
        with kept_leased(db_task_result.pk):
            super().run_task(db_task_result)


@contextmanager
def kept_leased(pk):
    """Renew task ``pk``'s lease from a thread of its own while the body runs (a grading holds the main thread)."""
    done = threading.Event()

    def renew() -> None:
        try:
            while not done.wait(recovery.LEASE_SECONDS / 4):
                try:
                    recovery.renew(pk)
                except DatabaseError as error:  # a busy database: the next renewal comes well before the lease ends
                    logger.warning("the lease of task %s waits for its next renewal: %s", pk, error)
        finally:
            connection.close()  # this thread's own connection

    thread = threading.Thread(target=renew, name=f"lease-{pk}", daemon=True)
    thread.start()
    try:
        yield
    finally:
        done.set()
        thread.join(timeout=recovery.LEASE_SECONDS)
