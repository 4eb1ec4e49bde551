"""``{% lesson_review_url slug as url %}``: the lesson's mixed review, if it has drillable rules."""

from __future__ import annotations

from django import template
from django.urls import reverse

from ..lesson_review import rules_of

register = template.Library()


@register.simple_tag
def lesson_review_url(slug: str) -> str:
    return reverse("training:lesson-review", args=[slug]) if rules_of(slug) else ""


@register.simple_tag
def drill_tasks(assignment) -> list:
    """The drills of an assignment, for the classroom's pages."""
    from ..models import DrillTask

    return list(DrillTask.objects.filter(assignment=assignment))


@register.simple_tag
def student_drill_tasks(assignment, student) -> list:
    """The drills of an assignment for one student: each task with how many of their drills are right and tried."""
    from ..assignments import results
    from ..models import DrillTask

    rows = []
    for task in DrillTask.objects.filter(assignment=assignment):
        outcomes = results(task, student.pk)
        rows.append((task, sum(1 for _, ok in outcomes if ok), sum(1 for _, ok in outcomes if ok is not None)))
    return rows


@register.simple_tag
def drill_rules() -> list:
    from tutor.drills import RULES

    return list(RULES.values())


@register.filter
def rule_title(code: str) -> str:
    from tutor.drills import RULES

    rule = RULES.get(code)
    return rule.title if rule else code


@register.simple_tag
def drill_results(assignment) -> list:
    """Per drill task of ``assignment``: each student's name and how many of their own drills are right."""
    from tutor.accounts.models import display_name

    from ..assignments import results
    from ..models import DrillTask

    students = [membership.student for membership in assignment.classroom.memberships.select_related("student__profile")]
    rows = []
    for task in DrillTask.objects.filter(assignment=assignment):
        counts = []
        for student in students:
            outcomes = results(task, student.pk)
            counts.append((display_name(student), sum(1 for _, ok in outcomes if ok), sum(1 for _, ok in outcomes if ok is not None)))
        rows.append((task, counts))
    return rows
