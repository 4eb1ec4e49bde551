"""Judging an answer to a chapter: the lessons' judge on the chapter as a puzzle.

A chapter's question is turned into the lessons' ``Puzzle`` (``chapter_puzzle``)
and judged by ``tutor.lessons.answers``: the same verdicts, the engine's
reasons and the rules' sentences as the course's puzzles give.  What the
study adds: several right plays (``accept: plays``), a plain yes/no question
whose answer the author gives, and the author's text for wrong answers.

The spec is read as stored, without trusting it: a spec the editor would
refuse (``validation.check_chapter``) raises ``SpecError`` here too.
"""

from __future__ import annotations

import dataclasses

from tutor.engine import EngineError, Position
from tutor.lessons.answers import MAX_ANSWER_TEXT, Judgement, judge_answer, judge_play, solution
from tutor.rules import Goal, GoalError, accepted_plays, parse_goal
from tutor.lessons.puzzles import Choice, Puzzle, normalise_yes_no
from tutor.numbers import parse_int

from .models import Chapter, QuestionKind

MIN_NUMBER = -9999
MAX_NUMBER = 9999
CHOICE_KEYS = "abcdef"
MAX_PLAYS = 20
"""Right plays one chapter may list."""


class SpecError(ValueError):
    """A chapter's answer spec that cannot be used; the message is Spanish."""


def chapter_position(chapter: Chapter) -> Position:
    try:
        return Position.from_xgid(chapter.xgid)
    except EngineError:
        raise SpecError("no se puede leer la posición del capítulo") from None


def play_goal(spec: dict) -> Goal | None:
    """The goal a right play must meet: None for any legal play."""
    accept = spec.get("accept", "any")
    if accept == "any":
        return None
    if accept == "plays":
        plays = spec.get("plays")
        if not isinstance(plays, list) or not plays or not all(isinstance(text, str) and text.strip() for text in plays):
            raise SpecError("escribe al menos una jugada correcta")
        if len(plays) > MAX_PLAYS:
            raise SpecError(f"como mucho {MAX_PLAYS} jugadas correctas")
        return accepted_plays(tuple(text.strip()[:MAX_ANSWER_TEXT] for text in plays))
    if accept == "goal":
        try:
            return parse_goal(str(spec.get("goal", "")))
        except GoalError as error:
            raise SpecError(str(error)) from None
    raise SpecError("elige qué jugadas valen: cualquiera legal, unas jugadas concretas o las que cumplen un objetivo")


def choices(spec: dict) -> tuple[Choice, ...]:
    listed = spec.get("choices")
    if not isinstance(listed, list) or not all(isinstance(item, dict) for item in listed):
        raise SpecError("escribe las opciones")
    return tuple(Choice(str(item.get("key", "")).strip().lower(), str(item.get("label", "")).strip()) for item in listed)


def chapter_puzzle(chapter: Chapter) -> Puzzle:
    """The chapter's question as a lessons puzzle, to judge with the lessons' judge.

    A plain yes/no question (no play to judge) is kind ``legalidad`` without
    a play: ``judge_chapter`` judges it by the author's answer alone.
    """
    spec = chapter.answer_spec if isinstance(chapter.answer_spec, dict) else {}
    kind = chapter.question_kind
    fields: dict = {
        "slug": f"estudio-{chapter.study_id}-capitulo-{chapter.pk or 0}-r{chapter.revision}",
        "title": chapter.title,
        "question": chapter.prompt,
        "position": chapter_position(chapter),
        "hints": (chapter.hint,) if chapter.hint else (),
    }
    if kind == QuestionKind.PLAY:
        return Puzzle(kind="jugada", goal=play_goal(spec), **fields)
    if kind == QuestionKind.CHOICE:
        return Puzzle(kind="opcion", choices=choices(spec), answer=str(spec.get("answer", "")).lower(), **fields)
    if kind == QuestionKind.YES_NO:
        answer = normalise_yes_no(str(spec.get("answer", "")))
        if answer is None:
            raise SpecError("la respuesta es «sí» o «no»")
        return Puzzle(kind="legalidad", play=str(spec.get("play", "")).strip(), answer="si" if answer else "no", **fields)
    if kind == QuestionKind.NUMBER:
        number = parse_int(spec.get("answer"), low=MIN_NUMBER, high=MAX_NUMBER)
        if number is None:
            raise SpecError(f"la respuesta es un número entero del {MIN_NUMBER} al {MAX_NUMBER}")
        return Puzzle(kind="numero", answer=str(number), **fields)
    raise SpecError("este capítulo no hace ninguna pregunta")


def hides_pip_counts(puzzle: Puzzle | None) -> bool:
    """Whether the chapter's board leaves out both sides' pip counts: for a number question.

    The author's number is often a count the board's pips would give away
    («¿Cuántos pips tienen las blancas?»), as a lesson's pip-count puzzle
    hides them (``Puzzle.asks_pip_count``)."""
    return puzzle is not None and (puzzle.kind == QuestionKind.NUMBER or puzzle.asks_pip_count)


def judge_chapter(chapter: Chapter, answer: object) -> Judgement:
    """Judge ``answer`` (a play in notation, or the text of the answer) to ``chapter``'s question.

    A wrong answer carries the author's ``wrong_text`` as its feedback,
    unless the lessons' judge gave a more specific one; an illegal play
    keeps the engine's verdict, so the page explains the rule broken.
    """
    puzzle = chapter_puzzle(chapter)
    text = str(answer)[:MAX_ANSWER_TEXT]
    if puzzle.kind == "jugada":
        judgement = judge_play(puzzle, text)
    elif puzzle.kind == "legalidad" and not puzzle.play:
        said = normalise_yes_no(text)
        if said is None:
            judgement = Judgement(False, "Responde «sí» o «no».")
        else:
            right = said == normalise_yes_no(puzzle.answer)
            judgement = Judgement(right, "" if right else f"No es «{'sí' if said else 'no'}».")
    else:
        judgement = judge_answer(puzzle, text)
    if not judgement.correct and chapter.wrong_text and not judgement.feedback:
        judgement = dataclasses.replace(judgement, feedback=chapter.wrong_text)
    return judgement


def right_answers(chapter: Chapter) -> list[str]:
    """The right answers in words, for the author's editor and after the student answers."""
    puzzle = chapter_puzzle(chapter)
    if puzzle.kind == "jugada":
        plays = [play for play in puzzle.position.legal_plays()]
        if puzzle.goal is not None:
            plays = [play for play in plays if puzzle.goal.met_by(play, puzzle.position)]
        return [play.notation or "pasar" for play in plays]
    if puzzle.kind == "legalidad" and not puzzle.play:
        return ["Sí" if normalise_yes_no(puzzle.answer) else "No"]
    return [str(solution(puzzle)["answer"])]
