"""Pages of drilling: the rule list, a stream of drills, today's review, a lesson's
mixed review, and «Mi progreso».  Views stay short: drills come from
``tutor.drills``, judging from ``judging``, memory from ``memory``."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse

from tutor.drills import LEVELS, RULES, Drill, drill_set
from tutor.json_api import BadRequest
from tutor.lessons import gates
from tutor.lessons.library import get_library
from tutor.numbers import parse_int
from tutor.ratelimit import ratelimit

from . import lesson_review as mixed_review
from .api import check_and_record
from .progress_charts import history_chart, level_chart
from .mastery import THRESHOLDS, suggested_drill_level
from .memory import answer_history, due_rules, left_for_today, memories, rules_in_words
from .state import learner_seed, streak

def _lesson_titles() -> dict[str, str]:
    """Lesson titles by slug, in course order."""
    return {lesson.slug: lesson.title for lesson in get_library().course()}


def index(request: HttpRequest) -> HttpResponse:
    known = memories(request)
    titles = _lesson_titles()
    groups: dict[str, list] = {slug: [] for slug in titles}
    for rule in RULES.values():
        groups.setdefault(rule.lesson, []).append((rule, known[rule.code]))
    lessons = [(slug, titles.get(slug, slug), rules, mixed_review.is_passed(request, slug)) for slug, rules in groups.items() if rules]
    due = due_rules(request)
    context = {"lessons": lessons, "due": due, "due_words": rules_in_words(len(due)), "thresholds": THRESHOLDS}
    return render(request, "training/index.html", context)


def _int(request: HttpRequest, name: str, default: int, low: int, high: int) -> int:
    value = parse_int(request.GET.get(name))
    return default if value is None else min(max(value, low), high)


def _drill_page(request: HttpRequest, drill: Drill, *, here: str, next_url: str, mode: str, extra: dict | None = None) -> HttpResponse:
    """Render one drill; a POST (no JavaScript) is judged and shown on the same page, unless the
    drill's position is an unanswered exercise of the learner's (``gates``)."""
    verdict = submitted = None
    status = 200
    refusal = gates.position_refusal(request.user, drill.position) if request.method == "POST" else None
    if refusal:
        status = 403
    elif request.method == "POST":
        field = "play" if drill.is_play else "answer"
        submitted = str(request.POST.get(field, ""))[:200]
        try:
            verdict = check_and_record(request, drill, submitted, passing=request.POST.get("pasar") == "1")
        except BadRequest as lacking:  # an empty or unfinished answer: nothing was judged
            verdict, status = {"error": lacking.message}, lacking.status
    memory = memories(request)[drill.rule]
    context = {
        "drill": drill,
        "rule": RULES[drill.rule],
        "memory": memory,
        "streak": verdict.get("streak", streak(request)) if verdict else streak(request),
        "check_url": reverse("training:api-check", args=[drill.id]),
        "here": here,
        "next_url": next_url,
        "mode": mode,
        "verdict": verdict,
        "submitted": submitted or "",
        "levels": LEVELS,
        # Counted after the answer: today's review counts down as the learner answers.
        "due_text": left_for_today(len(due_rules(request))) if mode == "review" else "",
        "notice": refusal,
        **(extra or {}),
    }
    return render(request, "training/drill.html", context, status=status)


@ratelimit("check")
def drill(request: HttpRequest, rule: str) -> HttpResponse:
    if rule not in RULES:
        raise Http404("Esa regla no existe.")
    memory = memories(request)[rule]
    asked = "dificultad" if "dificultad" in request.GET else "nivel"  # «nivel» in links from before the word changed
    chosen = asked in request.GET
    level = _int(request, asked, suggested_drill_level(memory.level), LEVELS[0], LEVELS[-1])
    index = _int(request, "n", memory.total, 0, 10**6 - 1)
    drill = drill_set(rule, level, learner_seed(request), 1, start=index)[0]
    index = drill.index
    base = reverse("training:drill", args=[rule])
    # A difficulty the learner picked stays; otherwise each drill follows the level of mastery they have shown.
    picked = f"dificultad={level}&" if chosen else ""
    return _drill_page(request, drill, here=f"{base}?{picked}n={index}", next_url=f"{base}?{picked}n={index + 1}", mode="rule")


@ratelimit("check")
def review(request: HttpRequest) -> HttpResponse:
    """Today's review: one drill of the most overdue rule at a time, until nothing is due."""
    due = due_rules(request)
    here = reverse("training:review")
    if request.method == "POST":
        rule = request.GET.get("regla", "")
        if rule not in RULES:
            return redirect(here)
    elif not due:
        return render(request, "training/review_done.html", {})
    else:
        rule = due[0]
    memory = memories(request)[rule]
    drill = drill_set(rule, suggested_drill_level(memory.level), learner_seed(request), 1, start=memory.total)[0]
    return _drill_page(request, drill, here=f"{here}?regla={rule}", next_url=here, mode="review", )


def progress(request: HttpRequest) -> HttpResponse:
    known = memories(request)
    rows = [(RULES[code].title, int(memory.level), memory.level_word) for code, memory in known.items()]
    studied = [memory for memory in known.values() if memory.total]
    history = answer_history(request)
    context = {
        "level_bars": level_chart(rows),
        "thresholds": THRESHOLDS,
        "history_svg": history_chart(history),
        "rows": [(RULES[code], memory) for code, memory in known.items()],
        "due": [RULES[code] for code in due_rules(request)],
        "studied": len(studied),
        "answers": sum(right + wrong for _, right, wrong in history),
    }
    return render(request, "training/progress.html", context)


def lesson_review(request: HttpRequest, slug: str) -> HttpResponse:
    """Five drills mixing a lesson's rules (one per rule when it has more), at the end of the lesson;
    all right marks it passed."""
    lesson = get_library().lesson(slug)
    if not mixed_review.rules_of(slug) or lesson is None:
        raise Http404("Esa lección no tiene repaso.")
    steps = mixed_review.size(slug)
    step = _int(request, "n", 0, 0, steps - 1)
    drill = mixed_review.review_drill(slug, learner_seed(request), step)
    base = reverse("training:lesson-review", args=[slug])
    last = step == steps - 1
    response = _drill_page(
        request, drill, here=f"{base}?n={step}", next_url=lesson.url if last else f"{base}?n={step + 1}", mode="lesson",
        extra={"lesson": lesson, "step": step + 1, "steps": steps, "last": last, "done": mixed_review.steps_done(request, slug)},
    )
    return response
