"""The ``>>>`` examples in the engine's docstrings are true."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import tutor.engine

MODULES = sorted(name for _, name, _ in pkgutil.iter_modules(tutor.engine.__path__, "tutor.engine."))


@pytest.mark.parametrize("name", ["tutor.engine", *MODULES])
def test_the_examples_in_the_docstrings_hold(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} failing examples in {name}"
