"""What a learner remembers of each rule, and every answer that taught it.

``RuleMemory`` holds the spaced-repetition card of one rule for one
learner (the ``fsrs`` card as a dict, with its due date copied out so the
database can sort and filter by it).  ``RuleAnswer`` keeps each answer, for
the history chart and for teachers who want to see a student's attempts on
one rule.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone

SOURCES = [
    ("drill", "Entrenamiento"),
    ("puzzle", "Ejercicio de lección"),
    ("assignment", "Tarea"),
    ("practice", "Práctica"),
]


class RuleMemory(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rule_memories")
    rule = models.CharField(max_length=40)
    card = models.JSONField(default=dict)
    due = models.DateTimeField(db_index=True)
    correct = models.PositiveIntegerField(default=0)
    total = models.PositiveIntegerField(default=0)
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
    created = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        ordering = ["-created"]
        indexes = [models.Index(fields=["user", "rule"])]
        verbose_name = "respuesta sobre una regla"
        verbose_name_plural = "respuestas sobre reglas"

    def __str__(self) -> str:
        return f"{self.user} · {self.rule} · {'bien' if self.correct else 'mal'}"
