"""Why a play is illegal, in Spanish: one sentence per engine reason code.

The engine says *why* with stable codes and the concrete points and dice
(``Reason``); this module turns a reason into the sentence a learner reads,
and says what the live board answers when it refuses a move
(``explain_drop``).  Every sentence that explains an illegal play,
anywhere on the site, is built here; the rule it names comes from
``catalogue``.
"""

from __future__ import annotations

from collections.abc import Callable

from tutor.engine import BAR, OFF, Reason, Verdict


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


def _die_names(dice: tuple[int, ...]) -> str:
    """``el 3 y el 1``: the distinct values, larger first."""
    names = [f"el {value}" for value in sorted(set(dice), reverse=True)]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " y " + names[-1]


_COUNT_WORDS = {1: "un", 2: "dos", 3: "tres", 4: "cuatro"}
_PLURAL_DIE = {1: "unos", 2: "doses", 3: "treses", 4: "cuatros", 5: "cincos", 6: "seises"}


def _is_double(dice: tuple[int, ...]) -> bool:
    return len(dice) == 2 and dice[0] == dice[1]


def _step(reason: Reason) -> str:
    """``del 13 al 7`` or ``la ficha del 5 fuera``: the step as written."""
    if reason.dst == OFF:
        return f"la ficha {from_place(reason.src)} fuera"
    return f"{from_place(reason.src)} {to_place(reason.dst)}"


def _syntax(reason: Reason, text: str) -> str:
    shown = f"«{text[:40]}»" if text.strip() else "esa jugada"
    return f"No entiendo {shown}. Escribe cada movimiento como origen/destino, por ejemplo 13/7 8/5* o bar/22."


def _no_checker(reason: Reason, text: str) -> str:
    return f"No tienes ninguna ficha en {place(reason.src)}."


def _bar_first(reason: Reason, text: str) -> str:
    count = reason.on_bar or 1
    already = len(reason.dice_left) < (4 if _is_double(reason.dice) else 2)
    still = "Aún tienes" if already or count > 1 else "Tienes"
    if count == 1:
        return f"{still} una ficha en la barra: tiene que entrar antes de que muevas la ficha {from_place(reason.src)}."
    return f"{still} {count} fichas en la barra: tienen que entrar todas antes de que muevas la ficha {from_place(reason.src)}."


def _backwards(reason: Reason, text: str) -> str:
    return (
        f"Las fichas solo avanzan hacia tu casa: no puedes ir {_step(reason)}. "
        f"¿Lo has escrito al revés? Primero va el punto de salida: {reason.dst}/{reason.src}."
    )


def _wrong_die(reason: Reason, text: str) -> str:
    left = reason.dice_left
    distance = reason.distance or 0
    needed = f"haría falta un {distance}" if 1 <= distance <= 6 else f"son {distance} puntos"
    if reason.dst == OFF and distance <= 6:
        needed = f"haría falta un {distance} o más"
    if len(left) == 1:
        return f"El dado que te queda, el {left[0]}, no lleva {_step(reason)}: {needed}."
    if len(set(left)) == 1:
        return (
            f"Los {_COUNT_WORDS[len(left)]} {_PLURAL_DIE[left[0]]} que te quedan no llevan {_step(reason)}: "
            f"{needed}, y cada movimiento es de {left[0]}."
        )
    return f"Ni {_die_names(left).replace(' y ', ' ni ')} ni su suma llevan {_step(reason)}: {needed}."


def _blocked(reason: Reason, text: str) -> str:
    points = reason.blocked_points
    if reason.src == BAR:
        return f"No puedes entrar con el {reason.die}: el {points[0]} está bloqueado por {reason.opponent_checkers} fichas rivales."
    if len(points) > 1:
        names = " o ".join(f"el {point}" for point in points)
        return (
            f"No puedes ir {_step(reason)}: la ficha tendría que pararse en {names}, "
            f"y {'los dos están bloqueados' if len(points) == 2 else 'todos están bloqueados'} por fichas rivales."
        )
    return (
        f"No puedes mover la ficha {from_place(reason.src)} con el {reason.die}: "
        f"el {points[0]} está bloqueado por {reason.opponent_checkers} fichas rivales."
    )


def _not_all_home(reason: Reason, text: str) -> str:
    return f"Aún no puedes sacar fichas: tienes una ficha en {place(reason.farthest)}, fuera de tu casa."


def _higher_die(reason: Reason, text: str) -> str:
    return (
        f"No puedes sacar {from_place(reason.src)} con el {reason.die}: es un dado superior, y un dado superior "
        f"solo saca fichas de tu punto ocupado más alto, {place(reason.farthest)}."
    )


def _too_many(reason: Reason, text: str) -> str:
    return f"Has escrito {reason.moves_written} movimientos, pero tus dados solo dan {reason.moves_possible}."


def _more_dice(reason: Reason, text: str) -> str:
    written, possible = reason.moves_written or 0, reason.moves_possible or 0
    if _is_double(reason.dice):
        did = "no mueve ninguna ficha" if written == 0 else "hace un solo movimiento" if written == 1 else f"hace {written} movimientos"
        can = "se puede hacer uno" if possible == 1 else f"se pueden hacer {possible}"
        return f"Tu jugada {did}, pero {can}: por ejemplo, {reason.example}."
    if written == 0:
        can = "se puede jugar un dado" if possible == 1 else "se pueden usar los dos dados"
        return f"Tu jugada no mueve ninguna ficha, pero {can}: por ejemplo, {reason.example}."
    return f"Tu jugada usa un solo dado, pero se pueden usar los dos: por ejemplo, {reason.example}."


def _larger_die(reason: Reason, text: str) -> str:
    return (
        f"Solo se puede jugar uno de los dos dados, y entonces tiene que ser el mayor, el {reason.die}: "
        f"por ejemplo, {reason.example}."
    )


SENTENCES: dict[str, Callable[[Reason, str], str]] = {
    "syntax": _syntax,
    "no-checker": _no_checker,
    "bar-first": _bar_first,
    "backwards": _backwards,
    "wrong-die": _wrong_die,
    "blocked": _blocked,
    "bear-off-not-all-home": _not_all_home,
    "higher-die-not-highest": _higher_die,
    "too-many-moves": _too_many,
    "must-use-more-dice": _more_dice,
    "must-use-larger-die": _larger_die,
}
"""The sentence of each engine reason code, built from the reason's points and dice (and the text as written)."""

UNKNOWN_REASON = "Esta jugada no respeta las reglas."


def explain(reason: Reason, text: str = "") -> str:
    """One Spanish sentence for ``reason``, with its points and dice.

    >>> explain(Reason("higher-die-not-highest", src=3, dst=0, die=4, farthest=6))
    'No puedes sacar del 3 con el 4: es un dado superior, y un dado superior solo saca fichas de tu punto ocupado más alto, el 6.'
    """
    sentence = SENTENCES.get(reason.code)
    return sentence(reason, text) if sentence is not None else UNKNOWN_REASON


def _same_point(reason: Reason) -> tuple[object, ...]:
    """What makes two reasons the same for a learner: one sentence per rule and decisive point."""
    if reason.code in ("bar-first", "bear-off-not-all-home", "too-many-moves"):
        return (reason.code,)
    if reason.code == "higher-die-not-highest":
        return (reason.code, reason.farthest)
    return (reason.code, reason.src, reason.dst, reason.blocked_points)


def explain_verdict(verdict: Verdict) -> list[dict[str, str]]:
    """The reasons of a verdict as ``{"code", "message"}`` items, one per distinct reason."""
    seen: set[tuple[object, ...]] = set()
    items = []
    for reason in verdict.reasons:
        key = _same_point(reason)
        if key in seen:
            continue
        seen.add(key)
        items.append({"code": reason.code, "message": explain(reason, verdict.text)})
    return items


_SIDE_WORDS = ("blancas", "negras")
"""The sides as a sentence names them, indexed by the engine's ``WHITE`` and ``BLACK``."""


def explain_drop(reason: Reason, side: int) -> str:
    """What the live board says when it refuses a move: one short sentence for ``reason``.

    Like ``explain``, but nothing was written: a backward move says which
    way ``side`` moves instead of suggesting the text was reversed, and a
    move after the last die says that every die is used.

    >>> from tutor.engine import WHITE
    >>> explain_drop(Reason("backwards", src=8, dst=11, distance=-3), WHITE)
    'Las blancas avanzan hacia su punto 1: no puedes ir del 8 al 11.'
    """
    if reason.code == "backwards":
        return f"Las {_SIDE_WORDS[side]} avanzan hacia su punto 1: no puedes ir {_step(reason)}."
    if reason.code == "too-many-moves":
        return "Ya has usado todos tus dados: deshaz un movimiento si quieres cambiarlo."
    return explain(reason)
