"""The rules the course teaches: one entry per rule, the only place a rule is named.

Each rule has a stable code (``RuleCode``, stored in the learners' memories,
in drill ids and in assignments), the engine's reason codes it covers, its
Spanish title and the lesson section that teaches it.  Lessons, drills,
training, practice and live games ask here which rule an illegal play broke
and how to name and link it; nobody else writes a title or an anchor.

The sentences that explain a rule live next to this table, one module per
concern: ``reasons`` (why a play is illegal), ``doubles`` (why a double is
refused, the Crawford game), ``positions`` (why a position is impossible)
and ``answers`` (why the answer to a numeric or yes/no question is right).

>>> rule_for_code("must-use-larger-die").title
'Si solo se puede jugar un dado, el mayor'
>>> RULES[RuleCode.BLOCKED].url
'/lecciones/bloqueos-y-capturas/#punto-bloqueado'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from tutor.engine import BAR, Reason, Verdict


class RuleCode(StrEnum):
    """The stable code of each rule, in course order (the order pages list them in)."""

    PIP_COUNT = "pip-count"
    DIRECTION = "direction"
    ONE_DIE_ONE_MOVE = "one-die-one-move"
    OWN_CHECKERS = "own-checkers"
    PASS_OVER = "pass-over"
    BLOCKED = "blocked"
    HIT = "hit"
    BAR_FIRST = "bar-first"
    ENTER_POINT = "enter-point"
    ENTER_BLOCKED = "enter-blocked"
    CLOSED_OUT = "closed-out"
    NO_ENTRY = "no-entry"
    MORE_DICE = "more-dice"
    LARGER_DIE = "larger-die"
    BEAR_OFF_ALL_HOME = "bear-off-all-home"
    BEAR_OFF_EXACT = "bear-off-exact"
    BEAR_OFF_HIGHER = "bear-off-higher"
    BEAR_OFF_EMPTY_POINT = "bear-off-empty-point"
    BEAR_OFF_BOTH_DICE = "bear-off-both-dice"
    SCORING = "scoring"
    MAY_DOUBLE = "may-double"
    NOTATION = "notation"
    RESIGN_POINTS = "resign-points"
    CRAWFORD = "crawford"
    CUBE_LIMITS = "cube-limits"
    DROP_POINTS = "drop-points"
    OPENING_ROLL = "opening-roll"
    HIT_AND_CONTINUE = "hit-and-continue"
    BAR_DOUBLES = "bar-doubles"
    BEAR_OFF_HIGHER_DIE = "bear-off-higher-die"
    STARTING_POSITION = "starting-position"
    FIND_THE_MISTAKE = "find-the-mistake"


@dataclass(frozen=True, slots=True)
class Rule:
    """A rule of the game as the lessons teach it.

    ``reasons`` are the engine's reason codes whose illegal plays break this
    rule.  An ``entering`` rule covers them only for a checker entering from
    the bar, where it takes them over from the rule of the board: a blocked
    entry point is the entry table's rule, a blocked point on the board the
    blocked point's.  ``calculation`` is the first word of a lesson puzzle's
    ``calculo`` that asks for this rule.
    """

    code: RuleCode
    title: str
    lesson: str
    anchor: str
    reasons: tuple[str, ...] = ()
    entering: bool = False
    calculation: str = ""

    @property
    def url(self) -> str:
        return f"/lecciones/{self.lesson}/#{self.anchor}"


def _rules(*rules: Rule) -> dict[RuleCode, Rule]:
    return {rule.code: rule for rule in rules}


RULES: dict[RuleCode, Rule] = _rules(
    Rule(RuleCode.PIP_COUNT, "El recuento de pips", "tablero", "recuento-de-pips", calculation="pips"),
    Rule(RuleCode.DIRECTION, "Las fichas solo avanzan hacia casa", "mover", "sentido", reasons=("backwards",)),
    Rule(RuleCode.ONE_DIE_ONE_MOVE, "Cada dado es un movimiento", "mover", "un-dado-por-movimiento",
         reasons=("wrong-die", "too-many-moves")),
    Rule(RuleCode.OWN_CHECKERS, "Solo se mueven tus propias fichas", "mover", "un-dado-por-movimiento", reasons=("no-checker",)),
    Rule(RuleCode.PASS_OVER, "Una ficha con los dos dados: cada parada cuenta", "mover", "una-ficha-dos-dados"),
    Rule(RuleCode.BLOCKED, "No se puede parar en un punto bloqueado", "bloqueos-y-capturas", "punto-bloqueado",
         reasons=("blocked",)),
    Rule(RuleCode.HIT, "Capturar una ficha suelta, no un punto bloqueado", "bloqueos-y-capturas", "capturar"),
    Rule(RuleCode.BAR_FIRST, "Entrar desde la barra antes de mover", "barra", "entrar-primero", reasons=("bar-first",)),
    Rule(RuleCode.ENTER_POINT, "Entrar en el punto 25 − dado", "barra", "tabla-de-entrada",
         reasons=("wrong-die",), entering=True, calculation="entrada"),
    Rule(RuleCode.ENTER_BLOCKED, "Un punto de entrada cerrado", "barra", "tabla-de-entrada", reasons=("blocked",), entering=True),
    Rule(RuleCode.CLOSED_OUT, "Si no puedes entrar desde la barra, pasas", "barra", "bloqueado-en-la-barra"),
    Rule(RuleCode.NO_ENTRY, "Sin jugada legal: pasas", "obligaciones", "pasar"),
    Rule(RuleCode.MORE_DICE, "Usa tantos dados como puedas", "obligaciones", "usar-ambos-dados", reasons=("must-use-more-dice",)),
    Rule(RuleCode.LARGER_DIE, "Si solo se puede jugar un dado, el mayor", "obligaciones", "dado-mayor", reasons=("must-use-larger-die",)),
    Rule(RuleCode.BEAR_OFF_ALL_HOME, "Sacar fichas: todas en casa", "sacar-fichas", "todas-en-casa", reasons=("bear-off-not-all-home",)),
    Rule(RuleCode.BEAR_OFF_EXACT, "Sacar con el dado exacto", "sacar-fichas", "dado-exacto"),
    Rule(RuleCode.BEAR_OFF_HIGHER, "Sacar con un dado superior: desde el punto más alto", "sacar-fichas", "dado-superior",
         reasons=("higher-die-not-highest",)),
    Rule(RuleCode.BEAR_OFF_EMPTY_POINT, "Cuando el punto exacto está vacío", "sacar-fichas", "punto-exacto-vacio"),
    Rule(RuleCode.BEAR_OFF_BOTH_DICE, "Al sacar también se usan los dos dados", "sacar-fichas", "ambos-dados-al-sacar"),
    Rule(RuleCode.SCORING, "Cuánto vale una partida ganada", "ganar", "partida-simple", calculation="puntos"),
    Rule(RuleCode.MAY_DOUBLE, "¿Puedes doblar?", "matches", "regla-crawford", calculation="puede-doblar"),
    Rule(RuleCode.NOTATION, "La notación: origen/destino", "notacion", "origen-destino", reasons=("syntax",)),
    Rule(RuleCode.RESIGN_POINTS, "Rendirse: cuánto gana tu rival", "opcionales", "rendirse", calculation="rendicion"),
    Rule(RuleCode.CRAWFORD, "¿Es la partida Crawford?", "matches", "regla-crawford"),
    Rule(RuleCode.CUBE_LIMITS, "Hasta dónde sube el cubo: el 64 y el cubo muerto", "opcionales", "limite-del-cubo"),
    Rule(RuleCode.DROP_POINTS, "Abandonar un doble: cuánto se pierde", "cubo", "aceptar-o-abandonar"),
    Rule(RuleCode.OPENING_ROLL, "Quién empieza, y con qué tirada", "tablero", "quien-empieza"),
    Rule(RuleCode.HIT_AND_CONTINUE, "Capturar y seguir con la misma ficha", "bloqueos-y-capturas", "capturar-y-seguir"),
    Rule(RuleCode.BAR_DOUBLES, "Dobles desde la barra", "barra", "dobles-en-la-barra"),
    Rule(RuleCode.BEAR_OFF_HIGHER_DIE, "Sacar todas las que puedas: el punto más alto cambia a mitad de turno",
         "sacar-fichas", "dado-superior"),
    Rule(RuleCode.STARTING_POSITION, "La colocación inicial", "tablero", "colocacion"),
    Rule(RuleCode.FIND_THE_MISTAKE, "Encuentra el error: qué regla rompe la jugada", "obligaciones", "usar-ambos-dados"),
)
"""Every rule, in course order."""


def _by_reason() -> dict[tuple[str, bool], Rule]:
    """Each (reason code, entering from the bar?) and the one rule that covers it."""
    found: dict[tuple[str, bool], Rule] = {}
    for rule in sorted(RULES.values(), key=lambda rule: rule.entering):  # entering rules last: they take over
        for code in rule.reasons:
            for entering in (True, False) if not rule.entering else (True,):
                found[(code, entering)] = rule
    return found


_BY_REASON = _by_reason()
_BY_CALCULATION = {rule.calculation: rule for rule in RULES.values() if rule.calculation}


def rule_for_reason(reason: Reason) -> Rule:
    """The rule an illegal step breaks.

    A step from the bar breaks an entering rule only where it enters: a
    checker blocked further on (``bar/17`` stopped on the 20) breaks the
    rule of the board.

    >>> rule_for_reason(Reason("blocked", src=25, dst=21)).code
    <RuleCode.ENTER_BLOCKED: 'enter-blocked'>
    >>> rule_for_reason(Reason("blocked", src=25, dst=17, at=20)).code
    <RuleCode.BLOCKED: 'blocked'>

    A play written in the rival's numbers (``mirrored``) breaks, first, the
    rule whose section teaches counting from your own side; entering keeps
    its own rule, which counts the entry point from your side too.

    >>> rule_for_reason(Reason("no-checker", src=22, dst=0, mirrored="3/off(2)")).code
    <RuleCode.DIRECTION: 'direction'>
    """
    start = reason.at if reason.at is not None else reason.src
    if reason.mirrored is not None and start != BAR:
        return RULES[RuleCode.DIRECTION]
    return _BY_REASON[(reason.code, start == BAR)]


def rule_for_code(code: str) -> Rule | None:
    """The rule of a reason code known without its step (a stored attempt, a puzzle's expected code).

    Such a code is read as a step on the board, not from the bar.
    """
    return _BY_REASON.get((code, False))


def rule_for(verdict: Verdict) -> Rule | None:
    """The rule that decides an illegal verdict: the one its first reason breaks."""
    return rule_for_reason(verdict.reasons[0]) if verdict.reasons else None


def rules_for_verdict(verdict: Verdict) -> tuple[RuleCode, ...]:
    """Every rule the reasons of ``verdict`` break, each once, in order."""
    return _distinct(rule_for_reason(reason).code for reason in verdict.reasons)


def rules_for_codes(codes: Iterable[str]) -> tuple[RuleCode, ...]:
    """The rules of reason codes known without their steps, each once (unknown codes are skipped)."""
    return _distinct(rule.code for rule in map(rule_for_code, codes) if rule is not None)


def rule_titles(codes: Iterable[str]) -> str:
    """The titles of the rules that stored codes (rule codes, or reason codes known without their step) name,
    each once: what a teacher reads beside the codes in an export.

    >>> rule_titles(["bar-first", "notation", "no-such-code"])
    'Entrar desde la barra antes de mover; La notación: origen/destino'
    """
    found = []
    for code in codes:
        rule = rule_of_stored_code(code)
        if rule is not None and rule.title not in found:
            found.append(rule.title)
    return "; ".join(found)


def rule_of_stored_code(code: str) -> Rule | None:
    """The rule a stored code names: a rule's own code (a drill's), or a reason code known without its step.

    >>> rule_of_stored_code("pip-count").title, rule_of_stored_code("blocked").title
    ('El recuento de pips', 'No se puede parar en un punto bloqueado')
    """
    return RULES[RuleCode(code)] if code in _RULE_CODES else rule_for_code(code)


_RULE_CODES = {code.value for code in RuleCode}


def rule_for_section(lesson: str, anchor: str) -> Rule | None:
    """The first rule the lesson section ``anchor`` teaches (a puzzle's ``regla``), if any: what a correct answer names.

    >>> rule_for_section("mover", "sentido").title
    'Las fichas solo avanzan hacia casa'
    """
    return next((rule for rule in RULES.values() if (rule.lesson, rule.anchor) == (lesson, anchor)), None)


def rule_for_calculation(calculation: str) -> Rule | None:
    """The rule a lesson puzzle's ``calculo`` asks for (``"pips 13"`` → the pip count), if any."""
    words = calculation.split()
    return _BY_CALCULATION.get(words[0]) if words else None


def _distinct(codes: Iterable[RuleCode]) -> tuple[RuleCode, ...]:
    return tuple(dict.fromkeys(codes))
