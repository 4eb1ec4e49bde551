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
sweep and the lease wait for their next round, and any other error of the
database in its loop pauses it (``run``).  Before its first task it loads
what a task that draws a page needs (``warm_up``).
"""

from __future__ import annotations

import logging
import random
import threading
import time
from contextlib import contextmanager
from pathlib import Path

from django.conf import settings
from django.db import DatabaseError, OperationalError, close_old_connections, connection, connections
from django.template import TemplateSyntaxError, engines
from django.urls import get_resolver
from django_tasks_db.management.commands import db_worker
from django_tasks_db.models import DBTaskResult
from django_tasks_db.utils import is_locked_database_exception

from . import recovery
from .fair_queue import claim_next

logger = logging.getLogger("django_tasks_db")

PAUSE_SECONDS = 1.0
"""How long a worker waits after a database error before it looks at the queue again."""


class Worker(db_worker.Worker):
    """django-tasks-db's worker, run by the project's ``db_worker`` command."""

    def queues(self) -> list[str]:
        """The queues this worker serves (``*``: every queue the settings declare, but the excluded ones)."""
        if not self.process_all_queues:
            return list(self.queue_names)
        declared = settings.TASKS[self.backend_name].get("QUEUES") or ["default"]
        return [name for name in declared if name not in self.excluded_queue_names]

    pause = PAUSE_SECONDS

    def run(self) -> None:
        """Serve the queues until told to stop; a database error pauses the worker, never ends it.

        The claim, the sweep and the lease already wait out a locked
        database; any other error of the database in the loop (recording a
        finished task while the database stays locked, a PostgreSQL server
        restarting) is logged, the connections are closed, and the loop
        starts again after a pause.  What the worker was doing is left as
        the database last saw it, where the sweep finds it.
        """
        warm_up()
        while True:
            try:
                self.serve()
                return
            except DatabaseError as error:
                if not self.running:
                    return
                logger.warning("Worker %s: the database failed (%s); looking at the queue again in %s s.",
                               self.worker_id, error, self.pause)
                self.running_task = False
                self.startup_delay = False
                _close_connections()
                time.sleep(self.pause)

    def serve(self) -> None:
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


def warm_up() -> None:
    """Load the URLconf (every view module) and compile every template before the first task.

    A web process pays for them over its first requests; a worker would pay
    in its first task, and the clocks worker's first flag draws both
    players' panels: without this, the pages heard of it up to a second
    later than of any flag after it (about a second of start-up instead,
    once).  Templates stay compiled for the worker's life (Django's cached
    loader).
    """
    get_resolver().reverse_dict  # noqa: B018 - read for its side effect: the URLconf is loaded and indexed
    for engine in engines.all():
        for folder in getattr(engine, "template_dirs", ()):
            for path in sorted(Path(folder).rglob("*.html")):
                try:
                    engine.get_template(path.relative_to(folder).as_posix())
                except TemplateSyntaxError as error:  # the page that uses it fails, not the worker
                    logger.warning("Template %s does not compile: %s", path, error)


def _close_connections() -> None:
    """Drop every connection of this thread (a failed one is opened again by the next query)."""
    for each in connections.all(initialized_only=True):
        try:
            each.close()
        except DatabaseError:
            pass


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
