"""Tasks for the evaluator's worker process that only tests send: a stuck call, a failing one."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

_running = threading.Lock()


def hang(g) -> None:
    """Never returns, like a gnubg call stuck in native code."""
    threading.Event().wait()


def broken(g) -> None:
    raise RuntimeError("FindnSaveBestMoves failed")


def overlaps(g, number: int) -> tuple[int, int, bool]:
    """Whether another task was running at the same time in this worker."""
    overlapped = not _running.acquire(blocking=False)
    try:
        time.sleep(0.01)
    finally:
        if not overlapped:
            _running.release()
    return number, os.getpid(), overlapped


def meet(g, folder: str, count: int) -> tuple[bool, int]:
    """Wait (up to 30 s) until ``count`` workers have reached this gate in ``folder``; whether they all did.

    Workers are processes, so the gate is a file per worker: only calls
    that run at the same time can all pass it.
    """
    gate = Path(folder)
    (gate / str(os.getpid())).touch()
    deadline = time.monotonic() + 30
    while len(list(gate.iterdir())) < count:
        if time.monotonic() > deadline:
            return False, os.getpid()
        time.sleep(0.01)
    return True, os.getpid()
