"""The lobby in the database: seeks, the rooms they are published in, blocks and reports.

A ``Seek`` is a player's open offer to play (a money game or a match, with
or without clock, rated or not, perhaps only against a rating range),
published in a room: the public one, or a class's.  It stays open while its
creator is in the lobby (``expires_at`` is a lease the creator's open
lobby pages keep renewing) and closes exactly once: taken by someone
(``game`` is the match it started), withdrawn, or gone with its creator.
A rematch offer is a seek addressed to one ``rival`` after a match
(``rematch_of``); it is never listed.

Every seek ever published stays as a row, so what happened to each can be
checked (``bench/lobby.py`` does, against the players' own accounts).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone

from tutor.play.time_controls import BY_KEY

PUBLIC_ROOM = "public"


def room_key(classroom_id: int | None) -> str:
    """The room of a seek: the public one, or its class's."""
    return PUBLIC_ROOM if classroom_id is None else f"class-{classroom_id}"


class Room(models.Model):
    """The row locked while «Jugar ya» looks for a rival with one set of settings in one room.

    Two players pressing «Jugar ya» at the same moment with nobody waiting
    would otherwise both publish a seek and wait for each other: one at a
    time, the second finds the first's seek and takes it.  Only players
    asking for the same game can meet, so each kind of game in a room has
    its own row (``service.Wish.pairing_key``): a press for a match to 5
    never waits behind one for a money game.
    """

    key = models.CharField(max_length=64, unique=True)

    def __str__(self) -> str:
        return self.key


class Seek(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", "Abierta"
        TAKEN = "taken", "Aceptada"
        WITHDRAWN = "withdrawn", "Retirada"
        GONE = "gone", "Su creador se fue"
        DECLINED = "declined", "Rechazada"

    creator = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="seeks", verbose_name="creador")
    creator_rating = models.FloatField("puntuación del creador al publicarla")
    length = models.PositiveSmallIntegerField("puntos del match", help_text="0: partida por dinero")
    clock = models.CharField(
        "reloj", max_length=12, blank=True, default="", help_text="la clave de un control de tiempo de play.clocks; vacío: sin reloj"
    )
    rated = models.BooleanField("puntúa", default=False)
    min_rating = models.PositiveSmallIntegerField("puntuación mínima del rival", null=True, blank=True)
    max_rating = models.PositiveSmallIntegerField("puntuación máxima del rival", null=True, blank=True)
    classroom = models.ForeignKey(
        "classroom.Classroom", on_delete=models.CASCADE, null=True, blank=True, related_name="seeks", verbose_name="grupo"
    )
    rival = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, null=True, blank=True, related_name="rematch_offers",
        verbose_name="rival invitado", help_text="solo en una revancha",
    )
    rematch_of = models.ForeignKey(
        "play.LiveGame", on_delete=models.CASCADE, null=True, blank=True, related_name="rematch_offers", verbose_name="revancha de"
    )
    status = models.CharField("estado", max_length=10, choices=Status.choices, default=Status.OPEN)
    taker = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="taken_seeks", verbose_name="aceptada por"
    )
    game = models.OneToOneField(
        "play.LiveGame", on_delete=models.SET_NULL, null=True, blank=True, related_name="seek", verbose_name="partida"
    )
    created = models.DateTimeField("publicada", default=timezone.now)
    expires_at = models.DateTimeField("caduca")
    closed_at = models.DateTimeField("cerrada", null=True, blank=True)

    class Meta:
        ordering = ["created", "pk"]
        verbose_name = "búsqueda de rival"
        verbose_name_plural = "búsquedas de rival"
        indexes = [models.Index(fields=["status", "expires_at"], name="lobby_seek_open")]
        constraints = [
            models.UniqueConstraint(
                fields=["creator"], condition=Q(status="open", rival__isnull=True), name="lobby_one_open_seek_per_player"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.creator} {self.length} {self.status}"

    @property
    def room(self) -> str:
        return room_key(self.classroom_id)

    @property
    def title(self) -> str:
        return f"Match a {self.length} {'punto' if self.length == 1 else 'puntos'}" if self.length else "Partida por dinero"

    @property
    def clock_words(self) -> str:
        """«con reloj rápido», or «sin reloj»."""
        control = BY_KEY.get(self.clock)
        return control.words if control else "sin reloj"


class Block(models.Model):
    """``blocker`` never meets ``blocked`` again in the lobby (neither sees the other's seeks)."""

    blocker = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="blocks", verbose_name="quien bloquea")
    blocked = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="blocked_by", verbose_name="bloqueado")
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = "bloqueo"
        verbose_name_plural = "bloqueos"
        constraints = [models.UniqueConstraint(fields=["blocker", "blocked"], name="lobby_block_once")]

    def __str__(self) -> str:
        return f"{self.blocker} → {self.blocked}"


class Report(models.Model):
    """A player tells the site's staff about a game (listed in the admin)."""

    class Reason(models.TextChoices):
        NAME = "name", "Su nombre es ofensivo"
        STALLING = "stalling", "Deja pasar el tiempo o abandona sin terminar"
        CHEATING = "cheating", "Creo que recibe ayuda para jugar"
        OTHER = "other", "Otro motivo"

    game = models.ForeignKey("play.LiveGame", on_delete=models.CASCADE, related_name="reports", verbose_name="partida")
    reporter = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="reports_made", verbose_name="informa")
    reported = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="reports_received", verbose_name="sobre")
    reason = models.CharField("motivo", max_length=10, choices=Reason.choices)
    comment = models.TextField("comentario para el equipo", max_length=500, blank=True)
    created = models.DateTimeField("enviado", default=timezone.now)
    handled = models.BooleanField("revisado", default=False)

    class Meta:
        ordering = ["handled", "-created"]
        verbose_name = "aviso sobre una partida"
        verbose_name_plural = "avisos sobre partidas"

    def __str__(self) -> str:
        return f"{self.reporter} sobre {self.reported} ({self.get_reason_display()})"
