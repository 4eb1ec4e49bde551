"""The Spanish of drill questions: colours, counts in words, the roll.

Every question names the colour the learner plays, because Black writes
and reads points in Black's own numbering.  Small numbers in sentences
are words; dice and point numbers stay digits, as on the board.
"""

from __future__ import annotations

from tutor.engine import BLACK, Dice, Position

_WORDS = ("cero", "una", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez",
          "once", "doce", "trece", "catorce", "quince")
"""Numbers up to fifteen as words, feminine (they count «fichas»)."""


def side_name(side: int) -> str:
    return "negras" if side == BLACK else "blancas"


def count_words(count: int, noun: str = "ficha", plural: str = "fichas") -> str:
    """«una ficha», «tres fichas»: the number in words up to fifteen, digits above.

    >>> count_words(1), count_words(3), count_words(2, "punto", "puntos")
    ('una ficha', 'tres fichas', 'dos puntos')
    """
    word = _WORDS[count] if 0 <= count < len(_WORDS) else str(count)
    if noun != "ficha" and count == 1:
        word = "un"
    return f"{word} {noun if count == 1 else plural}"


def roll_text(dice: Dice) -> str:
    """The roll as the lessons write it, larger die first, with an en dash: «6–3»."""
    return f"{max(dice)}–{min(dice)}"


def you_play(position: Position) -> str:
    """«Juegas con las negras y tiras 6-3» (or without the roll when there are no dice)."""
    text = f"Juegas con las {side_name(position.turn)}"
    return text if position.dice is None else f"{text} y tiras {roll_text(position.dice)}"


def on_bar(position: Position) -> str:
    """«una ficha» or «dos fichas»: the mover's checkers waiting on the bar."""
    return count_words(position.bar(position.turn))


FULL_TURN = "Juega el turno completo."
CAPTURING_TURN = "Juega el turno completo y captura una ficha del rival."
"""The question of play drills with a goal (``goals``): a legal play that captures nothing is wrong."""
ENTERING_TURN = "Entra y juega el turno completo."
ENTRIES_LOOK = "Mira los puntos de entrada y juega el turno completo."
CAPTURING_LOOK = "Mira los puntos de entrada, juega el turno completo y captura una ficha del rival."
ENTERING_CAPTURE = "Entra, juega el turno completo y captura una ficha del rival."
PASS_HINT = "Si no hay ninguna jugada legal, pasas: pulsa «Paso»."
"""Shown under the board of every play drill (not in its question, where it would tell which drills pass)."""
ONLY_PLAY = "Encuentra la única jugada legal."
