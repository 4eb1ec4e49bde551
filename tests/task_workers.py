"""``manage.py db_worker`` processes on the test database, for tests that kill and start workers as a supervisor would.

The tests that use them need ``django_db(transaction=True)``: a worker is
another process and sees only what is committed.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable
from urllib.parse import quote

from django.db import connection

ROOT = Path(__file__).resolve().parent.parent


def database_url() -> str:
    """The test database as ``DATABASE_URL`` says it, for a process of its own."""
    found = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{found['NAME']}"
    password = f":{quote(found['PASSWORD'], safe='')}" if found.get("PASSWORD") else ""
    return f"postgres://{quote(found['USER'], safe='')}{password}@{found['HOST'] or 'localhost'}:{found['PORT'] or 5432}/{found['NAME']}"


def start_worker(queue: str = "reviews", **environment: str) -> subprocess.Popen:
    """A worker of ``queue``, started as the site starts it (``environment``: settings read from it, such as the plies)."""
    command = [sys.executable, "manage.py", "db_worker", "--queue-name", queue, "--no-reload", "--no-startup-delay",
               "--interval", "0.1", "--verbosity", "0"]
    env = {**os.environ, "DATABASE_URL": database_url(), "DJANGO_SETTINGS_MODULE": "tutor.settings.test", **environment}
    return subprocess.Popen(command, cwd=ROOT, env=env, stdin=subprocess.DEVNULL)


def stop(worker: subprocess.Popen) -> None:
    if worker.poll() is None:
        worker.terminate()
        try:
            worker.wait(timeout=30)
        except subprocess.TimeoutExpired:
            worker.kill()
            worker.wait()


def wait_for(condition: Callable[[], bool], seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"after {seconds} s, still not: {what}")
        time.sleep(0.02)
