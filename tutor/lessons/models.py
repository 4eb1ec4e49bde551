"""The lessons app keeps one thing in the database: puzzles solved by accounts.

Lessons and puzzles themselves live in Markdown files (see ``library``);
anonymous learners keep their progress in the session (see ``progress``).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class SolvedPuzzle(models.Model):
    """A lesson puzzle a logged-in learner has solved, and when."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="solved_puzzles", verbose_name="usuario"
    )
    slug = models.CharField("ejercicio", max_length=100)
    solved_at = models.DateTimeField("resuelto el", auto_now_add=True)

    class Meta:
        verbose_name = "ejercicio resuelto"
        verbose_name_plural = "ejercicios resueltos"
        ordering = ["user", "solved_at"]
        constraints = [models.UniqueConstraint(fields=["user", "slug"], name="solved_puzzle_once_per_user")]

    def __str__(self) -> str:
        return f"{self.user} · {self.slug}"
