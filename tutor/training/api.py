"""JSON endpoints for drills: the rules, fresh drills, and checking an answer.

Errors are ``{"error": "<Spanish message>"}`` with a 4xx status, as in the
lessons' API; POSTs need the CSRF token (see README).
"""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from tutor.drills import LEVELS, RULES, Drill, DrillError, drill_set, generate, parse_id
from tutor.lessons import gates
from tutor.json_api import BadRequest, error, read_json, text_field
from tutor.numbers import parse_int
from tutor.ratelimit import ratelimit

from .judging import judge, missing, send_answer
from .memory import left_for_today, memories
from .state import count_answer

MAX_DRILLS = 50
MAX_SEED = 2**31 - 1


def _json(data: dict, status: int = 200) -> JsonResponse:
    return JsonResponse(data, status=status, json_dumps_params={"ensure_ascii": False})


def drill_json(drill: Drill) -> dict:
    return {
        "id": drill.id,
        "rule": drill.rule,
        "level": drill.level,
        "xgid": drill.position.to_xgid(),
        "dice": list(drill.dice) if drill.dice else None,
        "kind": drill.kind,
        "question": drill.question,
        "tempting": drill.tempting if drill.is_play else None,
        "play": drill.play or None,
        "arrows": [{"from": move.src, "to": move.dst} for move in drill.shown_moves] if drill.shown_moves else None,
        "choices": [{"value": value, "label": label} for value, label in drill.choices] or None,
        "check_url": reverse("training:api-check", args=[drill.id]),
    }


@require_GET
def rule_list(request: HttpRequest) -> JsonResponse:
    rules = [
        {"rule": rule.code, "title": rule.title, "lesson": rule.lesson, "levels": list(LEVELS), "url": rule.url}
        for rule in RULES.values()
    ]
    return _json({"rules": rules})


def _int_param(request: HttpRequest, name: str, default: int, low: int, high: int, words: str) -> int:
    raw = request.GET.get(name)
    if raw is None or raw == "":
        return default
    value = parse_int(raw, low=low, high=high)
    if value is None:
        raise BadRequest(f"«{name}» debe ser un número entero {words}.")
    return value


@require_GET
def drill_list(request: HttpRequest, rule: str) -> JsonResponse:
    if rule not in RULES:
        return error("Esa regla no existe. La lista está en /api/drills/.", 404)
    try:
        level = _int_param(request, "level", 1, LEVELS[0], LEVELS[-1], f"entre {LEVELS[0]} y {LEVELS[-1]}")
        seed = _int_param(request, "seed", 0, 0, MAX_SEED, f"entre 0 y {MAX_SEED}")
        count = _int_param(request, "n", 10, 1, MAX_DRILLS, f"entre 1 y {MAX_DRILLS}")
    except BadRequest as problem:
        return error(problem.message, problem.status)
    return _json({"drills": [drill_json(drill) for drill in drill_set(rule, level, seed, count)]})


def drill_from_id(drill_id: str) -> Drill:
    try:
        return generate(*parse_id(drill_id))
    except DrillError:
        raise BadRequest("Ese ejercicio no existe.", 404) from None


def check_and_record(request: HttpRequest, drill: Drill, submitted: str, passing: bool = False) -> dict:
    """Judge an answer, send it (the learner's memory of the rule listens), and add the streak,
    the level shown on the rule and when to review it next, and how many rules are left for today's review.

    An empty answer is refused (``BadRequest``, saying what is missing)
    before anything is judged or counted; ``passing`` is a pass sent on purpose.
    """
    lacking = missing(drill, submitted, passing)
    if lacking is not None:
        raise BadRequest(lacking)
    payload = judge(drill, submitted)
    send_answer(request, drill, payload["correct"], submitted=submitted)
    known = memories(request)
    payload["rule"] = drill.rule
    payload["streak"] = count_answer(request, payload["correct"])
    memory = known[drill.rule]
    payload["level"] = {"value": int(memory.level), "word": memory.level_word, "review_when": memory.review_when}
    payload["due_left"] = sum(memory.is_due for memory in known.values())
    payload["due_left_text"] = left_for_today(payload["due_left"])
    return payload


@require_POST
@ratelimit("check", json=True)
def drill_check(request: HttpRequest, drill_id: str) -> JsonResponse:
    try:
        drill = drill_from_id(drill_id)
        data = read_json(request)
        field = "play" if drill.is_play else "answer"
        submitted = text_field(data, field)
        if submitted is None:
            raise BadRequest(f"Falta «{field}» en la petición.")
        refusal = gates.position_refusal(request.user, drill.position)
        if refusal:
            return error(refusal, 403)
        return _json(check_and_record(request, drill, submitted, passing=data.get("pass") is True))
    except BadRequest as problem:
        return error(problem.message, problem.status)
