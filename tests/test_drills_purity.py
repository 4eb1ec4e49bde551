"""The drill generator is pure Python like the engine: no Django, only ``tutor.engine``'s public names (and the pure rule catalogue, ``tutor.rules``)."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import tutor.drills
import tutor.engine
from tests.test_engine_purity import _imported_names, _run_fresh

DRILLS_DIR = Path(tutor.drills.__file__).resolve().parent


def _modules() -> list[Path]:
    return sorted(DRILLS_DIR.glob("*.py"))


def test_no_drill_module_imports_django_or_engine_internals():
    offenders = []
    for path in _modules():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for name in _imported_names(tree):
            if "django" in name.lower() or name.startswith("tutor.engine."):
                offenders.append(f"{path.name}: {name}")
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module == "tutor.engine":
                hidden = [alias.name for alias in node.names if alias.name not in tutor.engine.__all__]
                offenders.extend(f"{path.name}: tutor.engine.{name}" for name in hidden)
    assert not offenders, offenders


def test_generating_drills_in_a_fresh_interpreter_loads_no_django():
    script = (
        "import json, sys\n"
        "from tutor.drills import generate\n"
        "generate('bar-first', 1, 0)\n"
        "print(json.dumps(sorted(m for m in sys.modules if m == 'django' or m.startswith('django.'))))\n"
    )
    assert json.loads(_run_fresh(script)) == []
