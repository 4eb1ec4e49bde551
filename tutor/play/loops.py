"""One object per running event loop: per web process in production, per test in the tests.

The people of ``people``, the lobby's keeper and its relay each serve the
sockets of their process; a test's event loop gets its own, so nothing
leaks from one test to the next.
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def one_per_loop(make: Callable[[], T]) -> Callable[[], T]:
    """A function returning the running loop's object, made by ``make`` the first time it is asked for."""
    made: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, T] = weakref.WeakKeyDictionary()

    def of_running_loop() -> T:
        loop = asyncio.get_running_loop()
        found = made.get(loop)
        if found is None:
            found = made[loop] = make()
        return found

    return of_running_loop
