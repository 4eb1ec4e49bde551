"""The processes ``make run`` starts, started by a test from the same definition: ``processes.conf``.

``ProcessSet`` runs supervisord on that file with the environment the
Makefile gives it (``RUN_DIR``, ``RUN_PYTHON``, ``RUN_HOST``, ``RUN_PORT``, ``DJANGO_DEBUG``)
and ``make run``'s settings (``tutor.settings.dev``), on a fresh SQLite
file and a free loopback port.  What every process printed goes to one
log, as on ``make run``'s terminal; supervisord answers questions about
its processes over its own socket (``info``), as ``supervisorctl`` does.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import xmlrpc.client
from pathlib import Path

from bench.load import ROOT, Browser, free_port

CONFIG = ROOT / "processes.conf"
SUPERVISORD = Path(sys.executable).parent / "supervisord"
NAMES = ("redis", "web", "reviews", "clocks")
"""The programs of ``processes.conf``, each checked to be running."""


def supervisor_proxy(socket: Path):
    """An XML-RPC client of supervisord's interface on its socket file."""
    from supervisor.xmlrpc import SupervisorTransport

    return xmlrpc.client.ServerProxy("http://127.0.0.1", transport=SupervisorTransport(None, None, f"unix://{socket}"))


class ProcessSet:
    """supervisord with ``processes.conf`` on a database of its own in ``folder``: ``prepare``, ``start``, ``stop``."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.port = free_port()
        self.run_dir = folder / "run"
        self.run_dir.mkdir(parents=True, exist_ok=True)
        self.log_path = folder / "processes.log"
        env = {key: value for key, value in os.environ.items()
               if not key.startswith(("DJANGO_", "REDIS_", "CHANNEL_LAYER", "DATABASE_", "RUN_"))}
        env.update(
            DJANGO_SETTINGS_MODULE="tutor.settings.dev",
            DATABASE_URL=f"sqlite:///{folder / 'site.sqlite3'}",
            RUN_DIR=str(self.run_dir), RUN_PYTHON=sys.executable, RUN_HOST="127.0.0.1", RUN_PORT=str(self.port),
            DJANGO_DEBUG="0",  # make run's default: the site as its users see it
        )
        self.env = env
        self.process: subprocess.Popen | None = None

    def manage(self, *args: str) -> str:
        """``manage.py`` with the set's settings and database; its standard output."""
        done = subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=self.env, capture_output=True,
                              text=True, timeout=600)
        if done.returncode != 0:
            raise RuntimeError(f"manage.py {args[0]} failed:\n{done.stderr[-4000:]}")
        return done.stdout

    def prepare(self) -> None:
        """What ``make run`` does before it starts the set (``make prepare``)."""
        self.manage("migrate", "--noinput")

    def start(self, timeout: float = 90) -> None:
        with open(self.log_path, "ab") as log:
            self.process = subprocess.Popen([str(SUPERVISORD), "-c", str(CONFIG)], cwd=ROOT, env=self.env,
                                            stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + timeout
        while not (self._site_answers() and self.all_running()):
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError("the processes did not start:\n" + self.log()[-4000:])
            time.sleep(0.3)

    def _site_answers(self) -> bool:
        try:
            return Browser(self.port, timeout=5).get("/").status == 200
        except OSError:
            return False

    def info(self, name: str) -> dict:
        """supervisord's view of program ``name``: ``statename``, ``pid``, ``start``..."""
        return supervisor_proxy(self.run_dir / "supervisor.sock").supervisor.getProcessInfo(name)

    def all_running(self) -> bool:
        try:
            return all(self.info(name)["statename"] == "RUNNING" for name in NAMES)
        except OSError:
            return False

    def groups(self) -> set[int]:
        """The process groups of the set's programs: each program leads one (supervisord's ``setpgrp``)."""
        return {self.info(name)["pid"] for name in NAMES} - {0}

    @staticmethod
    def left_in(groups: set[int]) -> list[str]:
        """The command lines of the processes still alive in ``groups`` (the reloader's child, gnubg's...)."""
        alive = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
                command = (stat.parent / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            except OSError:
                continue
            if int(fields[2]) in groups and fields[0] != "Z":
                alive.append(command)
        return alive

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def stop(self) -> None:
        """Ctrl-C, as on ``make run``'s terminal: supervisord stops every process, then itself."""
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGINT)
        try:
            self.process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()

    def __enter__(self) -> ProcessSet:
        self.prepare()
        self.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop()
