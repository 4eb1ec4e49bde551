"""Words the site has agreed not to use, kept out of every page, module, lesson, the README and the documents in docs/.

The glossary fixes «partida simple» for a single game; the site speaks to one
learner with «tú», so never to several with «vosotros» («seguís»); and it
welcomes without assuming a gender («Te damos la bienvenida», not «Bienvenido»); a drill's
«dificultad» is never called a «nivel», the word of what a learner has shown («nivel de dominio»);
a month is abbreviated in lower case, as Spanish writes it («20 dic 2026»).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SOURCES = [
    *sorted((REPO / "templates").rglob("*.html")),
    *sorted(path for path in (REPO / "tutor").rglob("*.py") if "migrations" not in path.parts),
    *sorted((REPO / "lessons").glob("*.md")),
    *sorted((REPO / "static" / "js").rglob("*.js")),
    REPO / "README.md",
    *sorted((REPO / "docs").glob("*.md")),
]

BANNED = {
    r"\bpartidas? sencillas?\b": "«partida simple», como dice el glosario",
    r"\bsegu[ií]s\b": "«tú», no «vosotros»",
    r"(?<!la )\bbienvenid[oa]s?\b": "«Te damos la bienvenida», sin género",
    r"\bpasa el turno\b": "«pasas» a quien juega; «pasa» a los demás",
    r"\bvolveréis\b": "«tú», no «vosotros»",
    r"\bcubo (?:está |sigue |queda )?a \d": "el cubo está «en 2», como en las lecciones",
    r"\bcubo en 1\b|\ben el centro, a 1\b": "el cubo no tiene cara de 1: «en el centro, nadie ha doblado»",
    r'(?-i:\|date:"[^"]*(?<!\\)M)': "el mes abreviado en minúscula, «20 dic 2026» (formato «b», no «M», que escribe «Dic»)",
    r"(?<!título de )\bnivel (\{\{ ?(task\.|drill\.)?level ?\}\}|[1-3]\b)": "«dificultad 1/2/3» para los ejercicios; «nivel de dominio» es lo que alguien ha demostrado",
}


@pytest.mark.parametrize("pattern", sorted(BANNED))
def test_no_page_module_or_lesson_uses_a_banned_wording(pattern):
    found = [
        f"{path.relative_to(REPO)}:{number}"
        for path in SOURCES
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if re.search(pattern, line, re.IGNORECASE)
    ]
    assert not found, f"use {BANNED[pattern]}: {found}"


def test_the_sources_checked_include_templates_modules_and_lessons():
    kinds = {path.suffix for path in SOURCES}
    assert {".html", ".py", ".md"} <= kinds and len(SOURCES) > 100
