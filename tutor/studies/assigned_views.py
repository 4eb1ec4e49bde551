"""A teacher puts one of their studies in an assignment of their own, or takes it out before anyone answers it."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.views.decorators.http import require_POST

from tutor.accounts.decorators import teacher_required
from tutor.classroom import access as classroom_access
from tutor.converters import parse_id

from .assigned import add_study, remove_study
from .models import AssignedStudy, Study


@teacher_required
@require_POST
def add(request: HttpRequest, pk: int) -> HttpResponse:
    assignment = classroom_access.taught_assignment(request.user, pk)
    study_id = parse_id(request.POST.get("estudio"))
    study = Study.objects.filter(pk=study_id, author_id=request.user.pk).first() if study_id else None
    if study is None:
        messages.error(request, "Elige uno de tus estudios.")
        return redirect(assignment.get_absolute_url())
    try:
        add_study(assignment, study)
    except ValidationError as refusal:
        messages.error(request, refusal.message)
    else:
        messages.success(request, f"Estudio «{study.title}» añadido: cada capítulo con pregunta cuenta como un ejercicio.")
    return redirect(assignment.get_absolute_url())


@teacher_required
@require_POST
def remove(request: HttpRequest, pk: int) -> HttpResponse:
    assigned = get_object_or_404(
        AssignedStudy.objects.select_related("assignment", "study"), pk=pk, assignment__classroom__teacher=request.user
    )
    try:
        remove_study(assigned)
    except ValidationError as refusal:
        messages.error(request, refusal.message)
    else:
        messages.success(request, f"Estudio «{assigned.study.title}» quitado de la tarea.")
    return redirect(assigned.assignment.get_absolute_url())
