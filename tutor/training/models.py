"""What a learner remembers of each rule, and every answer that taught it.

``RuleMemory`` holds the spaced-repetition card of one rule for one
learner (the ``fsrs`` card as a dict, with its due date copied out so the
database can sort and filter by it) and the level the learner has shown on
it (``tutor.training.mastery``).  ``RuleAnswer`` keeps each answer, for
the history chart and for teachers who want to see a student's attempts on
one rule.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone

from tutor.rules import Source

SOURCES = [
    (Source.DRILL, "Entrenamiento"),
    (Source.PUZZLE, "Ejercicio de lección"),
    (Source.ASSIGNMENT, "Tarea"),
    (Source.PRACTICE, "Práctica"),
    (Source.LIVE, "Partida en directo"),
    (Source.STUDY, "Estudio de un profesor"),
]


class RuleMemory(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rule_memories")
    rule = models.CharField(max_length=40)
    card = models.JSONField(default=dict)
    due = models.DateTimeField(db_index=True)
    correct = models.PositiveIntegerField(default=0)
    total = models.PositiveIntegerField(default=0)
    level = models.PositiveSmallIntegerField("nivel de dominio", default=0, help_text="Lo que ha demostrado: 0 sin empezar, 1 practicada, 2 segura, 3 dominada.")
    updated = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "rule"], name="one_memory_per_rule")]
        verbose_name = "memoria de una regla"
        verbose_name_plural = "memorias de reglas"

    def __str__(self) -> str:
        return f"{self.user} · {self.rule}"


class RuleAnswer(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rule_answers")
    rule = models.CharField(max_length=40)
    correct = models.BooleanField()
    source = models.CharField(max_length=20, choices=SOURCES)
    item = models.CharField(max_length=80, blank=True)
    answer = models.CharField("respuesta", max_length=200, blank=True, help_text="Lo que respondió, con las palabras que vio (una jugada, un número, «sí» o «no»).")
    created = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        ordering = ["-created"]
        indexes = [models.Index(fields=["user", "rule"])]
        verbose_name = "respuesta sobre una regla"
        verbose_name_plural = "respuestas sobre reglas"

    def __str__(self) -> str:
        return f"{self.user} · {self.rule} · {'bien' if self.correct else 'mal'}"


class DrillTask(models.Model):
    """Drills in an assignment: ``count`` drills of ``rule`` at ``level``, different for each student.

    Each student's drills come from ``seed`` mixed with the student's id, so
    they are reproducible (the teacher sees the same positions the student
    saw) and nobody can copy a classmate's answers.
    """

    assignment = models.ForeignKey("classroom.Assignment", on_delete=models.CASCADE, related_name="drill_tasks", verbose_name="tarea")
    rule = models.CharField("regla", max_length=40)
    level = models.PositiveSmallIntegerField("dificultad", default=1)
    count = models.PositiveSmallIntegerField("ejercicios", default=10)
    seed = models.PositiveIntegerField("semilla")
    created_at = models.DateTimeField("creado el", auto_now_add=True)

    class Meta:
        ordering = ["assignment", "pk"]
        verbose_name = "ejercicios de entrenamiento de una tarea"
        verbose_name_plural = "ejercicios de entrenamiento de tareas"

    def __str__(self) -> str:
        return f"{self.count} × {self.rule} (dificultad {self.level})"
