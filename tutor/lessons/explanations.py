"""The Spanish for the engine's codes: the one place it lives.

The engine says *why* with stable codes and concrete points and dice; this
module turns a ``Reason`` into the sentence a learner reads and names the
rule, with a link to the lesson section that teaches it.  It also holds the
Spanish for the cube codes (why a double is refused) and for the defects of
an impossible position, and builds the verdict that lessons, assignments and
the explorer send.  Lessons, classroom and practice all explain through it.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.board.describe import SIDE_WORDS
from tutor.engine import BAR, OFF, WHITE, Defect, Reason, Verdict


@dataclass(frozen=True)
class Rule:
    """A rule of the game as the lessons teach it."""

    title: str
    lesson: str
    anchor: str

    @property
    def url(self) -> str:
        return f"/lecciones/{self.lesson}/#{self.anchor}"


RULES: dict[str, Rule] = {
    "syntax": Rule("La notación: origen/destino", "notacion", "origen-destino"),
    "no-checker": Rule("Solo se mueven tus propias fichas", "mover", "un-dado-por-movimiento"),
    "bar-first": Rule("Entrar desde la barra antes de mover", "barra", "entrar-primero"),
    "backwards": Rule("Las fichas solo avanzan hacia casa", "mover", "sentido"),
    "wrong-die": Rule("Cada dado es un movimiento", "mover", "un-dado-por-movimiento"),
    "blocked": Rule("Los puntos bloqueados", "bloqueos-y-capturas", "punto-bloqueado"),
    "bear-off-not-all-home": Rule("Sacar fichas: todas en casa", "sacar-fichas", "todas-en-casa"),
    "higher-die-not-highest": Rule("Sacar con un dado superior", "sacar-fichas", "dado-superior"),
    "too-many-moves": Rule("Cada dado es un movimiento", "mover", "un-dado-por-movimiento"),
    "must-use-more-dice": Rule("Usar tantos dados como sea posible", "obligaciones", "usar-ambos-dados"),
    "must-use-larger-die": Rule("Si solo se puede jugar un dado, el mayor", "obligaciones", "dado-mayor"),
}

ENTRY_RULE = Rule("Del dado al punto de entrada", "barra", "tabla-de-entrada")
"""A blocked entry is explained by the entry table, not by the blocked-point section."""


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


def _wrong_die(reason: Reason) -> str:
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


def _blocked(reason: Reason) -> str:
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


def _bar_first(reason: Reason) -> str:
    count = reason.on_bar or 1
    already = len(reason.dice_left) < (4 if _is_double(reason.dice) else 2)
    still = "Aún tienes" if already or count > 1 else "Tienes"
    if count == 1:
        return f"{still} una ficha en la barra: tiene que entrar antes de que muevas la ficha {from_place(reason.src)}."
    return f"{still} {count} fichas en la barra: tienen que entrar todas antes de que muevas la ficha {from_place(reason.src)}."


def _more_dice(reason: Reason) -> str:
    written, possible = reason.moves_written or 0, reason.moves_possible or 0
    if _is_double(reason.dice):
        did = "no mueve ninguna ficha" if written == 0 else "hace un solo movimiento" if written == 1 else f"hace {written} movimientos"
        can = "se puede hacer uno" if possible == 1 else f"se pueden hacer {possible}"
        return f"Tu jugada {did}, pero {can}: por ejemplo, {reason.example}."
    if written == 0:
        can = "se puede jugar un dado" if possible == 1 else "se pueden usar los dos dados"
        return f"Tu jugada no mueve ninguna ficha, pero {can}: por ejemplo, {reason.example}."
    return f"Tu jugada usa un solo dado, pero se pueden usar los dos: por ejemplo, {reason.example}."


def explain(reason: Reason, text: str = "") -> str:
    """One Spanish sentence for ``reason``, with its points and dice.

    >>> explain(Reason("higher-die-not-highest", src=3, dst=0, die=4, farthest=6))
    'No puedes sacar del 3 con el 4: es un dado superior, y un dado superior solo saca fichas de tu punto ocupado más alto, el 6.'
    """
    code = reason.code
    if code == "syntax":
        shown = f"«{text[:40]}»" if text.strip() else "esa jugada"
        return f"No entiendo {shown}. Escribe cada movimiento como origen/destino, por ejemplo 13/7 8/5* o bar/22."
    if code == "no-checker":
        return f"No tienes ninguna ficha en {place(reason.src)}."
    if code == "bar-first":
        return _bar_first(reason)
    if code == "backwards":
        return (
            f"Las fichas solo avanzan hacia tu casa: no puedes ir {_step(reason)}. "
            f"¿Lo has escrito al revés? Primero va el punto de salida: {reason.dst}/{reason.src}."
        )
    if code == "wrong-die":
        return _wrong_die(reason)
    if code == "blocked":
        return _blocked(reason)
    if code == "bear-off-not-all-home":
        return f"Aún no puedes sacar fichas: tienes una ficha en {place(reason.farthest)}, fuera de tu casa."
    if code == "higher-die-not-highest":
        return (
            f"No puedes sacar {from_place(reason.src)} con el {reason.die}: es un dado superior, y un dado superior "
            f"solo saca fichas de tu punto ocupado más alto, {place(reason.farthest)}."
        )
    if code == "too-many-moves":
        return f"Has escrito {reason.moves_written} movimientos, pero tus dados solo dan {reason.moves_possible}."
    if code == "must-use-more-dice":
        return _more_dice(reason)
    if code == "must-use-larger-die":
        return (
            f"Solo se puede jugar uno de los dos dados, y entonces tiene que ser el mayor, el {reason.die}: "
            f"por ejemplo, {reason.example}."
        )
    return "Esta jugada no respeta las reglas."


def explain_drop(reason: Reason, side: int) -> str:
    """A move refused on the board, in one short Spanish sentence.

    Like ``explain``, but nothing was written: a backward move says which
    way ``side`` moves instead of suggesting the text was reversed, and a
    move after the last die says that every die is used.

    >>> explain_drop(Reason("backwards", src=8, dst=11, distance=-3), WHITE)
    'Las blancas avanzan hacia su punto 1: no puedes ir del 8 al 11.'
    """
    if reason.code == "backwards":
        return f"Las {SIDE_WORDS[side]} avanzan hacia su punto 1: no puedes ir {_step(reason)}."
    if reason.code == "too-many-moves":
        return "Ya has usado todos tus dados: deshaz un movimiento si quieres cambiarlo."
    return explain(reason)


def _same_point(reason: Reason) -> tuple:
    """What makes two reasons the same for a learner: one sentence per rule and decisive point."""
    if reason.code in ("bar-first", "bear-off-not-all-home", "too-many-moves"):
        return (reason.code,)
    if reason.code == "higher-die-not-highest":
        return (reason.code, reason.farthest)
    return (reason.code, reason.src, reason.dst, reason.blocked_points)


def explain_verdict(verdict: Verdict) -> list[dict[str, str]]:
    """The reasons of a verdict as ``{"code", "message"}`` items, one per distinct reason."""
    seen: set[tuple] = set()
    items = []
    for reason in verdict.reasons:
        key = _same_point(reason)
        if key in seen:
            continue
        seen.add(key)
        items.append({"code": reason.code, "message": explain(reason, verdict.text)})
    return items


def rule_for(verdict: Verdict) -> Rule | None:
    """The rule that decides an illegal verdict: the one of its first reason.

    A blocked entry from the bar is a matter of the entry table, not of
    moving along the board.
    """
    if not verdict.reasons:
        return None
    first = verdict.reasons[0]
    if first.code == "blocked" and first.src == BAR:
        return ENTRY_RULE
    return RULES.get(first.code)


DOUBLE_REASONS = {
    "game-over": "La partida ha terminado.",
    "not-your-turn": "Solo puedes doblar en tu turno.",
    "dice-rolled": "Ya has tirado los dados: se dobla antes de tirar.",
    "not-cube-owner": "El cubo es del programa: solo puede doblar quien lo tiene, o cualquiera si está en el centro.",
    "crawford-game": "Es la partida Crawford: en ella nadie puede doblar.",
    "cube-at-maximum": "El cubo ya está en su valor máximo.",
}
"""The Spanish for the engine's cube codes (``tutor.engine.double_reasons``)."""

DEFECTS = {
    Defect.WHITE_TOO_MANY: "las blancas tienen más de 15 fichas",
    Defect.BLACK_TOO_MANY: "las negras tienen más de 15 fichas",
    Defect.NEGATIVE_COUNT: "hay una cantidad negativa de fichas",
    Defect.SHARED_POINT: "blancas y negras no pueden compartir un punto",
    Defect.BOTH_FINISHED: "los dos jugadores han sacado todas sus fichas",
    Defect.BAD_DICE: "los dados van del 1 al 6",
    Defect.BAD_CUBE: "el valor o el dueño del cubo no son posibles",
    Defect.BAD_SCORE: "el marcador no cabe en la longitud del match",
    Defect.BAD_CRAWFORD: "con ese marcador no puede ser la partida Crawford",
}
"""The Spanish for each defect that makes a position impossible."""


def describe_defects(defects: Defect) -> list[str]:
    """Every defect of a position, in Spanish."""
    return [message for flag, message in DEFECTS.items() if flag in defects]


def verdict_payload(
    *,
    correct: bool,
    legal: bool | None,
    message: str = "",
    verdict: Verdict | None = None,
    play: str | None = None,
    feedback: str | None = None,
    legal_plays: list[str] | None = None,
) -> dict:
    """The verdict lessons, assignments and the explorer send: one shape, built here.

    One headline (drawn from ``correct``/``legal`` by the page), an optional
    ``message`` that adds to it, one explanation per distinct reason, the
    rule to review and, only for questions about a play, the legal plays.
    """
    rule = rule_for(verdict) if verdict is not None and not verdict.legal else None
    return {
        "correct": correct,
        "legal": legal,
        "message": message,
        "reasons": explain_verdict(verdict) if verdict is not None else [],
        "play": play,
        "feedback": feedback,
        "rule_url": rule.url if rule else None,
        "rule_title": rule.title if rule else None,
        "legal_plays": legal_plays,
    }
