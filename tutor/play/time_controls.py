"""The time controls a live game is played with: a delay for every decision and a reserve.

The reserve is per match (so much a point of the match's length and a
base); in a money session each game starts with a reserve of its own.
The delay and the reserves are a time control (``TimeControl``), chosen
among ``CONTROLS`` where a game is created or sought: the row keeps its
delay and initial reserve, so a game's control never changes under it
(``control_of`` reads it back).  How the clock runs during a game is
``clocks.py``; this module knows no game's state, so the game's model reads
its control here without importing the running clock.
"""

from __future__ import annotations

from dataclasses import dataclass


def duration_text(seconds: int) -> str:
    """``30`` → «30 s», ``120`` → «2 min», ``90`` → «1 min 30 s»: a control's figures in words."""
    minutes, rest = divmod(seconds, 60)
    if not minutes:
        return f"{rest} s"
    return f"{minutes} min {rest} s" if rest else f"{minutes} min"


@dataclass(frozen=True)
class TimeControl:
    """A clock to play with: ``delay`` seconds of every decision free, then the reserve.

    A match's reserve is ``per_point`` seconds a point of its length and
    ``base`` more; a money game's is ``money`` for each game of the session.
    """

    key: str
    name: str
    delay: int
    per_point: int
    base: int
    money: int

    def reserve_for(self, length: int) -> int:
        """Each side's reserve in seconds: per match, or per game of a money session (``length`` 0)."""
        return self.base + self.per_point * length if length else self.money

    @property
    def label(self) -> str:
        """The control as a player chooses it: «Rápido: 8 s por decisión; 30 s por punto del match y 30 s más…»."""
        return (f"{self.name}: {duration_text(self.delay)} por decisión; {duration_text(self.per_point)} por punto del match "
                f"y {duration_text(self.base)} más ({duration_text(self.money)} por partida si es por dinero)")

    @property
    def words(self) -> str:
        """The control in a list of games: «con reloj rápido»."""
        return f"con reloj {self.name.lower()}"


CONTROLS = (
    TimeControl("rapido", "Rápido", delay=8, per_point=30, base=30, money=60),
    TimeControl("normal", "Normal", delay=12, per_point=60, base=60, money=120),
    TimeControl("lento", "Lento", delay=15, per_point=120, base=120, money=240),
)
"""The clocks offered wherever a game is created or sought, fastest first; each has a delay."""
BY_KEY = {control.key: control for control in CONTROLS}
DEFAULT = BY_KEY["normal"]
"""The control of ``timed=True`` (the one every timed game had before there was a choice)."""

DELAY = DEFAULT.delay
"""Seconds of every decision that cost nothing, in the usual control."""
BASE = DEFAULT.base
PER_POINT = DEFAULT.per_point
"""A match's reserve in the usual control: a minute per point of its length and one more."""
MONEY_RESERVE = DEFAULT.money
"""A money game's reserve in the usual control, for each game of the session."""


CLOCK_RULES = (
    "Con reloj, cada decisión tiene unos segundos de retardo que no cuentan; después corre tu reserva, "
    "para todo el match (o para cada partida si es por dinero). Si se te acaba, pierdes por tiempo."
)
"""The clock in one sentence, where a player chooses it (each control's figures are in its label)."""
UNKNOWN_CONTROL = "Elige un reloj de la lista, o sin reloj."


def control_named(key: str) -> TimeControl | None:
    """The control of ``key`` («» or «no»: none); ``ValueError`` with ``UNKNOWN_CONTROL`` for any other word."""
    if key in ("", "no"):
        return None
    try:
        return BY_KEY[key]
    except KeyError:
        raise ValueError(UNKNOWN_CONTROL) from None


def control_of(game) -> TimeControl | None:
    """The control a game was created with, read back from its delay and initial reserve (None: untimed)."""
    if not game.clock_delay:
        return None
    return next((control for control in CONTROLS
                 if (control.delay, control.reserve_for(game.length)) == (game.clock_delay, game.clock_reserve)), DEFAULT)
