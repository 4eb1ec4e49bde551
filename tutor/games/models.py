"""What a stored game is made of, for practice and live games alike: its row's position, its actions.

Both apps keep a game (or a match, or a money session) as a row holding
the current position as an XGID (``StoredMatch``) and everything that
happened as numbered actions of one shape (``GameAction``, abstract: each
app has its own table, with its own link to its game and a few fields of
its own).  The action kinds are one vocabulary (``ActionKind``): a
practice game uses some of them, a live game others, and the review, the
``.mat`` export and the exercises read them all the same way.
"""

from __future__ import annotations

from django.db import models

from tutor.engine import Match, Position

from . import turn_machine


class ActionKind(models.TextChoices):
    OPENING = "opening", "Tirada inicial"
    ROLL = "roll", "Tira"
    MOVE = "move", "Jugada"
    DOUBLE = "double", "Dobla"
    NO_DOUBLE = "no-double", "No dobla"
    TAKE = "take", "Acepta"
    BEAVER = "beaver", "Hace beaver"
    DROP = "drop", "Abandona"
    RESULT = "result", "Gana la partida"
    RESIGN = "resign", "Deja el match o la sesión"
    OFFER = "offer", "Se ofrece a rendirse"
    ACCEPT = "accept", "Acepta la rendición"
    REJECT = "reject", "Rechaza la rendición"
    CLAIM = "claim", "Reclama la partida"
    FLAG = "flag", "Pierde por tiempo"
    ABORT = "abort", "Anula la partida"
    PHRASE = "phrase", "Frase"
    JOIN = "join", "Se une"


class Phase(models.TextChoices):
    """What a stored game waits for, practice's and live games' alike: the values their rows have always kept.

    ``ROLL``, ``MOVE``, ``ANSWER`` and ``BEAVER`` are the turn machine's
    (``turn_machine.Phase``, the same strings): the side that acts is read
    from the position.  A practice match keeps the program's decisions,
    thought after the request, apart: ``THINKING`` (its turn: the machine's
    ``TURN``, ``ROLL`` or ``MOVE``), ``ANSWERING`` and ``BEAVERED`` (its
    answer to the learner's double or beaver).  Around the turns: a live
    game waiting for its second player (``WAITING``), a game over waiting
    for the next one (``GAME_OVER``), a match over (``MATCH_OVER`` in
    practice, ``OVER`` for a live game, as each has always stored it).
    Each app's field lists the values it uses, in its pages' words.
    """

    WAITING = "waiting", "Esperando rival"
    ROLL = turn_machine.Phase.ROLL.value, "Doblar o tirar"
    MOVE = turn_machine.Phase.MOVE.value, "Mover"
    ANSWER = turn_machine.Phase.ANSWER.value, "Responder al doble"
    BEAVER = turn_machine.Phase.BEAVER.value, "Responder al beaver"
    THINKING = "thinking", "El programa piensa su turno"
    ANSWERING = "answering", "El programa piensa si acepta el doble"
    BEAVERED = "beavered", "El programa piensa si acepta el beaver"
    GAME_OVER = turn_machine.Phase.GAME_OVER.value, "Partida terminada"
    MATCH_OVER = "match-over", "Match terminado"
    OVER = "over", "Terminada"


class Colour(models.TextChoices):
    GREEN = "verde", "Verde"
    AMBER = "ambar", "Ámbar"
    RED = "rojo", "Rojo"


class StoredMatch:
    """What a stored game derives from its ``xgid``, ``length`` (0: a money game) and ``jacoby``."""

    xgid: str
    length: int
    jacoby: bool
    phase: str

    def first_position(self, stakes: Match) -> Position:
        """The starting position of a game played at ``stakes`` (the Jacoby rule: money games only)."""
        fields = stakes.position_fields()
        fields["jacoby"] = self.jacoby and not self.length
        return Position.initial(**fields)

    @property
    def title(self) -> str:
        return f"Match a {self.length} {'punto' if self.length == 1 else 'puntos'}" if self.length else "Partida por dinero"

    @property
    def ended(self) -> bool:
        """Nobody is on roll: the game or the match is over, in whatever position it stopped.

        A board drawn then must not say whose turn it is: a game resigned,
        dropped, left or lost on time keeps the side that was on roll in its
        position.
        """
        return self.phase in (Phase.GAME_OVER, Phase.MATCH_OVER, Phase.OVER)

    @property
    def position(self) -> Position:
        """The current position, read once per value of ``xgid`` (a page asks for it many times)."""
        cached = self.__dict__.get("_position")
        if cached is None or cached[0] != self.xgid:
            cached = self.__dict__["_position"] = (self.xgid, Position.from_xgid(self.xgid))
        return cached[1]


class GameAction(models.Model):
    """One thing a side did in a game, in order: a play, a cube action, a game won, a resignation…

    ``xgid`` is the position before the action (with the dice, for a
    play).  ``best``, ``loss``, ``colour`` and ``analysis`` hold gnubg's
    judgement of a decision: during a practice game for the learner's, after
    a live game for both players'.  ``luck`` is gnubg's luck of a play's
    roll, measured by the review worker.
    """

    Kind = ActionKind

    number = models.PositiveIntegerField()
    game_number = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=10, choices=ActionKind.choices)
    xgid = models.CharField(max_length=80)
    play = models.CharField("jugada", max_length=80, blank=True)
    moves = models.JSONField("movimientos", default=list, blank=True)
    points = models.PositiveSmallIntegerField(default=0)
    result_kind = models.CharField(max_length=12, blank=True)
    best = models.CharField("lo mejor según gnubg", max_length=80, blank=True)
    loss = models.FloatField("equity perdida", null=True, blank=True)
    colour = models.CharField(max_length=5, choices=Colour.choices, blank=True)
    forced = models.BooleanField(default=False)
    analysis = models.JSONField(default=dict, blank=True)
    luck = models.FloatField("suerte", null=True, blank=True)
    """A play's dice against the average roll, for the side that rolled (``tutor.practice.luck``); None until the review."""

    class Meta:
        abstract = True

    @property
    def position(self) -> Position:
        return Position.from_xgid(self.xgid)

    @property
    def graded(self) -> bool:
        return bool(self.colour)

    @property
    def is_mistake(self) -> bool:
        return self.colour in (Colour.AMBER, Colour.RED)

    @property
    def decision_kind(self) -> str:
        """What was decided, in the words of ``Kind`` (a live game's graded roll says «no-double»)."""
        return self.kind

    @property
    def decision_position(self) -> Position:
        """The position the decision was made in: with the dice for a play, before the roll for the cube."""
        return self.position

    @property
    def decision_label(self) -> str:
        return ActionKind(self.decision_kind).label
