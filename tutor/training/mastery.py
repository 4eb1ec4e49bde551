"""What a learner has *shown* on a rule: a level earned by recent answers, never lost by a right one.

FSRS (``memory``) answers *when* to review a rule; it measures how strong a
memory is, which after a handful of answers is always weak, so it cannot
say how well a learner knows the rule.  This module says that, the way
Khan Academy's skill levels do: the last ``WINDOW`` answers on the rule,
each weighed by the drill level it was answered at, earn a level with
thresholds a learner can read (``THRESHOLDS``).

The level is kept with the rule's memory and moves by one law
(``next_level``): a right answer can only raise it, a wrong one can only
lower it, and then only to what the recent answers still show.  So eight
right answers out of ten never read as «5 %», and the answer that makes a
learner's tenth in a row never takes anything away.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

WINDOW = 10
"""How many of the latest answers on a rule decide its level."""

FEW_ANSWERS = 3
"""Under this many answers a teacher's heatmap says «pocos datos» instead of judging."""

EASIEST = 1
HARDEST = 3


class Level(enum.IntEnum):
    """How well a learner has shown a rule, from nothing to mastered."""

    NOT_STARTED = 0
    PRACTISED = 1
    CONFIDENT = 2
    MASTERED = 3

    @property
    def word(self) -> str:
        """The Spanish name, as pages show it («segura»)."""
        return _WORDS[self]


_WORDS = {
    Level.NOT_STARTED: "sin empezar",
    Level.PRACTISED: "practicada",
    Level.CONFIDENT: "segura",
    Level.MASTERED: "dominada",
}

TRIED = "intentada"
"""The word for a rule answered but not yet practised (its level is still ``NOT_STARTED``)."""


@dataclass(frozen=True, slots=True)
class Threshold:
    """What the last ``WINDOW`` answers need to show for a level."""

    level: Level
    right: int
    hard_right: int
    hard_from: int

    @property
    def text(self) -> str:
        """The rule in plain Spanish, for the page that explains the levels."""
        words = f"{_count(self.right)} respuestas bien entre las {_count(WINDOW)} últimas"
        if self.hard_right:
            at = "en el nivel 3" if self.hard_from == HARDEST else f"en el nivel {self.hard_from} o más"
            words += f", {_count(self.hard_right)} de ellas {at}"
        return f"«{self.level.word.capitalize()}»: {words}."


THRESHOLDS = (
    Threshold(Level.MASTERED, right=8, hard_right=3, hard_from=3),
    Threshold(Level.CONFIDENT, right=5, hard_right=3, hard_from=2),
    Threshold(Level.PRACTISED, right=2, hard_right=0, hard_from=1),
)
"""Highest first: the first one the answers meet is the level they show."""

_NUMBER_WORDS = {2: "dos", 3: "tres", 5: "cinco", 8: "ocho", 10: "diez"}


def _count(number: int) -> str:
    return _NUMBER_WORDS.get(number, str(number))


@dataclass(frozen=True, slots=True)
class Answer:
    """One answer on a rule: whether it was right, and at which drill level (1 to 3)."""

    correct: bool
    difficulty: int = EASIEST


_DRILL_ID = re.compile(r"^[a-z0-9-]+\.([1-3])\.\d+\.\d+$")


def difficulty(item: str) -> int:
    """The level an answer was given at: a drill's id carries it; everything else counts as level 1.

    Lesson puzzles and assignment exercises are the course's examples, so they
    count as the easiest drills; plays refused in games are only ever wrong,
    so their level does not matter.

    >>> difficulty("hit.3.12.40"), difficulty("seis-tres-dado-superior")
    (3, 1)
    """
    found = _DRILL_ID.match(item or "")
    return int(found[1]) if found else EASIEST


def shown(answers: Sequence[Answer]) -> Level:
    """The level the last ``WINDOW`` answers show on their own (oldest first)."""
    recent = answers[-WINDOW:]
    for threshold in THRESHOLDS:
        right = sum(answer.correct for answer in recent)
        hard = sum(answer.correct and answer.difficulty >= threshold.hard_from for answer in recent)
        if right >= threshold.right and hard >= threshold.hard_right:
            return threshold.level
    return Level.NOT_STARTED


def next_level(current: Level | int, answers: Sequence[Answer]) -> Level:
    """The level after the last of ``answers``: a right answer never lowers it, a wrong one never raises it.

    >>> next_level(Level.MASTERED, [Answer(True)])
    <Level.MASTERED: 3>
    >>> next_level(Level.NOT_STARTED, [Answer(True)] * 2)
    <Level.PRACTISED: 1>
    """
    current = Level(current)
    earned = shown(answers)
    if answers and answers[-1].correct:
        return max(current, earned)
    return min(current, earned)


def replay(answers: Iterable[Answer]) -> Level:
    """The level a whole history of answers (oldest first) ends at: what a migration or a merge computes."""
    level = Level.NOT_STARTED
    seen: list[Answer] = []
    for answer in answers:
        seen.append(answer)
        level = next_level(level, seen[-WINDOW:])
    return level


def label(level: Level | int, total: int) -> str:
    """The word a page shows: «intentada» for a rule answered but not yet practised."""
    level = Level(level)
    return TRIED if level is Level.NOT_STARTED and total else level.word


def suggested_drill_level(level: Level | int) -> int:
    """Where to start drilling: the easiest drills until the rule is practised, then one level up at a time."""
    return min(HARDEST, EASIEST + int(level))
