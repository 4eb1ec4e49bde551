"""Why the answers about a match and the cube are what they are, in Spanish.

The drills of the Crawford game (read from the games played so far), of
how far the cube goes (what a take makes it, the site's 64, the dead cube)
and of what a dropped double gives ask questions whose answer is a yes/no
or a number; these sentences say how it follows from the rule.  Each takes
the plain facts a drill keeps, so that the drill code writes no sentence.

>>> crawford_answer(5, True, 3, True, 4, 2)
'Llegaste a 4 puntos por primera vez con la 3.ª partida, a uno de ganar el match a 5: la partida siguiente, esta, es la partida Crawford, y en ella nadie puede doblar.'
>>> drop_answer(2)
'Quien abandona pierde lo que valía la partida antes del doble, el cubo en 2, y siempre como partida simple: ganas dos puntos.'
"""

from __future__ import annotations

from typing import Callable

from .catalogue import RuleCode
from .doubles import SITE_CUBE_LIMIT, cube_refusal, cube_state
from .setup_answers import starting_answer
from .words import counted


def _points(count: int) -> str:
    return counted(count, "punto", "puntos")


def crawford_answer(length: int, reached_by_you: bool | None, game: int, crawford: bool, yours: int, theirs: int) -> str:
    """Whether the game being played is the Crawford game, from who first came within a point
    of the match (``reached_by_you``, None when nobody has) and with which game (``game``, from 1).

    >>> crawford_answer(7, False, 2, False, 6, 6)
    'Tu rival llegó a 6 puntos por primera vez con la 2.ª partida, así que la partida Crawford fue la 3.ª. Esta es post-Crawford: se puede volver a doblar.'
    >>> crawford_answer(5, None, 0, False, 2, 1)
    'Nadie está a un punto de ganar el match a 5 (vas 2–1): todavía no hay partida Crawford y se puede doblar.'
    """
    if reached_by_you is None:
        return (f"Nadie está a un punto de ganar el match a {length} (vas {yours}–{theirs}): "
                "todavía no hay partida Crawford y se puede doblar.")
    who = "Llegaste" if reached_by_you else "Tu rival llegó"
    reached = f"{who} a {length - 1} puntos por primera vez con la {game}.ª partida"
    if crawford:
        return (f"{reached}, a uno de ganar el match a {length}: la partida siguiente, esta, es la partida Crawford, "
                "y en ella nadie puede doblar.")
    return f"{reached}, así que la partida Crawford fue la {game + 1}.ª. Esta es post-Crawford: se puede volver a doblar."


def cube_after_take(before: int, after: int) -> str:
    """What a take makes the cube: twice what the game was worth, on the taker's side.

    >>> cube_after_take(1, 2)
    'El cubo estaba en el centro: nadie había doblado y la partida valía 1. Al aceptar, el cubo pasa al doble, a 2, y queda del lado de tu rival, que es quien podrá volver a doblar.'
    >>> cube_after_take(8, 16)
    'El cubo estaba en 8. Al aceptar, el cubo pasa al doble, a 16, y queda del lado de tu rival, que es quien podrá volver a doblar.'
    """
    was = "en el centro: nadie había doblado y la partida valía 1" if before == 1 else f"en {before}"
    return (f"El cubo estaba {was}. Al aceptar, el cubo pasa al doble, a {after}, y queda del lado de tu rival, "
            "que es quien podrá volver a doblar.")


def site_double_answer(codes: tuple[str, ...], value: int, needed: int = 0) -> str:
    """Whether this site lets the side on roll double: the cube stops at 64, and in a match a
    double is refused once the cube covers the ``needed`` points (a dead cube).

    >>> site_double_answer(("cube-at-maximum",), 64)[:40]
    'No puedes doblar. El cubo ya está en 64:'
    >>> site_double_answer((), 1, needed=3)
    'Puedes doblar: te faltan tres puntos para ganar el match y la partida vale 1; ganarla todavía no te daría el match.'
    >>> site_double_answer(("dead-cube",), 2, needed=2)
    'No puedes doblar. El cubo ya vale lo que te falta para ganar el match: doblar no te daría nada. Te faltan dos puntos y el cubo es tuyo, en 2: si ganas esta partida, ganas el match.'
    >>> site_double_answer((), 16)
    'Puedes doblar: el cubo está en 16, tuyo, y en este sitio llega hasta 64.'
    """
    if codes:
        said = " ".join(["No puedes doblar.", *(cube_refusal(code) for code in codes)])
        if "dead-cube" in codes:
            said += f" Te faltan {_points(needed)} y {_worth(value)}: si ganas esta partida, ganas el match."
        return said
    if needed:
        return f"Puedes doblar: te faltan {_points(needed)} para ganar el match y {_worth(value)}; ganarla todavía no te daría el match."
    return f"Puedes doblar: el cubo está {cube_state(value, 'tuyo' if value > 1 else None)}{',' if value > 1 else ''} y en este sitio llega hasta {SITE_CUBE_LIMIT}."


def _worth(value: int) -> str:
    """What the game is worth now to the side about to double (the cube, when turned, is theirs)."""
    return "la partida vale 1" if value == 1 else f"el cubo es tuyo, en {value}"


def drop_answer(value: int, before: int | None = None) -> str:
    """What a dropped double gives the doubler: the game's value before the double, as a single
    game; in a match, the score it leaves (``before`` is the doubler's score before it).

    >>> drop_answer(1, before=3)
    'Quien abandona pierde lo que valía la partida antes del doble, 1, y siempre como partida simple: ganas un punto y pasas de 3 a 4.'
    """
    worth = "1" if value == 1 else f"el cubo en {value}"
    said = f"Quien abandona pierde lo que valía la partida antes del doble, {worth}, y siempre como partida simple: ganas {_points(value)}"
    return f"{said}." if before is None else f"{said} y pasas de {before} a {before + value}."


def cube_limits_answer(asked: str, *facts: object) -> str:
    """The cube's limits: ``("take", before, after)`` or ``("double", codes, value, needed)``."""
    if asked == "take":
        before, after = facts
        return cube_after_take(int(str(before)), int(str(after)))
    codes, value, needed = facts
    return site_double_answer(tuple(str(code) for code in codes) if isinstance(codes, tuple) else (), int(str(value)), int(str(needed)))


def opening_answer(throws: tuple[tuple[int, int], ...], you_start: bool | None) -> str:
    """Who starts, from the throws of one die each (yours first in each pair), and the roll played:
    ``you_start`` is None while the last throw is a tie.

    >>> opening_answer(((4, 4), (2, 6)), False)
    'Un empate no decide nada: se vuelve a tirar. Tu rival tiró el número más alto (6 contra 2), así que empieza y juega 6–2, su dado y el tuyo: 8 pips.'
    >>> opening_answer(((3, 3),), None)
    'Un empate no decide nada: se vuelve a tirar hasta que los dos números sean distintos. Todavía no empieza nadie.'
    """
    tie = "Un empate no decide nada: se vuelve a tirar"
    if you_start is None:
        return f"{tie} hasta que los dos números sean distintos. Todavía no empieza nadie."
    yours, theirs = throws[-1]
    before = f"{tie}. " if len(throws) > 1 else ""
    who = "Tiraste" if you_start else "Tu rival tiró"
    dice = "tu dado y el de tu rival" if you_start else "su dado y el tuyo"
    return (f"{before}{who} el número más alto ({max(yours, theirs)} contra {min(yours, theirs)}), así que "
            f"{'empiezas y juegas' if you_start else 'empieza y juega'} {max(yours, theirs)}–{min(yours, theirs)}, {dice}: "
            f"{yours + theirs} pips.")


def bar_doubles_answer(on_bar: int, die: int, entered: int, played: int) -> str:
    """How a double is played with checkers on the bar: each checker entering spends one of its four
    moves; the moves left go to any checker, as far as they can; a closed entry point stops it all.

    >>> bar_doubles_answer(2, 5, 2, 4)
    'Con 5–5 cada ficha que entra gasta un movimiento: entran dos fichas en el 20 y te quedan dos movimientos, que se juegan con cualquier ficha. En total juegas cuatro movimientos.'
    >>> bar_doubles_answer(3, 4, 0, 0)
    'El 21, donde entra un 4, está cerrado: no entra ninguna ficha y, con fichas en la barra, no se mueve nada. En total juegas cero movimientos.'
    """
    point = 25 - die
    total = f" En total juegas {counted(played, 'movimiento', 'movimientos')}."
    if not entered:
        return f"El {point}, donde entra un {die}, está cerrado: no entra ninguna ficha y, con fichas en la barra, no se mueve nada.{total}"
    said = (f"Con {die}–{die} cada ficha que entra gasta un movimiento: {'entra' if entered == 1 else 'entran'} "
            f"{counted(entered, 'ficha', 'fichas', feminine=True)} en el {point}")
    if entered < on_bar:
        return f"{said} y los cuatro movimientos se acaban antes de que entren todas.{total}"
    left = 4 - entered
    if not left:
        return f"{said} y no queda ningún movimiento más.{total}"
    if played < 4:
        rest = f"pero solo {'cabe' if played - entered == 1 else 'caben'} {counted(played - entered, 'movimiento', 'movimientos')}: los demás están bloqueados"
    else:
        rest = f"que {'se juega' if left == 1 else 'se juegan'} con cualquier ficha"
    return f"{said} y te {'queda' if left == 1 else 'quedan'} {counted(left, 'movimiento', 'movimientos')}, {rest}.{total}"


_BY_RULE: dict[RuleCode, Callable[..., str]] = {
    RuleCode.CRAWFORD: crawford_answer,
    RuleCode.CUBE_LIMITS: cube_limits_answer,
    RuleCode.DROP_POINTS: drop_answer,
    RuleCode.OPENING_ROLL: opening_answer,
    RuleCode.BAR_DOUBLES: bar_doubles_answer,
    RuleCode.STARTING_POSITION: starting_answer,
}


def match_answer(rule: str, facts: tuple[object, ...]) -> str | None:
    """Why a drill of a match or cube rule has its answer, from the drill's facts; None for other rules.

    >>> match_answer("drop-points", (4,))
    'Quien abandona pierde lo que valía la partida antes del doble, el cubo en 4, y siempre como partida simple: ganas cuatro puntos.'
    >>> match_answer("pip-count", ()) is None
    True
    """
    explain = _BY_RULE.get(RuleCode(rule)) if rule in set(RuleCode) else None
    return None if explain is None else explain(*facts)
