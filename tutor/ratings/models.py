"""Ratings kept in the database: each player's standing and every change, match by match.

A ``Rating`` row exists once a player has entered the public lobby (their
page is then visible to other players) or finished a rated match; without
it a player stands at FIBS's start, 1500 with no experience.  A
``RatedMatch`` marks a live match that counts (the lobby marks the matches
it pairs from rated seeks; class games and money sessions never count) and
says whether its result has been applied, so a result is applied exactly
once, and when it started (two players may start only so many rated
matches together a day: ``service.PAIR_LIMIT``).  Each applied result
leaves one ``RatingChange`` per player: the history that their page draws.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone

from .fibs import START_RATING, Standing


class Rating(models.Model):
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True, related_name="rating", verbose_name="jugador"
    )
    rating = models.FloatField("puntuación", default=START_RATING)
    experience = models.PositiveIntegerField("experiencia", default=0, help_text="la suma de las longitudes de sus matches puntuables")
    updated = models.DateTimeField("actualizada", auto_now=True)

    class Meta:
        verbose_name = "puntuación"
        verbose_name_plural = "puntuaciones"

    def __str__(self) -> str:
        return f"{self.user} {self.rating:.2f}"

    @property
    def standing(self) -> Standing:
        return Standing(self.rating, self.experience)


class RatedMatch(models.Model):
    """A live match whose result changes both players' ratings, applied once (``applied_at``)."""

    game = models.OneToOneField("play.LiveGame", on_delete=models.CASCADE, related_name="rated_match", verbose_name="partida")
    created = models.DateTimeField("empezado", default=timezone.now, help_text="cuenta para el límite diario entre los mismos dos jugadores")
    applied_at = models.DateTimeField("puntuación aplicada", null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["created"], name="ratings_rated_match_created")]
        verbose_name = "match puntuable"
        verbose_name_plural = "matches puntuables"

    def __str__(self) -> str:
        return f"{self.game}"


class RatingChange(models.Model):
    """What one rated match did to one player's rating."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes", verbose_name="jugador")
    game = models.ForeignKey("play.LiveGame", on_delete=models.CASCADE, related_name="rating_changes", verbose_name="partida")
    rival = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+", verbose_name="rival")
    length = models.PositiveSmallIntegerField("puntos del match")
    won = models.BooleanField("ganó")
    rating_before = models.FloatField("antes")
    rating_after = models.FloatField("después")
    experience_before = models.PositiveIntegerField("experiencia antes")
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["created", "pk"]
        verbose_name = "cambio de puntuación"
        verbose_name_plural = "cambios de puntuación"
        constraints = [models.UniqueConstraint(fields=["user", "game"], name="ratings_one_change_per_match")]

    def __str__(self) -> str:
        return f"{self.user} {self.rating_before:.2f} → {self.rating_after:.2f}"

    @property
    def delta(self) -> float:
        return self.rating_after - self.rating_before
