"""Pages: the lesson index, a lesson, a single puzzle, the explorer, the glossary.

Views stay thin: the library renders lessons, the engine judges plays and
``answers`` adds what each kind of puzzle asks.  Every page works without
JavaScript: the forms post here and the verdict comes back in the page.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import markdown
from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_http_methods

from tutor.engine import Position
from tutor.ratelimit import ratelimit

from . import gates
from .answers import judge_answer, judge_play, missing, send_answer, solution
from .api import BadRequest, explorer_position, explorer_verdict, layout_position, legal_notations
from .library import get_library
from .progress import SEEN_TODAY, lesson_progress, mark_solved, note_solution_seen, seen_solution_today, solved_puzzles
from .puzzles import Puzzle
from .tempting import tempting_explained

_SLOT = re.compile(r'<div class="puzzle-slot" data-puzzle="([a-z0-9-]+)"></div>')


def lesson_index(request: HttpRequest) -> HttpResponse:
    library = get_library()
    solved = solved_puzzles(request)
    course = [
        {
            "lesson": lesson,
            "total": len(lesson.puzzles),
            "solved": sum(1 for puzzle in lesson.puzzles if puzzle.slug in solved),
        }
        for lesson in library.course()
    ]
    references = [lesson for lesson in library.lessons() if lesson.number is None]
    return render(request, "lessons/index.html", {"course": course, "references": references})


def lesson_detail(request: HttpRequest, slug: str) -> HttpResponse:
    library = get_library()
    lesson = library.lesson(slug)
    if lesson is None:
        raise Http404("No existe esa lección.")
    solved = solved_puzzles(request)
    puzzles = {puzzle.slug: puzzle for puzzle in lesson.puzzles}

    def live(match: re.Match) -> str:
        puzzle = puzzles[match[1]]
        return render_puzzle(request, puzzle, solved=puzzle.slug in solved, heading_level=3)

    course = library.course()
    position = next((i for i, item in enumerate(course) if item.slug == slug), None)
    neighbours = {
        "previous": course[position - 1] if position else None,
        "next": course[position + 1] if position is not None and position + 1 < len(course) else None,
    }
    return render(
        request,
        "lessons/lesson.html",
        {
            "lesson": lesson,
            "body": mark_safe(_SLOT.sub(live, lesson.html)),
            "progress": lesson_progress(request, lesson.slug) if lesson.puzzles else None,
            **neighbours,
        },
    )


def render_puzzle(request: HttpRequest, puzzle: Puzzle, *, solved: bool = False, judgement=None, submitted: str = "", show_solution: bool = False, heading_level: int = 2, notice: str = "", lacking: str = "") -> str:
    """The live puzzle: question, board, answer form, hints and verdict (or ``lacking``: what an empty answer missed)."""
    verdict: dict[str, Any] | None = {"error": lacking} if lacking else None
    if judgement:
        verdict = {**judgement.as_json(), "written": submitted if puzzle.is_play else None}
    return render_to_string(
        "lessons/_puzzle.html",
        {
            "puzzle": puzzle,
            "solved": solved,
            "judgement": judgement,
            "verdict_json": verdict,
            "submitted": submitted,
            "solution": solution(puzzle) if show_solution or (judgement and judgement.correct) else None,
            "next_step": lesson_progress(request, puzzle.lesson, after=puzzle.slug) if judgement and judgement.correct else None,
            "heading_level": heading_level,
            "check_url": f"/api/puzzles/{puzzle.slug}/check/",
            "solution_url": f"/api/puzzles/{puzzle.slug}/solution/",
            "form_action": f"/ejercicios/{puzzle.slug}/",
            "notice": notice,
        },
        request=request,
    )


@require_http_methods(["GET", "HEAD", "POST"])
@ratelimit("check")
def puzzle_detail(request: HttpRequest, slug: str) -> HttpResponse:
    """One puzzle on its own page; the no-JavaScript form posts here."""
    library = get_library()
    puzzle = library.puzzles().get(slug)
    if puzzle is None:
        raise Http404("No existe ese ejercicio.")
    judgement = None
    copied = False
    submitted = lacking = ""
    status = 200
    refusal = gates.puzzle_refusal(request.user, puzzle)
    if refusal and (request.method == "POST" or request.GET.get("solucion") == "1"):
        body = render_puzzle(request, puzzle, notice=refusal)
        return render(request, "lessons/puzzle.html", {"puzzle": puzzle, "lesson": library.lesson(puzzle.lesson), "body": mark_safe(body)}, status=403)
    if request.method == "POST":
        field = "play" if puzzle.is_play else "answer"
        submitted = str(request.POST.get(field, ""))[:200]
        lacking = missing(puzzle, submitted, passing=request.POST.get("pasar") == "1") or ""
        if lacking:  # an empty answer: nothing judged, nothing counted
            status = 400
        else:
            judgement = judge_play(puzzle, submitted) if puzzle.is_play else judge_answer(puzzle, submitted)
            copied = seen_solution_today(request, puzzle.slug)
            if not copied:
                send_answer(request, puzzle, judgement)
        if judgement and judgement.correct:
            if not copied:
                mark_solved(request, puzzle.slug)
            gates.puzzle_shown(request.user, puzzle)
    if request.GET.get("solucion") == "1":
        gates.puzzle_shown(request.user, puzzle)
        note_solution_seen(request, puzzle.slug)
    lesson = library.lesson(puzzle.lesson)
    html = render_puzzle(
        request,
        puzzle,
        solved=puzzle.slug in solved_puzzles(request),
        judgement=judgement,
        submitted=submitted,
        show_solution=request.GET.get("solucion") == "1",
        heading_level=1,
        lacking=lacking,
        notice=SEEN_TODAY if copied else "",
    )
    progress = lesson_progress(request, puzzle.lesson, after=puzzle.slug) if lesson else None
    context: dict[str, Any] = {"puzzle": puzzle, "lesson": lesson, "body": mark_safe(html), "progress": progress}
    if lesson:
        slugs = [item.slug for item in lesson.puzzles]
        context["position"] = slugs.index(puzzle.slug) + 1 if puzzle.slug in slugs else None
    return render(request, "lessons/puzzle.html", context, status=status)


def _xgid_has_dice(xgid: str) -> bool:
    """Whether an XGID, readable or not, names dice (its fifth field is two digits, not «00»)."""
    fields = xgid.split(":")
    return len(fields) > 4 and len(fields[4]) == 2 and fields[4].isdigit() and fields[4] != "00"


@require_http_methods(["GET", "HEAD", "POST"])
@ratelimit("check", methods=("GET", "POST"))
def explorer(request: HttpRequest) -> HttpResponse:
    """Any position, any dice: every legal play, and why tempting plays are not.

    The position travels in the query string; a play comes as ``jugada`` in
    the query or as ``play`` posted by the board's form.
    """
    xgid = str(request.GET.get("xgid", "")).strip()[:120]
    dice = str(request.GET.get("dados", "")).strip()[:10]
    shown = str(request.GET.get("mostrado", "")).strip()[:120]
    if shown and xgid and xgid != shown and _xgid_has_dice(xgid):
        dice = ""  # a new XGID pasted with its dice: the dice field still holds the last position's
    play = str(request.POST.get("play") or request.GET.get("jugada", "")).strip()[:200]
    context: dict = {"xgid": xgid, "dice": dice, "play": play, "position": None}
    if not xgid:
        context["xgid"] = Position.initial().to_xgid()
        context["dice"] = dice or "3-1"
        xgid = context["xgid"]
        dice = context["dice"]
    white, black = (str(request.GET.get(key, "")).strip()[:200] for key in ("blancas", "negras"))
    context.update(white=white, black=black, turn=request.GET.get("turno", "blancas"))
    try:
        if white or black:
            position = layout_position(white, black, context["turn"], dice)
            context["xgid"] = position.to_xgid()
        else:
            position = explorer_position(xgid, dice)
    except BadRequest as problem:
        context["error"] = problem.message
        return render(request, "lessons/explorer.html", context, status=problem.status)
    refusal = gates.position_refusal(request.user, position)
    if refusal:
        context["error"] = refusal
        return render(request, "lessons/explorer.html", context, status=403)
    gates.position_shown(request.user, position)
    context["position"] = position
    assert position.dice is not None, "explorer_position refuses a position without dice"
    query = urlencode({"xgid": position.to_xgid(), "dados": f"{position.dice[0]}-{position.dice[1]}"})
    context["check_url"] = f"/api/explorer/check/?{query}"
    context["form_action"] = f"/explorar/?{query}"
    context["legal_plays"] = list(legal_notations(position))
    context["tempting"] = tempting_explained(position)
    if play:
        context["verdict"] = explorer_verdict(position, play)
    return render(request, "lessons/explorer.html", context)


def glossary(request: HttpRequest) -> HttpResponse:
    """The glossary of Spanish and English words, from ``lessons/_glosario.md``."""
    path = Path(settings.LESSONS_DIR) / "_glosario.md"
    html = markdown.markdown(path.read_text(encoding="utf-8"), extensions=["tables", "attr_list"])
    return render(request, "lessons/glossary.html", {"body": mark_safe(html)})


