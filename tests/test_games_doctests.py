"""The ``>>>`` examples in the shared game modules' docstrings are true."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["tutor.games.cube", "tutor.games.imported", "tutor.games.jacoby", "tutor.games.mat", "tutor.games.matfile", "tutor.games.scores"]


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_in_the_docstrings_hold(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0, f"{result.failed} failing examples in {name}"
