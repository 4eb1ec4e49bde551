"""What an author does to a study, with its limits: create, add, reorder, duplicate, delete, copy.

The views call these and show their ``StudyLimitError`` (a Spanish
message) as a 4xx.  Reordering saves only ``order`` (``update_fields``),
so it never makes a new revision of a chapter; duplicating and copying
make new chapters, at revision 1.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import F, Max

from tutor.lessons.library import get_library
from tutor.lessons.puzzles import Puzzle

from .models import MAX_CHAPTERS, MAX_STUDIES, Chapter, Moment, QuestionKind, Sharing, Study
from .validation import ChapterError, check_chapter


class StudyLimitError(ValueError):
    """A limit of the studies reached; the message is Spanish."""


def create_study(author, title: str) -> Study:
    if Study.objects.filter(author=author).count() >= MAX_STUDIES:
        raise StudyLimitError(f"Ya tienes {MAX_STUDIES} estudios: borra alguno antes de crear otro.")
    return Study.objects.create(author=author, title=title.strip())


def _room_for(study: Study, count: int = 1) -> None:
    if study.chapters.count() + count > MAX_CHAPTERS:
        raise StudyLimitError(f"Un estudio tiene como mucho {MAX_CHAPTERS} capítulos.")


def next_order(study: Study) -> int:
    last = study.chapters.aggregate(last=Max("order"))["last"]
    return 0 if last is None else last + 1


def add_chapter(study: Study, chapter: Chapter) -> Chapter:
    """Append a checked chapter at the end of the study."""
    with transaction.atomic():
        Study.objects.select_for_update().filter(pk=study.pk).first()
        _room_for(study)
        chapter.study = study
        chapter.order = next_order(study)
        chapter.save()
        Study.objects.filter(pk=study.pk).update(updated_at=chapter.updated_at)
    return chapter


def move_chapter(chapter: Chapter, step: int) -> bool:
    """Swap the chapter with the one before (``step`` -1) or after (+1); False at either end."""
    with transaction.atomic():
        siblings = list(Chapter.objects.select_for_update().filter(study_id=chapter.study_id).order_by("order", "pk"))
        index = next(i for i, item in enumerate(siblings) if item.pk == chapter.pk)
        other = index + step
        if not 0 <= other < len(siblings):
            return False
        siblings[index], siblings[other] = siblings[other], siblings[index]
        for order, item in enumerate(siblings):
            item.order = order
        Chapter.objects.bulk_update(siblings, ["order"])
    return True


def duplicate_chapter(chapter: Chapter) -> Chapter:
    """A copy of the chapter right after it, at revision 1."""
    with transaction.atomic():
        _room_for(chapter.study)
        Chapter.objects.filter(study_id=chapter.study_id, order__gt=chapter.order).update(order=F("order") + 1)
        copy = _copy_of(chapter, chapter.study, chapter.order + 1)
        copy.title = f"{chapter.title} (copia)"[: Chapter._meta.get_field("title").max_length]
        copy.save()
    return copy


def _copy_of(chapter: Chapter, study: Study, order: int) -> Chapter:
    fields = {name: getattr(chapter, name) for name in Chapter.CONTENT_FIELDS}
    return Chapter(study=study, order=order, **fields)


def copy_study(study: Study, teacher) -> Study:
    """A teacher's own copy of a study they may read: private, with every chapter."""
    with transaction.atomic():
        copy = create_study(teacher, study.title)
        copy.introduction = study.introduction
        copy.copied_from = study
        copy.sharing = Sharing.PRIVATE
        copy.save()
        Chapter.objects.bulk_create([_copy_of(chapter, copy, order) for order, chapter in enumerate(study.chapters.all())])
    return copy


def lesson_chapters(study: Study, lesson_slug: str) -> tuple[int, int]:
    """Append the puzzles of a course lesson as chapters: (added, left out).

    A puzzle the studies cannot ask (about a game already over) is left
    out, and counted.
    """
    lesson = get_library().lesson(lesson_slug)
    if lesson is None:
        raise StudyLimitError("No existe esa lección.")
    chapters = []
    for puzzle in lesson.puzzles:
        chapter = chapter_from_puzzle(puzzle)
        chapter.study = study
        try:
            check_chapter(chapter)
        except ChapterError:
            continue
        chapters.append(chapter)
    with transaction.atomic():
        _room_for(study, len(chapters))
        order = next_order(study)
        for index, chapter in enumerate(chapters):
            chapter.order = order + index
        Chapter.objects.bulk_create(chapters)
    return len(chapters), len(lesson.puzzles) - len(chapters)


def chapter_from_puzzle(puzzle: Puzzle) -> Chapter:
    """A lesson's puzzle as a chapter: its position, its question and answer, its first hint."""
    position = puzzle.position
    moment = Moment.DICE if position.dice is not None else Moment.BEFORE
    spec: dict = {}
    kind = QuestionKind.PLAY
    if puzzle.kind == "jugada":
        goal = puzzle.goal
        if goal is None:
            spec = {"accept": "any"}
        elif goal.plays:
            spec = {"accept": "plays", "plays": list(goal.plays)}
        else:
            spec = {"accept": "goal", "goal": f"{goal.kind} {goal.count}"}
    elif puzzle.kind == "unica":
        spec = {"accept": "any"}
    elif puzzle.kind == "legalidad":
        kind, spec = QuestionKind.YES_NO, {"answer": puzzle.answer, "play": puzzle.play}
    elif puzzle.kind == "numero":
        kind, spec = QuestionKind.NUMBER, {"answer": int(puzzle.answer)}
    else:
        keys = "abcdef"
        mapping = {choice.key: keys[index] for index, choice in enumerate(puzzle.choices[: len(keys)])}
        kind = QuestionKind.CHOICE
        spec = {
            "choices": [{"key": mapping[choice.key], "label": choice.label} for choice in puzzle.choices[: len(keys)]],
            "answer": mapping.get(puzzle.answer.lower(), ""),
        }
    return Chapter(
        title=puzzle.title[:120],
        xgid=position.to_xgid(),
        moment=moment,
        question_kind=kind,
        prompt=puzzle.question[:300],
        answer_spec=spec,
        hint=puzzle.hints[0][:500] if puzzle.hints else "",
    )
