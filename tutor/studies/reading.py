"""Reading a study: who may read which chapter, and what is stored of each answer.

A reader goes chapter by chapter.  For a signed-in reader each chapter shown
starts the clock of their next answer (``ChapterVisit.shown_at``) and is
where they stopped (``StudyPlace``); each answer is judged by the author's
``answers.judge_chapter``, announced to the site as one ``AnswerJudged``
(``announce``: training's memory of the rules listens) and stored with the
chapter's revision and the question and answer in the words the reader saw
(``ChapterAnswer``); asking
for the solution marks the answers after it «Con la solución vista», and
opening the hint marks them «Con la pista vista».

An empty answer is refused before it is judged or stored: an untouched
board is no answer (a pass is sent on purpose with «Paso», as in drills),
nor is a question left blank.
"""

from __future__ import annotations

import datetime as dt

from django.db import IntegrityError, transaction
from django.db.models import Max
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils import timezone

from tutor.lessons.answers import Judgement, rules_exercised
from tutor.lessons.puzzles import Puzzle, normalise_yes_no
from tutor.lessons.templatetags.answer_words import answer_in_words
from tutor.numbers import parse_int
from tutor.rules import AnswerJudged, Source, answer_judged

from . import access
from .answers import chapter_puzzle, judge_chapter
from .models import MAX_PROMPT, MAX_TITLE, Chapter, ChapterAnswer, ChapterVisit, Sharing, Study, StudyPlace

MAX_SECONDS = 10 * 60
"""The most time one answer counts: a tab left open over lunch does not count hours."""

MAX_TEXT = 200
NUMBERING_RETRIES = 5
PASS_WORDS = "Paso"

NO_MOVE = "No has movido ninguna ficha. Mueve en el tablero o escribe tu jugada y pulsa «Comprobar»; si no puedes mover ninguna, pulsa «Paso»."
NO_NUMBER = "Escribe un número entero y pulsa «Comprobar»."
NO_YES_NO = "Elige «sí» o «no» y pulsa «Comprobar»."
NO_CHOICE = "Elige una de las respuestas y pulsa «Comprobar»."


def study_to_read(user, pk: int) -> Study:
    """The study ``pk`` if ``user`` may read it, else 404 (its existence is not revealed)."""
    if not getattr(user, "is_authenticated", False):
        raise Http404("No tienes acceso a este estudio.")
    return get_object_or_404(access.readable(user).select_related("author"), pk=pk)


LINKS_KEY = "studies_links"
"""The session's list of the public studies a visitor who is not signed in opened by their link."""
MAX_LINKS = 50


def remember_link(request, token: str) -> Study:
    """The study public by this link (404 otherwise), remembered in the visitor's session so they may read it."""
    study = get_object_or_404(Study, link_token=str(token)[:40], sharing=Sharing.LINK)
    held = [pk for pk in request.session.get(LINKS_KEY, []) if isinstance(pk, int) and pk != study.pk]
    request.session[LINKS_KEY] = [*held[-(MAX_LINKS - 1):], study.pk]
    return study


def holds_link(request, pk: int) -> bool:
    """Whether a visitor who is not signed in opened the link of study ``pk`` in this session."""
    return pk in request.session.get(LINKS_KEY, [])


def study_for(request, pk: int) -> Study:
    """The study ``pk`` for this request: what a signed-in user may read, or for a visitor a public
    study whose link they opened while it is still public; else 404."""
    if request.user.is_authenticated:
        return study_to_read(request.user, pk)
    if not holds_link(request, pk):
        raise Http404("No tienes acceso a este estudio.")
    return get_object_or_404(Study.objects.select_related("author"), pk=pk, sharing=Sharing.LINK)


def chapter_of(study: Study, pk: int) -> Chapter:
    """The chapter ``pk`` of ``study``, else 404: a chapter of another study is not reachable through this one."""
    return get_object_or_404(Chapter, study=study, pk=pk)


def neighbours(chapter: Chapter) -> tuple[int, int, Chapter | None, Chapter | None]:
    """Where the chapter stands in its study: its number (from 1), how many there are, and the chapters around it."""
    siblings = list(Chapter.objects.filter(study_id=chapter.study_id).order_by("order", "pk"))
    index = next(number for number, one in enumerate(siblings) if one.pk == chapter.pk)
    following = siblings[index + 1] if index + 1 < len(siblings) else None
    return index + 1, len(siblings), siblings[index - 1] if index else None, following


def place(study: Study, reader) -> Chapter | None:
    """The chapter where ``reader`` stopped in ``study``, or None if they never opened one."""
    if not getattr(reader, "is_authenticated", False):
        return None
    found = StudyPlace.objects.filter(study=study, reader=reader).select_related("chapter").first()
    return found.chapter if found is not None else None


def records(study: Study, reader) -> bool:
    """Whether what ``reader`` does in ``study`` is stored: a signed-in reader's, not the author's preview."""
    return bool(getattr(reader, "is_authenticated", False)) and reader.pk != study.author_id


def show(chapter: Chapter, reader) -> None:
    """The chapter is on the reader's screen: its clock starts and it is where they are in the study."""
    if not records(chapter.study, reader):
        return
    now = timezone.now()
    ChapterVisit.objects.update_or_create(chapter=chapter, reader=reader, defaults={"shown_at": now})
    StudyPlace.objects.update_or_create(study_id=chapter.study_id, reader=reader, defaults={"chapter": chapter})


def see_solution(chapter: Chapter, reader) -> None:
    """The reader was given the chapter's solution: their later answers say so."""
    if not records(chapter.study, reader):
        return
    now = timezone.now()
    visit, created = ChapterVisit.objects.get_or_create(
        chapter=chapter, reader=reader, defaults={"shown_at": now, "solution_seen_at": now}
    )
    if not created and visit.solution_seen_at is None:
        ChapterVisit.objects.filter(pk=visit.pk).update(solution_seen_at=now)


def see_hint(chapter: Chapter, reader) -> bool:
    """The reader opened the chapter's «Pista»: their later answers say «Con la pista vista».

    Whether it was stored: a visitor's or the author's opening is not."""
    if not records(chapter.study, reader) or not chapter.hint:
        return False
    now = timezone.now()
    visit, created = ChapterVisit.objects.get_or_create(
        chapter=chapter, reader=reader, defaults={"shown_at": now, "hint_seen_at": now}
    )
    if not created and visit.hint_seen_at is None:
        ChapterVisit.objects.filter(pk=visit.pk).update(hint_seen_at=now)
    return True


def missing(chapter: Chapter, submitted: str, passing: bool = False) -> str | None:
    """What an empty answer still lacks, in Spanish; None when there is an answer to judge."""
    text = str(submitted)[:MAX_TEXT].strip()
    kind = chapter.question_kind
    if kind == "jugada":
        return NO_MOVE if not text and not passing else None
    if kind == "numero":
        return NO_NUMBER if parse_int(text) is None else None
    if kind == "sino":
        return NO_YES_NO if normalise_yes_no(text) is None else None
    return NO_CHOICE if not text else None


def words_of(puzzle: Puzzle, text: str) -> str:
    """The answer as the reader saw it: the play written, «Paso», or the label of the choice picked."""
    if puzzle.is_play:
        return text or PASS_WORDS
    if puzzle.kind == "legalidad" and not puzzle.play:
        said = normalise_yes_no(text)
        return text if said is None else ("Sí" if said else "No")
    return str(answer_in_words(text, puzzle))


def seconds_since(moment: dt.datetime | None, now: dt.datetime) -> int:
    """Whole seconds from ``moment`` to ``now``, never below 0 nor above ``MAX_SECONDS``."""
    if moment is None:
        return 0
    return max(0, min(MAX_SECONDS, int((now - moment).total_seconds())))


def answer(chapter: Chapter, reader, submitted: str) -> tuple[Judgement, ChapterAnswer | None]:
    """Judge ``submitted`` and, for a signed-in reader, store it; returns the judgement and the stored answer.

    Call ``missing`` first: this judges whatever it is given.  The author's
    own answers (a preview) and a visitor's are judged, not stored.
    """
    text = str(submitted)[:MAX_TEXT].strip()
    judgement = judge_chapter(chapter, text)
    if not records(chapter.study, reader):
        return judgement, None
    return judgement, record(chapter, reader, text, judgement)


def record(chapter: Chapter, reader, text: str, judgement: Judgement) -> ChapterAnswer:
    """Store one answer with the next number for this reader and chapter, its time and whether the solution was seen."""
    puzzle = chapter_puzzle(chapter)
    for _ in range(NUMBERING_RETRIES):
        try:
            with transaction.atomic():
                now = timezone.now()
                visit = ChapterVisit.objects.select_for_update().filter(chapter=chapter, reader=reader).first()
                last = ChapterAnswer.objects.filter(chapter=chapter, reader=reader).aggregate(last=Max("number"))["last"]
                stored = ChapterAnswer.objects.create(
                    study_id=chapter.study_id,
                    chapter=chapter,
                    reader=reader,
                    number=(last or 0) + 1,
                    revision=chapter.revision,
                    chapter_title=chapter.title[:MAX_TITLE],
                    question=chapter.prompt[:MAX_PROMPT],
                    text=text,
                    answer_words=words_of(puzzle, text)[:300],
                    correct=judgement.correct,
                    legal=judgement.legal,
                    codes=" ".join(dict.fromkeys(judgement.codes))[:200],
                    verdict=judgement.as_json(),
                    solution_seen=visit is not None and visit.solution_seen_at is not None,
                    hint_seen=visit is not None and visit.hint_seen_at is not None,
                    seconds=seconds_since(visit.shown_at if visit else None, now),
                )
                # The next answer's time counts from this one.
                ChapterVisit.objects.update_or_create(chapter=chapter, reader=reader, defaults={"shown_at": now})
                return stored
        except IntegrityError:
            continue
    raise IntegrityError("could not number the answer after several retries")


def announce(who, chapter: Chapter, judgement: Judgement, text: str) -> None:
    """Tell the site that ``who`` (the request: a visitor's answers live in their session) answered
    a chapter: one ``AnswerJudged`` from a study, so training's memory of the rules hears it too."""
    puzzle = chapter_puzzle(chapter)
    rules = rules_exercised(puzzle, judgement.verdict)
    answer_judged.send(AnswerJudged(who, rules, judgement.correct, Source.STUDY, puzzle.slug, words_of(puzzle, text)))


def answers_of(chapter: Chapter, reader) -> list[ChapterAnswer]:
    if not getattr(reader, "is_authenticated", False):
        return []
    return list(ChapterAnswer.objects.filter(chapter=chapter, reader=reader).order_by("number"))
