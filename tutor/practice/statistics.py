"""A match's statistics per player, per game and for the whole match: errors by kind, the performance rating, luck.

Pure functions over graded decisions as practice and live reviews store
them (``GameAction``: ``side``, ``game_number``, ``decision_kind``,
``graded``, ``forced``, ``loss``, ``colour``, ``analysis``), so that uploaded
matches can use them too once graded.

The performance rating (PR) is eXtreme Gammon's and Backgammon Galaxy's:
the equity lost per decision that was not obvious, times 500 (0 is perfect
play; about 5 is world class, 10 a good club player, 20 a beginner).  What
counts as a decision, as GNU Backgammon counts its «close or actual» cube
decisions:

- a checker play, unless it was forced (one legal play, or none: the
  dice decided it);
- every double, take, drop and beaver: something was done with the cube;
- a roll when the player could double (a no-double) only when it was
  close, doubling and not doubling within ``CLOSE`` of each other, or when
  not doubling was an error: holding the cube in a position nowhere near a
  double is not a decision, and counting it would make everyone's PR look
  better than it is.

Luck is GNU Backgammon's, measured by the review worker on each play
(``luck.py``): the equity after the best play with the dice that came minus
the average over the 36 rolls, summed per player; the rolls beyond its
limits (0.6 and −0.6) are counted as very lucky and very unlucky.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from tutor.games.models import ActionKind, Colour

from .luck import VERY_LUCKY, VERY_UNLUCKY

PR_FACTOR = 500
"""eXtreme Gammon's scale: equity lost per decision times 500."""
CLOSE = 0.25
"""A no-double counts when doubling is worth within this much of not doubling (GNU Backgammon's limit)."""

GROUPS = {
    ActionKind.MOVE: "checker",
    ActionKind.DOUBLE: "cube",
    ActionKind.NO_DOUBLE: "cube",
    ActionKind.TAKE: "answer",
    ActionKind.DROP: "answer",
    ActionKind.BEAVER: "answer",
}
"""Each decision's kind of error: a checker play, doubling or not, answering a double."""
GROUP_WORDS = {"checker": "Jugadas de fichas", "cube": "Doblar o no doblar", "answer": "Aceptar o abandonar"}

PR_BANDS = (
    (2.5, "Campeón del mundo"),
    (5.0, "Clase mundial"),
    (7.5, "Experto"),
    (12.5, "Avanzado"),
    (17.5, "Intermedio"),
    (22.5, "Aficionado"),
    (30.0, "Principiante"),
)
"""eXtreme Gammon's bands of PR, in Spanish; worse than the last is «Distraído»."""


@dataclass
class Group:
    """One kind of decision of one player: how many counted, how many were errors, the equity they lost."""

    decisions: int = 0
    errors: int = 0
    lost: float = 0.0


@dataclass
class Statistics:
    """One player's statistics over some games (one game, or the whole match)."""

    side: int
    game: int | None = None
    """The game's number, None for the whole match."""
    groups: dict[str, Group] = field(default_factory=lambda: {name: Group() for name in GROUP_WORDS})
    luck: float = 0.0
    """The sum of the luck of the player's rolls measured so far: for each roll, the equity after the best
    play with the dice that came minus the average over the 36 rolls of the equity after the best play
    with each (GNU Backgammon's luck, at 0-ply, in the player's favour; units of equity, as the losses)."""
    rolls: int = 0
    """How many of the player's rolls have their luck measured."""
    lucky: int = 0
    """Rolls with «muy buena suerte»: luck above ``VERY_LUCKY``."""
    unlucky: int = 0
    """Rolls with «muy mala suerte»: luck below ``VERY_UNLUCKY``."""

    @property
    def unforced(self) -> int:
        """The decisions that count: not forced, not an obvious no-double."""
        return sum(group.decisions for group in self.groups.values())

    @property
    def errors(self) -> int:
        return sum(group.errors for group in self.groups.values())

    @property
    def lost(self) -> float:
        return sum(group.lost for group in self.groups.values())

    @property
    def pr(self) -> float | None:
        """The performance rating; None without a decision that counts."""
        return self.lost / self.unforced * PR_FACTOR if self.unforced else None

    @property
    def band(self) -> str:
        """eXtreme Gammon's word for the PR, empty without one."""
        pr = self.pr
        if pr is None:
            return ""
        return next((word for limit, word in PR_BANDS if pr < limit), "Distraído")

    @property
    def luck_text(self) -> str:
        """The luck with its sign (a true minus, as the review's line writes equities) and a decimal comma; «—» before any roll is measured.

        >>> Statistics(0, luck=0.25, rolls=3).luck_text, Statistics(0, luck=-0.1234, rolls=3).luck_text
        ('+0,250', '−0,123')
        >>> Statistics(0).luck_text
        '—'
        """
        return f"{self.luck:+.3f}".replace(".", ",").replace("-", "−") if self.rolls else "—"

    @property
    def rows(self) -> list[tuple[str, Group]]:
        """Each kind of decision with its words, for the page's table."""
        return [(GROUP_WORDS[name], group) for name, group in self.groups.items()]


def counts(action: Any) -> bool:
    """Whether ``action`` is a decision the PR counts (the module's docstring says which)."""
    if not action.graded or action.forced or action.decision_kind not in GROUPS:
        return False
    if action.decision_kind != ActionKind.NO_DOUBLE:
        return True
    if (action.loss or 0.0) > 0:
        return True
    data = action.analysis or {}
    try:
        doubled = min(float(data["double_take"]), float(data["double_pass"]))
        return abs(doubled - float(data["no_double"])) <= CLOSE
    except (KeyError, TypeError, ValueError):
        return False


def statistics(actions: Iterable[Any], side: int, game: int | None = None) -> Statistics:
    """``side``'s statistics over ``actions`` (only game ``game`` when given)."""
    found = Statistics(side, game)
    for action in actions:
        if action.side != side or (game is not None and action.game_number != game):
            continue
        luck = getattr(action, "luck", None)
        if luck is not None:
            found.luck += luck
            found.rolls += 1
            found.lucky += luck > VERY_LUCKY
            found.unlucky += luck < VERY_UNLUCKY
        if not counts(action):
            continue
        group = found.groups[GROUPS[action.decision_kind]]
        group.decisions += 1
        group.errors += action.colour in (Colour.AMBER, Colour.RED)
        group.lost += float(action.loss or 0.0)
    return found


@dataclass
class MatchStatistics:
    """The players' statistics for the whole match and for each game, with their names as the page says them."""

    names: dict[int, str]
    match: dict[int, Statistics]
    games: list[tuple[int, dict[int, Statistics]]]

    @property
    def has_decisions(self) -> bool:
        return any(stats.unforced for stats in self.match.values())

    @property
    def has_luck(self) -> bool:
        return any(stats.rolls for stats in self.match.values())

    @property
    def luck_rows(self) -> list[tuple[int, list[Statistics]]]:
        """Each game with a roll whose luck is measured, with each player's statistics in it."""
        return [(number, list(by_side.values())) for number, by_side in self.games
                if any(stats.rolls for stats in by_side.values())]

    @property
    def players(self) -> list[tuple[str, Statistics]]:
        return [(self.names[side], stats) for side, stats in self.match.items()]

    @property
    def game_rows(self) -> list[tuple[int, list[Statistics]]]:
        """Each game that has a decision that counts, with each player's statistics in it."""
        return [(number, list(by_side.values())) for number, by_side in self.games
                if any(stats.unforced for stats in by_side.values())]


def match_statistics(actions: Iterable[Any], names: dict[int, str]) -> MatchStatistics:
    """The statistics of each side of ``names`` over the whole match and game by game.

    >>> from types import SimpleNamespace as Action
    >>> played = [Action(side=0, game_number=1, decision_kind="move", graded=True, forced=False, loss=0.04,
    ...                  colour="ambar", analysis={}),
    ...           Action(side=0, game_number=2, decision_kind="move", graded=True, forced=False, loss=0.0,
    ...                  colour="verde", analysis={})]
    >>> found = match_statistics(played, {0: "Ana", 1: "Beto"})
    >>> found.match[0].pr, found.match[0].errors, found.match[1].pr
    (10.0, 1, None)
    >>> [(number, [stats.pr for stats in both]) for number, both in found.game_rows]
    [(1, [20.0, None]), (2, [0.0, None])]

    Luck adds up each player's rolls: 6-6 when the average roll would have
    left 0.10, and the best play after it 0.75, is 0.75 − 0.10 = +0.65 («muy
    buena suerte», beyond 0.6); a 2-1 worth 0.05 under the average is −0.05.

    >>> rolls = [Action(side=1, game_number=1, decision_kind="move", graded=False, forced=False, loss=None,
    ...                 colour="", analysis={}, luck=0.75 - 0.10),
    ...          Action(side=1, game_number=2, decision_kind="move", graded=False, forced=False, loss=None,
    ...                 colour="", analysis={}, luck=-0.05)]
    >>> lucky = match_statistics(rolls, {0: "Ana", 1: "Beto"}).match[1]
    >>> lucky.luck_text, lucky.rolls, lucky.lucky, lucky.unlucky
    ('+0,600', 2, 1, 0)
    """
    actions = list(actions)
    numbers = sorted({action.game_number for action in actions})
    return MatchStatistics(
        names=dict(names),
        match={side: statistics(actions, side) for side in names},
        games=[(number, {side: statistics(actions, side, number) for side in names}) for number in numbers],
    )


__all__ = ["CLOSE", "GROUPS", "GROUP_WORDS", "MatchStatistics", "PR_BANDS", "PR_FACTOR", "Statistics", "counts",
           "match_statistics", "statistics"]
