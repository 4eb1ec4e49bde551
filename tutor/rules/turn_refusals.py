"""Why a decision is refused at this moment of a turn: one wording for practice and live games alike.

The turn goes the same way against the program as against a person: a
side may double, then rolls, then moves; a double is answered before
anything else.  A decision made at another moment is refused with one of
these sentences, whoever the rival is, so that the learner meets one
wording of each refusal («Nadie te ha doblado.», not a second one for the
program).
"""

from __future__ import annotations

NOT_ROLLING = "Ahora no te toca tirar los dados."
DOUBLE_BEFORE_ROLLING = "Solo se dobla al empezar tu turno, antes de tirar."
NOT_MOVING = "Ahora no te toca mover."
NOT_DOUBLED = "Nadie te ha doblado."
NO_BEAVERS = "En esta partida no se permiten beavers."
RESIGN_HOW = "Elige cómo te rindes: partida simple, gammon o backgammon."
STALE = "Esta acción llega tarde: la partida ha cambiado desde que cargaste la página (¿quizá en otra pestaña?). Esta es la posición actual."
RESIGN_SINGLE_ONLY = "Ya has sacado alguna ficha: no puedes perder un gammon, solo rendirte con una partida simple."

__all__ = [
    "DOUBLE_BEFORE_ROLLING",
    "NOT_DOUBLED",
    "NOT_MOVING",
    "NOT_ROLLING",
    "NO_BEAVERS",
    "RESIGN_HOW",
    "RESIGN_SINGLE_ONLY",
    "STALE",
]
