"""The Spanish words for the engine's reason codes: the one place they live.

The engine says *why* with stable codes and concrete points and dice; this
module turns a ``Reason`` into the sentence a learner reads and names the
rule, with a link to the lesson section that teaches it.  Lessons,
classroom and practice all explain illegal plays through it.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine import BAR, OFF, Reason, Verdict


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


def _dice_text(dice: tuple[int, ...]) -> str:
    names = [f"el {value}" for value in sorted(set(dice), reverse=True)]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " o " + names[-1]


def _dice_count(count: int) -> str:
    if count == 0:
        return "no mueve ninguna ficha"
    return "usa un solo dado" if count == 1 else f"usa {count} dados"


def _from_to(reason: Reason) -> str:
    if reason.dst == OFF:
        return f"sacar una ficha {from_place(reason.src)}"
    return f"ir {from_place(reason.src)} {to_place(reason.dst)}"


def explain(reason: Reason, text: str = "") -> str:
    """One Spanish sentence for ``reason``, with its points and dice.

    >>> explain(Reason("higher-die-not-highest", src=3, dst=0, die=4, blocker=6))
    'No puedes sacar del 3 con el 4: tienes una ficha en el 6, más lejos de salir.'
    """
    code = reason.code
    if code == "syntax":
        shown = f"«{text[:40]}»" if text.strip() else "esa jugada"
        return f"No entiendo {shown}. Escribe cada movimiento como origen/destino, por ejemplo 13/7 8/5* o bar/22."
    if code == "no-checker":
        if reason.src == BAR:
            return "No tienes ninguna ficha en la barra."
        return f"No tienes ninguna ficha en el {reason.src}."
    if code == "bar-first":
        return f"Tienes una ficha en la barra: debe entrar antes de mover la ficha {from_place(reason.src)}."
    if code == "backwards":
        return f"Las fichas solo avanzan hacia tu casa: no puedes ir {from_place(reason.src)} {to_place(reason.dst)}."
    if code == "wrong-die":
        return f"Ninguno de los dados que te quedan ({_dice_text(reason.dice)}) sirve para {_from_to(reason)}."
    if code == "blocked":
        where = f"el punto {reason.blocker}"
        if reason.src == BAR:
            return f"No puedes entrar con el {reason.die}: {where} está bloqueado por {reason.count} fichas rivales."
        return f"No puedes mover {from_place(reason.src)} con el {reason.die}: {where} está bloqueado por {reason.count} fichas rivales."
    if code == "bear-off-not-all-home":
        return f"Aún no puedes sacar fichas: tienes una ficha en {place(reason.blocker)}, fuera de tu casa."
    if code == "higher-die-not-highest":
        return f"No puedes sacar del {reason.src} con el {reason.die}: tienes una ficha en el {reason.blocker}, más lejos de salir."
    if code == "too-many-moves":
        return f"Has escrito {reason.count} movimientos, pero tus dados solo dan {reason.allowed}."
    if code == "must-use-more-dice":
        return (
            f"Tu jugada {_dice_count(reason.count or 0)}, pero se pueden usar {reason.allowed}: "
            f"por ejemplo, {reason.example}."
        )
    if code == "must-use-larger-die":
        return f"Solo se puede jugar un dado y debe ser el mayor, el {reason.die}: por ejemplo, {reason.example}."
    return "Esta jugada no respeta las reglas."


def explain_verdict(verdict: Verdict) -> list[dict[str, str]]:
    """The reasons of a verdict as ``{"code", "message"}`` items."""
    return [{"code": reason.code, "message": explain(reason, verdict.text)} for reason in verdict.reasons]


def rule_for(verdict: Verdict) -> Rule | None:
    """The rule that decides an illegal verdict: the one of its first reason."""
    if not verdict.reasons:
        return None
    return RULES.get(verdict.reasons[0].code)
