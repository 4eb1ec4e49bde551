"""System checks: a broken lesson or puzzle fails ``manage.py check`` (and CI).

Ids are stable: ``lessons.E001`` an unreadable, impossible or wrong puzzle
or lesson (with file and line), ``lessons.E002`` a puzzle id used twice,
``lessons.E003`` a ``regla`` that names no section of any lesson,
``lessons.E004`` «sacar» used for rolling the dice («sacan 6–4»): in the
course «sacar» only means bearing off, so a roll is «tiran 6–4».
"""

from __future__ import annotations

import re
from pathlib import Path

from django.conf import settings
from django.core.checks import Error, register

from .library import Lesson, load_lesson
from .puzzles import PuzzleError


@register("lessons")
def check_lessons(app_configs=None, **kwargs) -> list[Error]:
    folder = Path(settings.LESSONS_DIR)
    errors: list[Error] = []
    lessons: list[Lesson] = []
    for path in sorted(folder.glob("*.md")):
        if path.name.startswith("_"):
            continue
        errors.extend(_roll_wording(path, f"{folder.name}/{path.name}"))
        try:
            lessons.append(load_lesson(path, display_name=f"{folder.name}/{path.name}"))
        except PuzzleError as error:
            errors.append(Error(str(error), hint="Corrige el bloque en el archivo y la línea indicados.", id="lessons.E001"))
    seen: dict[str, str] = {}
    anchors = {section.anchor for lesson in lessons for section in lesson.sections}
    for lesson in lessons:
        for puzzle in lesson.puzzles:
            where = f"{puzzle.source}:{puzzle.line}"
            if puzzle.slug in seen:
                errors.append(Error(f"{where}: el id «{puzzle.slug}» ya se usa en {seen[puzzle.slug]}", id="lessons.E002"))
            seen.setdefault(puzzle.slug, where)
            if puzzle.rule and puzzle.rule not in anchors:
                errors.append(Error(f"{where}: «regla: {puzzle.rule}» no es ninguna sección de las lecciones", id="lessons.E003"))
    return errors


_SACAR_A_ROLL = re.compile(r"\bsac(?:a|an|as|o|amos|ó|aron|an también)\s+(?:un\s+)?\d\s*[–-]\s*\d", re.IGNORECASE)


def _roll_wording(path: Path, name: str) -> list[Error]:
    """«sacan 6–4» read next to «sacar fichas» confuses rolling with bearing off."""
    found = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        match = _SACAR_A_ROLL.search(line)
        if match:
            found.append(
                Error(
                    f"{name}:{number}: «{match[0]}»: para los dados se dice «tiran» o «juegan»; «sacar» es sacar fichas",
                    id="lessons.E004",
                )
            )
    return found
