"""What the author of a study follows: each reader's path through it, the chapters the class got wrong, the CSV.

A reader's path is, chapter by chapter, their answers in order (each with
«Con la solución vista» or «Con la pista vista» when it applies), the time they spent (the sum of
their answers' capped times) and the chapter where they stopped.  The
readers are the members of the groups the study is shared with or assigned
to, and anyone else who answered it.  «Right at the first try» is the first
answer stored, never a later one.  Answers are shown as they were given:
the question and the answer in the words the reader saw then.
"""

from __future__ import annotations

import csv
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Q
from django.http import HttpResponse
from django.utils import timezone
from django.utils.text import slugify

from tutor.accounts.models import display_name
from tutor.rules import rule_titles

from .models import Chapter, ChapterAnswer, Study, StudyPlace


@dataclass
class ChapterPath:
    """One reader's answers to one chapter, in order."""

    chapter: Chapter
    number: int
    answers: list[ChapterAnswer] = field(default_factory=list)

    @property
    def tries(self) -> int:
        return len(self.answers)

    @property
    def first_try(self) -> bool:
        return bool(self.answers) and self.answers[0].correct

    @property
    def solved_on(self) -> int | None:
        return next((answer.number for answer in self.answers if answer.correct), None)

    @property
    def wrong_first(self) -> bool:
        """The reader's first answer was wrong: what the class view counts."""
        return bool(self.answers) and not self.answers[0].correct

    @property
    def seconds(self) -> int:
        return sum(answer.seconds for answer in self.answers)

    @property
    def solution_seen(self) -> bool:
        return any(answer.solution_seen for answer in self.answers)

    @property
    def hint_seen(self) -> bool:
        return any(answer.hint_seen for answer in self.answers)

    @property
    def status(self) -> str:
        if not self.answers:
            return "untried"
        if self.first_try:
            return "first-try"
        return "solved" if self.solved_on else "unsolved"

    @property
    def label(self) -> str:
        """The path in one chapter, in words, as the table and the CSV give it."""
        if not self.answers:
            return "Sin responder"
        if self.first_try:
            text = "Bien a la primera"
        elif self.solved_on:
            text = f"Bien en la respuesta {self.solved_on}"
        else:
            text = f"Sin acertar ({self.tries} {'respuesta' if self.tries == 1 else 'respuestas'})"
        text += " · con la pista vista" if self.hint_seen else ""
        return text + (" · con la solución vista" if self.solution_seen else "")


@dataclass
class ReaderPath:
    """One reader's way through the study: a ``ChapterPath`` per chapter with a question, and where they stopped."""

    reader: Any
    chapters: list[ChapterPath]
    stopped_at: Chapter | None = None
    stopped_number: int | None = None

    @property
    def name(self) -> str:
        return display_name(self.reader)

    @property
    def seconds(self) -> int:
        return sum(chapter.seconds for chapter in self.chapters)

    @property
    def first_try(self) -> int:
        return sum(1 for chapter in self.chapters if chapter.first_try)

    @property
    def solved(self) -> int:
        return sum(1 for chapter in self.chapters if chapter.solved_on)

    @property
    def answered(self) -> int:
        return sum(1 for chapter in self.chapters if chapter.answers)


@dataclass
class Hardest:
    """A chapter with how many readers answered it and how many got it wrong at their first answer."""

    chapter: Chapter
    number: int
    answered: int
    wrong_first: int


@dataclass
class StudyPaths:
    study: Study
    chapters: list[tuple[int, Chapter]]
    """Every chapter with its number in the study (from 1)."""
    paths: list[ReaderPath]

    @property
    def questions(self) -> list[tuple[int, Chapter]]:
        return [(number, chapter) for number, chapter in self.chapters if chapter.asks]

    def hardest(self) -> list[Hardest]:
        """The chapters with a question, those most readers got wrong first at the top."""
        rows = []
        for position, (number, chapter) in enumerate(self.questions):
            cells = [path.chapters[position] for path in self.paths]
            rows.append(Hardest(chapter, number, sum(1 for cell in cells if cell.answers), sum(1 for cell in cells if cell.wrong_first)))
        return sorted(rows, key=lambda row: (-row.wrong_first, row.number))


def readers_of(study: Study) -> list:
    """The members of the groups the study is shared with or assigned to, and whoever else answered it; never its author."""
    users = get_user_model().objects.filter(
        Q(memberships__classroom__in=study.classrooms.all())
        | Q(memberships__classroom__assignments__assigned_studies__study=study)
        | Q(chapter_answers__study=study)
    )
    return list(users.exclude(pk=study.author_id).distinct().order_by("first_name", "username"))


def _paths_for(study: Study, chapters: list[tuple[int, Chapter]], readers: list) -> list[ReaderPath]:
    questions = [(number, chapter) for number, chapter in chapters if chapter.asks]
    numbers = {chapter.pk: number for number, chapter in chapters}
    answers: dict[tuple[int, int | None], list[ChapterAnswer]] = defaultdict(list)
    stored = ChapterAnswer.objects.filter(study=study, reader__in=readers, chapter__isnull=False).order_by("number")
    for answer in stored:
        answers[(answer.reader_id, answer.chapter_id)].append(answer)
    places = {place.reader_id: place.chapter for place in StudyPlace.objects.filter(study=study, reader__in=readers).select_related("chapter")}
    paths = []
    for reader in readers:
        stopped = places.get(reader.pk)
        paths.append(
            ReaderPath(
                reader,
                [ChapterPath(chapter, number, answers[(reader.pk, chapter.pk)]) for number, chapter in questions],
                stopped,
                numbers.get(stopped.pk) if stopped is not None else None,
            )
        )
    return paths


def study_chapters(study: Study) -> list[tuple[int, Chapter]]:
    return list(enumerate(study.chapters.order_by("order", "pk"), 1))


def build(study: Study) -> StudyPaths:
    chapters = study_chapters(study)
    return StudyPaths(study, chapters, _paths_for(study, chapters, readers_of(study)))


def reader_path(study: Study, reader) -> ReaderPath:
    return _paths_for(study, study_chapters(study), [reader])[0]


def minutes(seconds: int) -> str:
    """«3 min 20 s», «45 s»: a time spent, as the pages and the CSV write it."""
    whole, rest = divmod(int(seconds), 60)
    if not whole:
        return f"{rest} s"
    return f"{whole} min {rest} s" if rest else f"{whole} min"


# --- CSV: UTF-8 with BOM and «;», as the classroom's results -------------------

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _safe(value: object) -> str:
    """A cell a spreadsheet will not run as a formula."""
    text = str(value)
    return "'" + text if text.startswith(_FORMULA_START) else text


CSV_HEADER = [
    "Alumno/a", "Usuario", "Capítulo", "Revisión", "Respuesta n.º", "Fecha", "Pregunta", "Respuesta",
    "Resultado", "Legal", "Códigos", "Reglas", "Mensaje", "Con la solución vista", "Con la pista vista", "Segundos",
]


def _csv_writer(study: Study, name: str) -> tuple[HttpResponse, Any]:
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{slugify(study.title) or "estudio"}-{name}.csv"'
    response.write("\ufeff")
    return response, csv.writer(response, delimiter=";", lineterminator="\r\n")


def summary_csv(built: StudyPaths) -> HttpResponse:
    """One row per reader, as the class view's table: each chapter's path in words, right at the first try, time, where they stopped."""
    response, writer = _csv_writer(built.study, "resumen")
    header = ["Alumno/a", "Usuario"] + [f"{number}. {chapter.title}" for number, chapter in built.questions]
    writer.writerow(header + ["Bien a la primera", "Tiempo", "Se quedó en"])
    for path in built.paths:
        row = [path.name, path.reader.username] + [cell.label for cell in path.chapters]
        row += [f"{path.first_try} de {len(path.chapters)}", minutes(path.seconds)]
        row += [f"Capítulo {path.stopped_number}" if path.stopped_number else "Sin empezar"]
        writer.writerow([_safe(value) for value in row])
    return response


def paths_csv(study: Study) -> HttpResponse:
    """Every stored answer to the study, reader by reader and in order, in the words the reader saw."""
    numbers = {chapter.pk: number for number, chapter in study_chapters(study)}
    response, writer = _csv_writer(study, "respuestas")
    writer.writerow(CSV_HEADER)
    answers = ChapterAnswer.objects.filter(study=study).select_related("reader").order_by("reader__first_name", "reader__username", "reader_id", "created_at", "pk")
    for answer in answers:
        number = numbers.get(answer.chapter_id) if answer.chapter_id else None
        chapter = f"{number}. {answer.chapter_title}" if number else f"{answer.chapter_title} (capítulo borrado)"
        row = [
            display_name(answer.reader),
            answer.reader.username,
            chapter,
            answer.revision,
            answer.number,
            timezone.localtime(answer.created_at).strftime("%d/%m/%Y %H:%M"),
            answer.question,
            answer.answer_words,
            "Correcta" if answer.correct else "Incorrecta",
            {True: "sí", False: "no", None: ""}[answer.legal],
            answer.codes,
            rule_titles(answer.codes.split()),
            answer.explanation,
            "sí" if answer.solution_seen else "no",
            "sí" if answer.hint_seen else "no",
            answer.seconds,
        ]
        writer.writerow([_safe(value) for value in row])
    return response
