"""The ``>>>`` examples in the engine's docstrings are true.

An example may use every public name of the engine: the modules around
``Position`` know it only in their types (no module of the engine imports
another back), so their examples are read with ``tutor.engine``'s names.
"""

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
    public = {name: getattr(tutor.engine, name) for name in tutor.engine.__all__}
    result = doctest.testmod(module, extraglobs=public, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} failing examples in {name}"
