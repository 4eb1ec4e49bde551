"""``manage.py db_worker``: django-tasks-db's command with the project's worker (``tutor.practice.task_worker``).

The same name, options and behaviour as the package's command (the
project's apps come before it in ``INSTALLED_APPS``, so this one is found
first), so every process definition that starts ``db_worker`` gets a worker
that renews leases, recovers the tasks of dead workers, retries failed
ones and takes tasks in the fair order.  Its default worker id says where
it runs (``host:pid:random``), which lets a worker started again on the
same machine see at once that the previous one is gone.
"""

from __future__ import annotations

import os

from django.utils.autoreload import DJANGO_AUTORELOAD_ENV, run_with_reloader
from django_tasks_db.management.commands import db_worker

from tutor.practice.recovery import new_worker_id
from tutor.practice.task_worker import Worker


class Command(db_worker.Command):
    def add_arguments(self, parser) -> None:
        super().add_arguments(parser)
        parser.set_defaults(worker_id=None)

    def handle(self, *, verbosity: int, queue_name: str, interval: float, batch: bool, backend_name: str,
               startup_delay: bool, reload: bool, max_tasks: int | None, worker_id: str | None, exclude_queues: str,
               **options) -> None:
        self.configure_logging(verbosity)
        if reload and batch:
            reload = False
        queue_names = queue_name.split(",")
        excluded = exclude_queues.split(",") if exclude_queues else []
        if excluded and "*" not in queue_names:
            raise db_worker.CommandError("--exclude-queues can only be used with --queue-name=*")
        worker = Worker(
            queue_names=queue_names, interval=interval, batch=batch, backend_name=backend_name,
            startup_delay=startup_delay, max_tasks=max_tasks, worker_id=worker_id or new_worker_id(),
            excluded_queue_names=excluded,
        )
        if not reload:
            worker.configure_signals()
            worker.run()
            return
        if os.environ.get(DJANGO_AUTORELOAD_ENV) == "true":
            worker.configure_signals()  # only the reloaded child handles signals
        run_with_reloader(worker.run)
