"""Why a board is, or is not, the starting position, in Spanish.

The drills of the starting position (``starting-position``) ask whether the
checkers of one side, or of both, are where a game starts; this says where
the game starts and, point by point, what the board has instead.  It takes
the plain facts a drill keeps, one ``(yours, point, checkers there,
checkers it should have)`` per point that differs, the point in that
side's own numbering.

>>> starting_answer()
'Todas las fichas están en su sitio. Al empezar, cada jugador tiene, contando desde su lado, 2 fichas en el 24, 5 en el 13, 3 en el 8 y 5 en el 6.'
>>> starting_answer((False, 7, 3, 0), (False, 8, 0, 3))
'No todas están en su sitio: tu rival tiene tres fichas en su 7, donde debería tener ninguna, y ninguna ficha en su 8, donde debería tener tres. Al empezar, cada jugador tiene, contando desde su lado, 2 fichas en el 24, 5 en el 13, 3 en el 8 y 5 en el 6.'
"""

from __future__ import annotations

from .words import counted, number

START = "Al empezar, cada jugador tiene, contando desde su lado, 2 fichas en el 24, 5 en el 13, 3 en el 8 y 5 en el 6."


def _checkers(count: int) -> str:
    return counted(count, "ficha", "fichas", feminine=True) if count else "ninguna ficha"


def _part(yours: bool, point: int, here: int, expected: int, first_of_side: bool) -> str:
    whose = "tu" if yours else "su"
    should = number(expected, True) if expected else "ninguna"
    who = ("tienes " if yours else "tu rival tiene ") if first_of_side else ""
    return f"{who}{_checkers(here)} en {whose} {point}, donde deberí{'as' if yours else 'a'} tener {should}"


def starting_answer(*differences: tuple[bool, int, int, int]) -> str:
    """Where the checkers start and, for each point that differs, what the board has there."""
    if not differences:
        return f"Todas las fichas están en su sitio. {START}"
    parts, seen = [], set()
    for yours, point, here, expected in differences:
        parts.append(_part(yours, point, here, expected, yours not in seen))
        seen.add(yours)
    said = ", ".join(parts[:-1]) + (", y " if len(parts) > 1 else "") + parts[-1]
    return f"No todas están en su sitio: {said}. {START}"
