"""The shape of the code: one door into the engine, apps that depend one way, one home per rule.

Apps use the rules engine through ``tutor.engine`` and the names in its
``__all__``, never through its submodules: the engine can then be
rearranged inside without touching an app, and what apps rely on is listed
in one place (ARCHITECTURE.md, which this test keeps in step with the code).
ARCHITECTURE.md's «Depends on» column is read as a contract: every import
between packages of ``tutor/`` must be listed there, and the listed
dependencies may not form a cycle.  The rule catalogue (``tutor/rules/``) is
the only place that titles, links or words a rule, and the engine the only
place that says when a point is blocked or how one checker moves.
"""

from __future__ import annotations

import ast
import functools
import itertools
import re
from pathlib import Path

import pytest

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


# -- one home for every rule's words: the catalogue (tutor/rules/) ----------------------------

RULES_DIR = TUTOR_DIR / "rules"
TEMPLATES_DIR = REPO_ROOT / "templates"
SCRIPTS_DIR = REPO_ROOT / "static" / "js"
MIN_FRAGMENT = 12
"""Fixed words of a catalogue sentence shorter than this (``el ``, ``: ``) are too common to call a copy."""


def _docstring_ids(tree: ast.AST) -> set[int]:
    """The string nodes that document (a module's, class's or function's first statement, or one under an assignment)."""
    found = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if not isinstance(body, list):
            continue
        for before, statement in itertools.pairwise([None, *body]):
            documents = before is None and isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
            documents = documents or isinstance(before, (ast.Assign, ast.AnnAssign))
            if documents and isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
                found.add(id(statement.value))
    return found


def string_literals(source: str) -> list[str]:
    """Every string a module writes as code (f-strings give their fixed parts), docstrings aside."""
    tree = ast.parse(source)
    documenting = _docstring_ids(tree)
    return [
        node.value for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in documenting
    ]


def catalogue_fragments() -> set[str]:
    """The titles and the fixed words of every sentence of the catalogue: what nobody else may write.

    Pieces of fewer than four words (``una partida simple``, ``haría falta un``)
    are the glossary's vocabulary or too common to call a copy.
    """
    from tutor.rules import RULES

    fragments = {rule.title for rule in RULES.values()}
    for path in RULES_DIR.glob("*.py"):
        for text in string_literals(path.read_text(encoding="utf-8")):
            text = text.strip()
            if len(text) >= MIN_FRAGMENT and len(text.split()) >= 4:
                fragments.add(text)
    return fragments


def _anchor_patterns() -> list[re.Pattern]:
    """A lesson anchor written as a link (``/#dado-mayor``) or, when it has several words, as a string."""
    from tutor.rules import RULES

    patterns = []
    for anchor in {rule.anchor for rule in RULES.values()}:
        patterns.append(re.compile(rf"#{re.escape(anchor)}\b(?!-)"))
        if "-" in anchor:
            patterns.append(re.compile(rf"[\"']{re.escape(anchor)}[\"']"))
    return patterns


def copies_of_the_catalogue() -> list[str]:
    fragments = catalogue_fragments()
    anchors = _anchor_patterns()
    found = []
    for path in _app_modules():
        if RULES_DIR in path.parents:
            continue
        source = path.read_text(encoding="utf-8")
        where = path.relative_to(REPO_ROOT)
        literals = string_literals(source)
        found += [f"{where}: «{fragment}»" for fragment in fragments if any(fragment in literal for literal in literals)]
        found += [f"{where}: {pattern.pattern}" for pattern in anchors if any(pattern.search(literal) for literal in literals)]
    for path in sorted(TEMPLATES_DIR.rglob("*.html")) + sorted(SCRIPTS_DIR.rglob("*.js")):
        text = path.read_text(encoding="utf-8")
        where = path.relative_to(REPO_ROOT)
        found += [f"{where}: «{fragment}»" for fragment in fragments if fragment in text]
        found += [f"{where}: {pattern.pattern}" for pattern in anchors if pattern.search(text)]
    return found


def test_no_title_anchor_or_sentence_of_the_rule_catalogue_is_written_outside_it():
    copies = copies_of_the_catalogue()
    assert not copies, "read these from tutor.rules instead of writing them again:\n" + "\n".join(copies)


def test_the_copy_check_sees_titles_sentences_anchors_and_f_string_parts():
    fragments = catalogue_fragments()
    assert "No se puede parar en un punto bloqueado" in fragments
    assert "Esa posición es imposible: revisa el número de fichas y los puntos." in fragments
    assert "Aún no puedes sacar fichas: tienes una ficha en" in fragments  # the fixed part of an f-string
    assert "¿Puedes doblar?" in fragments and "una partida simple" not in fragments
    assert not any("one module per concern" in fragment for fragment in fragments)  # docstrings are not copies
    source = 'x = f"No puedes ir al {p}: ya"\ny = "/lecciones/obligaciones/#dado-mayor"\n'
    literals = string_literals(source)
    assert "No puedes ir al " in literals
    assert any(pattern.search(literal) for pattern in _anchor_patterns() for literal in literals)


# -- only the engine knows a rule ----------------------------------------------------------------

POSITION_OR_PLAY_READING = re.compile(r"""split\(\s*(['"])[:/]\1|charCodeAt|fromCharCode|\\d\+\)?\\?/""")
"""What reading an XGID (fields split on ``:``, checkers as letters) or a play (``13/7`` split on ``/``) looks like in a script."""


def test_the_browsers_scripts_read_no_position_format_and_no_play_notation():
    readers = [
        f"{path.relative_to(REPO_ROOT)}:{number}: {line.strip()}"
        for path in sorted(SCRIPTS_DIR.rglob("*.js"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if POSITION_OR_PLAY_READING.search(line)
    ]
    assert not readers, "the server decodes positions and reads plays (tutor/lessons/board_api.py):\n" + "\n".join(readers)
    assert POSITION_OR_PLAY_READING.search("const [points, cube] = xgid.split(':');")
    assert POSITION_OR_PLAY_READING.search('text.split("/")') and POSITION_OR_PLAY_READING.search("/(\\d+)\\/(\\d+)/")

_HELD = {(ast.GtE, 2), (ast.Lt, 2), (ast.Gt, 1), (ast.LtE, 1)}
"""A count read from a board compared with these says «two or more checkers hold the point»."""


def blocked_point_rules(source: str) -> list[int]:
    """Lines that write «two checkers block a point» again: a board's count (``board[p]``) compared with 2.

    The engine's ``is_blocked`` says it; ``len(...) >= 2`` and plain numbers are other things.
    """
    tree = ast.parse(source)
    read_from_boards = {  # ``count = theirs[25 - point]`` makes ``count`` a board's count too
        node.targets[0].id for node in ast.walk(tree)
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
        and isinstance(node.value, ast.Subscript)
    }

    def counted(operand: ast.expr) -> bool:
        return isinstance(operand, ast.Subscript) or isinstance(operand, ast.Name) and operand.id in read_from_boards

    lines = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Compare):
            continue
        operands = [node.left, *node.comparators]
        for (left, right), operator in zip(itertools.pairwise(operands), node.ops):
            pairs = ((left, right, type(operator)), (right, left, _MIRRORED.get(type(operator))))
            for count, limit, kind in pairs:
                if counted(count) and isinstance(limit, ast.Constant) and (kind, limit.value) in _HELD:
                    lines.append(node.lineno)
    return lines


_MIRRORED = {ast.GtE: ast.LtE, ast.LtE: ast.GtE, ast.Gt: ast.Lt, ast.Lt: ast.Gt}


def test_no_module_outside_the_engine_writes_that_two_checkers_block_a_point():
    found = {
        str(path.relative_to(REPO_ROOT)): lines
        for path in _app_modules()
        if (lines := blocked_point_rules(path.read_text(encoding="utf-8")))
    }
    assert not found, f"use tutor.engine.is_blocked: {found}"


def test_the_blocked_point_check_sees_every_way_of_writing_it():
    written = "a = o[25 - d] >= 2\nb = other[p] < 2\nc = 2 <= board[x]\nd = m[p] > 1\ne = len(keys) < 2\nf = ties >= 2\n"
    assert blocked_point_rules(written) == [1, 2, 3, 4]
    assert blocked_point_rules("count = theirs[25 - point]\nif count >= 2:\n    pass\n") == [2]


def test_no_module_outside_the_engine_generates_single_moves_again():
    """Moving a checker by a die is ``tutor.engine.single_moves``: nobody else steps ``src - die`` over a board."""
    offenders = []
    for path in _app_modules():
        source = path.read_text(encoding="utf-8")
        if re.search(r"\bdef \w*(movable|single_moves|legal_moves)\w*\(", source) and "single_moves" not in source:
            offenders.append(str(path.relative_to(REPO_ROOT)))
    assert not offenders, f"generate single moves with tutor.engine.single_moves: {offenders}"


# -- apps depend one way: the «Depends on» column of ARCHITECTURE.md is the contract ----------

WIRING = {"tutor.urls", "tutor.asgi", "tutor.wsgi"}
"""The project's wiring: it connects the apps and may import any of them."""


def units() -> set[str]:
    """The packages (``lessons``) and top-level modules (``ratelimit``) of ``tutor/``."""
    packages = {path.parent.name for path in TUTOR_DIR.glob("*/__init__.py")}
    modules = {path.stem for path in TUTOR_DIR.glob("*.py") if path.stem != "__init__"}
    return packages | modules


def unit_of(module: str) -> str | None:
    """``tutor.lessons.api`` → ``lessons``, ``tutor.ratelimit`` → ``ratelimit``; None outside ``tutor``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[0] == "tutor" else None


def imported_modules(source: str, module: str, is_package: bool = False) -> list[str]:
    """Every module of ``tutor`` that ``source`` imports, wherever the import stands (inside functions too)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            named = _absolute(node, module, is_package)
            found.extend(f"{named}.{alias.name}" for alias in node.names) if named == "tutor" else found.append(named)
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) in ("import_module", "__import__"):
            found.extend(arg.value for arg in node.args[:1] if isinstance(arg, ast.Constant) and isinstance(arg.value, str))
    return [name for name in found if unit_of(name)]


def dependency_table(text: str) -> dict[str, set[str]]:
    """ARCHITECTURE.md's map as ``{unit: units it may import}``, read from the table's rows."""
    table: dict[str, set[str]] = {}
    for line in text.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 3 or not cells[0].startswith("`tutor/"):
            continue
        named = re.findall(r"`tutor/(\w+)(?:/|\.py)`", cells[0])
        listed = {word.strip() for word in cells[2].split(",")} - {"—", ""}
        for unit in named:
            table[unit] = listed
    return table


@functools.cache
def actual_dependencies() -> dict[tuple[str, str], list[str]]:
    """``(importer, imported)`` units with the modules where each such import stands (read once per run)."""
    found: dict[tuple[str, str], list[str]] = {}
    for path in sorted(TUTOR_DIR.rglob("*.py")):
        module = _module_name(path)
        if module in WIRING or module == "tutor":
            continue
        importer = unit_of(module)
        for name in imported_modules(path.read_text(encoding="utf-8"), module, path.name == "__init__.py"):
            imported = unit_of(name)
            if imported != importer:
                found.setdefault((importer, imported), []).append(str(path.relative_to(REPO_ROOT)))
    return found


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every cycle found by a depth-first walk of ``graph`` (each reported once, from where it was entered)."""
    found, state = [], {}

    def visit(node: str, path: list[str]) -> None:
        state[node] = "open"
        for other in sorted(graph.get(node, ())):
            if state.get(other) == "open":
                found.append(path[path.index(other):] + [other])
            elif other not in state:
                visit(other, path + [other])
        state[node] = "done"

    for node in sorted(graph):
        if node not in state:
            visit(node, [node])
    return found


def test_the_dependency_table_names_only_units_of_tutor_and_has_a_row_for_each():
    table = dependency_table(_architecture())
    known = units()
    assert set(table) == known - {wiring.split(".")[1] for wiring in WIRING}, set(table) ^ known
    unknown = {unit: listed - known for unit, listed in table.items() if listed - known}
    assert not unknown, f"ARCHITECTURE.md lists dependencies that are not packages or modules of tutor/: {unknown}"


def test_every_import_between_apps_is_listed_in_the_dependency_table():
    table = dependency_table(_architecture())
    unlisted = {
        f"{importer} → {imported}": places
        for (importer, imported), places in actual_dependencies().items()
        if imported not in table.get(importer, set())
    }
    assert not unlisted, f"imports that ARCHITECTURE.md's «Depends on» does not list: {unlisted}"


def test_every_dependency_the_table_lists_is_used():
    used = set(actual_dependencies())
    stale = sorted(f"{unit} → {other}" for unit, listed in dependency_table(_architecture()).items() for other in listed if (unit, other) not in used)
    assert not stale, f"ARCHITECTURE.md lists dependencies nothing imports: {stale}"


def test_the_apps_depend_one_way():
    assert cycles(dependency_table(_architecture())) == []
    imports: dict[str, set[str]] = {}
    for importer, imported in actual_dependencies():
        imports.setdefault(importer, set()).add(imported)
    assert cycles(imports) == []


PURE_PACKAGES = {"engine", "rules"}
"""The rules and their words: no Django, imported by whoever needs them."""


def shared_modules() -> set[str]:
    """The shared project modules: top-level modules of ``tutor/`` (``numbers``, ``charts``), not apps and not the wiring."""
    return {path.stem for path in TUTOR_DIR.glob("*.py") if path.stem != "__init__"} - {wiring.split(".")[1] for wiring in WIRING}


def test_the_shared_game_core_imports_no_app():
    """``tutor/games`` is what practice and live games stand on: the engine, the catalogue and shared modules, never an app."""
    allowed = PURE_PACKAGES | shared_modules()
    apps = {f"{importer} → {imported}": places for (importer, imported), places in actual_dependencies().items() if importer == "games" and imported not in allowed}
    assert not apps, f"the game core imports apps: {apps}"


def chart_imports(source: str, module: str, is_package: bool = False) -> list[str]:
    """The chart modules of other units that ``source`` imports (``from tutor.training import progress_charts`` too)."""
    found = [
        *imported_modules(source, module, is_package),
        *(
            f"{_absolute(node, module, is_package)}.{alias.name}"
            for node in ast.walk(ast.parse(source)) if isinstance(node, ast.ImportFrom) for alias in node.names
        ),
    ]
    return sorted({
        name for name in found
        if "chart" in name.rsplit(".", 1)[-1] and unit_of(name) not in (unit_of(module), "charts")
        and (REPO_ROOT / name.replace(".", "/")).with_suffix(".py").is_file()  # a module, not a name imported from one
    })


def test_no_module_imports_another_apps_chart_module():
    """Charts share their drawing through ``tutor/charts.py``; an app's own chart module says what its chart means, for it alone."""
    borrowed = [
        f"{path.relative_to(REPO_ROOT)} → {name}"
        for path in sorted(TUTOR_DIR.rglob("*.py"))
        for name in chart_imports(path.read_text(encoding="utf-8"), _module_name(path), path.name == "__init__.py")
    ]
    assert not borrowed, f"draw with tutor.charts instead of another app's chart module: {borrowed}"


def test_the_chart_check_sees_both_ways_of_importing_a_chart_module():
    source = (
        "from tutor.training.progress_charts import level_chart\nfrom tutor.practice import review_chart\n"
        "from tutor import charts\nfrom .charts import x\nfrom tutor.practice.stepper import chart_steps\n"
    )
    assert chart_imports(source, "tutor.ratings.views") == ["tutor.practice.review_chart", "tutor.training.progress_charts"]


def test_the_dependency_checks_read_imports_rows_and_cycles():
    source = (
        "from tutor import ratelimit\n"
        "from ..lessons.api import error\n"
        "def later():\n    from tutor.training import memory\n    importlib.import_module('tutor.play.models')\n"
    )
    assert sorted(imported_modules(source, "tutor.classroom.views")) == [
        "tutor.lessons.api", "tutor.play.models", "tutor.ratelimit", "tutor.training",
    ]
    row = "| `tutor/ratelimit.py`, `tutor/cache.py` | Shared. | — |\n| `tutor/home/` | Home, «Acerca de». | lessons, ratelimit |"
    assert dependency_table(row) == {"ratelimit": set(), "cache": set(), "home": {"lessons", "ratelimit"}}
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c", "a"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_property_test_has_a_deadline_that_a_busy_machine_could_miss():
    from hypothesis import settings as hypothesis_settings

    assert hypothesis_settings.default.deadline is None
    timed = [
        f"{path.name}: {match[0]}"
        for path in sorted(Path(__file__).parent.glob("*.py"))
        for match in re.finditer(r"\bdeadline=(?!None\b)[^,)\s]+", path.read_text())
    ]
    assert not timed, f"property tests with a deadline: {timed}"


# -- one home for live sockets: tutor/live ----------------------------------------------------

LIVE_DIR = TUTOR_DIR / "live"
SOCKET_PLUMBING = ("channels.generic.websocket", "channels.auth", "channels.sessions", "channels.security")
"""Channels' socket classes and the middleware in front of them: what only ``tutor/live`` builds on."""


def socket_plumbing(source: str) -> list[str]:
    """The Channels socket modules ``source`` imports, and the consumer classes it reaches through ``channels``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else []
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
        found += [name for name in names if name.startswith(SOCKET_PLUMBING) or name.endswith("WebsocketConsumer")]
    return sorted(set(found))


def test_the_socket_plumbing_lives_only_under_tutor_live():
    """A socket of an app is a ``tutor.live.sockets.LiveSocket``; its limits, person and session reader are written once."""
    outside = {
        str(path.relative_to(REPO_ROOT)): names
        for path in _app_modules()
        if LIVE_DIR not in path.parents and (names := socket_plumbing(path.read_text(encoding="utf-8")))
    }
    assert not outside, f"build live sockets on tutor.live (LiveSocket, routing.websocket_application): {outside}"
    live_modules = {path.stem for path in LIVE_DIR.glob("*.py")} - {"__init__", "apps", "routing"}  # each app routes its own URLs
    twins = sorted(
        str(path.relative_to(REPO_ROOT)) for path in _app_modules()
        if LIVE_DIR not in path.parents and path.stem in live_modules
    )
    assert not twins, f"modules named like tutor/live's, outside it: {twins}"


def test_no_socket_class_borrows_another_s_methods():
    """``dispatch`` and the rest are inherited from ``LiveSocket``, never copied from a sibling consumer."""
    borrowed = [
        f"{path.relative_to(REPO_ROOT)}:{node.lineno}"
        for path in _app_modules()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.ClassDef)
        for statement in node.body
        if isinstance(statement, ast.Assign) and isinstance(statement.value, ast.Attribute)
        and isinstance(statement.value.value, ast.Name) and statement.value.value.id.endswith("Consumer")
    ]
    assert not borrowed, f"inherit from tutor.live.sockets.LiveSocket instead: {borrowed}"


def test_the_socket_check_sees_modules_and_classes():
    source = "from channels.generic.websocket import AsyncWebsocketConsumer\nimport channels.auth\nfrom tutor.live.sockets import LiveSocket\n"
    assert socket_plumbing(source) == [
        "channels.auth", "channels.generic.websocket", "channels.generic.websocket.AsyncWebsocketConsumer",
    ]


# -- names by role ------------------------------------------------------------------------------

def _aliases(source: str) -> set[str]:
    """The names ``source`` binds with ``import … as name``."""
    return {
        alias.asname for node in ast.walk(ast.parse(source)) if isinstance(node, (ast.Import, ast.ImportFrom))
        for alias in node.names if alias.asname
    }


def test_no_module_or_import_alias_takes_the_name_of_a_package_of_tutor():
    """``drills/numbers.py`` beside ``tutor/numbers.py``, or ``service as games`` beside ``tutor.games``, send a reader to the wrong file."""
    taken = units() - {wiring.split(".")[1] for wiring in WIRING}  # every app has its ``urls``
    named_alike = sorted(
        str(path.relative_to(REPO_ROOT)) for path in _app_modules()
        if path.parent != TUTOR_DIR and path.stem in taken
    )
    assert not named_alike, f"name these modules by their role: {named_alike}"
    aliased = {
        str(path.relative_to(REPO_ROOT)): shadowing
        for path in sorted(TUTOR_DIR.rglob("*.py"))
        if (shadowing := _aliases(path.read_text(encoding="utf-8")) & taken)
    }
    assert not aliased, f"import aliases named like a package of tutor/: {aliased}"
    assert _aliases("from tutor.play import service as games\nimport json\n") == {"games"}


# -- no circle of imports inside a package ------------------------------------------------------

CIRCLES_TO_UNTANGLE: set[str] = set()
"""Packages whose modules still import each other in a circle, waiting to be untangled: none is left, and nothing may be added here."""


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    """The nodes under ``if TYPE_CHECKING:``: imports for the type checker, not run."""
    return {
        id(inner) for node in ast.walk(tree)
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
        for inner in ast.walk(node)
    }


def run_imports(source: str, module: str, is_package: bool = False) -> set[str]:
    """Every module and name ``source`` imports when it runs (inside functions too), ``if TYPE_CHECKING`` aside."""
    tree = ast.parse(source)
    typing_only = _type_checking_nodes(tree)
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            named = _absolute(node, module, is_package)
            found.add(named)
            found.update(f"{named}.{alias.name}" for alias in node.names)
    return found


def module_graph(package: Path) -> dict[str, set[str]]:
    """The modules of ``package`` (its ``__init__`` aside, which only gathers names) and those of it each one imports."""
    modules = {_module_name(path): path for path in package.glob("*.py") if path.name != "__init__.py"}
    return {
        module: {name for name in run_imports(path.read_text(encoding="utf-8"), module) if name in modules and name != module}
        for module, path in modules.items()
    }


def packages_with_circles() -> dict[str, list[list[str]]]:
    """The circles of every package of ``tutor/`` by its path: the apps, nested packages (``templatetags``) and ``tutor`` itself."""
    found = {}
    for init in sorted(TUTOR_DIR.rglob("__init__.py")):
        if "migrations" in init.parts:
            continue
        if circles := cycles(module_graph(init.parent)):
            found[init.parent.relative_to(REPO_ROOT).as_posix().removeprefix("tutor/")] = circles
    return found


def test_the_engine_s_modules_import_each_other_without_a_circle():
    """``Position`` is the one value type; the modules around it know it only in their types, and ``position.py`` imports them."""
    assert cycles(module_graph(TUTOR_DIR / "engine")) == []


def test_no_package_has_a_circle_of_modules_but_those_waiting_to_be_untangled():
    found = packages_with_circles()
    new = {package: circles for package, circles in found.items() if package not in CIRCLES_TO_UNTANGLE}
    assert not new, f"modules importing each other in a circle: {new}"
    untangled = CIRCLES_TO_UNTANGLE - set(found)
    assert not untangled, f"no circle left in {untangled}: remove them from CIRCLES_TO_UNTANGLE in {__file__}"


def test_the_circle_check_reads_imports_in_functions_but_not_those_for_the_type_checker():
    source = (
        "from typing import TYPE_CHECKING\nfrom .play import Play\n"
        "if TYPE_CHECKING:\n    from .check import Verdict\n"
        "def f():\n    from . import xgid\n"
    )
    found = run_imports(source, "tutor.engine.position")
    assert {"tutor.engine.play", "tutor.engine.xgid"} <= found and "tutor.engine.check" not in found


# -- one turn machine ----------------------------------------------------------------------------

GAME_APPS = ("practice", "play")
"""The apps that run games turn by turn: both drive ``tutor.games.turn_machine``, neither writes the turn order."""


def _app_sources(app: str) -> dict[Path, str]:
    return {path: path.read_text(encoding="utf-8") for path in sorted((TUTOR_DIR / app).glob("*.py"))}


@pytest.mark.parametrize("app", GAME_APPS)
def test_the_game_apps_drive_the_one_turn_machine_and_write_no_turn_order_of_their_own(app):
    sources = _app_sources(app)
    imported = set().union(*(run_imports(source, _module_name(path)) for path, source in sources.items()))
    assert "tutor.games.turn_machine" in imported, f"{app} must drive tutor.games.turn_machine"
    passing = [str(path.relative_to(REPO_ROOT)) for path, source in sources.items() if ".is_pass" in source]
    assert not passing, f"a roll that cannot be played passes in the turn machine only: {passing}"
    phases = [
        f"{path.relative_to(REPO_ROOT)}:{node.lineno}"
        for path, source in sources.items() for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.ClassDef) and node.name == "Phase"
    ]
    assert not phases, f"a game's phases are one enum, in tutor.games: {phases}"


LOBBY_SEEK_VIEWS = ("room", "_lobby", "play_now", "take", "withdraw", "block", "unblock")
"""The lobby's views for a seek: «Jugar ya», «Aceptar», «Retirar» and blocks, answered on the lobby's page."""


def test_jugar_ya_and_the_lobbys_other_seek_views_do_not_pass_through_the_play_apps_views():
    tree = ast.parse((TUTOR_DIR / "lobby" / "views.py").read_text(encoding="utf-8"))
    functions = {node.name: node for node in tree.body if isinstance(node, ast.FunctionDef)}
    assert set(LOBBY_SEEK_VIEWS) <= set(functions)
    for name in LOBBY_SEEK_VIEWS:
        used = {node.id for node in ast.walk(functions[name]) if isinstance(node, ast.Name)}
        assert "play_views" not in used, f"lobby.views.{name} draws a page of the play app"


def test_a_live_games_messages_are_dispatched_from_one_table_of_kinds():
    """``service.act`` compares the message's kind with nothing: each kind's checks and handler are a row of ``KINDS``."""
    from tutor.play import consumers, service

    tree = ast.parse((TUTOR_DIR / "play" / "service.py").read_text(encoding="utf-8"))
    act = next(node for node in tree.body if isinstance(node, ast.FunctionDef) and node.name == "act")
    compared = [node for node in ast.walk(act) if isinstance(node, ast.Compare)
                and any(isinstance(side, ast.Name) and side.id == "kind" for side in [node.left, *node.comparators])]
    assert compared == [], "act() tests the kind of message instead of reading it from KINDS"
    assert not hasattr(consumers, "KINDS"), "the socket reads the kinds it accepts from service.KINDS"
    assert {"roll", "double", "take", "drop", "beaver", "move", "offer", "accept", "reject", "resign", "claim", "flag",
            "abort", "phrase"} == set(service.KINDS)
