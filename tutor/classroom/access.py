"""Who may see what: every lookup by id goes through one of these.

A teacher reaches only the groups they teach (and what hangs from them);
a student reaches only published assignments of their own groups.  Any
other id is a 404, so ids of other groups reveal nothing.
"""

from __future__ import annotations

from django.shortcuts import get_object_or_404

from .models import Assignment, Classroom, Exercise, Membership


def taught_classroom(user, pk: int) -> Classroom:
    return get_object_or_404(Classroom, pk=pk, teacher=user)


def taught_assignment(user, pk: int) -> Assignment:
    return get_object_or_404(Assignment.objects.select_related("classroom"), pk=pk, classroom__teacher=user)


def taught_exercise(user, pk: int) -> Exercise:
    return get_object_or_404(Exercise.objects.select_related("assignment__classroom"), pk=pk, assignment__classroom__teacher=user)


def member(classroom: Classroom, student_id: int) -> Membership:
    return get_object_or_404(Membership.objects.select_related("student"), classroom=classroom, student_id=student_id)


def visible_assignments(user):
    """Published assignments of the student's groups, soonest due first."""
    return (
        Assignment.objects.filter(classroom__memberships__student=user, published_at__isnull=False)
        .select_related("classroom")
        .distinct()
    )


def student_assignment(user, pk: int) -> Assignment:
    return get_object_or_404(visible_assignments(user), pk=pk)


def student_exercise(user, pk: int) -> Exercise:
    exercises = Exercise.objects.filter(
        assignment__classroom__memberships__student=user, assignment__published_at__isnull=False
    ).select_related("assignment__classroom")
    return get_object_or_404(exercises.distinct(), pk=pk)
