"""Checking a chapter with the engine before it is saved, the rule named when it is wrong.

As ``manage.py check`` does for the lessons' puzzles (``tutor.lessons.validation``),
everything an author claims is recomputed: the position could occur in a
game, the dice or the cube decision fit it, every right play is legal with
those dice (the engine's reason when it is not), a goal is met by some legal
play, a yes/no about a play agrees with the engine, a number is in range.
A refusal is a ``ChapterError`` with a Spanish message and the form field
to blame.
"""

from __future__ import annotations

from typing import Callable

from tutor.engine import EngineError, Position, double_reasons
from tutor.lessons.answers import MAX_ANSWER_TEXT
from tutor.lessons.puzzles import normalise_yes_no
from tutor.numbers import parse_int
from tutor.rules import cube_refusal, describe_defects, explain_verdict

from .answers import CHOICE_KEYS, MAX_NUMBER, MIN_NUMBER, SpecError, choices, play_goal
from .models import Chapter, Moment, QuestionKind

MAX_CHOICE_LABEL = 200


class ChapterError(ValueError):
    """A chapter that cannot be saved; ``field`` names the form field to blame."""

    def __init__(self, message: str, field: str = "xgid") -> None:
        super().__init__(message)
        self.message = message
        self.field = field


def _reasons(verdict) -> str:
    return " ".join(reason["message"] for reason in explain_verdict(verdict))


def check_position(position: Position, moment: str) -> None:
    """The position could occur in a game, and fits what the player on roll faces."""
    problems = describe_defects(position.defects)
    if problems:
        raise ChapterError("Esa posición es imposible: " + "; ".join(problems) + ".")
    if position.winner() is not None:
        raise ChapterError("En esa posición la partida ya ha terminado: elige una en la que quede algo por jugar.")
    if moment == Moment.DICE:
        if position.dice is None:
            raise ChapterError("Elige los dados que ha tirado quien juega.", "dice")
        return
    if moment == Moment.BEFORE:
        return
    if moment not in (Moment.DOUBLE, Moment.TAKE):
        raise ChapterError("Elige si el capítulo es con los dados tirados, antes de tirar o una decisión del cubo.", "moment")
    refusals = double_reasons(position.with_dice(None))
    if refusals:
        raise ChapterError("En esa posición quien tiene el turno no puede doblar. " + " ".join(cube_refusal(code) for code in refusals), "moment")


def check_chapter(chapter: Chapter) -> None:
    """Raise ``ChapterError`` unless the engine agrees with everything the chapter states."""
    if not chapter.title.strip():
        raise ChapterError("Escribe un título para el capítulo.", "title")
    try:
        position = Position.from_xgid(chapter.xgid)
    except EngineError:
        raise ChapterError("No se puede leer esa posición.") from None
    check_position(position, chapter.moment)
    spec = chapter.answer_spec
    if not isinstance(spec, dict):
        raise ChapterError("La respuesta esperada no se puede leer.", "answer_spec")
    check_question = _QUESTIONS.get(chapter.question_kind)
    if check_question is None:
        raise ChapterError("Elige qué pregunta hace el capítulo.", "question_kind")
    try:
        check_question(chapter, position, spec)
    except SpecError as error:
        raise ChapterError(_sentence(str(error)), "answer_spec") from None


def _sentence(text: str) -> str:
    text = text.strip()
    return (text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")) if text else text


def _none(chapter: Chapter, position: Position, spec: dict) -> None:
    if spec:
        raise SpecError("un capítulo sin pregunta no lleva respuesta")


def _play(chapter: Chapter, position: Position, spec: dict) -> None:
    if chapter.moment != Moment.DICE:
        raise ChapterError("Para preguntar por una jugada, el capítulo necesita dados tirados.", "moment")
    goal = play_goal(spec)
    legal = position.legal_plays()
    dice = position.dice or (0, 0)
    if goal is None:
        return
    for text in goal.plays:
        verdict = position.check(text)
        if not verdict.legal:
            raise ChapterError(f"«{text}» no es una jugada legal con {dice[0]}-{dice[1]}: {_reasons(verdict)}", "answer_spec")
    if not goal.plays and not any(goal.met_by(play, position) for play in legal):
        raise ChapterError(f"Ninguna jugada legal con estos dados cumple el objetivo «{goal.describe()}».", "answer_spec")


def _choice(chapter: Chapter, position: Position, spec: dict) -> None:
    listed = choices(spec)
    if not 2 <= len(listed) <= len(CHOICE_KEYS):
        raise SpecError(f"una pregunta de opciones lleva de 2 a {len(CHOICE_KEYS)} opciones")
    keys = [choice.key for choice in listed]
    if keys != list(CHOICE_KEYS[: len(keys)]):
        raise SpecError("las opciones se llaman a, b, c… en orden")
    for choice in listed:
        if not choice.label:
            raise SpecError(f"escribe el texto de la opción {choice.key}")
        if len(choice.label) > MAX_CHOICE_LABEL:
            raise SpecError(f"el texto de una opción tiene como mucho {MAX_CHOICE_LABEL} caracteres")
    answer = str(spec.get("answer", "")).lower()
    if not answer:
        raise SpecError("marca cuál de las opciones es la correcta")
    if answer not in keys:
        raise SpecError(f"la opción correcta es la {answer}, pero solo hay {len(keys)} opciones ({', '.join(keys[:-1])} y {keys[-1]})")


def _yes_no(chapter: Chapter, position: Position, spec: dict) -> None:
    answer = normalise_yes_no(str(spec.get("answer", "")))
    if answer is None:
        raise SpecError("la respuesta es «sí» o «no»")
    play = str(spec.get("play", "")).strip()
    if not play:
        return
    if len(play) > MAX_ANSWER_TEXT:
        raise SpecError(f"la jugada tiene como mucho {MAX_ANSWER_TEXT} caracteres")
    if position.dice is None:
        raise ChapterError("Para preguntar si una jugada es legal, el capítulo necesita dados tirados.", "moment")
    verdict = position.check(play)
    if "syntax" in verdict.codes:
        raise SpecError(f"no se puede leer la jugada «{play}»: escribe origen/destino, p. ej. 13/7 8/5")
    if verdict.legal != answer:
        said = "es legal" if verdict.legal else f"no es legal: {_reasons(verdict)}"
        raise ChapterError(f"Según las reglas, «{play}» {said}", "answer_spec")


def _number(chapter: Chapter, position: Position, spec: dict) -> None:
    if parse_int(spec.get("answer"), low=MIN_NUMBER, high=MAX_NUMBER) is None:
        raise SpecError(f"la respuesta es un número entero del {MIN_NUMBER} al {MAX_NUMBER}")


_QUESTIONS: dict[str, Callable[[Chapter, Position, dict], None]] = {
    QuestionKind.NONE: _none,
    QuestionKind.PLAY: _play,
    QuestionKind.CHOICE: _choice,
    QuestionKind.YES_NO: _yes_no,
    QuestionKind.NUMBER: _number,
}
