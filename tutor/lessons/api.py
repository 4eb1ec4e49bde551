"""JSON endpoints: the puzzle list and the checks, for the board and other tools.

Clients send the CSRF token like any Django form: read the ``csrftoken``
cookie (set by every lesson page) and send it back in the ``X-CSRFToken``
header.  Errors are JSON ``{"error": "<Spanish message>"}`` with a 4xx status.
"""

from __future__ import annotations

import functools

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views.decorators.http import require_GET, require_POST

from tutor.board.widget import play_steps
from tutor.engine import BLACK, EngineError, Position, parse_dice
from tutor.json_api import BadRequest, error, read_json, text_field
from tutor.ratelimit import ratelimit
from tutor.rules import IMPOSSIBLE_POSITION, Mark, decided_by, legal_turn, verdict_marks, verdict_payload

from . import gates
from .answers import judge_answer, judge_play, missing, named_rule, send_answer, solution
from .library import get_library
from .progress import SEEN_TODAY, lesson_progress, mark_solved, note_solution_seen, seen_solution_today
from .puzzles import Puzzle

@require_GET
def puzzle_list(request: HttpRequest) -> JsonResponse:
    """Every puzzle of every lesson: slug, lesson, title, kind, XGID and dice."""
    puzzles = [
        {
            "slug": puzzle.slug,
            "lesson": puzzle.lesson,
            "title": puzzle.title,
            "kind": puzzle.kind,
            "question": puzzle.question,
            "xgid": puzzle.position.to_xgid(),
            "dice": list(puzzle.dice) if puzzle.dice else None,
            "url": f"/ejercicios/{puzzle.slug}/",
            "check_url": f"/api/puzzles/{puzzle.slug}/check/",
        }
        for puzzle in get_library().puzzles().values()
    ]
    return JsonResponse({"puzzles": puzzles}, json_dumps_params={"ensure_ascii": False})


@require_POST
@ratelimit("check", json=True)
def puzzle_check(request: HttpRequest, slug: str) -> JsonResponse:
    """Judge ``{"play": "..."}`` or ``{"answer": ...}`` for one puzzle.

    ``{"play": "", "pass": true}`` is a pass sent on purpose («Paso»); an
    empty answer otherwise is refused (400, saying what is missing), and
    neither judged nor counted.
    """
    puzzle = get_library().puzzles().get(slug)
    if puzzle is None:
        return error("Ese ejercicio no existe.", 404)
    try:
        data = read_json(request)
        field = "play" if puzzle.is_play else "answer"
        submitted = text_field(data, field)
        if submitted is None:
            raise BadRequest(f"Falta «{field}» en la petición.")
    except BadRequest as problem:
        return error(problem.message, problem.status)
    refusal = gates.puzzle_refusal(request.user, puzzle)
    if refusal:
        return error(refusal, 403)
    lacking = missing(puzzle, submitted, passing=data.get("pass") is True)
    if lacking is not None:
        return error(lacking, 400)
    judgement = judge_play(puzzle, submitted) if puzzle.is_play else judge_answer(puzzle, submitted)
    copied = seen_solution_today(request, puzzle.slug)
    if not copied:
        send_answer(request, puzzle, judgement)
    payload = judgement.as_json()
    payload["written"] = submitted if puzzle.is_play else None
    payload["marks"] = puzzle_marks(puzzle, submitted)
    if judgement.correct:
        if not copied:
            mark_solved(request, puzzle.slug)
        gates.puzzle_shown(request.user, puzzle)
        payload.update(solution_payload(puzzle))
        payload.update(right_by_rule(puzzle, payload["message"]))
    else:
        payload["legal_plays"] = None
    if copied:
        payload["message"] = f"{payload['message']} {SEEN_TODAY}".strip()
    payload["progress"] = lesson_progress(request, puzzle.lesson, after=puzzle.slug)
    return JsonResponse(payload, json_dumps_params={"ensure_ascii": False})


def right_by_rule(puzzle: Puzzle, message: str) -> dict:
    """A correct answer names the rule that made it right (``answers.named_rule``), with its link."""
    rule = named_rule(puzzle)
    if rule is None:
        return {}
    return {"message": f"{message} {decided_by(rule.title)}".strip(), "rule_url": rule.url, "rule_title": rule.title}


def puzzle_marks(puzzle: Puzzle, submitted: str) -> list[Mark]:
    """The points that decide the verdict: of the learner's play, or of the play a yes/no question names."""
    if puzzle.is_play:
        return verdict_marks(puzzle.position.check(submitted))
    if puzzle.kind == "legalidad":
        return verdict_marks(puzzle.position.check(puzzle.play))
    return []


def solution_payload(puzzle: Puzzle) -> dict:
    """The solution, plus the single moves of one correct play so the board can play it out.

    ``steps`` are ``{"from", "to", "hit"}`` in the mover's numbering, one per
    die; ``legal_plays`` is null for questions that are not about a play.
    """
    data = solution(puzzle)
    steps: list[dict] = []
    if puzzle.is_play:
        shown = data.get("answer") or (data["legal_plays"][0] if data["legal_plays"] else "")
        verdict = puzzle.position.check(shown) if shown and shown != "pasar" else None
        if verdict is not None and verdict.legal:
            steps = play_steps(verdict.play)
        data["shown"] = shown
    elif puzzle.kind != "legalidad":
        data["legal_plays"] = None
    data["steps"] = steps
    return data


@require_GET
def puzzle_solution(request: HttpRequest, slug: str) -> JsonResponse:
    """Every legal play of the puzzle's position and the expected answer."""
    puzzle = get_library().puzzles().get(slug)
    if puzzle is None:
        return error("Ese ejercicio no existe.", 404)
    refusal = gates.puzzle_refusal(request.user, puzzle)
    if refusal:
        return error(refusal, 403)
    gates.puzzle_shown(request.user, puzzle)
    note_solution_seen(request, puzzle.slug)
    return JsonResponse(solution_payload(puzzle), json_dumps_params={"ensure_ascii": False})


@require_GET
def puzzle_board_svg(request: HttpRequest, slug: str) -> HttpResponse:
    """The puzzle's board as an SVG image: thumbnails in the teachers' puzzle picker."""
    from tutor.board.orientation import bottom_side
    from tutor.board.svg import render_board_svg

    puzzle = get_library().puzzles().get(slug)
    if puzzle is None:
        return error("Ese ejercicio no existe.", 404)
    # Seen from the side on roll, as the learner will see it.
    flipped = bottom_side(puzzle.position) == BLACK
    svg = render_board_svg(puzzle.position, label_id=f"miniatura-{slug}", flipped=flipped, both_numberings=flipped)
    response = HttpResponse(svg, content_type="image/svg+xml; charset=utf-8")
    response["Cache-Control"] = "public, max-age=3600"
    return response


@require_POST
@ratelimit("check", json=True)
def explorer_check(request: HttpRequest) -> JsonResponse:
    """Judge a play in any position: ``{"play": ...}`` with ``xgid`` and ``dados``
    in the query string (or ``xgid`` and ``dice`` in the body)."""
    try:
        data = read_json(request)
        xgid = text_field(data, "xgid") or str(request.GET.get("xgid", ""))[:120]
        dice = text_field(data, "dice") or str(request.GET.get("dados", ""))[:10]
        position = explorer_position(xgid, dice)
        play = text_field(data, "play") or ""
    except BadRequest as problem:
        return error(problem.message, problem.status)
    refusal = gates.position_refusal(request.user, position)
    if refusal:
        return error(refusal, 403)
    gates.position_shown(request.user, position)
    return JsonResponse(explorer_verdict(position, play), json_dumps_params={"ensure_ascii": False})


def explorer_position(xgid: str, dice: str) -> Position:
    """The explorer's position from an XGID and optional dice, or ``BadRequest``."""
    try:
        position = Position.from_xgid(xgid)
        if dice.strip():
            position = position.replace(dice=parse_dice(dice))
    except EngineError:
        raise BadRequest("No entiendo esa posición: revisa el XGID y los dados (p. ej. 6-3).") from None
    if position.defects:
        raise BadRequest(IMPOSSIBLE_POSITION)
    if position.dice is None:
        raise BadRequest("Elige los dados para ver las jugadas legales.")
    return position


def layout_position(white: str, black: str, turn: str, dice: str) -> Position:
    """The explorer's position from checkers written per point (White's numbering)."""
    from tutor.engine import BLACK, WHITE

    from .puzzles import parse_layout

    try:
        position = Position.from_layout(
            parse_layout(white), parse_layout(black), turn=BLACK if turn == "negras" else WHITE
        )
    except (ValueError, EngineError) as problem:
        raise BadRequest(f"No puedo colocar esas fichas: {problem}") from None
    if position.defects:
        raise BadRequest(IMPOSSIBLE_POSITION)
    return explorer_position(position.to_xgid(), dice)


@functools.lru_cache(maxsize=64)
def legal_notations(position: Position) -> tuple[str, ...]:
    """Every legal play of ``position`` written out, kept for the positions
    asked about lately: the explorer page and its check both list them, and
    a busy position has thousands."""
    return tuple(play.notation or "pasar" for play in position.legal_plays())


def explorer_verdict(position: Position, play: str) -> dict:
    """Any play in any position: legal or why not, with every legal play."""
    verdict = position.check(play)
    shown = verdict.play.notation if verdict.play else None
    payload = verdict_payload(
        correct=verdict.legal,
        legal=verdict.legal,
        message=legal_turn(shown or "") if verdict.legal else "",
        verdict=verdict,
        play=shown,
        legal_plays=list(legal_notations(position)),
    )
    payload["headline"] = "Jugada legal" if verdict.legal else None
    payload["written"] = play
    payload["marks"] = verdict_marks(verdict)
    return payload

