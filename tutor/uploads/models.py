"""An uploaded match, kept as the engine replayed it: its games' actions in the shape every review reads.

``UploadedMatch`` is a match (or money session) read from a ``.mat`` or
``.sgf`` file by ``tutor.games.matfile``, owned by the account that
uploaded it; ``UploadedAction`` is each of its decisions and each game's
end, numbered in order, in the same shape as practice's and live games'
actions (``GameAction``), so the stepper, the light, the totals, the
grading and the ``.mat`` writer read it unchanged.  As in live games, a
``ROLL`` row stands for a roll the player could have doubled before: once
graded it is a no-double.

Only the uploader sees a match (``side`` is the player they say they
were, None until they say it); a share link (``share_token``) opens it
read-only to anyone, and a class it was handed to (``classroom``) shows it
to that class's teacher.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse

from tutor.engine import BLACK, WHITE, Position
from tutor.games.models import ActionKind, GameAction, StoredMatch

SOURCES = [("mat", ".mat"), ("sgf", ".sgf")]
TOKEN_BYTES = 18
"""A share link's secret: 18 random bytes, 24 characters in the link."""


def new_share_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


class UploadedMatch(StoredMatch, models.Model):
    """A match played elsewhere, checked by the engine when it was uploaded, graded by gnubg afterwards."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="uploaded_matches", verbose_name="subida por"
    )
    first_name = models.CharField("primer jugador", max_length=60)
    second_name = models.CharField("segundo jugador", max_length=60)
    side = models.PositiveSmallIntegerField(
        "jugador que era quien la subió", null=True, blank=True, choices=[(WHITE, "El primero"), (BLACK, "El segundo")]
    )
    length = models.PositiveSmallIntegerField("puntos del match", default=0, help_text="0: partida por dinero")
    jacoby = models.BooleanField("regla Jacoby", default=False)
    crawford = models.BooleanField("regla Crawford", default=True, help_text="Falso: un match jugado sin la regla Crawford")
    xgid = models.CharField("posición final", max_length=80)
    games = models.PositiveSmallIntegerField("partidas", default=0)
    winner = models.PositiveSmallIntegerField(null=True, blank=True)
    final_score = models.JSONField("marcador final", default=list)
    source = models.CharField("formato", max_length=3, choices=SOURCES)
    filename = models.CharField("archivo", max_length=120, blank=True)
    graded = models.BooleanField("revisada por gnubg", default=False)
    share_token = models.CharField("enlace para compartir", max_length=40, null=True, blank=True, unique=True)
    classroom = models.ForeignKey(
        "classroom.Classroom", on_delete=models.SET_NULL, null=True, blank=True, related_name="uploaded_matches",
        verbose_name="entregada al grupo",
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created", "-pk"]
        verbose_name = "partida subida"
        verbose_name_plural = "partidas subidas"

    def __str__(self) -> str:
        return f"{self.title}: {self.first_name} contra {self.second_name}"

    def get_absolute_url(self) -> str:
        return reverse("uploads:review", args=[self.pk])

    def get_review_url(self) -> str:
        return self.get_absolute_url()

    def name(self, side: int) -> str:
        return self.first_name if side == WHITE else self.second_name

    @property
    def names(self) -> tuple[str, str]:
        return (self.first_name, self.second_name)

    def share(self) -> str:
        """A new share link's token (an old link stops working)."""
        self.share_token = new_share_token()
        self.save(update_fields=["share_token"])
        return self.share_token

    def unshare(self) -> None:
        self.share_token = None
        self.save(update_fields=["share_token"])

    @property
    def final_position(self) -> Position:
        return self.position


class UploadedAction(GameAction):
    """One decision of an uploaded match, or a game's end, in order (``GameAction``)."""

    match = models.ForeignKey(UploadedMatch, on_delete=models.CASCADE, related_name="actions")
    side = models.PositiveSmallIntegerField(choices=[(WHITE, "Primer jugador"), (BLACK, "Segundo jugador")])
    line = models.PositiveIntegerField("línea del archivo", default=0)

    hinted = False  # the practice light asks; nobody had hints

    class Meta:
        ordering = ["match", "number"]
        constraints = [models.UniqueConstraint(fields=["match", "number"], name="uploads_action_order")]

    def __str__(self) -> str:
        return f"{self.match_id}#{self.number} {self.kind} {self.play}"

    @property
    def decision_kind(self) -> str:
        """A graded roll is a no-double, as in live games."""
        return ActionKind.NO_DOUBLE if self.kind == ActionKind.ROLL else self.kind

    @property
    def decision_position(self) -> Position:
        """Where the decision was made: a no-double before the dice it then threw."""
        position = self.position
        return position.replace(dice=None) if self.kind == ActionKind.ROLL else position

    @property
    def origin(self) -> UploadedMatch:
        return self.match

    @property
    def rival_name(self) -> str:
        return self.match.name(BLACK if self.side == WHITE else WHITE)
