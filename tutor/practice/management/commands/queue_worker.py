"""``manage.py queue_worker``: django-tasks-db's ``db_worker`` that a database error pauses and never stops.

Reviews and the live games' clocks are run by these workers (``make run``
starts one per queue, see ``processes.conf``).  ``db_worker``'s loop
already skips a poll that finds the database locked, but an error anywhere
else in it (SQLite's ``database is locked`` while it begins the
transaction that claims a task, or while it records a finished task; a
PostgreSQL server restarting) ends the process, and from then on no game
ends on time.  Here such an error is logged, the connections are closed,
and the same loop starts again after a pause: the worker outlives every
moment the database cannot answer.  What it was doing is left as the
database last saw it (a task claimed but not recorded stays RUNNING).
Before its first task a worker loads the URLconf, as a web process does
(``warm_up``).

It takes ``db_worker``'s options.  A process manager still restarts a worker
that dies of anything else (``processes.conf``, docs/processes.md).
"""

from __future__ import annotations

import logging
import os
import time
from pathlib import Path

from django.core.management.base import CommandError
from django.db import DatabaseError, connections
from django.template import TemplateSyntaxError, engines
from django.urls import get_resolver
from django.utils.autoreload import DJANGO_AUTORELOAD_ENV, run_with_reloader
from django_tasks_db.management.commands import db_worker

logger = logging.getLogger("django_tasks_db")

PAUSE_SECONDS = 1.0
"""How long a worker waits after a database error before it looks at the queue again."""


class SteadyWorker(db_worker.Worker):
    """A ``db_worker`` loop that goes on after a database error instead of ending the process."""

    pause = PAUSE_SECONDS

    def run(self) -> None:
        warm_up()
        while True:
            try:
                super().run()
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
    for connection in connections.all(initialized_only=True):
        try:
            connection.close()
        except DatabaseError:
            pass


class Command(db_worker.Command):
    help = "Run a database background worker that outlives database errors (django-tasks-db's db_worker)."

    def handle(self, *, verbosity: int, queue_name: str, interval: float, batch: bool, backend_name: str,
               startup_delay: bool, reload: bool, max_tasks: int | None, worker_id: str, exclude_queues: str,
               **options) -> None:
        self.configure_logging(verbosity)
        excluded = exclude_queues.split(",") if exclude_queues else []
        queues = queue_name.split(",")
        if excluded and "*" not in queues:
            raise CommandError("--exclude-queues can only be used with --queue-name=*")
        worker = SteadyWorker(
            queue_names=queues, interval=interval, batch=batch, backend_name=backend_name,
            startup_delay=startup_delay, max_tasks=max_tasks, worker_id=worker_id, excluded_queue_names=excluded,
        )
        if reload and not batch:
            if os.environ.get(DJANGO_AUTORELOAD_ENV) == "true":
                worker.configure_signals()
            run_with_reloader(worker.run)
        else:
            worker.configure_signals()
            worker.run()
