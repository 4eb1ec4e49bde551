"""Who may read and who may write a study.

Only its author writes a study.  Others read it when it is shared with them:
the members of the classes it is shared with (``clases``), and anyone
signed in who opened its link while it is public by link (``enlace``; the
opening is remembered in ``OpenedStudy``, so it stays in their list), and
the members of a group with a published assignment that holds it
(``AssignedStudy``), whatever its sharing.  A
study that is not shared with the reader is a 404, never a 403: its
existence is not revealed.
"""

from __future__ import annotations

from django.db.models import Q, QuerySet
from django.http import Http404
from django.shortcuts import get_object_or_404

from .models import OpenedStudy, Sharing, Study


def readable_by(user) -> Q:
    """The studies ``user`` (signed in) may read: their own and those shared with them."""
    return (
        Q(author=user)
        | Q(sharing=Sharing.CLASSES, classrooms__memberships__student=user)
        | Q(sharing=Sharing.LINK, openings__user=user)
        | Q(assignments__assignment__classroom__memberships__student=user, assignments__assignment__published_at__isnull=False)
    )


def readable(user) -> QuerySet[Study]:
    return Study.objects.filter(readable_by(user)).distinct()


def can_read(user, study: Study) -> bool:
    if not getattr(user, "is_authenticated", False):
        return False
    return readable(user).filter(pk=study.pk).exists()


def study_to_read(user, pk: int) -> Study:
    """The study ``pk`` if ``user`` may read it, else 404."""
    study = get_object_or_404(Study.objects.select_related("author"), pk=pk)
    if not can_read(user, study):
        raise Http404("No tienes acceso a este estudio.")
    return study


def study_to_write(user, pk: int) -> Study:
    """The study ``pk`` if ``user`` wrote it, else 404."""
    return get_object_or_404(Study, pk=pk, author=user)


def open_by_link(user, token: str) -> Study:
    """The study public by this link (404 otherwise), remembered as opened by ``user``."""
    study = get_object_or_404(Study.objects.select_related("author"), link_token=token, sharing=Sharing.LINK)
    if study.author_id != user.pk:
        OpenedStudy.objects.update_or_create(user=user, study=study)
    return study
