"""«Revisar una partida»: upload a match, list yours, step through its review, share it, hand it to a class.

Every page that shows a match finds it through ``access`` (someone else's
match is a 404); only the uploader changes anything.  A file that cannot
be read, or that breaks a rule, is answered with the reader's Spanish
sentence (line, game and move) and HTTP 400, and nothing is stored.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.db import transaction
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from tutor.classroom.models import Classroom
from tutor.games.matfile import MatchFileError, read_match
from tutor.numbers import parse_int
from tutor.practice.background import has_failed
from tutor.practice.stepper import respond
from tutor.ratelimit import ratelimit

from . import access
from .export import export_text, filename
from .forms import LIMIT, SideForm, UploadForm
from .models import UploadedMatch
from .notes import with_notes
from .review import create_exercises, review_context
from .store import store_match
from .tasks import grade_uploaded_match, progress, requeue_grading

UNAVAILABLE = "GNU Backgammon no ha podido terminar la revisión por ahora; se intentará de nuevo en unos minutos."
SIGN_IN = "Entra con tu cuenta para subir una partida: la revisión se guarda en ella y solo la ves tú."


@ratelimit("upload")
def index(request: HttpRequest) -> HttpResponse:
    """The upload form and the visitor's uploaded matches, newest first."""
    if not request.user.is_authenticated:
        return render(request, "uploads/index.html", {"sign_in": SIGN_IN}, status=403 if request.method == "POST" else 200)
    status = 200
    error: MatchFileError | None = None
    if request.method == "POST":
        form = UploadForm(request.POST, request.FILES)
        if form.is_valid():
            try:
                read = read_match(form.cleaned_data["data"])
            except MatchFileError as refused:
                error = refused
                status = 400
            else:
                match = store_match(read, request.user, filename=form.cleaned_data["filename"], side=form.cleaned_data["side"])
                return redirect(match)
        else:
            status = 400
    else:
        form = UploadForm()
    matches = UploadedMatch.objects.filter(owner=request.user)
    return render(request, "uploads/index.html", {"form": form, "error": error, "matches": matches, "limit": LIMIT}, status=status)


def _review(request: HttpRequest, match: UploadedMatch, *, own: bool, token: str = "") -> HttpResponse:
    context = review_context(match, request.GET.get("paso"), own=own)
    context["progress"] = progress(match)
    if not context["progress"].ready:
        context["unavailable"] = UNAVAILABLE if has_failed(grade_uploaded_match, match.pk) else ""
        requeue_grading(match)
    with_notes(context)
    context.update({
        "own": own,
        "token": token,
        "progress_url": reverse("uploads:shared-progress", args=[token]) if token else reverse("uploads:progress", args=[match.pk]),
        "socket_url": f"/ws/revisar/compartida/{token}/" if token else f"/ws/revisar/{match.pk}/",
        "fallback_seconds": settings.REVIEW_FALLBACK_POLL_SECONDS,
        "export_url": reverse("uploads:shared-export", args=[token]) if token else reverse("uploads:export", args=[match.pk]),
        "classrooms": Classroom.objects.filter(memberships__student=match.owner_id) if own else [],
        "share_url": request.build_absolute_uri(reverse("uploads:shared", args=[match.share_token])) if own and match.share_token else "",
    })
    return respond(request, "uploads/review.html", context)


@require_GET
def review(request: HttpRequest, pk: int) -> HttpResponse:
    """The review, at once: what gnubg has graded so far; the worker grades the rest (``tasks``)."""
    match, own = access.readable_match(request.user, pk)
    return _review(request, match, own=own)


@require_GET
def shared(request: HttpRequest, token: str) -> HttpResponse:
    """The review as its share link shows it, read-only, to anyone."""
    return _review(request, access.shared_match(token), own=False, token=token)


@require_GET
def review_progress(request: HttpRequest, pk: int) -> JsonResponse:
    match, _ = access.readable_match(request.user, pk)
    return JsonResponse(progress(match).as_json())


@require_GET
def shared_progress(request: HttpRequest, token: str) -> JsonResponse:
    return JsonResponse(progress(access.shared_match(token)).as_json())


def _mat(match: UploadedMatch) -> HttpResponse:
    response = HttpResponse(export_text(match), content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename(match)}"'
    return response


@require_GET
def export_mat(request: HttpRequest, pk: int) -> HttpResponse:
    return _mat(access.readable_match(request.user, pk)[0])


@require_GET
def shared_export(request: HttpRequest, token: str) -> HttpResponse:
    return _mat(access.shared_match(token))


@require_POST
def choose_side(request: HttpRequest, pk: int) -> HttpResponse:
    """The uploader says which of the two players they were: the board turns to their side."""
    match = access.own_match(request.user, pk)
    form = SideForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Elige uno de los dos jugadores.")
        return redirect(match)
    match.side = form.cleaned_data["side"]
    match.save(update_fields=["side"])
    messages.success(request, f"Ahora ves la revisión desde el lado de {match.name(match.side)}.")
    return redirect(match)


@require_POST
def share(request: HttpRequest, pk: int) -> HttpResponse:
    """A new share link («compartir»), or none any more («retirar»)."""
    match = access.own_match(request.user, pk)
    if request.POST.get("accion") == "retirar":
        match.unshare()
        messages.success(request, "El enlace ya no funciona: solo tú ves esta revisión.")
    else:
        match.share()
        messages.success(request, "Cualquiera con el enlace puede ver la revisión, sin cambiar nada.")
    return redirect(reverse("uploads:review", args=[match.pk]) + "#compartir")


@require_POST
def hand_in(request: HttpRequest, pk: int) -> HttpResponse:
    """Hand the review to one of the student's classes (its teacher sees it), or take it back."""
    match = access.own_match(request.user, pk)
    wanted = parse_int(request.POST.get("grupo"))
    if not wanted:
        match.classroom = None
        messages.success(request, "La revisión ya no está entregada a ningún grupo.")
    else:
        match.classroom = get_object_or_404(Classroom, pk=wanted, memberships__student=request.user)
        messages.success(request, f"Tu profesor o profesora de «{match.classroom.name}» puede ver esta revisión.")
    match.save(update_fields=["classroom"])
    return redirect(reverse("uploads:review", args=[match.pk]) + "#compartir")


@require_POST
def delete(request: HttpRequest, pk: int) -> HttpResponse:
    match = access.own_match(request.user, pk)
    with transaction.atomic():
        match.delete()
    messages.success(request, "Partida borrada, con su revisión y sus ejercicios.")
    return redirect("uploads:index")


@require_POST
def make_exercises(request: HttpRequest, pk: int) -> HttpResponse:
    """The uploader's ámbar and rojo decisions become exercises on «Tus ejercicios»."""
    match = access.own_match(request.user, pk)
    if match.side is None:
        messages.error(request, "Di primero cuál de los dos jugadores eras.")
        return redirect(match)
    created = create_exercises(match)
    if created:
        plural = "s" if created != 1 else ""
        messages.success(request, f"{created} ejercicio{plural} nuevo{plural} de tu partida subida.")
    return redirect(reverse("practice:exercise-index") + f"#subida-{match.pk}")


@require_GET
def classroom_reviews(request: HttpRequest, pk: int) -> HttpResponse:
    """The reviews the students of a class handed to it, for its teacher."""
    if not request.user.is_authenticated:
        return redirect(f"{reverse('accounts:login')}?next={request.path}")
    classroom = get_object_or_404(Classroom, pk=pk, teacher=request.user)
    handed = UploadedMatch.objects.filter(classroom=classroom).select_related("owner")
    return render(request, "uploads/classroom.html", {"classroom": classroom, "matches": handed})
