"""Studies inside classroom assignments: each chapter with a question is one item.

An ``AssignedStudy`` puts a study in an assignment, with the assignment's
due date.  Every chapter of it that asks a question counts as one item of
the assignment, for the teacher and the student alike (``item_counts``):
tried once the student answered it, solved once they answered it right
(late if that first right answer came after the due date).  The answers
are the study's own (``ChapterAnswer``), so reading the study from the list
or from the assignment counts the same; they go into the assignment's
``intentos.csv`` in the words the student saw.  Registered with the
classroom's results in ``StudiesConfig.ready``: the classroom does not
import this app.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from django.core.exceptions import ValidationError

from tutor.classroom.results import AttemptLine, PartGroup, TaskPart

from .models import AssignedStudy, Chapter, ChapterAnswer, QuestionKind, Study


def add_study(assignment, study: Study) -> AssignedStudy:
    """Put ``study`` in ``assignment``; refused (``ValidationError``) when it asks nothing or is there already."""
    if not study.chapters.exclude(question_kind=QuestionKind.NONE).exists():
        raise ValidationError("Ese estudio no hace ninguna pregunta: no hay nada que responder en la tarea.", code="no-questions")
    assigned, created = AssignedStudy.objects.get_or_create(assignment=assignment, study=study)
    if not created:
        raise ValidationError("Ese estudio ya está en la tarea.", code="already-there")
    return assigned


def group_of(study: Study) -> PartGroup:
    return PartGroup(f"study-{study.pk}", f"Estudio «{study.title}»")


def _questions(study_ids) -> dict[int, list[Chapter]]:
    chapters: dict[int, list[Chapter]] = defaultdict(list)
    for chapter in Chapter.objects.filter(study__in=study_ids).exclude(question_kind=QuestionKind.NONE).order_by("order", "pk"):
        chapters[chapter.study_id].append(chapter)
    return chapters


def item_counts(assignments: Sequence) -> dict[int, int]:
    """How many chapters with a question each assignment's studies ask of every student."""
    assigned = list(AssignedStudy.objects.filter(assignment__in=list(assignments)))
    questions = _questions({one.study_id for one in assigned})
    counts: dict[int, int] = defaultdict(int)
    for one in assigned:
        counts[one.assignment_id] += len(questions[one.study_id])
    return dict(counts)


def progress_parts(assignments: Sequence, student) -> dict[int, list[TaskPart]]:
    """Each chapter with a question of the assignments' studies, for ``student``: tried, solved, solved late."""
    by_pk = {assignment.pk: assignment for assignment in assignments}
    assigned = list(AssignedStudy.objects.filter(assignment__in=list(by_pk)).select_related("study"))
    questions = _questions({one.study_id for one in assigned})
    tried: set[int] = set()
    first_right: dict[int, object] = {}
    answers = ChapterAnswer.objects.filter(reader=student, chapter__in=[c.pk for chapters in questions.values() for c in chapters])
    for chapter_id, correct, created in answers.order_by("created_at", "pk").values_list("chapter_id", "correct", "created_at"):
        tried.add(chapter_id)
        if correct:
            first_right.setdefault(chapter_id, created)
    parts: dict[int, list[TaskPart]] = defaultdict(list)
    for one in assigned:
        assignment = by_pk[one.assignment_id]
        group = group_of(one.study)
        parts[one.assignment_id].extend(
            TaskPart(
                tried=chapter.pk in tried,
                solved=chapter.pk in first_right,
                late=chapter.pk in first_right and assignment.is_late(first_right[chapter.pk]),
                group=group,
            )
            for chapter in questions[one.study_id]
        )
    return dict(parts)


def attempt_lines(assignment, student) -> list[AttemptLine]:
    """The student's answers to the assignment's studies, as lines of its ``intentos.csv``."""
    lines = []
    for one in AssignedStudy.objects.filter(assignment=assignment).select_related("study"):
        numbers = {chapter.pk: number for number, chapter in enumerate(one.study.chapters.order_by("order", "pk"), 1)}
        answers = ChapterAnswer.objects.filter(study=one.study, reader=student).order_by("created_at", "pk")
        for answer in answers:
            number = numbers.get(answer.chapter_id) if answer.chapter_id else None
            lines.append(
                AttemptLine(
                    exercise=f"Estudio «{one.study.title}»: {f'{number}. ' if number else ''}{answer.chapter_title}",
                    number=answer.number,
                    created_at=answer.created_at,
                    text=answer.answer_words,
                    correct=answer.correct,
                    legal=answer.legal,
                    codes=tuple(answer.codes.split()),
                    message=answer.explanation,
                    late=assignment.is_late(answer.created_at),
                    solution_seen=answer.solution_seen,
                )
            )
    return lines


def studies_of(assignment, student=None) -> list[tuple[AssignedStudy, int, int]]:
    """The assignment's studies, each with how many of its questions ``student`` got right and how many it asks."""
    assigned = list(AssignedStudy.objects.filter(assignment=assignment).select_related("study"))
    questions = _questions({one.study_id for one in assigned})
    right: set[int] = set()
    if student is not None:
        right = set(ChapterAnswer.objects.filter(reader=student, correct=True, study__in=[one.study_id for one in assigned]).values_list("chapter_id", flat=True))
    return [(one, sum(1 for chapter in questions[one.study_id] if chapter.pk in right), len(questions[one.study_id])) for one in assigned]


def remove_study(assigned: AssignedStudy) -> None:
    """Take a study out of its assignment; refused once a member of the group has answered it."""
    members = assigned.assignment.classroom.memberships.values("student")
    if ChapterAnswer.objects.filter(study=assigned.study, reader__in=members).exists():
        raise ValidationError("Tus alumnos ya han respondido ese estudio: no se puede quitar de la tarea.", code="answered")
    assigned.delete()
