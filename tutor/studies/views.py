"""The studies' pages: the list, reading a study, and the author's editor.

Lookups go through ``access`` (only the author writes; readers are those it
is shared with); chapters are checked by the engine in ``forms`` and
``validation`` before they are saved; limits and refusals come from
``editing`` as Spanish messages with a 4xx.  The author's preview judges
answers with ``answers.judge_chapter`` and records nothing.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.db import transaction
from django.db.models import Count, ProtectedError, RestrictedError
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from tutor.accounts.decorators import teacher_required
from tutor.accounts.models import is_teacher
from tutor.engine import EngineError, Position
from tutor.lessons.library import get_library

from . import access, editing, reading
from .answers import SpecError, chapter_position, chapter_puzzle, hides_pip_counts, judge_chapter, right_answers
from .forms import ChapterForm, NewStudyForm, StudyForm
from .markdown import render_markdown
from .models import MAX_CHAPTERS, Chapter, Sharing, Study

GET_POST = require_http_methods(["GET", "HEAD", "POST"])


def _render(request, template: str, context: dict, form=None) -> HttpResponse:
    """Render; a bound form with errors answers 400."""
    status = 400 if form is not None and form.is_bound and form.errors else 200
    return render(request, template, context, status=status)


def _refused(request, study: Study | None, message: str, status: int = 400) -> HttpResponse:
    return render(request, "studies/refused.html", {"study": study, "message": message}, status=status)


@login_required
@GET_POST
def study_list(request):
    """Mine, those shared with my classes, and the public ones I opened; a teacher starts a new one here."""
    user = request.user
    teacher = is_teacher(user)
    form = NewStudyForm(request.POST if request.method == "POST" else None)
    if request.method == "POST":
        if not teacher:
            return render(request, "accounts/teacher_required.html", status=403)
        if form.is_valid():
            try:
                study = editing.create_study(user, form.cleaned_data["title"])
            except editing.StudyLimitError as error:
                return _refused(request, None, str(error))
            return redirect(study.edit_url())
    mine = Study.objects.filter(author=user).prefetch_related("classrooms").annotate(chapter_count=Count("chapters"))
    shared = (
        Study.objects.filter(sharing=Sharing.CLASSES, classrooms__memberships__student=user)
        .exclude(author=user)
        .select_related("author")
        .distinct()
    )
    opened = Study.objects.filter(sharing=Sharing.LINK, openings__user=user).exclude(author=user).select_related("author")
    context = {"mine": mine, "shared": shared, "opened": opened, "is_teacher": teacher, "form": form}
    return _render(request, "studies/study_list.html", context, form)


def study_detail(request, pk: int):
    """A study as its readers see it: the introduction and its chapters.

    A visitor who is not signed in and opened the study's public link reads
    this overview too (read only, nothing stored) and starts the chapters from
    it; any other visitor is sent to sign in.
    """
    if not request.user.is_authenticated and not reading.holds_link(request, pk):
        return redirect_to_login(request.get_full_path())
    study = reading.study_for(request, pk)
    context = {
        "visitor": not request.user.is_authenticated,
        "study": study,
        "chapters": study.chapters.all(),
        "introduction_html": render_markdown(study.introduction),
        "is_author": study.author_id == request.user.pk,
        "may_copy": is_teacher(request.user) and study.author_id != request.user.pk and study.sharing == Sharing.LINK,
    }
    return render(request, "studies/study_detail.html", context)


def study_by_link(request, token: str):
    """The public link: the study is remembered among the reader's studies, then read as usual.

    A visitor who is not signed in reads it too, from its overview and then
    chapter by chapter, with nothing stored: the link is remembered in their
    session (``reading.remember_link``).
    """
    if not request.user.is_authenticated:
        return redirect("studies:study", reading.remember_link(request, token).pk)
    study = access.open_by_link(request.user, token)
    return redirect(study.get_absolute_url())


@login_required
def chapter_detail(request, pk: int, chapter_id: int):
    """A chapter as a reader sees it: the board, the text and the question."""
    study = access.study_to_read(request.user, pk)
    chapter = get_object_or_404(Chapter, pk=chapter_id, study=study)
    return render(request, "studies/chapter.html", _chapter_context(study, chapter, preview=False))


def _chapter_context(study: Study, chapter: Chapter, *, preview: bool, judgement=None, submitted: str = "") -> dict:
    chapters = list(study.chapters.all())
    index = next(i for i, item in enumerate(chapters) if item.pk == chapter.pk)
    try:
        position = chapter_position(chapter)
        puzzle = chapter_puzzle(chapter) if chapter.asks else None
    except SpecError:
        position, puzzle = Position.initial(), None
    return {
        "study": study,
        "chapter": chapter,
        "position": position,
        "puzzle": puzzle,
        "hide_pips": hides_pip_counts(puzzle),
        "text_html": render_markdown(chapter.text),
        "number": index + 1,
        "count": len(chapters),
        "previous": chapters[index - 1] if index else None,
        "next": chapters[index + 1] if index + 1 < len(chapters) else None,
        "preview": preview,
        "judgement": judgement,
        "submitted": submitted,
        "verdict": judgement.as_json() if judgement is not None else None,
        "right_answers": right_answers(chapter) if judgement is not None and judgement.correct and puzzle is not None else [],
    }


# --- The author's editor --------------------------------------------------------


@teacher_required
@GET_POST
def study_edit(request, pk: int):
    """The editor: the study's title, introduction and sharing, and its chapters in order."""
    study = access.study_to_write(request.user, pk)
    form = StudyForm(request.POST if request.method == "POST" else None, instance=study, author=request.user)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, "Estudio guardado.")
        return redirect(study.edit_url())
    return _render(request, "studies/editor.html", _editor_context(request, study, form), form)


def _editor_context(request, study: Study, form) -> dict:
    return {
        "study": study,
        "form": form,
        "chapters": list(study.chapters.all()),
        "max_chapters": MAX_CHAPTERS,
        "lessons": get_library().course(),
        "link": request.build_absolute_uri(study.link_url()),
    }


@teacher_required
@GET_POST
def chapter_create(request, pk: int):
    """A new chapter, at the end; ``?xgid=`` starts it from a position shown elsewhere."""
    study = access.study_to_write(request.user, pk)
    initial = {}
    given = request.GET.get("xgid", "")[:120]
    if given:
        try:
            position = Position.from_xgid(given)
            initial = {"xgid": position.to_xgid(), "moment": "dados" if position.dice else "antes", "title": "Posición"}
        except EngineError:
            messages.error(request, "No se puede leer esa posición: colócala en el tablero.")
    form = ChapterForm(request.POST if request.method == "POST" else None, study=study, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            chapter = editing.add_chapter(study, form.built)
        except editing.StudyLimitError as error:
            return _refused(request, study, str(error))
        messages.success(request, f"Capítulo «{chapter.title}» añadido.")
        return redirect(study.edit_url() + f"#capitulo-{chapter.pk}")
    return _render(request, "studies/chapter_form.html", {"study": study, "form": form, "chapter": None}, form)


@teacher_required
@GET_POST
def chapter_edit(request, pk: int, chapter_id: int):
    study = access.study_to_write(request.user, pk)
    chapter = get_object_or_404(Chapter, pk=chapter_id, study=study)
    form = ChapterForm(request.POST if request.method == "POST" else None, study=study, chapter=chapter)
    if request.method == "POST" and form.is_valid():
        form.built.save()
        Study.objects.filter(pk=study.pk).update(updated_at=form.built.updated_at)
        messages.success(request, f"Capítulo «{chapter.title}» guardado.")
        return redirect(study.edit_url() + f"#capitulo-{chapter.pk}")
    return _render(request, "studies/chapter_form.html", {"study": study, "form": form, "chapter": chapter}, form)


def _own_chapter(request, pk: int, chapter_id: int) -> tuple[Study, Chapter]:
    study = access.study_to_write(request.user, pk)
    return study, get_object_or_404(Chapter, pk=chapter_id, study=study)


@teacher_required
@require_POST
def chapter_move(request, pk: int, chapter_id: int, direction: str):
    """«Subir» or «Bajar» a chapter: plain buttons, so the keyboard does it as well as the mouse."""
    study, chapter = _own_chapter(request, pk, chapter_id)
    if not editing.move_chapter(chapter, -1 if direction == "subir" else 1):
        messages.info(request, "Ese capítulo ya está en el extremo.")
    return redirect(study.edit_url() + f"#capitulo-{chapter.pk}")


@teacher_required
@require_POST
def chapter_duplicate(request, pk: int, chapter_id: int):
    study, chapter = _own_chapter(request, pk, chapter_id)
    try:
        copy = editing.duplicate_chapter(chapter)
    except editing.StudyLimitError as error:
        return _refused(request, study, str(error))
    messages.success(request, f"Capítulo duplicado: «{copy.title}».")
    return redirect(study.edit_url() + f"#capitulo-{copy.pk}")


@teacher_required
@require_POST
def chapter_delete(request, pk: int, chapter_id: int):
    study, chapter = _own_chapter(request, pk, chapter_id)
    title = chapter.title
    try:
        with transaction.atomic():
            chapter.delete()
    except (ProtectedError, RestrictedError):
        return _refused(request, study, "Ese capítulo ya tiene respuestas de tus alumnos: no se puede borrar.", status=409)
    messages.success(request, f"Capítulo «{title}» borrado.")
    return redirect(study.edit_url())


@teacher_required
@GET_POST
def chapter_preview(request, pk: int, chapter_id: int):
    """The chapter as a student sees it; an answer is judged by the engine and recorded nowhere."""
    study, chapter = _own_chapter(request, pk, chapter_id)
    judgement, submitted, lacking = None, "", None
    if request.method == "POST" and chapter.asks:
        # As the reader's page: «Paso» passes on purpose, an untouched board is no answer.
        passing = request.POST.get("pasar") == "1"
        submitted = "" if passing else str(request.POST.get("play") or request.POST.get("answer") or "")[:200].strip()
        lacking = reading.missing(chapter, submitted, passing)
        if lacking is None:
            try:
                judgement = judge_chapter(chapter, submitted)
            except SpecError as error:
                return _refused(request, study, str(error))
    context = _chapter_context(study, chapter, preview=True, judgement=judgement, submitted=submitted)
    context["lacking"] = lacking
    return render(request, "studies/chapter.html", context, status=400 if lacking else 200)


@teacher_required
@require_POST
def study_from_lesson(request, pk: int):
    """Append a course lesson's puzzles as chapters."""
    study = access.study_to_write(request.user, pk)
    slug = str(request.POST.get("lesson", ""))[:100]
    try:
        added, left_out = editing.lesson_chapters(study, slug)
    except editing.StudyLimitError as error:
        return _refused(request, study, str(error))
    message = f"Añadidos {added} capítulos de la lección."
    if left_out:
        message += f" {left_out} se quedan fuera: preguntan por una partida ya terminada."
    messages.success(request, message)
    return redirect(study.edit_url())


@teacher_required
@GET_POST
def study_delete(request, pk: int):
    """Asks first; a study whose chapters have answers kept elsewhere is refused, never half deleted."""
    study = access.study_to_write(request.user, pk)
    if request.method != "POST":
        return render(request, "studies/study_delete.html", {"study": study, "count": study.chapters.count()})
    title = study.title
    try:
        with transaction.atomic():
            study.delete()
    except (ProtectedError, RestrictedError):
        return _refused(request, study, "Este estudio ya tiene respuestas de tus alumnos: no se puede borrar.", status=409)
    messages.success(request, f"Estudio «{title}» borrado.")
    return redirect("studies:list")


@teacher_required
@require_POST
def study_copy(request, pk: int):
    """Another teacher's public study, copied into one's own (private) studies."""
    study = access.study_to_read(request.user, pk)
    if study.sharing != Sharing.LINK or study.author_id == request.user.pk:
        return _refused(request, study, "Solo se pueden copiar los estudios públicos de otros profesores.", status=403)
    try:
        copy = editing.copy_study(study, request.user)
    except editing.StudyLimitError as error:
        return _refused(request, study, str(error))
    messages.success(request, f"Copiado: «{copy.title}» ya es uno de tus estudios.")
    return redirect(copy.edit_url())


@teacher_required
@GET_POST
def add_position(request):
    """«Añadir a un estudio»: a position shown elsewhere (``xgid``) goes into one of my studies, or a new one."""
    xgid = str(request.GET.get("xgid") or request.POST.get("xgid") or "")[:120]
    try:
        position = Position.from_xgid(xgid)
    except EngineError:
        return _refused(request, None, "No se puede leer esa posición.")
    studies = Study.objects.filter(author=request.user)
    error = ""
    if request.method == "POST":
        choice = str(request.POST.get("study", ""))
        title = " ".join(str(request.POST.get("title", "")).split())[:120]
        study = None
        if choice == "nuevo":
            if not title:
                error = "Escribe el título del estudio nuevo."
            else:
                try:
                    study = editing.create_study(request.user, title)
                except editing.StudyLimitError as refusal:
                    error = str(refusal)
        else:
            study = studies.filter(pk=choice).first() if choice.isdigit() and len(choice) < 19 else None
            if study is None:
                error = "Elige uno de tus estudios o crea uno nuevo."
        if study is not None:
            return redirect(reverse("studies:chapter_create", args=[study.pk]) + "?xgid=" + position.to_xgid())
    context = {"xgid": position.to_xgid(), "position": position, "studies": studies, "error": error}
    return render(request, "studies/add_position.html", context, status=400 if error else 200)
