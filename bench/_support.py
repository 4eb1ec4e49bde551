"""What the benchmark scripts share; each imports it before anything else.

Run as ``python bench/<script>.py``, a script has ``bench/`` first on its
import path, where ``bench/http.py`` would hide the standard library's
``http`` package.  Importing this module swaps that folder for the
repository root, so ``http.client`` is the real one and ``tutor`` imports.
"""

from __future__ import annotations

import socket
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

sys.path[:] = [str(ROOT)] + [p for p in sys.path if Path(p or ".").resolve() not in (HERE, ROOT)]


def free_port() -> int:
    """A TCP port on loopback that nothing listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]
