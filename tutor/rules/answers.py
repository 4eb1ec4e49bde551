"""Why the answer to a question about a rule is what it is, in Spanish.

Illegal plays are explained by ``reasons`` and refused doubles by ``doubles``;
this module words the rest of what the drills ask: a legal play (or
passing), a legal hit, a pip count and the points a won game is worth.
"""

from __future__ import annotations

from collections.abc import Iterable

from tutor.engine import BAR

from .words import counted

KIND_WORDS = {"single": "una partida simple", "gammon": "un gammon", "backgammon": "un backgammon"}
"""A kind of win, as the sentences name it."""


NO_LEGAL_PLAY = "No hay ninguna jugada legal: pasas."
"""Why leaving the play empty is right: no checker can move."""


def legal_turn(notation: str, only: bool = False) -> str:
    """Why a play is right: it is legal (the only one, when ``only``), or the empty play passes.

    >>> legal_turn("13/8 13/10"), legal_turn("13/8", only=True)
    ('13/8 13/10 es una jugada legal.', '13/8 es la única jugada legal.')
    >>> legal_turn("")
    'No hay ninguna jugada legal: pasas.'
    """
    if not notation:
        return NO_LEGAL_PLAY
    return f"{notation} es la única jugada legal." if only else f"{notation} es una jugada legal."


def decided_by(title: str) -> str:
    """The rule that made an answer right, by its title: a correct answer says what it practised.

    >>> decided_by("Una ficha con los dos dados: cada parada cuenta")
    'Lo decide la regla «Una ficha con los dos dados: cada parada cuenta».'
    """
    return f"Lo decide la regla «{title}»."


def broken_rule(play: str, title: str, why: str) -> str:
    """Which rule an illegal play drawn on the board breaks, and why (the reason's own sentence).

    >>> broken_rule("24/18", "No se puede parar en un punto bloqueado", "El 18 está bloqueado.")
    '«24/18» rompe la regla «No se puede parar en un punto bloqueado». El 18 está bloqueado.'
    """
    return f"«{play}» rompe la regla «{title}». {why}"


def legal_hit(play: str) -> str:
    """Why a play that lands on a lone rival checker is legal."""
    return f"«{play}» es legal: caer en una ficha suelta rival la captura."


def legal_play(play: str) -> str:
    """That a play asked about is legal, when it hits nothing."""
    return f"«{play}» es legal."


def pip_count_sum(counts: Iterable[tuple[int, int]], total: int | str) -> str:
    """How a pip count adds up, from ``(point, checkers)`` pairs (the bar is point 25).

    >>> pip_count_sum([(25, 1), (6, 2)], 37)
    'Recuento: 25 (barra) + 2×6 = 37 pips.'
    >>> pip_count_sum([(1, 1)], 1)
    'Recuento: tu única ficha está en el 1, a un pip de salir.'
    """
    counts = list(counts)
    if len(counts) == 1 and counts[0][1] == 1:
        point = counts[0][0]
        where = "en la barra" if point == BAR else f"en el {point}"
        return f"Recuento: tu única ficha está {where}, a {counted(int(total), 'pip', 'pips')} de salir."
    terms = []
    for point, count in counts:
        named = "25 (barra)" if point == BAR else str(point)
        terms.append(f"{count}×{named}" if count > 1 else named)
    return f"Recuento: {' + '.join(terms)} = {total} pips."


def game_value(kind: str, multiplier: int, cube: int, points: int | str, jacoby: bool = False) -> str:
    """How many points a won game is worth: the kind of win times the cube, and, in a money
    game with the Jacoby rule, whether the cube has been turned.

    >>> game_value("gammon", 2, 4, 8)
    'Es un gammon (vale 2) con el cubo en 4: 2 × 4 = 8.'
    >>> game_value("backgammon", 1, 1, 1, jacoby=True)
    'Es un backgammon, pero con la regla Jacoby y el cubo sin doblar cuenta como una partida simple: 1 × 1 = 1.'
    >>> game_value("gammon", 2, 2, 4, jacoby=True)
    'Es un gammon (vale 2) con el cubo en 2: 2 × 2 = 4. La regla Jacoby ya no cuenta: el cubo se ha doblado.'
    """
    if jacoby and kind != "single" and cube == 1:
        return f"Es {KIND_WORDS[kind]}, pero con la regla Jacoby y el cubo sin doblar cuenta como una partida simple: 1 × 1 = {points}."
    turned = " La regla Jacoby ya no cuenta: el cubo se ha doblado." if jacoby and kind != "single" else ""
    return f"Es {KIND_WORDS[kind]} (vale {multiplier}) con el cubo en {cube}: {multiplier} × {cube} = {points}.{turned}"
