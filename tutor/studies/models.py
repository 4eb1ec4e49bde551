"""Studies: a teacher's own interactive lesson, written in the browser.

A ``Study`` is a title, an introduction and up to ``MAX_CHAPTERS`` ordered
``Chapter`` rows.  Each chapter is one position (an XGID, with the dice
rolled or a cube decision to make), a Markdown text rendered by the lessons'
pipeline, and optionally one question the engine checks
(``tutor.studies.answers.judge_chapter``).

What a chapter asks is versioned: ``Chapter.revision`` grows on every save
that changes what is shown or asked, so an answer stored with the revision
it answered stays tied to the question as it was then.  The answer spec's
JSON shapes and the permissions are described in ``docs/studies.md``.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse

from tutor.classroom.models import Classroom

MAX_CHAPTERS = 64
"""Chapters in one study: enough for an evening's class, few enough to read on a phone."""

MAX_STUDIES = 200
"""Studies one teacher may keep (their own and copies)."""

MAX_TITLE = 120
MAX_TEXT = 20_000
"""Characters of an introduction or a chapter's text (Markdown)."""
MAX_PROMPT = 300
MAX_HINT = 500
MAX_WRONG_TEXT = 1000


class Sharing(models.TextChoices):
    """Who may read a study besides its author (only the author writes it)."""

    PRIVATE = "privado", "Solo yo"
    CLASSES = "clases", "Mis clases elegidas"
    LINK = "enlace", "Cualquiera con el enlace"


class Moment(models.TextChoices):
    """What the player on roll faces in a chapter's position."""

    DICE = "dados", "Con los dados tirados"
    BEFORE = "antes", "Antes de tirar, sin decisión del cubo"
    DOUBLE = "doblar", "¿Doblar o tirar?"
    TAKE = "aceptar", "¿Aceptar o rechazar el doble?"


class QuestionKind(models.TextChoices):
    """What a chapter asks; the answer spec (``Chapter.answer_spec``) depends on it."""

    NONE = "ninguna", "Sin pregunta"
    PLAY = "jugada", "Encontrar una jugada"
    CHOICE = "opcion", "Elegir una opción"
    YES_NO = "sino", "Sí o no"
    NUMBER = "numero", "Un número"


def new_link_token() -> str:
    """A random, unguessable token for the study's read-only public link."""
    return secrets.token_urlsafe(18)


class Study(models.Model):
    """A teacher's interactive lesson: a title, an introduction and ordered chapters.

    Only ``author`` edits it.  ``sharing`` says who else reads it: nobody
    (``privado``), the members of the ``classrooms`` chosen (``clases``; the
    author's own groups only), or anyone signed in who holds the link with
    ``link_token`` (``enlace``).  ``copied_from`` remembers the public study a
    copy was made from (None for an original, or once the source is deleted).
    """

    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="studies", verbose_name="autor/a"
    )
    title = models.CharField("título", max_length=MAX_TITLE)
    introduction = models.TextField("introducción", max_length=MAX_TEXT, blank=True)
    sharing = models.CharField("compartido con", max_length=10, choices=Sharing.choices, default=Sharing.PRIVATE)
    classrooms = models.ManyToManyField(Classroom, blank=True, related_name="studies", verbose_name="grupos")
    link_token = models.CharField("enlace público", max_length=40, unique=True, default=new_link_token)
    copied_from = models.ForeignKey(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="copies", verbose_name="copiado de"
    )
    created_at = models.DateTimeField("creado el", auto_now_add=True)
    updated_at = models.DateTimeField("modificado el", auto_now=True)

    class Meta:
        verbose_name = "estudio"
        verbose_name_plural = "estudios"
        ordering = ["-updated_at", "pk"]

    def __str__(self) -> str:
        return self.title

    def get_absolute_url(self) -> str:
        return reverse("studies:study", args=[self.pk])

    def edit_url(self) -> str:
        return reverse("studies:edit", args=[self.pk])

    def link_url(self) -> str:
        """The public, read-only address (it works only while ``sharing`` is ``enlace``)."""
        return reverse("studies:by_link", args=[self.link_token])


class Chapter(models.Model):
    """One chapter of a study: a position, a text and optionally a question.

    ``xgid`` is the position as an XGID, written by ``tutor.engine``; with
    ``moment`` ``dados`` it carries the dice rolled; otherwise the XGID has no
    dice: ``antes`` is the position before the roll (a question about it, a
    pip count say), ``doblar`` a cube decision of the player on roll (double
    or roll), ``aceptar`` their rival's (take or drop the double offered).

    ``question_kind`` and ``answer_spec`` say what the student must answer
    (the JSON shapes are in ``docs/studies.md``), ``prompt`` the question's
    sentence; ``hint`` is offered on request and ``wrong_text`` is shown after
    a wrong answer, under the engine's explanation.  ``compare_gnubg`` shows
    GNU Backgammon's analysis once the student has answered.

    ``revision`` starts at 1 and grows by one on every save that changes
    what the chapter shows or asks (reordering does not count): store it with
    each answer so that an edit never changes the meaning of an answer given.
    """

    study = models.ForeignKey(Study, on_delete=models.CASCADE, related_name="chapters", verbose_name="estudio")
    order = models.PositiveIntegerField("orden", default=0)
    title = models.CharField("título", max_length=MAX_TITLE)
    xgid = models.CharField("posición (XGID)", max_length=80)
    moment = models.CharField("momento", max_length=10, choices=Moment.choices, default=Moment.DICE)
    text = models.TextField("texto", max_length=MAX_TEXT, blank=True)
    question_kind = models.CharField(
        "pregunta", max_length=10, choices=QuestionKind.choices, default=QuestionKind.NONE
    )
    prompt = models.CharField("enunciado", max_length=MAX_PROMPT, blank=True)
    answer_spec = models.JSONField("respuesta esperada", default=dict, blank=True)
    hint = models.CharField("pista", max_length=MAX_HINT, blank=True)
    wrong_text = models.CharField("texto para respuestas equivocadas", max_length=MAX_WRONG_TEXT, blank=True)
    compare_gnubg = models.BooleanField("comparar con GNU Backgammon", default=False)
    revision = models.PositiveIntegerField("revisión", default=1)
    created_at = models.DateTimeField("creado el", auto_now_add=True)
    updated_at = models.DateTimeField("modificado el", auto_now=True)

    CONTENT_FIELDS = (
        "title", "xgid", "moment", "text", "question_kind", "prompt", "answer_spec", "hint", "wrong_text", "compare_gnubg",
    )
    """The fields whose change makes a new revision."""

    class Meta:
        verbose_name = "capítulo"
        verbose_name_plural = "capítulos"
        ordering = ["study", "order", "pk"]

    def __str__(self) -> str:
        return self.title

    def get_absolute_url(self) -> str:
        return reverse("studies:chapter", args=[self.study_id, self.pk])

    def save(self, *args, **kwargs) -> None:
        """Save, with ``revision`` one higher when what the chapter shows or asks changed."""
        if self.pk is not None and not kwargs.get("update_fields"):
            stored = Chapter.objects.filter(pk=self.pk).values(*self.CONTENT_FIELDS).first()
            if stored is not None and any(stored[name] != getattr(self, name) for name in self.CONTENT_FIELDS):
                self.revision += 1
        super().save(*args, **kwargs)

    @property
    def asks(self) -> bool:
        return self.question_kind != QuestionKind.NONE


class OpenedStudy(models.Model):
    """A signed-in user opened a study shared by link: it stays in their list of studies."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="opened_studies", verbose_name="usuario"
    )
    study = models.ForeignKey(Study, on_delete=models.CASCADE, related_name="openings", verbose_name="estudio")
    opened_at = models.DateTimeField("abierto el", auto_now=True)

    class Meta:
        verbose_name = "estudio abierto"
        verbose_name_plural = "estudios abiertos"
        constraints = [models.UniqueConstraint(fields=["user", "study"], name="opened_study_once")]

    def __str__(self) -> str:
        return f"{self.user} · {self.study}"


# --- The readers' side: answers, where each reader is, studies in assignments ---


class ChapterAnswer(models.Model):
    """One answer of a signed-in reader to a chapter's question, as it was asked and judged.

    Every answer is kept, right or wrong, numbered per reader and chapter from
    1: the first one alone says «right at the first try».  ``revision`` is the
    chapter's revision when it was answered; ``chapter_title``, ``question``
    and ``answer_words`` keep the title, the question and the answer in the
    Spanish the reader saw then, so an edit of the chapter, or its deletion
    (``chapter`` becomes None), changes nothing the teacher reads here; a
    study with answers cannot be deleted (``study`` is protected).

    ``seconds`` is the time from when the chapter was shown (or from the
    reader's previous answer to it) to this answer, measured on the server
    and capped (``reading.MAX_SECONDS``) so that a tab left open does not
    count hours.  ``solution_seen``: the reader had asked for the solution
    of this chapter before answering; ``hint_seen``: they had opened its hint.
    """

    study = models.ForeignKey(Study, on_delete=models.PROTECT, related_name="answers", verbose_name="estudio")
    chapter = models.ForeignKey(
        Chapter, on_delete=models.SET_NULL, null=True, blank=True, related_name="answers", verbose_name="capítulo"
    )
    reader = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chapter_answers", verbose_name="alumno/a"
    )
    number = models.PositiveIntegerField("respuesta n.º")
    revision = models.PositiveIntegerField("revisión del capítulo")
    chapter_title = models.CharField("capítulo", max_length=MAX_TITLE)
    question = models.CharField("pregunta", max_length=MAX_PROMPT, blank=True)
    text = models.CharField("respuesta escrita", max_length=200, blank=True)
    answer_words = models.CharField("respuesta", max_length=300, blank=True, help_text="La respuesta con las palabras que vio el alumno.")
    correct = models.BooleanField("correcta")
    legal = models.BooleanField("legal", null=True)
    codes = models.CharField("códigos", max_length=200, blank=True)
    verdict = models.JSONField("veredicto", default=dict)
    solution_seen = models.BooleanField("con la solución vista", default=False)
    hint_seen = models.BooleanField("con la pista vista", default=False)
    seconds = models.PositiveIntegerField("segundos", default=0)
    created_at = models.DateTimeField("respondida el", auto_now_add=True, db_index=True)

    class Meta:
        verbose_name = "respuesta a un capítulo"
        verbose_name_plural = "respuestas a los capítulos"
        ordering = ["study", "reader", "created_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["chapter", "reader", "number"], name="chapter_answer_number_once"),
        ]

    def __str__(self) -> str:
        return f"{self.reader} · {self.chapter_title} · {self.number}"

    @property
    def reasons(self) -> list[dict]:
        reasons = self.verdict.get("reasons") if isinstance(self.verdict, dict) else None
        return [reason for reason in reasons if isinstance(reason, dict)] if isinstance(reasons, list) else []

    @property
    def message(self) -> str:
        return str(self.verdict.get("message", "")) if isinstance(self.verdict, dict) else ""

    @property
    def explanation(self) -> str:
        """The verdict in words as one text: its message, then each reason's sentence."""
        parts = [self.message] + [str(reason.get("message", "")) for reason in self.reasons]
        return " ".join(part for part in parts if part)


class ChapterVisit(models.Model):
    """A signed-in reader in one chapter: when it was last shown to them and whether they saw its solution.

    ``shown_at`` starts the clock of their next answer (``ChapterAnswer.seconds``);
    ``solution_seen_at`` marks every later answer «Con la solución vista»;
    ``hint_seen_at`` (the reader opened «Pista») marks them «Con la pista vista».
    """

    chapter = models.ForeignKey(Chapter, on_delete=models.CASCADE, related_name="visits", verbose_name="capítulo")
    reader = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chapter_visits", verbose_name="alumno/a"
    )
    shown_at = models.DateTimeField("mostrado el")
    solution_seen_at = models.DateTimeField("solución vista el", null=True, blank=True)
    hint_seen_at = models.DateTimeField("pista vista el", null=True, blank=True)

    class Meta:
        verbose_name = "visita a un capítulo"
        verbose_name_plural = "visitas a los capítulos"
        constraints = [models.UniqueConstraint(fields=["chapter", "reader"], name="chapter_visit_once")]

    def __str__(self) -> str:
        return f"{self.reader} · {self.chapter}"


class StudyPlace(models.Model):
    """Where a signed-in reader stopped in a study: the last chapter they opened («Seguir donde lo dejaste»)."""

    study = models.ForeignKey(Study, on_delete=models.CASCADE, related_name="places", verbose_name="estudio")
    reader = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="study_places", verbose_name="alumno/a"
    )
    chapter = models.ForeignKey(
        Chapter, on_delete=models.SET_NULL, null=True, blank=True, related_name="+", verbose_name="capítulo"
    )
    updated_at = models.DateTimeField("última visita", auto_now=True)

    class Meta:
        verbose_name = "dónde va un alumno"
        verbose_name_plural = "dónde va cada alumno"
        constraints = [models.UniqueConstraint(fields=["study", "reader"], name="study_place_once")]

    def __str__(self) -> str:
        return f"{self.reader} · {self.study}"


class AssignedStudy(models.Model):
    """A study given in a classroom assignment, with the assignment's due date.

    Each chapter of the study that asks a question is one item of the
    assignment (``assigned.item_counts``): solved once the student answers it
    right; the answers are the study's own (``ChapterAnswer``), so reading the
    study from the list or from the assignment counts alike.
    """

    assignment = models.ForeignKey(
        "classroom.Assignment", on_delete=models.CASCADE, related_name="assigned_studies", verbose_name="tarea"
    )
    study = models.ForeignKey(Study, on_delete=models.CASCADE, related_name="assignments", verbose_name="estudio")
    added_at = models.DateTimeField("añadido el", auto_now_add=True)

    class Meta:
        verbose_name = "estudio de una tarea"
        verbose_name_plural = "estudios de las tareas"
        constraints = [models.UniqueConstraint(fields=["assignment", "study"], name="assigned_study_once")]

    def __str__(self) -> str:
        return f"{self.study} en {self.assignment}"
