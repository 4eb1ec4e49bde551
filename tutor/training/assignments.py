"""Drills inside classroom assignments: each student gets their own positions.

A ``DrillTask`` says «``count`` drills of ``rule`` at ``level``»; a
student's drills are ``drill_set(rule, level, student_seed, count)``.  An
answer is stored as a ``RuleAnswer`` (source «assignment», item the drill
id), which is also what the results read: no second table of attempts.
"""

from __future__ import annotations

import datetime as dt
import secrets

from django.utils import timezone

from django.db.models import Sum

from tutor.classroom.results import AttemptLine, PartGroup, TaskPart
from tutor.drills import RULES, Drill, drill_set

from .models import DrillTask, RuleAnswer

MAX_SEED = 2**31 - 1
REVIEW_COUNT = 5
REVIEW_DAYS = 7


def student_seed(task: DrillTask, student_id: int) -> int:
    return (task.seed * 1_000_003 + student_id * 7919) % MAX_SEED


def student_drills(task: DrillTask, student_id: int) -> list[Drill]:
    return drill_set(task.rule, task.level, student_seed(task, student_id), task.count)


def add_task(assignment, rule: str, level: int, count: int) -> DrillTask:
    return DrillTask.objects.create(assignment=assignment, rule=rule, level=level, count=count, seed=secrets.randbelow(MAX_SEED))


def create_review_assignment(classroom, rules: list[str]):
    """A draft assignment with a few drills of each rule, for the teacher to check and publish."""
    from tutor.classroom.models import Assignment

    titles = ", ".join(RULES[rule].title for rule in rules)
    assignment = Assignment.objects.create(
        classroom=classroom,
        title="Repaso de las reglas más flojas",
        instructions=f"Ejercicios nuevos, distintos para cada alumno, sobre: {titles}.",
        due_at=timezone.now() + dt.timedelta(days=REVIEW_DAYS),
    )
    for rule in rules:
        add_task(assignment, rule, 1, REVIEW_COUNT)
    return assignment


def results(task: DrillTask, student_id: int) -> list[tuple[Drill, bool | None]]:
    """Each of the student's drills with its outcome: right (some answer right), wrong, or not tried."""
    drills = student_drills(task, student_id)
    outcome: dict[str, bool] = {}
    for item, correct in RuleAnswer.objects.filter(user_id=student_id, source="assignment", item__in=[d.id for d in drills]).values_list("item", "correct"):
        outcome[item] = outcome.get(item, False) or correct
    return [(drill, outcome.get(drill.id)) for drill in drills]


def task_title(task: DrillTask) -> str:
    """«Entrenamiento «…» (dificultad 2)»: how the results, the CSV and the attempts name a drill task."""
    title = RULES[task.rule].title if task.rule in RULES else task.rule
    return f"Entrenamiento «{title}» (dificultad {task.level})"


def item_counts(assignments) -> dict[int, int]:
    """How many drills each assignment asks of every student (each of its tasks gives each student ``count``)."""
    totals = DrillTask.objects.filter(assignment__in=list(assignments)).values("assignment").annotate(drills=Sum("count"))
    return {row["assignment"]: row["drills"] for row in totals}


def progress_parts(assignments, student) -> dict[int, list[TaskPart]]:
    """Each drill of the assignments' drill tasks for ``student``: tried, solved, solved after the due date, and its task."""
    by_pk = {assignment.pk: assignment for assignment in assignments}
    parts: dict[int, list[TaskPart]] = {}
    for task in DrillTask.objects.filter(assignment__in=list(by_pk)):
        drills = student_drills(task, student.pk)
        tried: set[str] = set()
        first_right: dict[str, dt.datetime] = {}
        answers = RuleAnswer.objects.filter(user_id=student.pk, source="assignment", item__in=[drill.id for drill in drills])
        for item, correct, created in answers.order_by("created", "pk").values_list("item", "correct", "created"):
            tried.add(item)
            if correct:
                first_right.setdefault(item, created)
        assignment = by_pk[task.assignment_id]
        group = PartGroup(f"drills-{task.pk}", task_title(task))
        parts.setdefault(task.assignment_id, []).extend(
            TaskPart(tried=drill.id in tried, solved=drill.id in first_right,
                     late=drill.id in first_right and assignment.is_late(first_right[drill.id]), group=group)
            for drill in drills
        )
    return parts


def attempt_lines(assignment, student) -> list[AttemptLine]:
    """The student's answers to the drills of ``assignment``, as lines of its ``intentos.csv``.

    An answer is stored as a ``RuleAnswer``: right or wrong, when, and what
    the student answered in the words they saw; the line names the drill and
    its rule, which is the code of a wrong answer.
    """
    lines = []
    for task in DrillTask.objects.filter(assignment=assignment):
        numbers = {drill.id: number for number, drill in enumerate(student_drills(task, student.pk), 1)}
        title = task_title(task)
        tries: dict[str, int] = {}
        for answer in RuleAnswer.objects.filter(user=student, source="assignment", item__in=numbers).order_by("created", "pk"):
            tries[answer.item] = tries.get(answer.item, 0) + 1
            lines.append(
                AttemptLine(
                    exercise=f"{title}: {numbers[answer.item]} de {task.count}",
                    number=tries[answer.item],
                    created_at=answer.created,
                    text=answer.answer,
                    correct=answer.correct,
                    codes=() if answer.correct else (task.rule,),
                    late=assignment.is_late(answer.created),
                )
            )
    return lines
