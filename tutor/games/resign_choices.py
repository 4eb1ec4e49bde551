"""The ways to resign a game under way, and what each gives the rival: the same choices in practice and live games.

Every figure comes from the engine (``resignations``, ``resignation``,
``Match.after_game``): a page shows the points a choice gives and whether
it ends the match, and the server decides again when the choice arrives.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine import Match, Position, resignation, resignations

LABELS = {"single": "Partida simple", "gammon": "Gammon", "backgammon": "Backgammon"}
WITH = {"single": "con una partida simple", "gammon": "con un gammon", "backgammon": "con un backgammon"}


def points(count: int) -> str:
    return "1 punto" if count == 1 else f"{count} puntos"


@dataclass(frozen=True)
class Choice:
    """One way to resign the game under way, with what it gives the rival."""

    level: str
    label: str
    points: int
    ends_match: bool

    @property
    def text(self) -> str:
        """«Gammon: 4 puntos (termina el match)», as the button says it."""
        return f"{self.label}: {points(self.points)}{' (termina el match)' if self.ends_match else ''}"


def choices(position: Position, side: int) -> list[Choice]:
    """The resignations ``side`` may offer in ``position``, smallest first."""
    found = []
    for level in resignations(position, side):
        result = resignation(position, side, level)
        ends = bool(position.match_length) and Match.of(position).after_game(result).is_over
        found.append(Choice(level, LABELS[level], result.points, ends))
    return found
