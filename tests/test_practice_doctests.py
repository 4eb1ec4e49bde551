"""The ``>>>`` examples in the practice app's docstrings are true."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "tutor.board.destinations",
    "tutor.practice.evaluator",
    "tutor.practice.events",
    "tutor.practice.grading",
    "tutor.practice.luck",
    "tutor.practice.statistics",
]


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_in_the_docstrings_hold(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0, f"{result.failed} failing examples in {name}"
