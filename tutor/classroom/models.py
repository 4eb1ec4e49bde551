"""Groups, assignments, exercises and attempts, and the rules about them.

A teacher's group (``Classroom``) has a join code and members; an
``Assignment`` holds ordered ``Exercise`` rows, each either a lesson puzzle
(by slug) or the teacher's own puzzle (position, dice, kind and the answer
the engine computed).  Every submission of a student is one ``Attempt``.

The policy lives here, not in the views: an assignment is published only
with an exercise, what students have answered is never deleted, a teacher
renews only the passwords of accounts they created.  A refusal is a
``ValidationError`` with a Spanish message and a stable ``code``.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Count, Max
from django.urls import reverse
from django.utils import timezone

from tutor.accounts.models import Profile
from tutor.accounts.onetime import renew_password
from tutor.lessons.library import get_library
from tutor.lessons.puzzles import PLAY_KINDS, Puzzle, PuzzleError

from .exercises import answer_text, custom_puzzle

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 8


def new_join_code() -> str:
    """Eight letters and digits without look-alikes (no I, O, 0 or 1)."""
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if not Classroom.objects.filter(join_code=code).exists():
            return code


def normalise_code(text: str) -> str:
    """What a student types, as stored: upper case, no spaces or dashes."""
    return "".join(ch for ch in str(text).upper() if ch.isalnum())[:CODE_LENGTH * 2]


class Classroom(models.Model):
    teacher = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="classrooms_taught", verbose_name="profesor/a"
    )
    name = models.CharField("nombre", max_length=100)
    join_code = models.CharField("código para unirse", max_length=16, unique=True, default=new_join_code)
    created_at = models.DateTimeField("creado el", auto_now_add=True)
    students = models.ManyToManyField(
        settings.AUTH_USER_MODEL, through="Membership", related_name="classrooms", verbose_name="alumnos"
    )

    class Meta:
        verbose_name = "grupo"
        verbose_name_plural = "grupos"
        ordering = ["name", "pk"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("classroom:classroom", args=[self.pk])

    def join_path(self) -> str:
        return reverse("classroom:join_code", args=[self.join_code])


class Membership(models.Model):
    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="memberships", verbose_name="grupo")
    student = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships", verbose_name="alumno/a"
    )
    joined_at = models.DateTimeField("se unió el", auto_now_add=True)

    class Meta:
        verbose_name = "alumno/a del grupo"
        verbose_name_plural = "alumnos de los grupos"
        ordering = ["student__first_name", "student__username"]
        constraints = [models.UniqueConstraint(fields=["classroom", "student"], name="membership_once_per_classroom")]

    def __str__(self) -> str:
        return f"{self.student} en {self.classroom}"

    def renew_password(self, teacher) -> str:
        """A new one-time password for the student, if ``teacher`` created the account.

        Other accounts belong to their owners, who recover them by e-mail.
        """
        if not Profile.objects.filter(user=self.student, created_by=teacher).exists():
            raise ValidationError(
                "Solo puedes dar una contraseña nueva a las cuentas que creaste tú. Los demás pueden recuperarla por correo.",
                code="not-created-by-teacher",
            )
        return renew_password(self.student)


class Assignment(models.Model):
    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="assignments", verbose_name="grupo")
    title = models.CharField("título", max_length=120)
    instructions = models.TextField("instrucciones", max_length=2000, blank=True)
    due_at = models.DateTimeField("fecha de entrega")
    published_at = models.DateTimeField("publicada el", null=True, blank=True)
    created_at = models.DateTimeField("creada el", auto_now_add=True)

    # A student's progress, set on each assignment of their list by results.with_progress.
    status: str
    status_label: str
    solved_count: int
    item_count: int

    class Meta:
        verbose_name = "tarea"
        verbose_name_plural = "tareas"
        ordering = ["due_at", "pk"]

    def __str__(self) -> str:
        return self.title

    def get_absolute_url(self) -> str:
        return reverse("classroom:assignment", args=[self.pk])

    @property
    def is_published(self) -> bool:
        return self.published_at is not None

    @property
    def is_past_due(self) -> bool:
        return timezone.now() > self.due_at

    def is_late(self, when) -> bool:
        return when > self.due_at

    @property
    def is_answered(self) -> bool:
        """True once a student has answered any of its exercises: it is a record then."""
        return Attempt.objects.filter(exercise__assignment=self).exists()

    def publish(self) -> bool:
        """Show the assignment to the students; False if it already was.

        An assignment without items (exercises or drills) cannot be published.
        """
        if not item_counts([self])[self.pk]:
            raise ValidationError("Añade al menos un ejercicio antes de publicar la tarea.", code="no-exercises")
        if self.is_published:
            return False
        self.published_at = timezone.now()
        self.save(update_fields=["published_at"])
        return True

    def check_deletable(self) -> None:
        """Refuse (``ValidationError``) to delete what students have answered."""
        if self.is_answered:
            raise ValidationError("Esta tarea ya tiene respuestas de tus alumnos: no se puede borrar.", code="answered")

    def delete(self, *args, **kwargs):
        self.check_deletable()
        return super().delete(*args, **kwargs)

    def add_puzzles(self, puzzles: list[Puzzle]) -> list[Exercise]:
        """Append lesson puzzles as exercises, in the order given."""
        order = self._next_order()
        return Exercise.objects.bulk_create(
            [
                Exercise(assignment=self, order=order + index, puzzle_slug=puzzle.slug, title=puzzle.title, kind=puzzle.kind, question=puzzle.question)
                for index, puzzle in enumerate(puzzles)
            ]
        )

    def add_custom(self, **fields: str) -> Exercise:
        """Append the teacher's own exercise (``fields`` as a ``Draft`` gives them)."""
        return Exercise.objects.create(assignment=self, order=self._next_order(), **fields)

    def _next_order(self) -> int:
        last = self.exercises.aggregate(last=Max("order"))["last"]
        return 0 if last is None else last + 1


KIND_LABELS = {
    "jugada": "Jugar un turno legal",
    "unica": "Encontrar la única jugada legal",
    "legalidad": "¿Es legal esta jugada?",
    "numero": "Responder con un número",
    "opcion": "Elegir una opción",
}


class Exercise(models.Model):
    """One exercise of an assignment: a lesson puzzle or the teacher's own."""

    assignment = models.ForeignKey(Assignment, on_delete=models.CASCADE, related_name="exercises", verbose_name="tarea")
    order = models.PositiveIntegerField("orden", default=0)
    puzzle_slug = models.CharField("ejercicio de las lecciones", max_length=100, blank=True)
    title = models.CharField("título", max_length=120)
    kind = models.CharField("tipo", max_length=20, choices=list(KIND_LABELS.items()))
    question = models.CharField("pregunta", max_length=300, blank=True)
    xgid = models.CharField("posición (XGID)", max_length=80, blank=True)
    play = models.CharField("jugada preguntada", max_length=100, blank=True)
    calculation = models.CharField("cálculo", max_length=40, blank=True)
    answer = models.CharField("respuesta calculada", max_length=200, blank=True)
    created_at = models.DateTimeField("creado el", auto_now_add=True)

    class Meta:
        verbose_name = "ejercicio"
        verbose_name_plural = "ejercicios"
        ordering = ["assignment", "order", "pk"]

    def __str__(self) -> str:
        return self.title

    @property
    def is_custom(self) -> bool:
        return not self.puzzle_slug

    def delete(self, *args, **kwargs):
        if self.attempts.exists():
            raise ValidationError("Ese ejercicio ya tiene respuestas de tus alumnos: no se puede quitar.", code="answered")
        return super().delete(*args, **kwargs)

    @property
    def kind_label(self) -> str:
        return KIND_LABELS.get(self.kind, self.kind)

    def get_absolute_url(self) -> str:
        return reverse("classroom:exercise", args=[self.pk])

    def neighbours(self) -> tuple[int, int, Exercise | None, Exercise | None]:
        """Where this exercise stands in its assignment: its number (from 1), how many
        there are, and the exercises before and after it (None at either end)."""
        siblings = list(self.assignment.exercises.all())
        index = siblings.index(self)
        after = siblings[index + 1] if index + 1 < len(siblings) else None
        return index + 1, len(siblings), siblings[index - 1] if index else None, after

    def next_step(self) -> dict[str, str]:
        """Where «Siguiente» goes from here: the next exercise, or back to the assignment after the last."""
        following = self.neighbours()[3]
        if following is not None:
            return {"next_url": following.get_absolute_url(), "next_label": "Siguiente ejercicio"}
        return {"next_url": reverse("classroom:student_assignment", args=[self.assignment_id]), "next_label": "Volver a la tarea"}

    @property
    def answer_text(self) -> str:
        """The answer the engine computed for a custom exercise, in words."""
        return answer_text(self.kind, self.answer) if self.is_custom else ""

    def puzzle(self) -> Puzzle | None:
        """The puzzle to show and judge, or ``None`` if it no longer exists."""
        if not hasattr(self, "_puzzle"):
            self._puzzle = self._load_puzzle()
        return self._puzzle

    def _load_puzzle(self) -> Puzzle | None:
        if self.puzzle_slug:
            return get_library().puzzles().get(self.puzzle_slug)
        try:
            return custom_puzzle(
                slug=f"tarea-{self.pk or 0}",
                title=self.title,
                question=self.question,
                kind=self.kind,
                xgid=self.xgid,
                play=self.play,
                calculation=self.calculation,
                answer=self.answer,
            )
        except PuzzleError:
            return None


ItemSource = Callable[[Sequence[Assignment]], dict[int, int]]
_item_sources: list[ItemSource] = []


def add_item_source(source: ItemSource) -> None:
    """Let another app's items count in an assignment's number of items (``item_counts``).

    ``source(assignments)`` gives, by assignment id, how many items the app
    adds to each, the same for every student.  The training app adds its
    drills this way (``TrainingConfig.ready``).  The count lives beside the
    models because publishing asks it: an assignment without items is refused.
    """
    if source not in _item_sources:
        _item_sources.append(source)


def item_counts(assignments: Sequence[Assignment]) -> dict[int, int]:
    """How many items each assignment asks of every student: its exercises and the items other
    apps add (drills).  The one count the teacher's and the student's pages show."""
    pks = [assignment.pk for assignment in assignments]
    exercises = Exercise.objects.filter(assignment__in=pks).values("assignment").annotate(items=Count("pk"))
    counts = {pk: 0 for pk in pks}
    counts.update({row["assignment"]: row["items"] for row in exercises})
    for source in _item_sources:
        for pk, items in source(assignments).items():
            counts[pk] += items
    return counts


class Attempt(models.Model):
    """One submission of a student to an exercise, with the verdict given."""

    exercise = models.ForeignKey(Exercise, on_delete=models.PROTECT, related_name="attempts", verbose_name="ejercicio")
    student = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="attempts", verbose_name="alumno/a"
    )
    number = models.PositiveIntegerField("intento n.º")
    text = models.CharField("respuesta escrita", max_length=200, blank=True)
    correct = models.BooleanField("correcto")
    legal = models.BooleanField("legal", null=True)
    codes = models.CharField("códigos", max_length=200, blank=True, help_text="Los códigos de motivo, separados por espacios.")
    verdict = models.JSONField("veredicto", default=dict)
    created_at = models.DateTimeField("enviado el", default=timezone.now, db_index=True)
    solution_seen = models.BooleanField(
        "con la solución vista",
        default=False,
        help_text="Antes de esta respuesta, el alumno o la alumna pidió o tuvo a la vista la solución del ejercicio.",
    )

    class Meta:
        verbose_name = "intento"
        verbose_name_plural = "intentos"
        ordering = ["exercise", "student", "number"]
        constraints = [
            models.UniqueConstraint(fields=["exercise", "student", "number"], name="attempt_number_once"),
        ]

    def __str__(self) -> str:
        return f"{self.student} · {self.exercise} · intento {self.number}"

    @property
    def code_list(self) -> list[str]:
        return self.codes.split()

    @property
    def reasons(self) -> list[dict]:
        reasons = self.verdict.get("reasons") if isinstance(self.verdict, dict) else None
        return reasons if isinstance(reasons, list) else []

    @property
    def message(self) -> str:
        return str(self.verdict.get("message", "")) if isinstance(self.verdict, dict) else ""

    @property
    def explanation(self) -> str:
        """The verdict in words as one text: its message, then each reason's sentence (the CSV's «Mensaje»)."""
        parts = [self.message] + [str(reason.get("message", "")) for reason in self.reasons if isinstance(reason, dict)]
        return " ".join(part for part in parts if part)

    @property
    def is_late(self) -> bool:
        return self.exercise.assignment.is_late(self.created_at)

    @property
    def is_illegal_play(self) -> bool:
        """The student played on the board and the play broke a rule."""
        return self.legal is False and self.exercise.kind in PLAY_KINDS


class SolutionView(models.Model):
    """A signed-in user was given the solution of a lesson puzzle or of a position.

    Kept so that an attempt answered afterwards says so to the teacher
    (``Attempt.solution_seen``): see ``tutor.classroom.solutions``.
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="solution_views", verbose_name="usuario"
    )
    puzzle_slug = models.CharField("ejercicio de las lecciones", max_length=100, blank=True)
    position = models.CharField(
        "pregunta vista",
        max_length=80,
        blank=True,
        help_text="La posición vista desde quien tiene el turno, y los dados si la respuesta depende de ellos.",
    )
    seen_at = models.DateTimeField("vista el", default=timezone.now)

    class Meta:
        verbose_name = "solución vista"
        verbose_name_plural = "soluciones vistas"
        indexes = [
            models.Index(fields=["user", "puzzle_slug"], name="solution_view_puzzle"),
            models.Index(fields=["user", "position"], name="solution_view_position"),
        ]

    def __str__(self) -> str:
        return f"{self.user} · {self.puzzle_slug or self.position}"
