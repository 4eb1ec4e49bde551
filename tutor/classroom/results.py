"""What a teacher follows: the grid of students × exercises, the mistakes by
rule, and both as CSV for a spreadsheet.

An assignment's items are its exercises and what other apps add to it (the
training app's drills, through ``models.add_item_source``).  ``models.item_counts``
is the one count of them: the teacher's pages, the results, the CSV and the
student's pages all show it.  Answers are shown in the words the student
saw («El 8 está bloqueado», not the choice's key ``blocked``).
"""

from __future__ import annotations

import csv
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable

from django.http import HttpResponse
from django.utils import timezone
from django.utils.text import slugify

from tutor.accounts.models import display_name
from tutor.lessons.templatetags.answer_words import answer_in_words
from tutor.rules import rule_of_stored_code, rule_titles

from .models import Assignment, Attempt, Exercise, item_counts

if TYPE_CHECKING:
    from django.contrib.auth.models import User


@dataclass
class Cell:
    """One student's attempts at one exercise, in order."""

    student: object
    exercise: Exercise
    attempts: list[Attempt] = field(default_factory=list)

    @property
    def tries(self) -> int:
        return len(self.attempts)

    @property
    def first_correct(self) -> Attempt | None:
        return next((attempt for attempt in self.attempts if attempt.correct), None)

    @property
    def solved_on(self) -> int | None:
        first = self.first_correct
        return first.number if first else None

    @property
    def late(self) -> bool:
        """Solved after the due date (or tried after it without solving)."""
        first = self.first_correct
        if first is not None:
            return first.is_late
        return any(attempt.is_late for attempt in self.attempts)

    @property
    def status(self) -> str:
        if not self.attempts:
            return "untried"
        if self.solved_on == 1:
            return "first-try"
        return "solved" if self.solved_on else "unsolved"

    @property
    def label(self) -> str:
        """The cell in words, as the CSV and screen readers give it."""
        if not self.attempts:
            text = "Sin intentar"
        elif self.solved_on == 1:
            text = "Resuelto al primer intento"
        elif self.solved_on:
            text = f"Resuelto en el intento {self.solved_on}"
        else:
            text = f"Sin resolver ({self.tries} {'intento' if self.tries == 1 else 'intentos'})"
        return text + (" · con retraso" if self.late else "")


@dataclass(frozen=True)
class PartGroup:
    """Items another app adds to an assignment under one heading (a drill task: «Entrenamiento «…» (dificultad 2)»)."""

    key: str
    title: str


@dataclass(frozen=True)
class TaskPart:
    """One item of an assignment that another app owns (a drill): tried, solved, solved late, and its group."""

    tried: bool
    solved: bool
    late: bool = False
    group: PartGroup | None = None


@dataclass
class GroupCell:
    """One student's items of one group (their drills of one task), counted."""

    parts: list[TaskPart]

    @property
    def solved(self) -> int:
        return sum(1 for part in self.parts if part.solved)

    @property
    def tried(self) -> int:
        return sum(1 for part in self.parts if part.tried)

    @property
    def late(self) -> bool:
        return any(part.late for part in self.parts)

    @property
    def label(self) -> str:
        """The cell in words, as the CSV gives it: «3 de 10 resueltos, 5 intentados»."""
        if not self.tried:
            text = f"Sin intentar (0 de {len(self.parts)})"
        else:
            text = f"{self.solved} de {len(self.parts)} resueltos, {self.tried} intentados"
        return text + (" · con retraso" if self.late else "")


@dataclass
class Row:
    student: User
    cells: list[Cell]
    parts: list[TaskPart] = field(default_factory=list)

    @property
    def name(self) -> str:
        return display_name(self.student)

    @property
    def solved(self) -> int:
        """The items solved: exercises and the parts other apps add (drills)."""
        return sum(1 for cell in self.cells if cell.solved_on) + sum(1 for part in self.parts if part.solved)

    def group_cells(self, groups: Sequence[PartGroup]) -> list[GroupCell]:
        return [GroupCell([part for part in self.parts if part.group == group]) for group in groups]


@dataclass
class Grid:
    assignment: Assignment
    exercises: list[Exercise]
    rows: list[Row]
    item_count: int = 0
    groups: list[PartGroup] = field(default_factory=list)

    @property
    def group_sizes(self) -> list[tuple[PartGroup, int]]:
        """Each group with how many items it gives every student."""
        cells = self.table[0][1] if self.rows else []
        return [(group, len(cell.parts)) for group, cell in zip(self.groups, cells)]

    @property
    def table(self) -> list[tuple[Row, list[GroupCell]]]:
        """Each row with its group cells, in the order of ``groups``: what the results page draws."""
        return [(row, row.group_cells(self.groups)) for row in self.rows]

    def cell(self, student_id: int, exercise_id: int) -> Cell | None:
        for row in self.rows:
            if row.student.pk == student_id:
                return next((cell for cell in row.cells if cell.exercise.pk == exercise_id), None)
        return None


def students_of(assignment: Assignment) -> list:
    memberships = assignment.classroom.memberships.select_related("student").order_by("student__first_name", "student__username")
    return [membership.student for membership in memberships]


def build_grid(assignment: Assignment) -> Grid:
    exercises = list(assignment.exercises.all())
    students = students_of(assignment)
    attempts: dict[tuple[int, int], list[Attempt]] = defaultdict(list)
    rows = Attempt.objects.filter(exercise__assignment=assignment, student__in=students).select_related("exercise__assignment")
    for attempt in rows.order_by("number"):
        attempts[(attempt.student_id, attempt.exercise_id)].append(attempt)
    grid_rows = [
        Row(student, [Cell(student, exercise, attempts[(student.pk, exercise.pk)]) for exercise in exercises], other_parts([assignment], student)[assignment.pk])
        for student in students
    ]
    groups = list(dict.fromkeys(part.group for row in grid_rows for part in row.parts if part.group is not None))
    return Grid(assignment, exercises, grid_rows, item_counts([assignment])[assignment.pk], groups)


@dataclass
class RuleMistakes:
    """How often the class broke one rule, and who."""

    code: str
    count: int
    students: list[tuple[str, int]]

    @property
    def rule(self):
        return rule_of_stored_code(self.code)


def mistakes_by_rule(grid: Grid) -> list[RuleMistakes]:
    """The reason codes of the wrong attempts, most frequent first: the exercises' and those the
    other apps add to the assignment (its drills, ``add_attempt_source``), as ``intentos.csv`` lists them."""
    totals: Counter[str] = Counter()
    by_student: dict[str, Counter[str]] = defaultdict(Counter)
    for row in grid.rows:
        wrong = [tuple(attempt.code_list) for cell in row.cells for attempt in cell.attempts if not attempt.correct]
        wrong += [tuple(line.codes) for source in _attempt_sources for line in source(grid.assignment, row.student) if not line.correct]
        for codes in wrong:
            for code in dict.fromkeys(codes):
                totals[code] += 1
                by_student[code][row.name] += 1
    return [RuleMistakes(code, count, by_student[code].most_common()) for code, count in totals.most_common()]


# --- CSV: UTF-8 with BOM and «;», as spreadsheets in Spanish expect ---------

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _safe(value: object) -> str:
    """A cell a spreadsheet will not run as a formula."""
    text = str(value)
    return "'" + text if text.startswith(_FORMULA_START) else text


def _local(moment) -> str:
    return timezone.localtime(moment).strftime("%d/%m/%Y %H:%M")


def _csv_response(assignment: Assignment, name: str, header: list[str], rows: Sequence[Sequence[object]]) -> HttpResponse:
    filename = f"{slugify(assignment.title) or 'tarea'}-{name}.csv"
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.write("\ufeff")
    writer = csv.writer(response, delimiter=";", lineterminator="\r\n")
    writer.writerow(header)
    writer.writerows([[_safe(value) for value in row] for row in rows])
    return response


def grid_csv(grid: Grid) -> HttpResponse:
    """The results table: a column per exercise, one per group of other items (each drill task), and
    the items solved out of ``item_counts``, as the page and the student see them."""
    header = (
        ["Alumno/a", "Usuario"]
        + [f"{index}. {exercise.title}" for index, exercise in enumerate(grid.exercises, 1)]
        + [group.title for group in grid.groups]
        + ["Resueltos"]
    )
    rows = [
        [row.name, row.student.username]
        + [cell.label for cell in row.cells]
        + [group.label for group in groups]
        + [f"{row.solved} de {grid.item_count}"]
        for row, groups in grid.table
    ]
    return _csv_response(grid.assignment, "resultados", header, rows)


@dataclass(frozen=True)
class AttemptLine:
    """One line of ``intentos.csv``: an attempt at an exercise, or at anything else an assignment holds."""

    exercise: str
    number: int
    created_at: object
    text: str
    correct: bool
    legal: bool | None = None
    codes: tuple[str, ...] = ()
    message: str = ""
    late: bool = False
    solution_seen: bool = False


AttemptSource = Callable[[Assignment, object], list[AttemptLine]]
_attempt_sources: list[AttemptSource] = []


def add_attempt_source(source: AttemptSource) -> None:
    """Let another app add its own attempts to an assignment's ``intentos.csv``.

    ``source(assignment, student)`` gives that student's lines.  The
    training app adds its drills this way (``TrainingConfig.ready``): the
    classroom does not import it.
    """
    if source not in _attempt_sources:
        _attempt_sources.append(source)


def _exercise_lines(cell: Cell, number: int) -> list[AttemptLine]:
    puzzle = cell.exercise.puzzle()
    return [
        AttemptLine(
            exercise=f"{number}. {cell.exercise.title}",
            number=attempt.number,
            created_at=attempt.created_at,
            text=answer_in_words(attempt.text, puzzle),
            correct=attempt.correct,
            legal=attempt.legal,
            codes=tuple(attempt.code_list),
            message=attempt.explanation,
            late=attempt.is_late,
            solution_seen=attempt.solution_seen,
        )
        for attempt in cell.attempts
    ]


def attempts_csv(grid: Grid) -> HttpResponse:
    header = ["Alumno/a", "Usuario", "Ejercicio", "Intento", "Fecha", "Respuesta", "Resultado", "Legal", "Códigos", "Reglas", "Mensaje", "Con retraso", "Con la solución vista"]
    numbers = {exercise.pk: index for index, exercise in enumerate(grid.exercises, 1)}
    rows = []
    for row in grid.rows:
        lines = [line for cell in row.cells for line in _exercise_lines(cell, numbers[cell.exercise.pk])]
        lines += [line for source in _attempt_sources for line in source(grid.assignment, row.student)]
        for line in lines:
            rows.append(
                [
                    row.name,
                    row.student.username,
                    line.exercise,
                    line.number,
                    _local(line.created_at),
                    line.text,
                    "Correcto" if line.correct else "Incorrecto",
                    {True: "sí", False: "no", None: ""}[line.legal],
                    " ".join(line.codes),
                    rule_titles(line.codes),
                    line.message,
                    "sí" if line.late else "no",
                    "sí" if line.solution_seen else "no",
                ]
            )
    return _csv_response(grid.assignment, "intentos", header, rows)


# --- A student's own view ----------------------------------------------------


def _attempts_by_exercise(attempts) -> dict[int, list[Attempt]]:
    """Attempts grouped by exercise, in the order they were made."""
    grouped: dict[int, list[Attempt]] = defaultdict(list)
    for attempt in attempts.select_related("exercise__assignment").order_by("number"):
        grouped[attempt.exercise_id].append(attempt)
    return grouped


def student_cells(assignment: Assignment, student) -> list[Cell]:
    """The student's cells for each exercise of the assignment, in order."""
    attempts = _attempts_by_exercise(Attempt.objects.filter(exercise__assignment=assignment, student=student))
    return [Cell(student, exercise, attempts[exercise.pk]) for exercise in assignment.exercises.all()]


def cell(assignment: Assignment, student, exercise: Exercise) -> Cell:
    """One student's attempts at one exercise, without building the whole grid."""
    return Cell(student, exercise, _attempts_by_exercise(exercise.attempts.filter(student=student))[exercise.pk])


ProgressSource = Callable[[Sequence[Assignment], object], dict[int, list[TaskPart]]]
_progress_sources: list[ProgressSource] = []


def add_progress_source(source: ProgressSource) -> None:
    """Let another app's items count towards an assignment's status («Completada» only when all are solved).

    ``source(assignments, student)`` gives, by assignment id, that student's
    parts.  The training app adds its drills this way (``TrainingConfig.ready``).
    """
    if source not in _progress_sources:
        _progress_sources.append(source)


def other_parts(assignments: Sequence[Assignment], student) -> dict[int, list[TaskPart]]:
    """The parts other apps add to each of ``assignments`` for ``student``."""
    parts: dict[int, list[TaskPart]] = defaultdict(list)
    for source in _progress_sources:
        for pk, found in source(assignments, student).items():
            parts[pk] += found
    return parts


def with_progress(assignments: list[Assignment], student) -> list[Assignment]:
    """The assignments with the student's ``status``, ``status_label``, ``solved_count`` and ``item_count``.

    One query for the attempts of all of them (the exercises should be
    prefetched), however many assignments there are; the drills count as
    items too, and ``item_count`` is ``item_counts``, as the teacher sees it.
    """
    attempts = _attempts_by_exercise(Attempt.objects.filter(exercise__assignment__in=assignments, student=student))
    parts = other_parts(assignments, student)
    counts = item_counts(assignments)
    for assignment in assignments:
        cells = [Cell(student, exercise, attempts[exercise.pk]) for exercise in assignment.exercises.all()]
        extra = parts.get(assignment.pk, [])
        assignment.status = assignment_status(assignment, cells, extra)
        assignment.status_label = STATUS_LABELS[assignment.status]
        assignment.solved_count = sum(1 for one in cells if one.solved_on) + sum(1 for part in extra if part.solved)
        assignment.item_count = counts[assignment.pk]
    return assignments


STATUS_LABELS = {
    "done": "Completada",
    "done-late": "Completada con retraso",
    "overdue": "Fuera de plazo",
    "started": "En curso",
    "pending": "Pendiente",
}


def assignment_status(assignment: Assignment, cells: list[Cell], parts: Sequence[TaskPart] = ()) -> str:
    """``done``, ``done-late``, ``overdue``, ``started`` or ``pending`` (see ``STATUS_LABELS``).

    Done only when every exercise and every part another app adds (the
    assignment's drills) is solved.
    """
    items = [TaskPart(tried=bool(cell.attempts), solved=bool(cell.solved_on), late=cell.late) for cell in cells]
    items += parts
    if items and all(item.solved for item in items):
        return "done-late" if any(item.late for item in items) else "done"
    if assignment.is_past_due:
        return "overdue"
    return "started" if any(item.tried for item in items) else "pending"
