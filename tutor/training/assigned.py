"""Pages of drills in assignments: the teacher adds them and sees each student's
results; a student answers their own drills."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from tutor.accounts.decorators import teacher_required
from tutor.accounts.models import display_name
from tutor.classroom import access
from tutor.drills import LEVELS, RULES
from tutor.json_api import BadRequest, error, read_json, text_field
from tutor.numbers import parse_int
from tutor.ratelimit import ratelimit
from tutor.rules import Source

from .assignments import add_task, results, student_drills
from .judging import judge, missing, send_answer
from .models import DrillTask

MAX_COUNT = 30


@teacher_required
@require_POST
def add(request: HttpRequest, pk: int) -> HttpResponse:
    assignment = access.taught_assignment(request.user, pk)
    rule = request.POST.get("regla", "")
    level = parse_int(request.POST.get("dificultad", request.POST.get("nivel")))
    count = parse_int(request.POST.get("cantidad"), low=1, high=MAX_COUNT)
    if rule not in RULES or level not in LEVELS or count is None:
        messages.error(request, f"Elige una regla, una dificultad del 1 al 3 y entre 1 y {MAX_COUNT} ejercicios.")
    else:
        add_task(assignment, rule, level, count)
        messages.success(request, f"Añadidos {count} ejercicios de «{RULES[rule].title}», distintos para cada alumno.")
    return redirect(assignment.get_absolute_url())


@teacher_required
def task_results(request: HttpRequest, pk: int) -> HttpResponse:
    task = get_object_or_404(DrillTask.objects.select_related("assignment__classroom"), pk=pk, assignment__classroom__teacher=request.user)
    rows = []
    for membership in task.assignment.classroom.memberships.select_related("student__profile"):
        outcomes = results(task, membership.student_id)
        rows.append((display_name(membership.student), outcomes, sum(1 for _, ok in outcomes if ok)))
    return render(request, "training/task_results.html", {"task": task, "rule": RULES.get(task.rule), "rows": rows})


def _student_task(request: HttpRequest, pk: int) -> DrillTask:
    task = get_object_or_404(DrillTask.objects.select_related("assignment"), pk=pk)
    access.student_assignment(request.user, task.assignment_id)  # 404 unless the student's own published assignment
    return task


@login_required
@ratelimit("check")
def student_task(request: HttpRequest, pk: int) -> HttpResponse:
    task = _student_task(request, pk)
    drills = results(task, request.user.pk)  # type: ignore[arg-type]  # signed in: login_required
    step = min(max(parse_int(request.GET.get("n")) or 0, 0), len(drills) - 1)
    drill, outcome = drills[step]
    verdict = submitted = None
    status = 200
    if request.method == "POST":
        submitted = str(request.POST.get("play" if drill.is_play else "answer", ""))[:200]
        try:
            verdict = _judge_and_store(request, drill, submitted, passing=request.POST.get("pasar") == "1")
        except BadRequest as lacking:  # an empty or unfinished answer: nothing was judged
            verdict, status = {"error": lacking.message}, lacking.status
    base = reverse("training:student-task", args=[task.pk])
    return render(request, "training/task_drill.html", status=status, context={
        "task": task, "rule": RULES[task.rule], "drill": drill, "step": step + 1, "steps": len(drills), "outcomes": drills,
        "check_url": reverse("training:student-task-check", args=[task.pk, drill.id]), "here": f"{base}?n={step}",
        "next_url": f"{base}?n={step + 1}" if step + 1 < len(drills) else reverse("classroom:student_assignment", args=[task.assignment_id]),
        "verdict": verdict, "submitted": submitted or "",
    })


def _judge_and_store(request: HttpRequest, drill, text: str, passing: bool = False) -> dict:
    """Judge a student's answer to one of their drills and record it; refuses (``BadRequest``)
    an empty answer that is not a pass sent on purpose, which is not recorded."""
    lacking = missing(drill, text, passing)
    if lacking is not None:
        raise BadRequest(lacking)
    payload = judge(drill, text)
    send_answer(request, drill, payload["correct"], Source.ASSIGNMENT, text)
    return payload


@require_POST
@ratelimit("check", json=True)
def student_task_check(request: HttpRequest, pk: int, drill_id: str) -> JsonResponse:
    if not request.user.is_authenticated:
        return error("Entra con tu cuenta para responder a la tarea.", 403)
    try:
        task = _student_task(request, pk)
    except Http404:
        return error("Esa tarea no existe.", 404)
    drill = next((d for d in student_drills(task, request.user.pk) if d.id == drill_id), None)
    if drill is None:
        return error("Ese ejercicio no es de tu tarea.", 404)
    try:
        data = read_json(request)
        submitted = text_field(data, "play" if drill.is_play else "answer")
        if submitted is None:
            raise BadRequest("Falta la respuesta en la petición.")
        passing = data.get("pass") is True
        return JsonResponse(_judge_and_store(request, drill, submitted, passing), json_dumps_params={"ensure_ascii": False})
    except BadRequest as problem:
        return error(problem.message, problem.status)
