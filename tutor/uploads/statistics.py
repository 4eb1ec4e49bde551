"""Errors by kind and the performance rating of each player, from the grades stored on an uploaded match.

PR (performance rating), as eXtreme Gammon and Backgammon Galaxy define it:
the average equity lost per decision that was not forced, times 500.  A
decision is forced when it had no choice (one legal play, or none); a
no-double counts only where its player could double (the rows kept for it).
Only graded decisions count, so the figures grow while gnubg works.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from tutor.games.models import ActionKind

Kind = ActionKind
PR_SCALE = 500
KIND_GROUPS = {
    Kind.MOVE: "play", Kind.DOUBLE: "cube", Kind.ROLL: "cube", Kind.NO_DOUBLE: "cube", Kind.TAKE: "answer", Kind.DROP: "answer",
}
GROUP_WORDS = {"play": "Jugadas", "cube": "Doblar", "answer": "Responder"}
"""The three kinds of decision, as the table heads them."""


@dataclass
class KindCount:
    word: str
    decisions: int = 0
    errors: int = 0
    loss: float = 0.0


@dataclass
class PlayerStats:
    """One player's graded decisions: per kind and in all, and the PR."""

    name: str
    side: int
    kinds: dict[str, KindCount] = field(default_factory=lambda: {key: KindCount(word) for key, word in GROUP_WORDS.items()})

    @property
    def decisions(self) -> int:
        return sum(kind.decisions for kind in self.kinds.values())

    @property
    def errors(self) -> int:
        return sum(kind.errors for kind in self.kinds.values())

    @property
    def pr(self) -> float | None:
        """Average equity lost per unforced decision × 500; None before any is graded."""
        if not self.decisions:
            return None
        return PR_SCALE * sum(kind.loss for kind in self.kinds.values()) / self.decisions


def player_stats(actions: Iterable, names: tuple[str, str]) -> list[PlayerStats]:
    """Both players' figures over ``actions`` (graded or not: only the graded, unforced ones count)."""
    players = [PlayerStats(names[side], side) for side in (0, 1)]
    for action in actions:
        group = KIND_GROUPS.get(action.kind)
        if group is None or action.forced or not action.graded:
            continue
        count = players[action.side].kinds[group]
        count.decisions += 1
        count.loss += float(action.loss or 0.0)
        count.errors += int(action.is_mistake)
    return players


def by_game(actions: list, names: tuple[str, str]) -> list[tuple[int, list[PlayerStats]]]:
    """The figures of each game, in order."""
    numbers = sorted({action.game_number for action in actions})
    return [(number, player_stats([a for a in actions if a.game_number == number], names)) for number in numbers]
