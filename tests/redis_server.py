"""A throwaway redis-server on a loopback port, for the Redis tests and the live benchmark.

``RedisServer`` can also be stopped and started again on the same port, as
an outage would (``tests/test_redis_outage.py``).
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import tempfile
import time
from contextlib import contextmanager

MISSING = "redis-server is not installed: `apt-get install redis-server` (.ci/run installs it) to run the Redis tests"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class RedisServer:
    """A redis-server without persistence on a free loopback port: ``start``, ``stop``, ``start`` again."""

    def __init__(self, folder: str) -> None:
        self.binary = shutil.which("redis-server")
        if self.binary is None:
            raise FileNotFoundError(MISSING)
        self.folder = folder
        self.port = _free_port()
        self.process: subprocess.Popen | None = None

    def url(self, db: int = 0) -> str:
        return f"redis://127.0.0.1:{self.port}/{db}"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
             "--dir", self.folder],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    raise RuntimeError("redis-server did not start") from None
                time.sleep(0.05)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)


@contextmanager
def throwaway_redis():
    """Yield ``redis://127.0.0.1:PORT/0`` of a fresh server without persistence; stop it afterwards."""
    with running_redis() as server:
        yield server.url()


@contextmanager
def running_redis():
    """Yield a started ``RedisServer``; stop it afterwards."""
    with tempfile.TemporaryDirectory() as folder:
        server = RedisServer(folder)
        server.start()
        try:
            yield server
        finally:
            server.stop()
