"""The studies' pages: the list, reading a study, and the author's editor.

Lookups go through ``access`` (only the author writes; readers are those it
is shared with); what the author may save is checked by ``validation``
with the engine, and every refusal is a Spanish message with a 4xx.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render

from tutor.accounts.models import is_teacher

from . import access
from .models import Sharing, Study


@login_required
def study_list(request):
    """Mine, those shared with my classes, and the public ones I opened."""
    user = request.user
    mine = Study.objects.filter(author=user).prefetch_related("classrooms")
    shared = (
        Study.objects.filter(sharing=Sharing.CLASSES, classrooms__memberships__student=user)
        .exclude(author=user)
        .select_related("author")
        .distinct()
    )
    opened = Study.objects.filter(sharing=Sharing.LINK, openings__user=user).exclude(author=user).select_related("author")
    return render(
        request,
        "studies/study_list.html",
        {"mine": mine, "shared": shared, "opened": opened, "is_teacher": is_teacher(user)},
    )


@login_required
def study_detail(request, pk: int):
    """A study as its readers see it: the introduction and its chapters."""
    study = access.study_to_read(request.user, pk)
    return render(request, "studies/study_detail.html", {"study": study, "chapters": study.chapters.all(), "is_author": study.author_id == request.user.pk})


@login_required
def study_by_link(request, token: str):
    """The public link: the study is remembered among the reader's studies, then read as usual."""
    study = access.open_by_link(request.user, token)
    return redirect(study.get_absolute_url())
