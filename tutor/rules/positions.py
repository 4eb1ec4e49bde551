"""Why a position cannot happen, in Spanish: the engine's defects and the explorer's refusal."""

from __future__ import annotations

from tutor.engine import Defect

DEFECTS = {
    Defect.WHITE_TOO_MANY: "las blancas tienen más de quince fichas",
    Defect.BLACK_TOO_MANY: "las negras tienen más de quince fichas",
    Defect.NEGATIVE_COUNT: "hay una cantidad negativa de fichas",
    Defect.SHARED_POINT: "blancas y negras no pueden compartir un punto",
    Defect.BOTH_FINISHED: "los dos jugadores han sacado todas sus fichas",
    Defect.BAD_DICE: "los dados van del 1 al 6",
    Defect.BAD_CUBE: "el valor o el dueño del cubo no son posibles",
    Defect.BAD_SCORE: "el marcador no cabe en la longitud del match",
    Defect.BAD_CRAWFORD: "con ese marcador no puede ser la partida Crawford",
}
"""The Spanish for each defect that makes a position impossible."""

IMPOSSIBLE_POSITION = "Esa posición es imposible: revisa el número de fichas y los puntos."
"""The answer to a request that sends an impossible position (the explorer, grading a play)."""


def describe_defects(defects: Defect) -> list[str]:
    """Every defect of a position, in Spanish.

    >>> describe_defects(Defect.BAD_DICE)
    ['los dados van del 1 al 6']
    """
    return [message for flag, message in DEFECTS.items() if flag in defects]
