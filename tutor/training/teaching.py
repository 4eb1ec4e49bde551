"""Teachers' view of a group's rules: the heatmap students × rules, each cell opening
that student's answers on that rule, the rules the group gets wrong most, and one
click to assign a review of the weakest ones."""

from __future__ import annotations

from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from tutor.accounts.decorators import teacher_required
from tutor.accounts.models import display_name
from tutor.classroom import access
from tutor.drills import RULES

from .mastery import FEW_ANSWERS, THRESHOLDS, Level
from .memory import Memory, memories_of
from .models import RuleAnswer

WEAKEST = 3

TONES = {Level.NOT_STARTED: "low", Level.PRACTISED: "mid", Level.CONFIDENT: "good", Level.MASTERED: "high"}
"""A cell's colour by the level shown; cells with fewer than ``FEW_ANSWERS`` answers are not judged."""


def cell(memory: Memory) -> tuple[str, str]:
    """(tone, words) of one heatmap cell: «—», «pocos datos», or the level the student has shown."""
    if not memory.total:
        return "none", "—"
    if memory.total < FEW_ANSWERS:
        return "few", "pocos datos"
    return TONES[memory.level], memory.level_word


def group_rules(classroom) -> dict:
    """The heatmap's rows and the per-rule mistakes summary of a group."""
    students = [membership.student for membership in classroom.memberships.select_related("student__profile")]
    rows = []
    for student in students:
        known = memories_of(student)
        cells = [(code, *cell(known[code])) for code in RULES]
        rows.append((student, display_name(student), cells))
    tallies = (
        RuleAnswer.objects.filter(user__in=students)
        .values("rule")
        .annotate(total=Count("id"), wrong=Count("id", filter=Q(correct=False)))
    )
    summary = sorted(
        ({"rule": RULES[t["rule"]], "wrong": t["wrong"], "total": t["total"]} for t in tallies if t["rule"] in RULES),
        key=lambda item: (-item["wrong"] / item["total"], -item["wrong"]),
    )
    return {
        "students": rows,
        "rules": list(RULES.values()),
        "summary": summary,
        "weakest": [item for item in summary if item["wrong"]][:WEAKEST],
        "thresholds": THRESHOLDS,
        "few_answers": FEW_ANSWERS,
    }


@teacher_required
def heatmap(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = access.taught_classroom(request.user, pk)
    return render(request, "training/heatmap.html", {"classroom": classroom, **group_rules(classroom)})


@teacher_required
def student_rule(request: HttpRequest, pk: int, student_id: int, rule: str) -> HttpResponse:
    classroom = access.taught_classroom(request.user, pk)
    membership = access.member(classroom, student_id)
    if rule not in RULES:
        from django.http import Http404

        raise Http404("Esa regla no existe.")
    answers = RuleAnswer.objects.filter(user=membership.student, rule=rule)[:200]
    memory = memories_of(membership.student)[rule]
    return render(
        request,
        "training/student_rule.html",
        {"classroom": classroom, "student": membership.student, "name": display_name(membership.student), "rule": RULES[rule], "answers": answers, "memory": memory},
    )


@teacher_required
@require_POST
def assign_review(request: HttpRequest, pk: int) -> HttpResponse:
    """One click: a draft assignment with drills of the group's weakest rules, ready to publish."""
    from .assignments import create_review_assignment

    classroom = access.taught_classroom(request.user, pk)
    weakest = [item["rule"].code for item in group_rules(classroom)["weakest"]]
    if not weakest:
        from django.contrib import messages

        messages.error(request, "Todavía no hay errores en ninguna regla: no hay nada que repasar.")
        return redirect("training:heatmap", pk=classroom.pk)
    assignment = create_review_assignment(classroom, weakest)
    return redirect(assignment.get_absolute_url())
