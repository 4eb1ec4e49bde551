"""The readers' pages of a study: each chapter with its question, the JSON check, the solution.

The board's script sends an answer as JSON to ``chapter_check``; without
JavaScript the same form posts to ``chapter`` and the answer is shown on the
page it redirects to.  Lookups go through ``reading`` (a chapter of a study
the reader may not read is a 404); every refusal is a Spanish message with a
4xx.
"""

from __future__ import annotations

from django.contrib.auth.views import redirect_to_login
from django.db import transaction
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from tutor.json_api import BadRequest, error, read_json, text_field
from tutor.lessons import gates
from tutor.lessons.api import puzzle_marks, solution_payload
from tutor.lessons.puzzles import Puzzle
from tutor.ratelimit import ratelimit

from . import reading
from .answers import SpecError, chapter_puzzle, hides_pip_counts
from .markdown import render_markdown
from .models import Chapter, ChapterAnswer


def _json(data: dict, status: int = 200) -> JsonResponse:
    return JsonResponse(data, status=status, json_dumps_params={"ensure_ascii": False})


def _puzzle(chapter: Chapter) -> Puzzle | None:
    """The chapter's question as a puzzle, or None when it asks nothing (or its spec cannot be used)."""
    if not chapter.asks:
        return None
    try:
        return chapter_puzzle(chapter)
    except SpecError:
        return None


def next_step(chapter: Chapter) -> dict[str, str]:
    """Where «Siguiente» goes from a chapter: the next one, or back to the study's overview after
    the last (a visitor with the public link reads the overview too)."""
    following = reading.neighbours(chapter)[3]
    if following is not None:
        return {"next_url": following.get_absolute_url(), "next_label": "Siguiente capítulo"}
    return {"next_url": reverse("studies:study", args=[chapter.study_id]), "next_label": "Volver al estudio"}


def verdict_payload(chapter: Chapter, puzzle: Puzzle, judgement, stored: ChapterAnswer | None, text: str) -> dict:
    """The verdict the board shows, as the lessons' check gives it, plus the stored answer's number."""
    payload = judgement.as_json()
    payload["written"] = text if puzzle.is_play else None
    payload["marks"] = puzzle_marks(puzzle, text)
    if judgement.correct:
        payload.update(solution_payload(puzzle))
    else:
        payload["legal_plays"] = None
    payload["progress"] = next_step(chapter)
    if stored is not None:
        payload["attempt"] = stored.number
        payload["text"] = stored.answer_words
    return payload


def _needs_sign_in(request, pk: int) -> bool:
    """A visitor who is not signed in and did not open this study's public link: sent to sign in."""
    return not request.user.is_authenticated and not reading.holds_link(request, pk)


def continue_reading(request, pk: int):
    """«Empezar» or «Seguir»: the chapter where the reader stopped, else the first one."""
    if _needs_sign_in(request, pk):
        return redirect_to_login(request.get_full_path())
    study = reading.study_for(request, pk)
    chapter = reading.place(study, request.user) or study.chapters.order_by("order", "pk").first()
    if chapter is None:
        return redirect(study.get_absolute_url())
    return redirect(chapter.get_absolute_url())


@ratelimit("check")
def chapter(request, pk: int, chapter_id: int):
    """One chapter: its text, its board and its question; the no-JavaScript answer posts here.

    A visitor who opened the study's public link reads and answers it with nothing stored.
    """
    if _needs_sign_in(request, pk):
        return redirect_to_login(request.get_full_path())
    study = reading.study_for(request, pk)
    chapter = reading.chapter_of(study, chapter_id)
    puzzle = _puzzle(chapter)
    if request.method == "POST":
        if puzzle is None:
            raise Http404("Este capítulo no hace ninguna pregunta.")
        passing = request.POST.get("pasar") == "1"
        submitted = "" if passing else request.POST.get("play" if puzzle.is_play else "answer", "")
        lacking = reading.missing(chapter, submitted, passing)
        refusal = None if lacking else gates.puzzle_refusal(request.user, puzzle)
        if lacking is None and refusal is None:
            with transaction.atomic():
                judgement, stored = reading.answer(chapter, request.user, submitted)
            reading.announce(request, chapter, judgement, str(submitted)[: reading.MAX_TEXT].strip())
            if judgement.correct:
                gates.puzzle_shown(request.user, puzzle)
            if stored is not None:
                return redirect(f"{chapter.get_absolute_url()}?respuesta={stored.number}#pregunta")
            # Nothing stored (a visitor, the author): the verdict is shown on this page.
            verdict = verdict_payload(chapter, puzzle, judgement, None, str(submitted)[: reading.MAX_TEXT].strip())
            return _chapter_page(request, study, chapter, puzzle, verdict=verdict)
        return _chapter_page(request, study, chapter, puzzle, notice=lacking or refusal, status=400 if lacking else 403)
    reading.show(chapter, request.user)
    return _chapter_page(request, study, chapter, puzzle)


def _chapter_page(
    request, study, chapter: Chapter, puzzle: Puzzle | None, notice: str | None = None, status: int = 200, verdict: dict | None = None
) -> HttpResponse:
    answers = reading.answers_of(chapter, request.user)
    shown = None
    if "respuesta" in request.GET:
        shown = next((one for one in answers if str(one.number) == request.GET["respuesta"]), None)
        if shown is None:
            raise Http404("No encontramos esa respuesta.")
    index, total, previous, following = reading.neighbours(chapter)
    if shown is not None and puzzle is not None:
        verdict = dict(shown.verdict)
        if shown.correct:
            verdict.update(solution_payload(puzzle))
        else:
            verdict["legal_plays"] = None
    context = {
        "study": study,
        "chapter": chapter,
        "puzzle": puzzle,
        "hide_pips": hides_pip_counts(puzzle),
        "text_html": render_markdown(chapter.text),
        "answers": answers,
        "solved": any(one.correct for one in answers),
        "shown": shown,
        "verdict": verdict,
        "notice": notice,
        "index": index,
        "total": total,
        "previous": previous,
        "next": following,
        "check_url": reverse("studies:chapter_check", args=[study.pk, chapter.pk]),
        "solution_url": reverse("studies:chapter_solution", args=[study.pk, chapter.pk]),
        # Opening «Pista» is stored only for a reader whose answers are stored.
        "hint_url": reverse("studies:chapter_hint", args=[study.pk, chapter.pk]) if chapter.hint and reading.records(study, request.user) else "",
        "form_action": chapter.get_absolute_url(),
        "is_author": study.author_id == request.user.pk,
        "visitor": not request.user.is_authenticated,
        # GNU Backgammon's light for the play answered, when the author asks for it and there are dice to play.
        "compare": chapter.compare_gnubg and puzzle is not None and puzzle.is_play and puzzle.position.dice is not None,
    }
    return render(request, "studies/read_chapter.html", context, status=status)


@require_POST
@ratelimit("check", json=True)
def chapter_check(request, pk: int, chapter_id: int) -> JsonResponse:
    """Judge ``{"play": …}`` (``"pass": true`` for «Paso») or ``{"answer": …}``; store it for a signed-in reader."""
    try:
        study = reading.study_for(request, pk)
        chapter = reading.chapter_of(study, chapter_id)
    except Http404:
        return error("Ese capítulo no existe o no es de un estudio que puedas leer.", 404)
    puzzle = _puzzle(chapter)
    if puzzle is None:
        return error("Este capítulo no hace ninguna pregunta.", 404)
    try:
        data = read_json(request)
        field = "play" if puzzle.is_play else "answer"
        submitted = text_field(data, field)
        if submitted is None:
            raise BadRequest(f"Falta «{field}» en la petición.")
        passing = puzzle.is_play and data.get("pass") is True
        lacking = reading.missing(chapter, "" if passing else submitted, passing)
        if lacking is not None:
            raise BadRequest(lacking)
    except BadRequest as problem:
        return error(problem.message, problem.status)
    refusal = gates.puzzle_refusal(request.user, puzzle)  # the same question in an exercise still unanswered
    if refusal:
        return error(refusal, 403)
    text = "" if passing else submitted
    with transaction.atomic():
        judgement, stored = reading.answer(chapter, request.user, text)
    reading.announce(request, chapter, judgement, text.strip())
    if judgement.correct:
        gates.puzzle_shown(request.user, puzzle)
    return _json(verdict_payload(chapter, puzzle, judgement, stored, text.strip()))


@require_GET
def chapter_solution(request, pk: int, chapter_id: int) -> JsonResponse:
    """«Ver solución»: the chapter's right answers; every later answer of the reader says «Con la solución vista»."""
    try:
        study = reading.study_for(request, pk)
        chapter = reading.chapter_of(study, chapter_id)
    except Http404:
        return error("Ese capítulo no existe o no es de un estudio que puedas leer.", 404)
    puzzle = _puzzle(chapter)
    if puzzle is None:
        return error("Este capítulo no hace ninguna pregunta.", 404)
    refusal = gates.puzzle_refusal(request.user, puzzle)
    if refusal:
        return error(refusal, 403)
    reading.see_solution(chapter, request.user)
    gates.puzzle_shown(request.user, puzzle)
    return _json(solution_payload(puzzle))


@require_POST
@ratelimit("check", json=True)
def chapter_hint(request, pk: int, chapter_id: int) -> JsonResponse:
    """The reader opened «Pista»: stored for a signed-in reader, so the teacher's path says «Con la pista vista»."""
    try:
        study = reading.study_for(request, pk)
        chapter = reading.chapter_of(study, chapter_id)
    except Http404:
        return error("Ese capítulo no existe o no es de un estudio que puedas leer.", 404)
    if not chapter.hint:
        return error("Este capítulo no tiene pista.", 404)
    return _json({"recorded": reading.see_hint(chapter, request.user)})
