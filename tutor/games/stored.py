"""What the game driver needs from a stored game, a practice match or a live game alike.

The driver never names either app's model: it reads and writes a stored
game through these protocols, which ``PracticeMatch`` and ``LiveGame`` meet
as they are (their fields and their ``actions`` relation), so the type
checker holds both apps to them and the driver to nothing more.  Both
keep one staleness token, ``seq`` (``sequence.py``), which each app moves
on when it saves a change: the driver neither reads nor moves it.
"""

from __future__ import annotations

from typing import Any, Protocol, TypeVar

from tutor.engine import Position

from .models import GameAction

ActionT = TypeVar("ActionT", bound=GameAction, covariant=True)
"""The app's own action table: ``practice.Action``, ``play.LiveAction``."""


class ActionStore(Protocol[ActionT]):
    """A game's ``actions`` relation: where a new action is written."""

    def create(self, **fields: Any) -> ActionT: ...


class ThrowsDice(Protocol):
    """A game the server throws dice for: it counts them (the tests' seeded dice follow the count)."""

    dice_thrown: int


class StoredGame(ThrowsDice, Protocol[ActionT]):
    """A game's row as the driver reads it: its phase and position, and its numbered actions."""

    actions_recorded: int
    """How many actions the game has recorded: the next one's number, saved with the row."""

    @property
    def phase(self) -> str: ...

    @property
    def game_number(self) -> int: ...

    @property
    def position(self) -> Position: ...

    @property
    def actions(self) -> ActionStore[ActionT]: ...
