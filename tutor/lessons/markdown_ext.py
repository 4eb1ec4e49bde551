"""The Python-Markdown extension that turns lesson blocks into live content.

- ```` ```puzzle ```` blocks are read and validated (``puzzles.parse_puzzle``),
  collected on ``md.puzzles`` and replaced by the HTML of ``render_puzzle``.
- ```` ```notacion ```` blocks and inline code that reads as a play
  (`` `13/7 8/5*` ``) are highlighted with our Pygments lexer.

The preprocessor runs at priority 29: after whitespace normalisation (30),
before the meta-data (27) and fenced-code (25) preprocessors, so line
numbers in error messages are those of the lesson file.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as etree
from typing import Callable

from markdown import Markdown
from markdown.extensions import Extension
from markdown.preprocessors import Preprocessor
from markdown.treeprocessors import Treeprocessor
from markdown.util import AtomicString

from tutor.engine import EngineError, parse_play

from .lexer import highlight_notation
from .puzzles import Puzzle, parse_puzzle

_FENCE_OPEN = re.compile(r"^(?P<fence>`{3,}|~{3,})\s*(?P<lang>puzzle|notacion)\s*$")


def default_render_puzzle(puzzle: Puzzle) -> str:
    """A marker the lesson view replaces with the live puzzle for each request."""
    return f'<div class="puzzle-slot" data-puzzle="{puzzle.slug}"></div>'


class LessonBlockPreprocessor(Preprocessor):
    """Replace puzzle and notation fences with stashed HTML."""

    def __init__(self, md: Markdown, extension: PuzzleExtension) -> None:
        super().__init__(md)
        self.extension = extension

    def run(self, lines: list[str]) -> list[str]:
        output: list[str] = []
        index = 0
        while index < len(lines):
            opening = _FENCE_OPEN.match(lines[index])
            if not opening:
                output.append(lines[index])
                index += 1
                continue
            end = self._closing(lines, index, opening["fence"])
            body = lines[index + 1 : end]
            html = self._render(opening["lang"], "\n".join(body), index + 2)
            output.extend(["", self.md.htmlStash.store(html), ""])
            index = end + 1
        return output

    def _closing(self, lines: list[str], start: int, fence: str) -> int:
        for index in range(start + 1, len(lines)):
            if lines[index].strip() == fence:
                return index
        from .puzzles import PuzzleError

        raise PuzzleError("bloque sin cerrar: falta la línea " + fence, self.extension.getConfig("source"), start + 1)

    def _render(self, lang: str, body: str, first_line: int) -> str:
        if lang == "notacion":
            return f'<pre class="notation" tabindex="0"><code>{highlight_notation(body)}</code></pre>'
        puzzle = parse_puzzle(
            body,
            source=self.extension.getConfig("source"),
            line=first_line,
            lesson=self.extension.getConfig("lesson"),
        )
        self.md.puzzles.append(puzzle)  # type: ignore[attr-defined]
        return self.extension.getConfig("render_puzzle")(puzzle)


class InlineNotationTreeprocessor(Treeprocessor):
    """Highlight inline ``code`` whose text is a play in notation.

    Code blocks also become focusable, so that keyboard users can scroll
    the ones wider than the screen.
    """

    def run(self, root: etree.Element) -> None:
        for block in root.iter("pre"):
            block.set("tabindex", "0")
        for element in root.iter("code"):
            text = element.text or ""
            if element.get("class") or "/" not in text or not _reads_as_play(text):
                continue
            element.set("class", "notation")
            element.text = AtomicString(self.md.htmlStash.store(highlight_notation(text)))


def _reads_as_play(text: str) -> bool:
    try:
        return bool(parse_play(text))
    except EngineError:
        return False


class PuzzleExtension(Extension):
    """Live puzzles and highlighted notation in lessons.

    Config: ``source`` (the lesson file, for error messages), ``lesson``
    (its slug), ``render_puzzle`` (puzzle → HTML).
    """

    def __init__(self, **kwargs: object) -> None:
        self.config = {
            "source": ["", "Lesson file, named in error messages"],
            "lesson": ["", "Lesson slug stored on each puzzle"],
            "render_puzzle": [default_render_puzzle, "Callable turning a Puzzle into HTML"],
        }
        super().__init__(**kwargs)

    def extendMarkdown(self, md: Markdown) -> None:
        md.registerExtension(self)
        self.md = md
        md.puzzles = []  # type: ignore[attr-defined]
        md.preprocessors.register(LessonBlockPreprocessor(md, self), "lesson_blocks", 29)
        md.treeprocessors.register(InlineNotationTreeprocessor(md), "inline_notation", 5)

    def reset(self) -> None:
        self.md.puzzles = []  # type: ignore[attr-defined]


def makeExtension(**kwargs: object) -> PuzzleExtension:  # pragma: no cover - Markdown's hook
    return PuzzleExtension(**kwargs)


def lesson_markdown(source: str = "", lesson: str = "", render_puzzle: Callable[[Puzzle], str] | None = None) -> Markdown:
    """The Markdown converter lessons are written for."""
    extension = PuzzleExtension(source=source, lesson=lesson, render_puzzle=render_puzzle or default_render_puzzle)
    return Markdown(
        extensions=["meta", "attr_list", "tables", "toc", "fenced_code", "sane_lists", extension],
        extension_configs={"toc": {"permalink": False}},
        output_format="html",
    )
