"""The documents a newcomer reads: a short README, and links between documents that lead somewhere.

The README says what the site is, the two commands and where to read more;
operations, production and the benchmarks' figures live in ``docs/``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
README_MAX_LINES = 300
DOCUMENTS = [REPO / "README.md", REPO / "ARCHITECTURE.md", *sorted((REPO / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)\s]+)\)")


def test_the_readme_is_read_in_five_minutes():
    lines = (REPO / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= README_MAX_LINES, f"README.md has {len(lines)} lines; move details to docs/"


def test_the_readme_points_to_every_document_in_docs():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    missing = [path.name for path in sorted((REPO / "docs").glob("*.md")) if f"docs/{path.name}" not in readme]
    assert not missing, f"README.md does not link to {missing}"


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: str(path.relative_to(REPO)))
def test_every_relative_link_of_a_document_leads_to_a_file(document):
    broken = []
    for target in LINK.findall(document.read_text(encoding="utf-8")):
        if re.match(r"^[a-z]+:", target) or target.startswith("#"):
            continue
        path = target.split("#", 1)[0]
        if not (document.parent / path).exists():
            broken.append(target)
    assert not broken, f"{document.relative_to(REPO)} links to missing files: {broken}"


SECTION_MAX_WORDS = 150
"""A section of «What each package holds» says what a package is for, not what each module does."""


def package_sections() -> dict[str, str]:
    """ARCHITECTURE.md's «What each package holds», as ``{heading: text}``."""
    text = (REPO / "ARCHITECTURE.md").read_text(encoding="utf-8")
    holds = text.split("\n## What each package holds\n", 1)[1].split("\n## ", 1)[0]
    return {heading: body for heading, body in re.findall(r"^### ([^\n]+)\n(.*?)(?=^### |\Z)", holds, re.M | re.S)}


def test_every_row_of_the_map_has_a_section_under_what_each_package_holds():
    text = (REPO / "ARCHITECTURE.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| (`tutor/[^|]+`) \|", text, re.M)
    missing = [row for row in rows if row not in package_sections()]
    assert rows and not missing, f"ARCHITECTURE.md has no section for {missing}"


def test_each_section_of_what_each_package_holds_is_short():
    long = {heading: len(body.split()) for heading, body in package_sections().items() if len(body.split()) > SECTION_MAX_WORDS}
    assert not long, f"move the module-by-module detail into the package's __init__.py docstring: {long}"
