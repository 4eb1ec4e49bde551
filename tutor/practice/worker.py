"""GNU Backgammon in a process of its own, watched: one stuck call costs one request.

The native module hangs or crashes on some inputs and must never be loaded
before a fork, nor called from two threads.  So no web process ever
imports it: each one starts a worker process (``python -m
tutor.practice.worker``, a fresh interpreter, not a fork) that loads
gnubg once and answers one task at a time over a pipe.

A web process keeps a small pool of such workers (``PRACTICE_EVALUATORS``,
2 by default), so that two games' questions do not queue behind each
other.  A call takes an idle worker, the one used last first, and waits
for one when all are busy; each worker still answers one call at a time,
and a second worker is only started when two calls come at once, so a
process asked one question at a time holds one copy of gnubg (about
30 MB resident each, half of it its own).  Each call waits at most
``PRACTICE_EVALUATOR_TIMEOUT`` seconds for its answer.  When the answer does not come the worker is
killed and forgotten, and the next call in its place starts a new one:
the watchdog.  A process forked after starting workers (a pre-forking
server) notices by its process id and starts its own, leaving its
parent's workers alone.

A task is named ``"module:function"``; it runs as ``function(gnubg, *args)``
in the worker and its result travels back pickled.
"""

from __future__ import annotations

import atexit
import importlib
import logging
import os
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

logger = logging.getLogger(__name__)

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_TASKS = "tutor.practice.gnubg_tasks"


class WorkerFailed(Exception):
    """The worker could not answer: it failed, died or was too slow (and was replaced)."""


class TaskFailed(WorkerFailed):
    """The task raised an error in the worker, which is still fine and keeps running."""


class NotSent(WorkerFailed):
    """The worker had died while idle: the task never reached it, and may go to a new one."""


class Worker:
    """One running worker process and the two ends of its pipes."""

    def __init__(self, startup_timeout: float) -> None:
        to_child_r, to_child_w = os.pipe()
        from_child_r, from_child_w = os.pipe()
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tutor.practice.worker", str(to_child_r), str(from_child_w)],
            pass_fds=(to_child_r, from_child_w),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            env=env,
            cwd=ROOT,
        )
        os.close(to_child_r)
        os.close(from_child_w)
        self.requests = Connection(to_child_w, readable=False)
        self.answers = Connection(from_child_r, writable=False)
        self.owner = os.getpid()
        try:
            self._expect(startup_timeout, "start")
        except WorkerFailed as error:
            self.stop()
            raise WorkerFailed(str(error)) from error

    @property
    def pid(self) -> int:
        return self.process.pid

    def call(self, task: str, args: tuple, timeout: float) -> Any:
        try:
            self.requests.send((task, args))
        except OSError as error:  # a broken pipe: the worker is gone
            raise NotSent(f"the worker had exited before {task}") from error
        return self._expect(timeout, task)

    def _expect(self, timeout: float, what: str) -> Any:
        try:
            ready = self.answers.poll(timeout)
        except (EOFError, OSError) as error:
            raise WorkerFailed(f"the worker died during {what}") from error
        if not ready:
            raise WorkerFailed(f"the worker did not finish {what} within {timeout} s")
        try:
            status, value = self.answers.recv()
        except (EOFError, OSError) as error:
            raise WorkerFailed(f"the worker died during {what}") from error
        if status != "ok":
            raise TaskFailed(f"{what} failed in the worker: {value}")
        return value

    def stop(self) -> None:
        """Kill the process (it may be stuck in native code) and close the pipes."""
        if self.owner == os.getpid():
            self.process.kill()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:  # pragma: no cover - a process that ignores SIGKILL
                logger.error("gnubg worker %s did not exit", self.pid)
        for end in (self.requests, self.answers):
            end.close()


class Slot:
    """One place of the pool: its worker, started on demand and replaced when it fails."""

    def __init__(self) -> None:
        self.worker: Worker | None = None

    def call(self, task: str, args: tuple, timeout: float, startup_timeout: float, launch) -> Any:
        for attempt in (1, 2):
            worker = self.current(startup_timeout, launch)
            try:
                return worker.call(task, args, timeout)
            except TaskFailed:
                raise
            except NotSent:
                self.discard()
                if attempt == 2:
                    raise
            except WorkerFailed:
                self.discard()
                raise
        raise AssertionError("unreachable")  # pragma: no cover

    def current(self, startup_timeout: float, launch) -> Worker:
        if self.worker is not None and self.worker.owner != os.getpid():
            # Forked after the parent started its worker: that one is the parent's.
            self.worker = None
        if self.worker is None:
            try:
                self.worker = launch(startup_timeout)
            except OSError as error:
                raise WorkerFailed(f"the worker could not start: {error}") from error
        return self.worker

    def pid(self) -> int | None:
        worker = self.worker
        return worker.pid if worker is not None and worker.owner == os.getpid() else None

    def discard(self) -> None:
        worker, self.worker = self.worker, None
        if worker is not None:
            logger.error("gnubg worker %s abandoned and replaced", worker.pid)
            worker.stop()

    def stop(self) -> None:
        worker, self.worker = self.worker, None
        if worker is not None and worker.owner == os.getpid():
            worker.stop()


def pool_size() -> int:
    """``PRACTICE_EVALUATORS``: how many gnubg workers a web process may run at once (at least 1)."""
    from django.conf import settings  # noqa: PLC0415  (the worker process itself has no settings)

    return max(1, int(getattr(settings, "PRACTICE_EVALUATORS", 2)))


class Supervisor:
    """The current process's pool of workers: each call takes an idle one, the one used last first."""

    def __init__(self) -> None:
        self.lock = threading.Condition()
        self.idle: list[Slot] = []
        """Free places, the one used last at the end: sequential calls reuse one worker."""
        self.slots: list[Slot] = []
        self.owner = os.getpid()
        self.launcher: tuple[int, ThreadPoolExecutor] | None = None

    def call(self, task: str, args: tuple, *, timeout: float, startup_timeout: float) -> Any:
        slot = self._take(timeout + startup_timeout)
        try:
            return slot.call(task, args, timeout, startup_timeout, self._launch)
        finally:
            with self.lock:
                self.idle.append(slot)
                self.lock.notify()

    def _take(self, patience: float) -> Slot:
        with self.lock:
            if self.owner != os.getpid():  # forked: the parent's places and workers are not ours
                self.owner, self.slots, self.idle = os.getpid(), [], []
            if not self.idle and len(self.slots) < pool_size():
                self.slots.append(Slot())
                self.idle.insert(0, self.slots[-1])
            if not self.lock.wait_for(lambda: self.idle, timeout=patience):
                raise WorkerFailed("gnubg is busy with other requests")
            return self.idle.pop()

    def pid(self) -> int | None:
        """The process id of a running worker of this process (the one used last), if any."""
        pids = self.pids()
        return pids[-1] if pids else None

    def pids(self) -> list[int]:
        """The process ids of this process's running workers, the one used last at the end."""
        with self.lock:
            if self.owner != os.getpid():
                return []
            order = [slot for slot in self.slots if slot not in self.idle] + self.idle
            return [pid for slot in order for pid in [slot.pid()] if pid is not None]

    def _launch(self, startup_timeout: float) -> Worker:
        return self._launcher().submit(Worker, startup_timeout).result()

    def _launcher(self) -> ThreadPoolExecutor:
        """A thread that lives as long as this process and starts its workers.

        Linux kills a worker when the *thread* that started it ends (see
        ``_die_with_parent``); a request's own thread may end with the request.
        """
        if self.launcher is None or self.launcher[0] != os.getpid():
            self.launcher = (os.getpid(), ThreadPoolExecutor(max_workers=1, thread_name_prefix="gnubg-launcher"))
        return self.launcher[1]

    def shutdown(self) -> None:
        """Stop this process's workers once their calls are done; the next call starts a new one."""
        with self.lock:
            if self.owner != os.getpid():
                return
            self.lock.wait_for(lambda: len(self.idle) == len(self.slots))
            for slot in self.slots:
                slot.stop()


supervisor = Supervisor()
atexit.register(supervisor.shutdown)


# -- the worker process -----------------------------------------------------------


def _resolve(name: str) -> Any:
    module, _, function = name.rpartition(":")
    return getattr(importlib.import_module(module or DEFAULT_TASKS), function)


def serve(requests: Connection, answers: Connection) -> None:
    """Load gnubg, say so, then answer tasks until the web process goes away."""
    try:
        import gnubg  # noqa: PLC0415  (only ever in this process)

        # The binding's position cache hands back evaluations made at another
        # depth by earlier calls; without it an answer never depends on the
        # questions asked before.
        gnubg.command("set cache 0")
    except BaseException as error:  # noqa: BLE001 - reported to the web process
        answers.send(("error", f"gnubg could not be loaded: {error!r}"))
        return
    answers.send(("ok", os.getpid()))
    while True:
        try:
            name, args = requests.recv()
        except (EOFError, OSError):
            return
        except Exception as error:  # noqa: BLE001 - a request that cannot be read
            answers.send(("error", f"unreadable request: {error!r}"))
            continue
        try:
            answers.send(("ok", _resolve(name)(gnubg, *args)))
        except Exception as error:  # noqa: BLE001 - reported to the web process
            answers.send(("error", f"{type(error).__name__}: {error}"))


def _die_with_parent() -> None:
    """Ask Linux to kill this process when the web process dies, even mid-calculation.

    Without it a worker stuck in native code would outlive a web process
    killed outright; elsewhere the closed pipe ends an idle worker anyway.
    Linux sends the signal when the thread that started the worker ends,
    so workers are started by a thread that lasts (``Supervisor._launcher``).
    """
    try:
        import ctypes
        import signal

        ctypes.CDLL(None, use_errno=True).prctl(1, int(signal.SIGKILL))  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):  # pragma: no cover - not Linux
        pass


def main(argv: list[str]) -> None:
    _die_with_parent()
    # gnubg writes to standard output; the answers go through their own pipe.
    requests = Connection(int(argv[0]), writable=False)
    answers = Connection(int(argv[1]), readable=False)
    serve(requests, answers)


if __name__ == "__main__":
    main(sys.argv[1:])
