"""A database check: every stored chapter still agrees with the engine.

The editor checks a chapter when it is saved; the engine may change after
that (a rule corrected, a reason code renamed).  ``manage.py check --database
default`` reads every chapter again and reports, as ``studies.W001``, the
ones the engine now refuses, with the study, the chapter and the rule named.
A warning, not an error: a teacher's chapter must never stop ``migrate``.
It is tagged ``database`` so that plain ``manage.py check`` never touches the
database (Django runs such checks only when asked, and ``migrate`` before it
migrates: a database without the studies' table yet has nothing to check).
"""

from __future__ import annotations

from django.core.checks import Tags, Warning, register
from django.db import connections

from .models import Chapter
from .validation import ChapterError, check_chapter


@register(Tags.database)
def check_stored_chapters(app_configs=None, databases=None, **kwargs) -> list[Warning]:
    errors: list[Warning] = []
    for alias in databases or ():
        if Chapter._meta.db_table not in connections[alias].introspection.table_names():
            continue
        errors.extend(_chapters_refused(alias))
    return errors


def _chapters_refused(alias: str) -> list[Warning]:
    errors = []
    for chapter in Chapter.objects.using(alias).select_related("study").order_by("study_id", "order", "pk").iterator():
        try:
            check_chapter(chapter)
        except ChapterError as error:
            errors.append(
                Warning(
                    f"estudio {chapter.study_id} «{chapter.study.title}», capítulo {chapter.pk} «{chapter.title}»: {error.message}",
                    hint="Abre el capítulo en el editor y corrígelo.",
                    id="studies.W001",
                )
            )
    return errors
