"""Pages of teachers (groups, assignments, results) and of students (joining,
their assignments, the exercises and their history).

Lookups by id go through ``access``; the engine's verdicts come from the
lessons' judge through ``attempts``; the grid and CSV from ``results``; what
may be published, deleted or renewed is decided by the models, whose
refusals (``ValidationError``) are shown as messages.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Count
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST

from tutor.accounts.decorators import teacher_required
from tutor.json_api import BadRequest
from tutor.ratelimit import ratelimit
from tutor.accounts.models import display_name, is_teacher
from tutor.accounts.onetime import create_account
from tutor.lessons import gates

from . import access, results
from .attempts import answer_field, submit, verdict_payload
from .forms import AssignmentForm, ClassroomForm, CustomExerciseForm, JoinForm, StudentAccountsForm
from .models import Attempt, Membership, item_counts, new_join_code
from .picker import PuzzlePicker

GET_POST = require_http_methods(["GET", "HEAD", "POST"])


def _posted(request):
    """The posted data for a form, even when empty; ``None`` for GET."""
    return request.POST if request.method == "POST" else None


def _render(request, template: str, context: dict) -> HttpResponse:
    """Render; a bound form with errors answers 400."""
    form = context.get("form")
    status = 400 if form is not None and form.is_bound and form.errors else 200
    return render(request, template, context, status=status)


@login_required
def home(request):
    """Where signing in leads: a teacher's groups, a student's assignments, or «Empieza aquí» for a learner in no group."""
    if is_teacher(request.user):
        return redirect("classroom:classrooms")
    if not request.user.memberships.exists():
        return redirect("home:start")
    return redirect("classroom:assignments")


# --- Teachers: groups ---------------------------------------------------------


@teacher_required
@GET_POST
def classroom_list(request):
    form = ClassroomForm(_posted(request))
    if form.is_valid():
        form.instance.teacher = request.user
        classroom = form.save()
        messages.success(request, f"Grupo «{classroom.name}» creado. Comparte el código con tus alumnos.")
        return redirect(classroom)
    classrooms = request.user.classrooms_taught.annotate(
        student_count=Count("memberships", distinct=True), assignment_count=Count("assignments", distinct=True)
    )
    return _render(request, "classroom/classroom_list.html", {"form": form, "classrooms": classrooms})


@teacher_required
def classroom_detail(request, pk: int):
    classroom = access.taught_classroom(request.user, pk)
    memberships = classroom.memberships.select_related("student__profile")
    assignments = list(classroom.assignments.all())
    counts = item_counts(assignments)
    for assignment in assignments:
        assignment.item_count = counts[assignment.pk]
    return render(
        request,
        "classroom/classroom_detail.html",
        {
            "classroom": classroom,
            "memberships": memberships,
            "assignments": assignments,
            "join_url": request.build_absolute_uri(classroom.join_path()),
        },
    )


@teacher_required
@require_POST
def new_code(request, pk: int):
    classroom = access.taught_classroom(request.user, pk)
    classroom.join_code = new_join_code()
    classroom.save(update_fields=["join_code"])
    messages.success(request, f"Nuevo código: {classroom.join_code}. El anterior ya no sirve.")
    return redirect(classroom)


@teacher_required
@GET_POST
def remove_student(request, pk: int, student_id: int):
    classroom = access.taught_classroom(request.user, pk)
    membership = access.member(classroom, student_id)
    if request.method == "POST":
        membership.delete()
        messages.success(request, f"{display_name(membership.student)} ya no está en «{classroom.name}». Sus intentos se conservan.")
        return redirect(classroom)
    return render(request, "classroom/remove_student.html", {"classroom": classroom, "membership": membership})


@never_cache
@teacher_required
@GET_POST
def student_accounts(request, pk: int):
    classroom = access.taught_classroom(request.user, pk)
    form = StudentAccountsForm(_posted(request))
    if form.is_valid():
        with transaction.atomic():
            accounts = [create_account(name, request.user) for name in form.cleaned_data["names"]]
            Membership.objects.bulk_create([Membership(classroom=classroom, student=user) for user, _ in accounts])
        return _print_accounts(request, classroom, accounts)
    return _render(request, "classroom/student_accounts.html", {"classroom": classroom, "form": form})


@never_cache
@teacher_required
@require_POST
def renew_student_password(request, pk: int, student_id: int):
    classroom = access.taught_classroom(request.user, pk)
    membership = access.member(classroom, student_id)
    try:
        password = membership.renew_password(request.user)
    except ValidationError as refusal:
        messages.error(request, refusal.message)
        return redirect(classroom)
    return _print_accounts(request, classroom, [(membership.student, password)])


def _print_accounts(request, classroom, accounts) -> HttpResponse:
    """The one-time passwords, shown once (callers are ``never_cache``)."""
    return render(
        request,
        "classroom/student_accounts_print.html",
        {"classroom": classroom, "accounts": accounts, "login_url": request.build_absolute_uri(reverse("accounts:login"))},
    )


# --- Teachers: assignments and exercises ----------------------------------------


@teacher_required
@GET_POST
def assignment_create(request, pk: int):
    classroom = access.taught_classroom(request.user, pk)
    form = AssignmentForm(_posted(request))
    if form.is_valid():
        form.instance.classroom = classroom
        assignment = form.save()
        messages.success(request, "Tarea creada. Añade ejercicios y publícala cuando esté lista.")
        return redirect(assignment)
    return _render(request, "classroom/assignment_form.html", {"classroom": classroom, "form": form})


@teacher_required
@GET_POST
def assignment_edit(request, pk: int):
    assignment = access.taught_assignment(request.user, pk)
    form = AssignmentForm(_posted(request), instance=assignment)
    if form.is_valid():
        form.save()
        messages.success(request, "Tarea guardada.")
        return redirect(assignment)
    return _render(request, "classroom/assignment_form.html", {"classroom": assignment.classroom, "assignment": assignment, "form": form})


@teacher_required
@GET_POST
def assignment_delete(request, pk: int):
    assignment = access.taught_assignment(request.user, pk)
    try:
        assignment.check_deletable()
    except ValidationError as refusal:
        messages.error(request, refusal.message)
        return redirect(assignment)
    if request.method == "POST":
        assignment.delete()
        messages.success(request, f"Tarea «{assignment.title}» borrada.")
        return redirect(assignment.classroom)
    return render(request, "classroom/assignment_delete.html", {"assignment": assignment})


@teacher_required
def assignment_detail(request, pk: int):
    assignment = access.taught_assignment(request.user, pk)
    exercises = list(assignment.exercises.annotate(attempt_count=Count("attempts")))
    item_count = item_counts([assignment])[assignment.pk]
    context = {"assignment": assignment, "exercises": exercises, "item_count": item_count, "other_items": item_count - len(exercises)}
    return render(request, "classroom/assignment_detail.html", context)


@teacher_required
@require_POST
def publish(request, pk: int):
    assignment = access.taught_assignment(request.user, pk)
    try:
        if assignment.publish():
            messages.success(request, "Tarea publicada: tus alumnos ya la ven en «Mis tareas».")
    except ValidationError as refusal:
        messages.error(request, refusal.message)
    return redirect(assignment)


@teacher_required
@GET_POST
def add_puzzles(request, pk: int):
    """Choose lesson puzzles, filtered by lesson and by rule."""
    assignment = access.taught_assignment(request.user, pk)
    picker = PuzzlePicker(request.GET, _posted(request), taken=set(assignment.exercises.values_list("puzzle_slug", flat=True)))
    if picker.form.is_valid():
        added = assignment.add_puzzles(picker.chosen())
        messages.success(request, f"Añadidos {len(added)} ejercicios de las lecciones.")
        return redirect(assignment)
    return _render(request, "classroom/add_puzzles.html", {"assignment": assignment, "picker": picker, "form": picker.form})


@teacher_required
@GET_POST
def add_custom(request, pk: int):
    """The board editor: describe a position, preview every legal play, then add it."""
    assignment = access.taught_assignment(request.user, pk)
    form = CustomExerciseForm(_posted(request))
    refusal = editor_refusal(request.user, form)
    if refusal:
        return render(request, "classroom/add_custom.html", {"assignment": assignment, "form": form}, status=403)
    if form.is_valid() and request.POST.get("action") == "save" and form.was_previewed and form.draft is not None:
        assignment.add_custom(**form.draft.fields)
        messages.success(request, f"Ejercicio «{form.draft.fields['title']}» añadido a la tarea.")
        return redirect(assignment)
    return _render(request, "classroom/add_custom.html", {"assignment": assignment, "form": form})


def editor_refusal(user, form: CustomExerciseForm) -> str | None:
    """Why the preview may not be shown to ``user``, who is also a student somewhere: every
    legal play and the answer of a question still open in one of their own assignments.
    The form then carries the refusal in place of the preview."""
    if not form.is_valid() or form.draft is None:
        return None
    puzzle = form.draft.puzzle
    refusal = gates.position_refusal(user, puzzle.position) or gates.puzzle_refusal(user, puzzle)
    if refusal:
        form.draft = None
        form.add_error(None, refusal)
    return refusal


@teacher_required
@require_POST
def remove_exercise(request, pk: int):
    exercise = access.taught_exercise(request.user, pk)
    try:
        exercise.delete()
    except ValidationError as refusal:
        messages.error(request, refusal.message)
    else:
        messages.success(request, f"Ejercicio «{exercise.title}» quitado de la tarea.")
    return redirect(exercise.assignment)


# --- Teachers: results ------------------------------------------------------------


@teacher_required
def assignment_results(request, pk: int):
    assignment = access.taught_assignment(request.user, pk)
    grid = results.build_grid(assignment)
    return render(request, "classroom/results.html", {"assignment": assignment, "grid": grid, "mistakes": results.mistakes_by_rule(grid)})


@teacher_required
def result_cell(request, pk: int, student_id: int, exercise_id: int):
    assignment = access.taught_assignment(request.user, pk)
    student = access.member(assignment.classroom, student_id).student
    exercise = get_object_or_404(assignment.exercises, pk=exercise_id)
    cell = results.cell(assignment, student, exercise)
    return render(request, "classroom/result_cell.html", {"assignment": assignment, "cell": cell, "student_name": display_name(student)})


@teacher_required
def results_csv(request, pk: int):
    return results.grid_csv(results.build_grid(access.taught_assignment(request.user, pk)))


@teacher_required
def attempts_csv(request, pk: int):
    return results.attempts_csv(results.build_grid(access.taught_assignment(request.user, pk)))


# --- Students -------------------------------------------------------------------------


def _join(request, classroom):
    if classroom.teacher_id == request.user.pk:
        messages.info(request, f"Eres quien da clase en «{classroom.name}»: no hace falta unirte.")
        return redirect(classroom)
    _, created = Membership.objects.get_or_create(classroom=classroom, student=request.user)
    if created:
        messages.success(request, f"Te has unido a «{classroom.name}».")
    else:
        messages.info(request, f"Ya estabas en «{classroom.name}».")
    return redirect("classroom:assignments")


@login_required
@GET_POST
@ratelimit("join")
def join(request):
    form = JoinForm(_posted(request))
    if form.is_valid():
        return _join(request, form.classroom)
    return _render(request, "classroom/join.html", {"form": form})


@login_required
@GET_POST
@ratelimit("join", methods=("GET", "POST"))
def join_with_code(request, code: str):
    form = JoinForm({"code": code})
    if not form.is_valid():
        return _render(request, "classroom/join.html", {"form": form})
    already = Membership.objects.filter(classroom=form.classroom, student=request.user).exists()
    if request.method == "POST" or already or form.classroom.teacher_id == request.user.pk:
        return _join(request, form.classroom)  # nothing to confirm for a member or the teacher: they are told so
    return render(request, "classroom/join_confirm.html", {"classroom": form.classroom, "teacher_name": display_name(form.classroom.teacher)})


@login_required
def assignment_list(request):
    assignments = results.with_progress(list(access.visible_assignments(request.user).prefetch_related("exercises")), request.user)
    classrooms = request.user.classrooms.select_related("teacher")
    return render(request, "classroom/assignment_list.html", {"assignments": assignments, "classrooms": classrooms})


@login_required
def student_assignment(request, pk: int):
    assignment = results.with_progress([access.student_assignment(request.user, pk)], request.user)[0]
    cells = results.student_cells(assignment, request.user)
    return render(
        request,
        "classroom/student_assignment.html",
        {"assignment": assignment, "cells": cells, "status": assignment.status, "status_label": assignment.status_label},
    )


@login_required
@GET_POST
@ratelimit("check")
@transaction.atomic
def exercise(request, pk: int):
    """An exercise of an assignment: the no-JavaScript form posts here."""
    exercise = access.student_exercise(request.user, pk)
    puzzle = exercise.puzzle()
    lacking = None
    if request.method == "POST":
        if puzzle is None:
            raise Http404("Este ejercicio ya no está disponible.")
        try:
            attempt, _ = submit(exercise, puzzle, request.user, request.POST.get(answer_field(puzzle), ""),
                                passing=request.POST.get("pasar") == "1")
        except BadRequest as problem:  # an empty answer: nothing stored, the page says what is missing
            lacking = problem
        else:
            return redirect(f"{exercise.get_absolute_url()}?intento={attempt.number}#ejercicio")
    attempts = list(exercise.attempts.filter(student=request.user).order_by("number"))
    shown = None
    if "intento" in request.GET:
        shown = next((attempt for attempt in attempts if str(attempt.number) == request.GET["intento"]), None)
        if shown is None:
            raise Http404("No encontramos ese intento.")
    index, total, previous, following = exercise.neighbours()
    return render(
        request,
        "classroom/exercise.html",
        {
            "assignment": exercise.assignment,
            "exercise": exercise,
            "puzzle": puzzle,
            "attempts": attempts,
            "solved": any(attempt.correct for attempt in attempts),
            "shown": shown,
            "verdict": {"error": lacking.message} if lacking else verdict_payload(puzzle, shown) if shown and puzzle else None,
            "index": index,
            "total": total,
            "previous": previous,
            "next": following,
        },
        status=lacking.status if lacking else 200,
    )


@login_required
def history(request):
    attempts = (
        Attempt.objects.filter(student=request.user)
        .select_related("exercise__assignment__classroom")
        .order_by("-created_at", "-pk")[:300]
    )
    member_of = set(request.user.memberships.values_list("classroom_id", flat=True))
    return render(request, "classroom/history.html", {"attempts": attempts, "member_of": member_of})
