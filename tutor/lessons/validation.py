"""Checking a puzzle against the engine: the author's claims must be true.

Every claim an author can write — this play is legal, this one is illegal
for that reason, this is the only legal play, this number or choice is the
answer — is recomputed here, so a lesson can never teach a wrong rule.
"""

from __future__ import annotations

import re

from tutor.engine import BLACK, CODES, WHITE
from tutor.numbers import parse_int
from tutor.rules import describe_defects

from .calculations import CalculationError, calculate
from .puzzle_types import PLAY_KINDS, Puzzle, PuzzleError
from .yes_no import normalise_yes_no


_TURNS = {"blancas": WHITE, "negras": BLACK}


def validate_puzzle(puzzle: Puzzle, lines: dict[str, int]) -> None:
    """Raise ``PuzzleError`` (with file and line) unless the engine agrees."""

    def fail(message: str, key: str | None = None) -> PuzzleError:
        return PuzzleError(message, puzzle.source, lines.get(key, puzzle.line) if key else puzzle.line)

    position = puzzle.position
    if position.defects:
        raise fail(f"posición imposible: {'; '.join(describe_defects(position.defects))}")
    needs_dice = puzzle.kind in PLAY_KINDS or puzzle.kind == "legalidad" or puzzle.legal_examples or puzzle.tempting
    if needs_dice and position.dice is None:
        raise fail("este tipo de ejercicio necesita «dados»")
    for text in puzzle.legal_examples:
        verdict = position.check(text)
        if not verdict.legal:
            raise fail(f"«{text}» no es legal según el motor ({', '.join(verdict.codes)})", "legal")
    for tempting in puzzle.tempting:
        if tempting.code not in CODES:
            raise fail(f"código «{tempting.code}» desconocido: usa uno de {', '.join(CODES)}", "ilegal")
        verdict = position.check(tempting.text)
        if verdict.legal:
            raise fail(f"«{tempting.text}» es legal según el motor, no ilegal", "ilegal")
        if verdict.codes[0] != tempting.code:
            raise fail(f"el motor rechaza «{tempting.text}» con «{verdict.codes[0]}», no con «{tempting.code}»", "ilegal")
    _VALIDATORS[puzzle.kind](puzzle, fail)


_PROMISE = re.compile(r"\bcaptur|\bsac(a|ar|as|an)\b", re.IGNORECASE)
"""Words in a title or question that promise a capture or a bear-off."""


def _play_turn(puzzle: Puzzle, fail) -> None:
    plays = puzzle.position.legal_plays()
    if not plays:
        raise fail("no hay ninguna jugada posible")
    goal = puzzle.goal
    if goal is None:
        if _PROMISE.search(puzzle.title) or _PROMISE.search(puzzle.question):
            raise fail(
                "el ejercicio promete capturar o sacar fichas, pero cualquier jugada legal lo resolvería: "
                "añade «objetivo: captura», «objetivo: sacar N» o líneas «acepta: jugada»",
                "tipo",
            )
        return
    key = "acepta" if goal.plays else "objetivo"
    for text in goal.plays:
        verdict = puzzle.position.check(text)
        if not verdict.legal:
            raise fail(f"«acepta: {text}» no es legal según el motor ({', '.join(verdict.codes)})", key)
    if not any(goal.met_by(play, puzzle.position) for play in plays):
        raise fail(f"ninguna jugada legal cumple el objetivo «{goal.describe()}»", key)


def _only_play(puzzle: Puzzle, fail) -> None:
    if not puzzle.answer:
        raise fail("falta «respuesta»: la única jugada legal")
    plays = puzzle.position.legal_plays()
    if len(plays) != 1:
        examples = "; ".join(play.notation for play in plays[:4])
        raise fail(f"hay {len(plays)} jugadas legales, no una sola (p. ej. {examples})", "respuesta")
    verdict = puzzle.position.check(puzzle.answer)
    if not verdict.legal:
        raise fail(f"la única jugada legal es «{plays[0].notation}», no «{puzzle.answer}»", "respuesta")


def _legality(puzzle: Puzzle, fail) -> None:
    if not puzzle.play:
        raise fail("falta «jugada»: la jugada sobre la que se pregunta")
    expected = normalise_yes_no(puzzle.answer)
    if expected is None:
        raise fail("«respuesta» debe ser «si» o «no»", "respuesta")
    verdict = puzzle.position.check(puzzle.play)
    if "syntax" in verdict.codes:
        raise fail(f"no se puede leer la jugada «{puzzle.play}»", "jugada")
    if verdict.legal != expected:
        said = "legal" if verdict.legal else f"ilegal ({', '.join(verdict.codes)})"
        raise fail(f"el motor dice que «{puzzle.play}» es {said}", "respuesta")
    if puzzle.expected_code and puzzle.expected_code not in verdict.codes:
        raise fail(f"el motor rechaza «{puzzle.play}» con {', '.join(verdict.codes) or 'nada'}, no con «{puzzle.expected_code}»", "codigo")


def _number(puzzle: Puzzle, fail) -> None:
    if parse_int(puzzle.answer) is None:
        raise fail("«respuesta» debe ser un número entero", "respuesta")
    if not puzzle.calculation:
        raise fail("falta «calculo»: el motor debe poder comprobar el número")
    _agree(puzzle, fail)


def _choice(puzzle: Puzzle, fail) -> None:
    keys = [choice.key for choice in puzzle.choices]
    if len(keys) < 2:
        raise fail("una pregunta de opciones necesita al menos dos «opcion»")
    if len(set(keys)) != len(keys):
        raise fail("hay claves de «opcion» repetidas", "opcion")
    if puzzle.answer.lower() not in keys:
        raise fail(f"la respuesta «{puzzle.answer}» no es ninguna de las opciones ({', '.join(keys)})", "respuesta")
    if puzzle.calculation:
        _agree(puzzle, fail)


def _agree(puzzle: Puzzle, fail) -> None:
    try:
        computed = calculate(puzzle.position, puzzle.calculation)
    except CalculationError as error:
        raise fail(str(error), "calculo") from None
    if computed != puzzle.answer.lower():
        raise fail(f"el motor calcula «{computed}», no «{puzzle.answer}»", "respuesta")
    if puzzle.calculation.startswith("quien-empieza") and computed in _TURNS and puzzle.position.turn != _TURNS[computed]:
        raise fail(f"empiezan las {computed}: pon «turno: {computed}» para que el tablero diga de quién es el turno", "calculo")


_VALIDATORS = {
    "jugada": _play_turn,
    "unica": _only_play,
    "legalidad": _legality,
    "numero": _number,
    "opcion": _choice,
}
