"""The shape of the code: the engine's public names are the only door, and ARCHITECTURE.md stays true.

Apps use the rules engine through ``tutor.engine`` and the names in its
``__all__``, never through its submodules: the engine can then be
rearranged inside without touching an app, and what apps rely on is listed
in one place (ARCHITECTURE.md, which this test keeps in step with the code).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from django.conf import settings

import tutor
import tutor.engine

TUTOR_DIR = Path(tutor.__file__).resolve().parent
REPO_ROOT = TUTOR_DIR.parent
ENGINE = "tutor.engine"

PENDING: dict[str, set[str]] = {}
"""Known imports from engine submodules, waiting to be rewired: nothing else may be added here."""


def _app_modules() -> list[Path]:
    return sorted(
        path
        for path in TUTOR_DIR.rglob("*.py")
        if ENGINE not in _module_name(path) and "migrations" not in path.parts
    )


def _module_name(path: Path) -> str:
    parts = path.relative_to(REPO_ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _absolute(node: ast.ImportFrom, module: str, is_package: bool) -> str:
    """The module an ``ImportFrom`` names, with relative imports resolved."""
    if not node.level:
        return node.module or ""
    package = module.split(".") if is_package else module.split(".")[:-1]
    base = package[: len(package) - node.level + 1]
    return ".".join(base + ([node.module] if node.module else []))


def engine_imports(source: str, module: str, is_package: bool = False) -> list[tuple[str, str | None]]:
    """``(module, name)`` for each import of the engine in ``source`` (name None for ``import x``)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.extend((alias.name, None) for alias in node.names if alias.name.startswith(ENGINE))
        elif isinstance(node, ast.ImportFrom):
            named = _absolute(node, module, is_package)
            if named.startswith(ENGINE):
                found.extend((named, alias.name) for alias in node.names)
            elif named == "tutor":
                found.extend((f"tutor.{alias.name}", None) for alias in node.names if alias.name == "engine")
    return found


def _violations() -> dict[str, set[str]]:
    public = set(tutor.engine.__all__)
    found: dict[str, set[str]] = {}
    for path in _app_modules():
        where = str(path.relative_to(REPO_ROOT))
        source = path.read_text(encoding="utf-8")
        for module, name in engine_imports(source, _module_name(path), path.name == "__init__.py"):
            if module == ENGINE and (name is None or name in public):
                continue
            found.setdefault(where, set()).add(module if module != ENGINE else f"{ENGINE}.{name}")
    return found


def test_apps_import_only_the_public_names_of_the_engine():
    unexpected = {
        where: modules - PENDING.get(where, set())
        for where, modules in _violations().items()
        if modules - PENDING.get(where, set())
    }
    assert not unexpected, f"import these from tutor.engine (add the name to its __all__ if needed): {unexpected}"


def test_the_pending_exceptions_are_still_needed():
    found = _violations()
    stale = {where: modules - found.get(where, set()) for where, modules in PENDING.items() if modules - found.get(where, set())}
    assert not stale, f"these imports are gone: remove them from PENDING in {__file__}: {stale}"


def test_the_checker_sees_relative_and_submodule_imports():
    source = "from ..engine.movegen import single_moves\nimport tutor.engine.play\nfrom tutor.engine import Position\n"
    assert engine_imports(source, "tutor.practice.sample") == [
        ("tutor.engine.movegen", "single_moves"),
        ("tutor.engine.play", None),
        ("tutor.engine", "Position"),
    ]


def _architecture() -> str:
    return (REPO_ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8")


def test_architecture_lists_every_public_name_of_the_engine():
    text = _architecture()
    missing = [name for name in tutor.engine.__all__ if not re.search(rf"`{re.escape(name)}\b", text)]
    assert not missing, f"ARCHITECTURE.md does not mention {missing}"


def test_architecture_maps_every_app_and_package():
    text = _architecture()
    packages = {f"tutor.{path.parent.name}" for path in TUTOR_DIR.glob("*/__init__.py")}
    missing = sorted(name for name in packages | set(settings.PROJECT_APPS) if f"`{name.replace('.', '/')}/`" not in text)
    assert not missing, f"ARCHITECTURE.md has no line for {missing}"


def test_no_property_test_has_a_deadline_that_a_busy_machine_could_miss():
    from hypothesis import settings as hypothesis_settings

    assert hypothesis_settings.default.deadline is None
    timed = [
        f"{path.name}: {match[0]}"
        for path in sorted(Path(__file__).parent.glob("*.py"))
        for match in re.finditer(r"\bdeadline=(?!None\b)[^,)\s]+", path.read_text())
    ]
    assert not timed, f"property tests with a deadline: {timed}"
