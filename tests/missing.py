"""What the suite does when something it needs is not installed: skip here, fail in CI.

On a developer's machine a missing Chromium, axe-core or GNU Backgammon
module skips the tests that need it, with the reason (printed as the test
is skipped, and listed at the end: ``-rs`` is in pytest's options).  In
continuous integration (``CI`` set to ``true`` or ``1``, as ``.ci/run`` and
most CI services do) nothing may be missing: the same call fails the test,
so a suite that skipped half of itself can never pass there by accident.
"""

from __future__ import annotations

import os
import sys
from typing import NoReturn

import pytest


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in ("1", "true", "yes")


def unavailable(reason: str, *, module_level: bool = False) -> NoReturn:
    """Skip with ``reason`` (printed), or fail with it when running in CI."""
    if in_ci():
        pytest.fail(f"{reason} (CI: nothing the suite needs may be missing)", pytrace=False)
    print(f"\nskipped: {reason}", file=sys.stderr)
    pytest.skip(reason, allow_module_level=module_level)
