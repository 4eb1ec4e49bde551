"""Practice against the computer, kept in the database.

A ``PracticeMatch`` is a match to N points, or a money session, between the
learner (always White) and the computer (Black).  It holds the position of
the game being played, as an XGID, and what the learner is asked to do
next (``phase``); everything both sides did is an ``Action``, in order, so
the review, the ``.mat`` export and the personal exercises are all built
from the actions.  The learner's decisions carry gnubg's judgement: the
equity lost and its traffic-light colour.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse

from tutor.engine import BLACK, WHITE
from tutor.games.sequence import Sequenced
from tutor.games.models import Colour, GameAction, Phase, StoredMatch  # noqa: F401  (Colour, Phase: part of this module's interface)

LEARNER = WHITE
COMPUTER = BLACK


class Level(models.TextChoices):
    BEGINNER = "principiante", "Principiante"
    INTERMEDIATE = "intermedio", "Intermedio"
    EXPERT = "experto", "Experto"


PHASES = [
    (Phase.ROLL, "Tu turno: doblar o tirar"),
    (Phase.MOVE, "Tu turno: mueve tus fichas"),
    (Phase.ANSWER, "El programa ha doblado"),
    (Phase.BEAVER, "El programa ha hecho beaver"),
    (Phase.THINKING, "El programa piensa su turno"),
    (Phase.ANSWERING, "El programa piensa si acepta tu doble"),
    (Phase.BEAVERED, "El programa piensa si acepta tu beaver"),
    (Phase.GAME_OVER, "Partida terminada"),
    (Phase.MATCH_OVER, "Match terminado"),
]
"""The phases a practice match goes through (the games' one ``Phase``), in the learner's words."""


class PracticeMatch(StoredMatch, Sequenced):
    """A match (or money session) against the computer, and the state of its current game."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="practice_matches"
    )
    level = models.CharField("nivel", max_length=20, choices=Level.choices, default=Level.INTERMEDIATE)
    length = models.PositiveSmallIntegerField("puntos del match", default=0, help_text="0: partida por dinero")
    jacoby = models.BooleanField("regla Jacoby", default=False, help_text="solo por dinero")
    beavers = models.BooleanField("beavers", default=False, help_text="solo por dinero")
    xgid = models.CharField("posición", max_length=80)
    phase = models.CharField("fase", max_length=12, choices=PHASES)
    game_number = models.PositiveSmallIntegerField("partida", default=1)
    hints_used = models.PositiveSmallIntegerField("pistas usadas en esta partida", default=0)
    dice_thrown = models.PositiveIntegerField("dados tirados", default=0)
    actions_recorded = models.PositiveIntegerField(
        "acciones guardadas", default=0, help_text="el número de la última acción guardada del match"
    )
    last_turn = models.JSONField("lo que pasó desde tu última decisión", default=list, blank=True)
    hint = models.JSONField("pista mostrada", null=True, blank=True)
    upcoming = models.JSONField("marcador y Crawford de la partida siguiente", null=True, blank=True)
    thinking_until = models.DateTimeField(
        "el programa piensa hasta", null=True, blank=True,
        help_text="quien se encarga del turno del programa o de un semáforo pendiente lo tiene hasta entonces",
    )
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated"]
        verbose_name = "partida de práctica"
        verbose_name_plural = "partidas de práctica"

    def __str__(self) -> str:
        return f"{self.title} ({self.get_level_display().lower()})"

    def get_absolute_url(self) -> str:
        return reverse("practice:match", args=[self.pk])

    def get_review_url(self) -> str:
        return reverse("practice:review", args=[self.pk])

    @property
    def program_thinks(self) -> bool:
        """The program has a decision to make (its turn, or its answer to the learner's double or beaver)."""
        return self.phase in (Phase.THINKING, Phase.ANSWERING, Phase.BEAVERED)

    @property
    def is_over(self) -> bool:
        return self.phase == Phase.MATCH_OVER

    @property
    def score(self) -> tuple[int, int]:
        """Learner's and computer's points, including a game just finished."""
        result = self.actions.filter(kind=Action.Kind.RESULT).aggregate(
            learner=models.Sum("points", filter=models.Q(side=LEARNER)),
            computer=models.Sum("points", filter=models.Q(side=COMPUTER)),
        )
        learner, computer = result["learner"] or 0, result["computer"] or 0
        if self.length:
            # A game can win more than the match needs (a gammon with the cube
            # high); the match score stops at its length, as on gnubg's board.
            return min(learner, self.length), min(computer, self.length)
        return learner, computer


class Action(GameAction):
    """One thing a side did in a practice match (``GameAction``); a graded no-double too.

    The learner's decisions are graded just after they are made (``judge``; ``hinted``: after
    asking for a hint).
    """

    match = models.ForeignKey(PracticeMatch, on_delete=models.CASCADE, related_name="actions")
    side = models.PositiveSmallIntegerField(choices=[(LEARNER, "Tú"), (COMPUTER, "Programa")])
    hinted = models.BooleanField(default=False)

    class Meta:
        ordering = ["match", "number"]
        constraints = [models.UniqueConstraint(fields=["match", "number"], name="practice_action_order")]

    def __str__(self) -> str:
        return f"{self.match_id}#{self.number} {self.kind} {self.play}"

    @property
    def origin(self) -> PracticeMatch:
        """The match the decision belongs to (for exercises, which also come from live games)."""
        return self.match

    rival_name = ""
    """Practice is played against the program: no rival to name (a live game's action names one)."""


class ExerciseQuerySet(models.QuerySet):
    def owned(self, matches: models.QuerySet, user=None) -> models.QuerySet:
        """Exercises from ``matches`` (the visitor's practice), and from ``user``'s side of live games."""
        mine = models.Q(action__match__in=matches)
        if user is not None and user.is_authenticated:
            mine |= models.Q(live_action__side=WHITE, live_action__game__white=user)
            mine |= models.Q(live_action__side=BLACK, live_action__game__black=user)
            mine |= models.Q(uploaded_action__match__owner=user)
        return self.filter(mine)


class Exercise(models.Model):
    """A mistake kept to be tried again: of a practice game (``action``), a live game (``live_action``) or an uploaded match (``uploaded_action``).

    Both kinds of action answer the same questions (``decision_position``,
    ``decision_kind``, ``analysis``, ``origin``), so the exercises are graded,
    listed and shown by the same code; exactly one of them is set.
    """

    action = models.ForeignKey(Action, on_delete=models.CASCADE, related_name="exercises", null=True, blank=True)
    live_action = models.ForeignKey(
        "play.LiveAction", on_delete=models.CASCADE, related_name="exercises", null=True, blank=True
    )
    uploaded_action = models.ForeignKey(
        "uploads.UploadedAction", on_delete=models.CASCADE, related_name="exercises", null=True, blank=True
    )
    attempts = models.PositiveIntegerField(default=0)
    solved = models.BooleanField(default=False)
    created = models.DateTimeField(auto_now_add=True)

    objects = ExerciseQuerySet.as_manager()

    class Meta:
        ordering = ["action__match", "action__number", "live_action__game", "live_action__number",
                    "uploaded_action__match", "uploaded_action__number"]
        constraints = [
            models.UniqueConstraint(fields=["action"], name="practice_exercise_once"),
            models.UniqueConstraint(fields=["live_action"], name="practice_live_exercise_once"),
            models.UniqueConstraint(fields=["uploaded_action"], name="practice_uploaded_exercise_once"),
            models.CheckConstraint(
                condition=models.Q(action__isnull=False, live_action__isnull=True, uploaded_action__isnull=True)
                | models.Q(action__isnull=True, live_action__isnull=False, uploaded_action__isnull=True)
                | models.Q(action__isnull=True, live_action__isnull=True, uploaded_action__isnull=False),
                name="practice_exercise_one_source",
            ),
        ]

    def __str__(self) -> str:
        return f"Ejercicio {self.pk} ({self.decision})"

    @property
    def decision(self):
        """The practice ``Action``, the live game's ``LiveAction`` or the uploaded match's action this exercise repeats."""
        if self.action_id is not None:
            return self.action
        return self.live_action if self.live_action_id is not None else self.uploaded_action

    def get_absolute_url(self) -> str:
        return reverse("practice:exercise", args=[self.pk])
