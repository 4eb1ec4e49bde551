"""The rules engine stays pure Python: it never imports Django.

It can then be used from scripts, the benchmark and other tools without a
configured Django project, and it cannot reach the database by accident.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import tutor.engine

ENGINE_DIR = Path(tutor.engine.__file__).resolve().parent
REPO_ROOT = ENGINE_DIR.parent.parent

IMPORTING_FUNCTIONS = {"import_module", "__import__"}


def _engine_modules() -> list[Path]:
    return sorted(ENGINE_DIR.rglob("*.py"))


def _imported_names(tree: ast.AST) -> list[str]:
    """Every module name an import statement or an import call mentions."""
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            names.append(node.module or "")
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.Call):
            function = node.func
            called = getattr(function, "id", None) or getattr(function, "attr", None)
            if called in IMPORTING_FUNCTIONS:
                names.extend(arg.value for arg in node.args if isinstance(arg, ast.Constant) and isinstance(arg.value, str))
    return names


def test_the_engine_package_has_modules_to_check():
    names = {path.stem for path in _engine_modules()}
    assert {"__init__", "position", "movegen", "check"} <= names


def test_no_engine_module_imports_django_in_any_form():
    offenders = []
    for path in _engine_modules():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for name in _imported_names(tree):
            if "django" in name.lower():
                offenders.append(f"{path.relative_to(REPO_ROOT)}: {name}")
    assert not offenders, offenders


def _run_fresh(script: str) -> str:
    """Run ``script`` in a new interpreter at the repository root, without Django settings."""
    environment = {key: value for key, value in os.environ.items() if key != "DJANGO_SETTINGS_MODULE"}
    completed = subprocess.run(
        [sys.executable, "-c", script],
        cwd=REPO_ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    return completed.stdout.strip().splitlines()[-1]


def test_importing_every_engine_module_in_a_fresh_interpreter_loads_no_django():
    modules = ["tutor.engine"] + [
        "tutor.engine." + ".".join(path.relative_to(ENGINE_DIR).with_suffix("").parts)
        for path in _engine_modules()
        if path.name != "__init__.py"
    ]
    script = (
        "import importlib, json, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "print(json.dumps(sorted(m for m in sys.modules if m == 'django' or m.startswith('django.'))))\n"
    )
    assert json.loads(_run_fresh(script)) == []


def test_the_engine_plays_the_same_in_a_fresh_interpreter_without_django():
    script = (
        "import json\n"
        "from tutor.engine import Position\n"
        "print(json.dumps([play.notation for play in Position.initial().legal_plays((3, 1))]))\n"
    )
    here = [play.notation for play in tutor.engine.Position.initial().legal_plays((3, 1))]
    assert json.loads(_run_fresh(script)) == here
