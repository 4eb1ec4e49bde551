"""The lesson library: every Markdown file of ``lessons/``, rendered once.

A lesson is rendered when first asked for and kept until its file changes
(cached by path and modification time), never on every request.  Numbered
files (``06-sacar-fichas.md``) are the course, in order; unnumbered ones
(``autoria.md``) are reference pages.
"""

from __future__ import annotations

import re
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from .markdown_ext import lesson_markdown
from .puzzles import Puzzle, PuzzleError

_NUMBERED = re.compile(r"^(?P<number>\d{2})-(?P<slug>[a-z0-9-]+)\.md$")
_REFERENCE = re.compile(r"^(?P<slug>[a-z0-9-]+)\.md$")


@dataclass(frozen=True)
class Section:
    anchor: str
    title: str


@dataclass(frozen=True)
class Lesson:
    """One rendered lesson: its metadata, its HTML and its puzzles."""

    slug: str
    number: int | None
    title: str
    summary: str
    html: str
    puzzles: tuple[Puzzle, ...]
    sections: tuple[Section, ...]
    path: Path

    @property
    def url(self) -> str:
        return f"/lecciones/{self.slug}/"


def load_lesson(path: Path, display_name: str | None = None) -> Lesson:
    """Read, validate and render one lesson file; raises ``PuzzleError``."""
    match = _NUMBERED.match(path.name) or _REFERENCE.match(path.name)
    source = display_name or path.name
    if match is None:
        raise PuzzleError("el nombre del archivo debe ser NN-slug.md o slug.md, en minúsculas", source, 1)
    slug = match["slug"]
    md = lesson_markdown(source=source, lesson=slug)
    html = md.convert(path.read_text(encoding="utf-8"))
    meta = {key: " ".join(value) for key, value in md.Meta.items()}  # type: ignore[attr-defined]
    if not meta.get("titulo"):
        raise PuzzleError("falta «titulo:» en la cabecera de la lección", source, 1)
    return Lesson(
        slug=slug,
        number=int(match["number"]) if "number" in match.groupdict() and match["number"] else None,
        title=meta["titulo"],
        summary=meta.get("resumen", ""),
        html=html,
        puzzles=tuple(md.puzzles),  # type: ignore[attr-defined]
        sections=tuple(_sections(md.toc_tokens)),  # type: ignore[attr-defined]
        path=path,
    )


def _sections(tokens: list[dict]) -> list[Section]:
    found: list[Section] = []
    for token in tokens:
        found.append(Section(token["id"], token["name"]))
        found.extend(_sections(token.get("children", [])))
    return found


class LessonLibrary:
    """All lessons of a folder, each re-rendered only when its file changes."""

    recheck_seconds = 1.0
    """How long the folder is trusted unchanged before its files are looked at again."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)
        self._cache: dict[Path, tuple[float, Lesson]] = {}
        self._lock = threading.Lock()
        self._current: tuple[float, list[Lesson], dict[str, Puzzle]] | None = None

    def lessons(self) -> list[Lesson]:
        """Every lesson: the numbered course in order, then reference pages."""
        return self._snapshot()[1]

    def _snapshot(self) -> tuple[float, list[Lesson], dict[str, Puzzle]]:
        """The lessons and their puzzles, looking at the files at most once a ``recheck_seconds``."""
        now = time.monotonic()
        current = self._current
        if current is not None and now - current[0] < self.recheck_seconds:
            return current
        with self._lock:
            paths = sorted(path for path in self.folder.glob("*.md") if not path.name.startswith("_"))
            lessons = sorted(
                (self._lesson(path) for path in paths),
                key=lambda lesson: (lesson.number is None, lesson.number or 0, lesson.slug),
            )
            puzzles = {puzzle.slug: puzzle for lesson in lessons for puzzle in lesson.puzzles}
            self._current = (now, lessons, puzzles)
        return self._current

    def course(self) -> list[Lesson]:
        return [lesson for lesson in self.lessons() if lesson.number is not None]

    def lesson(self, slug: str) -> Lesson | None:
        return next((lesson for lesson in self.lessons() if lesson.slug == slug), None)

    def puzzles(self) -> dict[str, Puzzle]:
        return self._snapshot()[2]

    def _lesson(self, path: Path) -> Lesson:
        mtime = path.stat().st_mtime
        cached = self._cache.get(path)
        if cached is None or cached[0] != mtime:
            cached = (mtime, load_lesson(path, display_name=f"{self.folder.name}/{path.name}"))
            self._cache[path] = cached
        return cached[1]


_libraries: dict[Path, LessonLibrary] = {}


def get_library() -> LessonLibrary:
    """The library of ``settings.LESSONS_DIR``, shared by the whole process."""
    from django.conf import settings

    folder = Path(settings.LESSONS_DIR)
    if folder not in _libraries:
        _libraries[folder] = LessonLibrary(folder)
    return _libraries[folder]
