"""A stored answer as a sentence: «Respuesta: sí, es legal», not «Respuesta: si».

Students' histories and teachers' views of attempts show what was answered;
a yes/no is stored as typed and a choice by its key, so this turns them
back into the words the learner saw.
"""

from __future__ import annotations

from django import template

from ..puzzles import PLAY_KINDS, Puzzle, normalise_yes_no

register = template.Library()


@register.filter
def answer_in_words(text: str, puzzle: Puzzle | None) -> str:
    """The answer ``text`` to ``puzzle`` in Spanish words (plays are left as written).

    >>> from tutor.lessons.puzzles import Choice
    >>> from types import SimpleNamespace
    >>> answer_in_words("si", SimpleNamespace(kind="legalidad"))
    'sí, es legal'
    >>> answer_in_words("b", SimpleNamespace(kind="opcion", choices=(Choice("b", "Las negras"),)))
    '«Las negras»'
    """
    text = str(text or "").strip()
    kind = getattr(puzzle, "kind", "")
    if not text or kind in PLAY_KINDS:
        return text
    if kind == "legalidad":
        said = normalise_yes_no(text)
        return text if said is None else ("sí, es legal" if said else "no, no es legal")
    if kind == "opcion" and puzzle is not None:
        label = next((choice.label for choice in puzzle.choices if choice.key == text.lower()), None)
        return f"«{label}»" if label else text
    return text
