"""The JSON check of an assignment's exercise, for the board's script.

Same request and verdict as the lessons' check (``{"play": ...}`` or
``{"answer": ...}``; ``"pass": true`` with an empty play for «Paso»; an
empty answer otherwise is refused and not stored), but the attempt is stored for the student and the
teacher; the response carries its number, and in ``progress`` where
«Siguiente» leads (``next_url``, ``next_label``).
"""

from __future__ import annotations

from django.db import transaction
from django.http import Http404, JsonResponse
from django.views.decorators.http import require_POST

from tutor.json_api import BadRequest, error, read_json, text_field
from tutor.ratelimit import ratelimit

from . import access
from .attempts import answer_field, submit, verdict_payload


@require_POST
@ratelimit("check", json=True)
@transaction.atomic
def exercise_check(request, pk: int) -> JsonResponse:
    if not request.user.is_authenticated:
        return error("Inicia sesión para que tus respuestas queden guardadas.", 403)
    try:
        exercise = access.student_exercise(request.user, pk)
    except Http404:
        return error("Ese ejercicio no existe o no es de tus tareas.", 404)
    puzzle = exercise.puzzle()
    if puzzle is None:
        return error("Este ejercicio ya no está disponible.", 404)
    try:
        field = answer_field(puzzle)
        data = read_json(request)
        submitted = text_field(data, field)
        if submitted is None:
            raise BadRequest(f"Falta «{field}» en la petición.")
        attempt, _ = submit(exercise, puzzle, request.user, submitted, passing=data.get("pass") is True)
    except BadRequest as problem:
        return error(problem.message, problem.status)
    payload = verdict_payload(puzzle, attempt)
    payload["progress"] = exercise.next_step()  # «Siguiente» next to the verdict, as in the lessons
    return JsonResponse(payload, json_dumps_params={"ensure_ascii": False})
