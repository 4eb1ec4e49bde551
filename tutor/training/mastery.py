"""What a learner has *shown* on a rule: a level of mastery earned by recent answers, never lost by a right one.

FSRS (``memory``) answers *when* to review a rule; it measures how strong a
memory is, which after a handful of answers is always weak, so it cannot
say how well a learner knows the rule.  This module says that, the way
Khan Academy's mastery levels do: the last ``WINDOW`` answers on the rule,
each weighed by the drill's difficulty it was answered at, earn a level
with thresholds a learner can read (``THRESHOLDS``).  The top level also
asks for time: right answers at the hardest difficulty on two different
days, so that one of them is a review after an interval, not the same
minute's memory.

The level is kept with the rule's memory and moves by one law
(``next_level``): a right answer can only raise it, by one level at most,
and a wrong one can only lower it, and then only to what the recent
answers still show.  So eight right answers out of ten never read as
«5 %», and the answer that makes a learner's tenth in a row never takes
anything away.  Reviews missed lower it too (``fallen``): a level is what
the learner shows now, not what they showed once.
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
"""The drills' difficulties («Dificultad 1» to «Dificultad 3»): a word apart from the levels of mastery."""


class Level(enum.IntEnum):
    """How well a learner has shown a rule (their level of mastery, «nivel de dominio»), from nothing to mastered."""

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
    days: int = 1
    """On how many different days the hard right answers were given, at least."""

    @property
    def text(self) -> str:
        """The rule in plain Spanish, for the page that explains the levels."""
        words = f"{_count(self.right)} respuestas bien entre las {_count(WINDOW)} últimas"
        if self.hard_right:
            at = "con dificultad 3" if self.hard_from == HARDEST else f"con dificultad {self.hard_from} o más"
            words += f", {_count(self.hard_right)} de ellas {at}"
        if self.days > 1:
            words += f", en {_count(self.days)} días distintos como mínimo (un repaso otro día)"
        return f"«{self.level.word.capitalize()}»: {words}."

    def met_by(self, answers: Sequence[Answer]) -> bool:
        right = sum(answer.correct for answer in answers)
        hard = [answer for answer in answers if answer.correct and answer.difficulty >= self.hard_from]
        return right >= self.right and len(hard) >= self.hard_right and len({answer.day for answer in hard}) >= self.days


THRESHOLDS = (
    Threshold(Level.MASTERED, right=8, hard_right=3, hard_from=3, days=2),
    Threshold(Level.CONFIDENT, right=5, hard_right=3, hard_from=2),
    Threshold(Level.PRACTISED, right=2, hard_right=0, hard_from=1),
)
"""Highest first: the first one the answers meet is the level they show."""

_NUMBER_WORDS = {2: "dos", 3: "tres", 5: "cinco", 8: "ocho", 10: "diez"}


def _count(number: int) -> str:
    return _NUMBER_WORDS.get(number, str(number))


@dataclass(frozen=True, slots=True)
class Answer:
    """One answer on a rule: whether it was right, at which drill difficulty (1 to 3), and on which day.

    ``day`` is the learner's local date as an ordinal (``date.toordinal()``):
    only the top level looks at it.
    """

    correct: bool
    difficulty: int = EASIEST
    day: int = 0


_DRILL_ID = re.compile(r"^[a-z0-9-]+\.([1-3])\.\d+\.\d+$")


def difficulty(item: str) -> int:
    """The difficulty an answer was given at: a drill's id carries it; everything else counts as 1.

    Lesson puzzles and assignment exercises are the course's examples, so they
    count as the easiest drills; plays refused in games are only ever wrong,
    so their difficulty does not matter.

    >>> difficulty("hit.3.12.40"), difficulty("seis-tres-dado-superior")
    (3, 1)
    """
    found = _DRILL_ID.match(item or "")
    return int(found[1]) if found else EASIEST


def shown(answers: Sequence[Answer]) -> Level:
    """The level the last ``WINDOW`` answers show on their own (oldest first)."""
    recent = answers[-WINDOW:]
    for threshold in THRESHOLDS:
        if threshold.met_by(recent):
            return threshold.level
    return Level.NOT_STARTED


def next_level(current: Level | int, answers: Sequence[Answer]) -> Level:
    """The level after the last of ``answers``: a right answer never lowers it and raises it
    one level at most, a wrong one never raises it.

    >>> next_level(Level.MASTERED, [Answer(True)])
    <Level.MASTERED: 3>
    >>> next_level(Level.NOT_STARTED, [Answer(True)] * 2)
    <Level.PRACTISED: 1>
    >>> next_level(Level.PRACTISED, [Answer(True, 3, day) for day in (1, 1, 1, 1, 2, 2, 2, 2)])
    <Level.CONFIDENT: 2>
    """
    current = Level(current)
    earned = shown(answers)
    if answers and answers[-1].correct:
        return max(current, min(earned, Level(min(current + 1, Level.MASTERED))))
    return min(current, earned)


def fallen(level: Level | int, missed: int) -> Level:
    """The level after ``missed`` reviews went by unanswered: one level down for each, never
    below «practicada» (the rule was practised; it needs reviewing, not learning again).

    >>> fallen(Level.MASTERED, 1), fallen(Level.MASTERED, 5), fallen(Level.NOT_STARTED, 3)
    (<Level.CONFIDENT: 2>, <Level.PRACTISED: 1>, <Level.NOT_STARTED: 0>)
    """
    level = Level(level)
    if level <= Level.PRACTISED or missed <= 0:
        return level
    return Level(max(Level.PRACTISED, level - missed))


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
    """The difficulty to drill at: the easiest drills until the rule is practised, then one up per level of mastery."""
    return min(HARDEST, EASIEST + int(level))
