"""Tasks for the evaluator's worker process that only tests send: a stuck call, a failing one."""

from __future__ import annotations

import os
import threading
import time

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
