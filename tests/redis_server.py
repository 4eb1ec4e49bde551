"""A throwaway redis-server on a loopback port, for the live games' Redis tests and benchmark."""

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


@contextmanager
def throwaway_redis():
    """Yield ``redis://127.0.0.1:PORT/0`` of a fresh server without persistence; stop it afterwards."""
    binary = shutil.which("redis-server")
    if binary is None:
        raise FileNotFoundError(MISSING)
    port = _free_port()
    with tempfile.TemporaryDirectory() as folder:
        process = subprocess.Popen(
            [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", folder],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        try:
            deadline = time.monotonic() + 10
            while True:
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                    break
                except OSError:
                    if time.monotonic() > deadline or process.poll() is not None:
                        raise RuntimeError("redis-server did not start") from None
                    time.sleep(0.05)
            yield f"redis://127.0.0.1:{port}/0"
        finally:
            process.terminate()
            process.wait(timeout=10)
