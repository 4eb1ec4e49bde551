"""Judging a student's answer with the lessons' judge, and storing it as an attempt.

Every submission is one ``Attempt`` row, numbered per student and exercise.
Callers run ``submit`` inside the request's transaction; two submissions
arriving together both get a row: the second one to write retries with the
next number instead of being lost.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.db.models import Max

from tutor.json_api import BadRequest
from tutor.lessons.answers import Judgement, judge_answer, judge_play, missing, send_answer, solution
from tutor.lessons.puzzles import Puzzle
from tutor.lessons.templatetags.answer_words import answer_in_words
from tutor.rules import Source

from .models import Attempt, Exercise, Membership
from .solutions import seen_before

MAX_TEXT = 200
NUMBERING_RETRIES = 5


def judge(puzzle: Puzzle, text: str) -> Judgement:
    return judge_play(puzzle, text) if puzzle.is_play else judge_answer(puzzle, text)


def answer_field(puzzle: Puzzle) -> str:
    """The name the board's form and the JSON body use: ``play`` or ``answer``."""
    return "play" if puzzle.is_play else "answer"


def submit(exercise: Exercise, puzzle: Puzzle, student, text: str, passing: bool = False) -> tuple[Attempt, Judgement]:
    """Judge ``text`` and store the attempt; returns both.

    An empty answer is no attempt: unless it is a pass sent on purpose
    (``passing``, «Paso»), it raises ``BadRequest`` saying what is missing,
    and nothing is judged, counted or stored.
    """
    text = str(text)[:MAX_TEXT]
    lacking = missing(puzzle, text, passing)
    if lacking is not None:
        raise BadRequest(lacking)
    judgement = judge(puzzle, text)
    send_answer(student, puzzle, judgement, Source.ASSIGNMENT)
    return record(exercise, student, text, judgement), judgement


def record(exercise: Exercise, student, text: str, judgement: Judgement) -> Attempt:
    """Store one attempt with the next free number for this student and exercise,
    marked when the student had been given the solution before (``solutions``)."""
    solution_seen = seen_before(student, exercise)
    for _ in range(NUMBERING_RETRIES):
        try:
            with transaction.atomic():
                # Serialises a student's submissions where the database supports it.
                list(Membership.objects.select_for_update().filter(classroom_id=exercise.assignment.classroom_id, student=student))
                last = Attempt.objects.filter(exercise=exercise, student=student).aggregate(last=Max("number"))["last"]
                return Attempt.objects.create(
                    exercise=exercise,
                    student=student,
                    number=(last or 0) + 1,
                    text=text,
                    correct=judgement.correct,
                    legal=judgement.legal,
                    codes=" ".join(dict.fromkeys(judgement.codes))[:MAX_TEXT],
                    verdict=judgement.as_json(),
                    solution_seen=solution_seen,
                )
        except IntegrityError:
            continue
    raise IntegrityError("could not number the attempt after several retries")


def verdict_payload(puzzle: Puzzle, attempt: Attempt) -> dict:
    """The JSON verdict the board shows (as the lessons' API gives it) plus the
    stored attempt: its number, the text as written and, for an answer that is not a play, in words
    («Se vuelve a tirar», not the choice's key), as the list of attempts says it."""
    payload = dict(attempt.verdict)
    if attempt.correct:
        payload.update(solution(puzzle))
    else:
        payload["legal_plays"] = None
    payload["attempt"] = attempt.number
    payload["text"] = attempt.text
    payload["text_words"] = answer_in_words(attempt.text, puzzle)
    payload["text_label"] = "Jugada" if puzzle.is_play else "Respuesta"
    return payload
