"""Live games between two people, kept in the database: the server is the authority.

A ``LiveGame`` is a money session or a match to N points between two
accounts (White, who created it, and Black, who joined).  Its row holds the
current position as an XGID (which also carries the score, the cube and the
Crawford flag), what must happen next (``phase``) and ``seq``, the number of
actions so far, which every client message must repeat: a replayed or
stale message names an old ``seq`` and is refused.  A pending offer to
resign the current game (``offer``, by ``offer_by``) interrupts the game
where it stands, without changing ``phase``: the rival answers it before
anything else happens, and a rejection goes back to exactly that state.
Everything that happened, in order, is a ``LiveAction``; the refused attempts are ``RefusedPlay`` rows,
counted per rule.  Nothing lives only in a process's memory, so a
restarted server, another web process or a reconnecting browser sees
exactly the same game.
"""

from __future__ import annotations

import secrets
from typing import NamedTuple

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import timezone

from tutor.accounts.models import display_name
from tutor.engine import BLACK, WHITE, Position, opponent
from tutor.games.sequence import Sequenced
from tutor.games.models import ActionKind, GameAction, Phase, StoredMatch

from .time_controls import TimeControl, control_of

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
SIDE_WORDS = {WHITE: "blancas", BLACK: "negras"}


def new_game_code() -> str:
    """Six letters and digits without look-alikes, for links and to type on another device."""
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if not LiveGame.objects.filter(code=code).exists():
            return code


def normalise_code(text: str) -> str:
    return "".join(ch for ch in str(text).upper() if ch.isalnum())[: CODE_LENGTH * 2]


SIDE_BIT = {WHITE: 1, BLACK: 2}
"""Each side's bit in ``LiveGame.sides_moved``."""


PHASES = [
    (Phase.WAITING, "Esperando rival"),
    (Phase.ROLL, "Doblar o tirar"),
    (Phase.MOVE, "Mover"),
    (Phase.ANSWER, "Responder al doble"),
    (Phase.BEAVER, "Responder al beaver"),
    (Phase.OVER, "Terminada"),
]
"""The phases a live game goes through (the games' one ``Phase``), in the players' words."""


class LiveGame(StoredMatch, Sequenced):
    """A match (or money session) between two people, and the state of its current game."""

    code = models.CharField("código", max_length=12, unique=True, default=new_game_code)
    white = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="live_games_white", verbose_name="blancas"
    )
    black = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="live_games_black",
        verbose_name="negras",
    )
    classroom = models.ForeignKey(
        "classroom.Classroom", on_delete=models.CASCADE, null=True, blank=True, related_name="live_games", verbose_name="grupo"
    )
    length = models.PositiveSmallIntegerField("puntos del match", default=0, help_text="0: partida por dinero")
    jacoby = models.BooleanField("regla Jacoby", default=False, help_text="solo por dinero")
    beavers = models.BooleanField("beavers", default=False, help_text="solo por dinero")
    claim_minutes = models.PositiveSmallIntegerField("minutos de espera antes de reclamar", default=5)
    highlight = models.BooleanField("iluminar destinos legales", default=True)
    public = models.BooleanField("cualquiera con el enlace puede mirar", default=False)
    xgid = models.CharField("posición", max_length=80)
    phase = models.CharField("fase", max_length=10, choices=PHASES, default=Phase.WAITING)
    game_number = models.PositiveSmallIntegerField("partida", default=1)
    dice_thrown = models.PositiveIntegerField("dados tirados", default=0)
    actions_recorded = models.PositiveIntegerField(
        "acciones guardadas", default=0, help_text="el número de la última acción guardada de la partida"
    )
    moved_in_game = models.BooleanField("alguien ha movido en la partida en curso", default=False)
    sides_moved = models.PositiveSmallIntegerField(
        "quién ha movido ya en el match", default=0, help_text="1: blancas, 2: negras, 3: los dos (antes, el match se anula si termina)",
    )
    recent = models.JSONField(
        "lo último", default=list, blank=True,
        help_text="las últimas acciones que cuenta el panel, guardadas con la partida para dibujarlo sin otra consulta",
    )
    winner = models.PositiveSmallIntegerField(null=True, blank=True)
    offer = models.CharField("rendición ofrecida", max_length=12, blank=True, help_text="single, gammon o backgammon")
    offer_by = models.PositiveSmallIntegerField("ofrecida por", null=True, blank=True)
    final_score = models.JSONField("marcador final", null=True, blank=True)
    graded = models.BooleanField("revisada por gnubg", default=False)
    created = models.DateTimeField(auto_now_add=True)
    last_action_at = models.DateTimeField(default=timezone.now)
    clock_delay = models.PositiveSmallIntegerField("retardo por decisión (s)", default=0, help_text="0: sin reloj")
    clock_reserve = models.PositiveIntegerField("reserva inicial (s)", default=0, help_text="por match, o por partida si es por dinero")
    white_reserve = models.FloatField("reserva de blancas (s)", default=0)
    black_reserve = models.FloatField("reserva de negras (s)", default=0)
    clock_side = models.PositiveSmallIntegerField("reloj en marcha de", null=True, blank=True)
    clock_started = models.DateTimeField("reloj en marcha desde", null=True, blank=True)
    clock_deadline = models.DateTimeField(
        "se acaba el tiempo", null=True, blank=True, db_index=True, help_text="cuando el jugador en marcha agota su reserva"
    )

    class Meta:
        ordering = ["-last_action_at"]
        verbose_name = "partida entre personas"
        verbose_name_plural = "partidas entre personas"

    def __str__(self) -> str:
        return f"{self.title} {self.code}"

    def get_absolute_url(self) -> str:
        return reverse("play:game", args=[self.code])

    def get_review_url(self) -> str:
        return reverse("play:review", args=[self.code])

    @property
    def is_over(self) -> bool:
        return self.phase == Phase.OVER

    def side_of(self, user) -> int | None:
        """WHITE, BLACK, or None for someone who is not playing this game."""
        if user is None or not getattr(user, "is_authenticated", False):
            return None
        if user.pk == self.white_id:
            return WHITE
        if self.black_id is not None and user.pk == self.black_id:
            return BLACK
        return None

    def player(self, side: int):
        return self.white if side == WHITE else self.black

    @property
    def timed(self) -> bool:
        return bool(self.clock_delay)

    @property
    def time_control(self) -> TimeControl | None:
        """The clock's ``TimeControl`` (None: untimed), read back from the row."""
        return control_of(self)

    @property
    def both_moved(self) -> bool:
        """Whether each player has made a play of their own in this match or session (until then, an ending has no winner)."""
        return self.sides_moved == SIDE_BIT[WHITE] | SIDE_BIT[BLACK]

    def mark_moved(self, side: int) -> None:
        self.sides_moved |= SIDE_BIT[side]

    @property
    def aborted(self) -> bool:
        """Closed at its opening without a result (nobody won)."""
        return self.phase == Phase.OVER and self.winner is None

    @property
    def offer_pending(self) -> bool:
        """Whether an offer to resign waits for the rival's answer (and so stops the game)."""
        return bool(self.offer) and self.offer_by is not None and self.phase != Phase.OVER

    def side_to_act(self) -> int | None:
        """Who the game waits for: the side answering an offer to resign, or else ``side_on_turn``."""
        if self.offer_by is not None and self.offer_pending:
            return opponent(self.offer_by)
        return self.side_on_turn()

    def side_on_turn(self) -> int | None:
        """Whose turn it is, offers to resign aside: the side on roll, or the one answering a double (whose clock runs)."""
        if self.phase in (Phase.ROLL, Phase.MOVE):
            return self.position.turn
        if self.phase == Phase.ANSWER:
            return opponent(self.position.turn)
        if self.phase == Phase.BEAVER:  # the doubler answers the beaver
            return self.position.turn
        return None

    def remember(self, action: "LiveAction") -> None:
        """Keep ``action`` among the last few the panel tells («Lo último»), saved with the row.

        Every update of a game draws the panel of each player; reading these
        from the row instead of the actions' table spares a query per update.
        """
        if action.kind not in UNTOLD_KINDS:
            self.recent = [*self.recent, {name: getattr(action, name) for name in TOLD_FIELDS}][-RECENT_TOLD:]

    def recent_actions(self) -> list["ToldAction"]:
        """The last few told actions, oldest first, read from the row."""
        return [ToldAction(**fields) for fields in self.recent]

    @property
    def score(self) -> tuple[int, int]:
        if self.final_score is not None:
            return tuple(self.final_score)
        return self.position.score


RECENT_TOLD = 8
"""How many actions the panel's «Lo último» tells."""


class ToldAction(NamedTuple):
    """What the panel's sentences read of an action (``display.sentence``), as kept on the game's row."""

    number: int
    game_number: int
    side: int
    kind: str
    dice: list
    play: str
    points: int
    result_kind: str
    phrase: str


TOLD_FIELDS = ToldAction._fields


class LiveAction(GameAction):
    """One thing that happened in a live game, in order (``GameAction``).

    The grading fields are filled after the game, never during.  A graded
    ``ROLL`` is a no-double: the player could double and rolled instead
    (``live_review`` finds those rolls).
    """

    game = models.ForeignKey(LiveGame, on_delete=models.CASCADE, related_name="actions")
    side = models.PositiveSmallIntegerField(choices=[(WHITE, "Blancas"), (BLACK, "Negras")])
    dice = models.JSONField(default=list, blank=True)
    phrase = models.CharField(max_length=20, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    hinted = False  # the review template of practice asks; live games have no hints

    class Meta:
        ordering = ["game", "number"]
        constraints = [models.UniqueConstraint(fields=["game", "number"], name="play_action_order")]

    def __str__(self) -> str:
        return f"{self.game_id}#{self.number} {self.kind} {self.play}"

    @property
    def decision_kind(self) -> str:
        """A roll that was graded is a no-double."""
        return ActionKind.NO_DOUBLE if self.kind == ActionKind.ROLL else self.kind

    @property
    def decision_position(self) -> Position:
        """Where the decision was made: a roll keeps the dice it threw, a no-double came before them."""
        position = self.position
        return position.replace(dice=None) if self.kind == self.Kind.ROLL else position

    @property
    def origin(self) -> LiveGame:
        return self.game

    @property
    def rival_name(self) -> str:
        return display_name(self.game.player(opponent(self.side)))


UNTOLD_KINDS = (LiveAction.Kind.ROLL, LiveAction.Kind.JOIN)
"""Actions the panel does not tell: a roll is told with the play that follows it."""


class RefusedPlay(models.Model):
    """A play the engine refused, with the code of the rule it broke: counted per rule for each player."""

    game = models.ForeignKey(LiveGame, on_delete=models.CASCADE, related_name="refused")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="refused_live_plays")
    code = models.CharField("regla", max_length=30)
    text = models.CharField("jugada", max_length=200)
    xgid = models.CharField(max_length=80)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created"]


class ClassPlaySettings(models.Model):
    """What a teacher allows a class: young students may play by link only if the teacher says so."""

    classroom = models.OneToOneField("classroom.Classroom", on_delete=models.CASCADE, related_name="play_settings")
    allow_links = models.BooleanField("sus alumnos pueden jugar con enlaces fuera del grupo", default=False)
