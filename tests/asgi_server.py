"""A live ASGI server (daphne) in a thread of the test process, for browser tests that need WebSockets.

pytest-django's ``live_server`` speaks WSGI only.  This one serves the
whole ASGI application (HTTP and WebSockets) from the same process, so it
sees the test database like ``live_server`` does.  Twisted's reactor runs
once per process: the fixture that uses it is session-scoped.
"""

from __future__ import annotations

import socket
import threading
import time
from contextlib import contextmanager


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def asgi_live_server():
    """Yield the base URL (``http://127.0.0.1:PORT``) of daphne serving ``tutor.asgi``."""
    from daphne.server import Server, reactor

    from tutor.asgi import application

    port = _free_port()
    server = Server(application=application, endpoints=[f"tcp:port={port}:interface=127.0.0.1"], signal_handlers=False)
    thread = threading.Thread(target=server.run, name="daphne", daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            break
        except OSError:
            if time.monotonic() > deadline:
                raise RuntimeError("daphne did not start") from None
            time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        reactor.callFromThread(server.stop)
        thread.join(timeout=10)
