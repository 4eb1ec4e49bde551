"""The author's pages of a study's readers: the class view, one reader's path, the CSV.

Only the study's author reaches them (``access.study_to_write``); a reader
who never was among the study's readers is a 404.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import render

from . import access, paths


@login_required
def class_paths(request, pk: int) -> HttpResponse:
    """Every reader's path in one table, and the chapters most readers got wrong first."""
    study = access.study_to_write(request.user, pk)
    built = paths.build(study)
    return render(request, "studies/paths.html", {"study": study, "built": built, "hardest": built.hardest()})


@login_required
def reader_path(request, pk: int, reader_id: int) -> HttpResponse:
    """One reader's answers chapter by chapter, in order, with the time spent and where they stopped."""
    study = access.study_to_write(request.user, pk)
    reader = next((one for one in paths.readers_of(study) if one.pk == reader_id), None)
    if reader is None:
        raise Http404("Esa persona no ha leído este estudio.")
    return render(request, "studies/path.html", {"study": study, "path": paths.reader_path(study, reader)})


@login_required
def paths_csv(request, pk: int) -> HttpResponse:
    return paths.paths_csv(access.study_to_write(request.user, pk))


@login_required
def summary_csv(request, pk: int) -> HttpResponse:
    return paths.summary_csv(paths.build(access.study_to_write(request.user, pk)))
