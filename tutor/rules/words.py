"""Spanish words the catalogue's sentences share: counts, places on the board and dice.

Small numbers in a sentence are words («dos fichas», «cuatro movimientos»);
points and dice stay digits («el 6», «un 4»), as the lessons write them.
"""

from __future__ import annotations

from tutor.engine import BAR, OFF

_WORDS = (
    "cero", "uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez",
    "once", "doce", "trece", "catorce", "quince", "dieciséis", "diecisiete", "dieciocho", "diecinueve", "veinte",
    "veintiuno", "veintidós", "veintitrés", "veinticuatro", "veinticinco", "veintiséis", "veintisiete",
    "veintiocho", "veintinueve", "treinta",
)
"""The numbers written as one word; larger ones keep their digits."""


def number(count: int, feminine: bool = False) -> str:
    """``count`` in words before a noun (``un``/``una``, ``veintiún``), digits beyond thirty.

    >>> number(2), number(1), number(1, feminine=True), number(21), number(45)
    ('dos', 'un', 'una', 'veintiún', '45')
    """
    if not 0 <= count < len(_WORDS):
        return str(count)
    word = _WORDS[count]
    if word.endswith("uno"):
        return word[:-1] + "a" if feminine else word[:-3] + ("ún" if count > 1 else "un")
    return word


def counted(count: int, singular: str, plural: str, feminine: bool = False) -> str:
    """A count and its noun: ``una ficha``, ``tres fichas``, ``cuatro movimientos``.

    >>> counted(1, "ficha", "fichas", feminine=True), counted(3, "movimiento", "movimientos")
    ('una ficha', 'tres movimientos')
    """
    return f"{number(count, feminine)} {singular if count == 1 else plural}"


def place(point: int | None) -> str:
    """``el 6``, ``la barra`` or ``fuera`` for a point of the mover's numbering."""
    if point == BAR:
        return "la barra"
    if point == OFF:
        return "fuera"
    return f"el {point}"


def from_place(point: int | None) -> str:
    """``del 6`` or ``de la barra``: Spanish contracts *de el* into *del*."""
    return "de la barra" if point == BAR else f"del {point}"


def to_place(point: int | None) -> str:
    """``al 6``, ``a la barra`` or ``fuera``: Spanish contracts *a el* into *al*."""
    if point == OFF:
        return "fuera"
    return "a la barra" if point == BAR else f"al {point}"


_PLURAL_DIE = {1: "unos", 2: "doses", 3: "treses", 4: "cuatros", 5: "cincos", 6: "seises"}
"""A die's value in the plural: «los tres cincos que te quedan»."""


def dice_in_plural(count: int, value: int) -> str:
    """``tres cincos``: several equal dice.

    >>> dice_in_plural(2, 6)
    'dos seises'
    """
    return f"{number(count)} {_PLURAL_DIE[value]}"


def die_names(dice: tuple[int, ...], joiner: str = "y") -> str:
    """``el 3 y el 1``: the distinct values, larger first.

    >>> die_names((1, 3, 3)), die_names((5, 2), "ni")
    ('el 3 y el 1', 'el 5 ni el 2')
    """
    names = [f"el {value}" for value in sorted(set(dice), reverse=True)]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" {joiner} " + names[-1]
