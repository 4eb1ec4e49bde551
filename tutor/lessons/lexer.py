"""A Pygments lexer for backgammon notation: ``13/7 8/5* bar/22 6/off(2)``.

Points are numbers, ``bar``/``off`` (and the Spanish ``barra``/``fuera``)
are keywords, ``*`` marks a hit and ``(2)`` a repeated move, so each can be
styled on its own in the lessons.
"""

from __future__ import annotations

from typing import ClassVar

from pygments.formatters import HtmlFormatter
from pygments.lexer import RegexLexer
from pygments.token import Generic, Keyword, Number, Operator, Punctuation, Text
from pygments import highlight


class BackgammonNotationLexer(RegexLexer):
    """Lexer for plays written origin/destination, from the mover's side.

    >>> [t for t, v in BackgammonNotationLexer().get_tokens("9/5*") if v.strip()][:4]
    [Token.Literal.Number.Integer, Token.Operator, Token.Literal.Number.Integer, Token.Generic.Strong]
    """

    name = "Backgammon notation"
    aliases = ["backgammon", "notacion"]
    filenames: ClassVar[list[str]] = []

    tokens = {
        "root": [
            (r"\s+", Text),
            (r"\b(bar|barra|off|fuera)\b", Keyword),
            (r"\(\d\)", Number),
            (r"\d{1,2}", Number.Integer),
            (r"/", Operator),
            (r"\*", Generic.Strong),
            (r"[,;]", Punctuation),
            (r"[-–]", Punctuation),
            (r".", Text),
        ]
    }


_FORMATTER = HtmlFormatter(nowrap=True, classprefix="bg-")


def highlight_notation(text: str) -> str:
    """The HTML spans for ``text`` (no wrapper), escaped by Pygments.

    >>> highlight_notation("6/off")
    '<span class="bg-mi">6</span><span class="bg-o">/</span><span class="bg-k">off</span>'
    """
    return highlight(text, BackgammonNotationLexer(), _FORMATTER).rstrip("\n")


def notation_css() -> str:
    """Stylesheet rules for the highlighted spans (used to build the static CSS)."""
    return _FORMATTER.get_style_defs(".notation")
