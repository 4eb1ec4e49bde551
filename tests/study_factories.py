"""Builders for the studies' readers tests: a study of three chapters with a question each, shared with a group."""

from __future__ import annotations

from tutor.engine import Position
from tutor.studies.models import Chapter, Sharing, Study

OPENING_31 = Position.initial().with_dice("3-1").to_xgid()
RIGHT_PLAY = "8/5 6/5"
WRONG_PLAY = "24/21 24/23"
ILLEGAL_PLAY = "24/20 6/5"
CHOICE_RIGHT = "a"
CHOICE_WRONG = "b"
OPENING_PIPS = 167


def make_study(author, *, classrooms=(), sharing: str = Sharing.CLASSES, title: str = "El 3-1 de salida") -> Study:
    """A study shared with ``classrooms``: a play with one right answer, a choice, and a number."""
    study = Study.objects.create(author=author, title=title, introduction="Tres preguntas sobre la salida.", sharing=sharing)
    study.classrooms.set(classrooms)
    Chapter.objects.create(
        study=study, order=0, title="Hacer el 5", xgid=OPENING_31, text="Con **3-1** se hace un punto.",
        question_kind="jugada", prompt="¿Qué jugarías?", answer_spec={"accept": "plays", "plays": [RIGHT_PLAY]},
        hint="Dos fichas al mismo punto.", wrong_text="Busca un punto de tu casa.",
    )
    Chapter.objects.create(
        study=study, order=1, title="Qué punto", xgid=OPENING_31, question_kind="opcion", prompt="¿Qué punto haces con 3-1?",
        answer_spec={"choices": [{"key": "a", "label": "El 5"}, {"key": "b", "label": "El 7"}], "answer": "a"},
    )
    Chapter.objects.create(
        study=study, order=2, title="Contar", xgid=Position.initial().to_xgid(), moment="doblar", question_kind="numero",
        prompt="¿Cuántos pips tienen las blancas?", answer_spec={"answer": OPENING_PIPS},
    )
    return study


def chapters(study: Study) -> list[Chapter]:
    return list(study.chapters.order_by("order", "pk"))
