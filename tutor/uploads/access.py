"""Who may see an uploaded match: its uploader, the teacher of the class it was handed to, or anyone with its share link.

Anybody else is told it does not exist (404), the way practice and live
games hide what is not yours.  Only the uploader changes anything.
"""

from __future__ import annotations

from django.http import Http404

from .models import UploadedMatch

NOT_FOUND = "No hay ninguna partida subida con ese número."


def own_match(user, pk: int) -> UploadedMatch:
    """``user``'s uploaded match ``pk``, or 404."""
    if not getattr(user, "is_authenticated", False):
        raise Http404(NOT_FOUND)
    match = UploadedMatch.objects.filter(pk=pk, owner=user).first()
    if match is None:
        raise Http404(NOT_FOUND)
    return match


def readable_match(user, pk: int) -> tuple[UploadedMatch, bool]:
    """The match ``user`` may read and whether it is their own: the uploader's, or handed to a class ``user`` teaches."""
    if not getattr(user, "is_authenticated", False):
        raise Http404(NOT_FOUND)
    match = UploadedMatch.objects.filter(pk=pk).select_related("classroom").first()
    if match is None:
        raise Http404(NOT_FOUND)
    if match.owner_id == user.pk:
        return match, True
    if match.classroom is not None and match.classroom.teacher_id == user.pk:
        return match, False
    raise Http404(NOT_FOUND)


def shared_match(token: str) -> UploadedMatch:
    """The match whose share link is ``token``, or 404 (a revoked link leads nowhere)."""
    match = UploadedMatch.objects.filter(share_token=token).first() if token else None
    if match is None:
        raise Http404("Este enlace ya no lleva a ninguna partida: quien la subió lo ha retirado.")
    return match
