"""The puzzle extension and the notation lexer, compared as exact HTML."""

from __future__ import annotations

import pytest

from tutor.lessons.lexer import BackgammonNotationLexer, highlight_notation
from tutor.lessons.markdown_ext import lesson_markdown
from tutor.lessons.puzzles import PuzzleError

PUZZLE = """```puzzle
id: seis-cuatro
titulo: 6–4
pregunta: Juega.
blancas: 6:2 5:1 4:2 3:1 2:1
negras:
dados: 6-4
tipo: jugada
legal: 6/off 4/off
```"""


def convert(text: str, **kwargs) -> tuple[str, object]:
    md = lesson_markdown(source="lessons/prueba.md", lesson="prueba", **kwargs)
    return md.convert(text), md


def test_inline_notation_is_highlighted_and_other_code_is_left_alone():
    html, _ = convert("Juega `6/off` y no `print()`.")
    assert html == (
        '<p>Juega <code class="notation"><span class="bg-mi">6</span><span class="bg-o">/</span>'
        '<span class="bg-k">off</span></code> y no <code>print()</code>.</p>'
    )


def test_a_notation_block_is_a_highlighted_pre():
    html, _ = convert("```notacion\nbar/22*\n```")
    assert html == (
        '<pre class="notation" tabindex="0"><code><span class="bg-k">bar</span><span class="bg-o">/</span>'
        '<span class="bg-mi">22</span><span class="bg-gs">*</span></code></pre>'
    )


def test_a_puzzle_block_becomes_a_slot_and_is_collected():
    html, md = convert("Texto.\n\n" + PUZZLE)
    assert html == '<p>Texto.</p>\n<div class="puzzle-slot" data-puzzle="seis-cuatro"></div>'
    (puzzle,) = md.puzzles
    assert (puzzle.slug, puzzle.lesson, puzzle.line, puzzle.dice) == ("seis-cuatro", "prueba", 4, (6, 4))


def test_the_renderer_can_be_replaced():
    html, _ = convert(PUZZLE, render_puzzle=lambda puzzle: f"<aside>{puzzle.title}</aside>")
    assert html == "<aside>6–4</aside>"


def test_reset_forgets_the_puzzles_of_the_previous_lesson():
    md = lesson_markdown(source="a.md")
    md.convert(PUZZLE)
    md.reset()
    assert md.puzzles == []


def test_a_puzzle_the_engine_disagrees_with_fails_with_file_and_line():
    wrong = PUZZLE.replace("legal: 6/off 4/off", "legal: 6/2 4/off")
    with pytest.raises(PuzzleError) as raised:
        convert("Uno\n\n" + wrong)
    assert str(raised.value).startswith("lessons/prueba.md:11: ")
    assert "higher-die-not-highest" in str(raised.value)


def test_an_unclosed_block_is_an_error():
    with pytest.raises(PuzzleError, match="sin cerrar"):
        convert(PUZZLE.rsplit("```", 1)[0])


def test_the_lexer_names_points_keywords_hits_and_multipliers():
    tokens = [(str(kind), text) for kind, text in BackgammonNotationLexer().get_tokens("6/off(2) 8/5*") if text.strip()]
    assert tokens == [
        ("Token.Literal.Number.Integer", "6"), ("Token.Operator", "/"), ("Token.Keyword", "off"),
        ("Token.Literal.Number", "(2)"), ("Token.Literal.Number.Integer", "8"), ("Token.Operator", "/"),
        ("Token.Literal.Number.Integer", "5"), ("Token.Generic.Strong", "*"),
    ]
    assert highlight_notation("barra/22") == '<span class="bg-k">barra</span><span class="bg-o">/</span><span class="bg-mi">22</span>'
