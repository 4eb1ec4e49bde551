"""A study's Markdown as safe HTML: the lessons' converter, then a sanitiser.

Teachers write introductions and chapter texts in the lessons' Markdown
(notation highlighted, ```` ```notacion ```` blocks, tables).  Unlike the
course's files, this text comes from a browser: the HTML the converter
makes is cleaned with nh3 (a maintained sanitiser) to an allow-list of
tags, attributes and link schemes, so no raw HTML, script, event handler
or ``javascript:`` link reaches a reader.  A chapter's question is its own
field: ```` ```puzzle ```` blocks are not for studies (``PUZZLE_FENCE``).
"""

from __future__ import annotations

import re

import nh3
from django.utils.safestring import SafeString, mark_safe

from tutor.lessons.markdown_ext import lesson_markdown
from tutor.lessons.puzzles import Puzzle, PuzzleError

PUZZLE_FENCE = re.compile(r"^\s*(`{3,}|~{3,})\s*puzzle\s*$", re.MULTILINE)

TAGS = {
    "p", "br", "hr", "strong", "em", "b", "i", "code", "pre", "span", "blockquote", "ul", "ol", "li",
    "h2", "h3", "h4", "h5", "h6", "a", "table", "thead", "tbody", "tr", "th", "td", "del", "sup", "sub",
}
ATTRIBUTES = {"a": {"href", "title"}, "span": {"class"}, "code": {"class"}, "pre": {"class", "tabindex"}, "th": {"align"}, "td": {"align"}}


def _no_puzzle(puzzle: Puzzle) -> str:
    raise PuzzleError("los ejercicios van en la pregunta del capítulo, no en el texto")


def render_markdown(text: str) -> SafeString:
    """``text`` as sanitised HTML, ready for a template (empty for an empty text)."""
    if not text.strip():
        return mark_safe("")
    try:
        html = lesson_markdown(source="estudio", render_puzzle=_no_puzzle).convert(text)
    except PuzzleError:
        html = ""
    clean = nh3.clean(
        html,
        tags=TAGS,
        attributes=ATTRIBUTES,
        url_schemes={"http", "https", "mailto"},
        link_rel="noopener noreferrer nofollow",
        strip_comments=True,
    )
    return mark_safe(clean)  # noqa: S308 - cleaned by nh3 just above


def markdown_problem(text: str) -> str | None:
    """Why ``text`` cannot be saved as a study's Markdown, in Spanish, or None."""
    if PUZZLE_FENCE.search(text):
        return "Los ejercicios no van en el texto: usa la pregunta del capítulo."
    try:
        lesson_markdown(source="estudio", render_puzzle=_no_puzzle).convert(text)
    except PuzzleError as error:
        return error.message[:1].upper() + error.message[1:] + "."
    return None
