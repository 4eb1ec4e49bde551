"""The cube and the match in Spanish: why a double is refused, and the Crawford game.

One set of sentences serves practice (the rival is the program), live games
(the rival is a person) and the drills, so they speak of «tu rival».
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine import CUBE_VALUES

SITE_CUBE_LIMIT = CUBE_VALUES[-1]
"""The standard rules set no upper limit on the cube; this site stops at 64."""

CUBE_REFUSALS = {
    "game-over": "La partida ha terminado: ya no se puede doblar.",
    "not-your-turn": "Solo puedes doblar en tu turno.",
    "dice-rolled": "Ya has tirado los dados: se dobla antes de tirar.",
    "not-cube-owner": "El cubo es de tu rival: solo puede doblar quien lo tiene, o cualquiera si está en el centro.",
    "crawford-game": "Es la partida Crawford: en ella nadie puede doblar.",
    "cube-at-maximum": (
        f"El cubo ya está en {SITE_CUBE_LIMIT}: en las reglas estándar el cubo no tiene límite, "
        f"pero en este sitio no pasa de {SITE_CUBE_LIMIT}."
    ),
    "dead-cube": "El cubo ya vale lo que te falta para ganar el match: doblar no te daría nada.",
}
"""Why a double is refused, for each of the engine's cube codes (``tutor.engine.double_reasons``),
and for the games' dead cube (``tutor.games.cube_policy``: the site refuses a double that cannot gain anything)."""

DOUBLE_REFUSED = "Ahora no puedes doblar."
"""A refused double whose code has no sentence of its own (never expected)."""

MAY_DOUBLE = "Puedes doblar: es tu turno, aún no has tirado y el cubo está en el centro o es tuyo."
MAY_NOT_DOUBLE = "No puedes doblar."


def cube_state(value: int, owner: str | None, offer: str = "") -> str:
    """Where the cube stands, in the lessons' words: the cube has no face of 1, and it is «en 2», not «a 2».

    ``owner`` is who holds it as the reader says it («tuyo», «de Bruno», «del
    programa»), or None when it is in the centre.  ``offer`` is a double
    waiting for its answer, as the reader says it («Bruno te dobla a 2»): the
    cube has not moved yet, but «nadie ha doblado» would not be true.

    >>> cube_state(1, None)
    'en el centro: nadie ha doblado'
    >>> cube_state(2, "tuyo")
    'en 2, tuyo'
    >>> cube_state(2, None)
    'en el centro, en 2'
    >>> cube_state(1, None, offer="Bruno te dobla a 2")
    'en el centro; Bruno te dobla a 2'
    >>> cube_state(2, "de Bruno", offer="Bruno te dobla a 4")
    'en 2, de Bruno; Bruno te dobla a 4'
    """
    if offer:
        where = "en el centro" if owner is None and value == 1 else cube_state(value, owner)
        return f"{where}; {offer}"
    if owner is None:
        return "en el centro: nadie ha doblado" if value == 1 else f"en el centro, en {value}"
    return f"en {value}, {owner}"


def cube_refusal(code: str) -> str:
    """The sentence for one cube code.

    >>> cube_refusal("dice-rolled")
    'Ya has tirado los dados: se dobla antes de tirar.'
    """
    return CUBE_REFUSALS.get(code, DOUBLE_REFUSED)


def may_double_answer(codes: tuple[str, ...]) -> str:
    """Whether the side on roll may double, and why not: the feedback of a «¿Puedes doblar?» question."""
    if not codes:
        return MAY_DOUBLE
    return " ".join([MAY_NOT_DOUBLE, *(cube_refusal(code) for code in codes)])


@dataclass(frozen=True, slots=True)
class Notice:
    """A notice with a short bold title and its sentence (``str()`` joins them)."""

    title: str
    text: str

    def __str__(self) -> str:
        return f"{self.title}. {self.text}"


CRAWFORD_NOTICE = Notice(
    "Partida Crawford",
    "Uno de los dos acaba de llegar, por primera vez, a un punto de ganar el match: en esta partida nadie puede doblar.",
)
"""Shown while a game of a match is the Crawford game."""

POST_CRAWFORD_NOTICE = "Después de la partida Crawford se puede volver a doblar."
"""Shown in the games of a match after the Crawford game."""

NO_CRAWFORD_NOTICE = Notice(
    "Sin regla Crawford",
    "Este match se jugó sin la regla Crawford: cuando uno de los dos llega a un punto de ganar el match, se puede "
    "seguir doblando en todas las partidas.",
)
"""Shown on the review of a match played without the Crawford rule (an uploaded match that says so)."""
