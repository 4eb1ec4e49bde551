"""What a read puzzle is made of: its kinds, the ``Puzzle`` value and its error.

They sit below both the reader (``puzzles.py``) and the checks against the
engine (``validation.py``), so the reader can validate what it reads
without the two modules importing each other.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine import Position

from tutor.rules import Goal

KINDS = ("jugada", "unica", "legalidad", "numero", "opcion")
"""Play a legal full turn; find the only legal play; is this play legal?;
a number; a choice."""

PLAY_KINDS = ("jugada", "unica")


class PuzzleError(ValueError):
    """A puzzle block that cannot be used, with where it is written."""

    def __init__(self, message: str, source: str = "", line: int = 0) -> None:
        self.message = message
        self.source = source
        self.line = line
        where = f"{source}:{line}: " if source else ""
        super().__init__(where + message)


@dataclass(frozen=True)
class TemptingPlay:
    """A play the author expects learners to try, and why it is illegal."""

    text: str
    code: str
    feedback: str = ""


@dataclass(frozen=True)
class Choice:
    key: str
    label: str


@dataclass(frozen=True)
class Puzzle:
    """One exercise of a lesson, as written by its author."""

    slug: str
    title: str
    question: str
    kind: str
    position: Position
    source: str = ""
    line: int = 0
    lesson: str = ""
    answer: str = ""
    play: str = ""
    expected_code: str = ""
    calculation: str = ""
    explanation: str = ""
    rule: str = ""
    legal_examples: tuple[str, ...] = ()
    tempting: tuple[TemptingPlay, ...] = ()
    hints: tuple[str, ...] = ()
    choices: tuple[Choice, ...] = ()
    goal: Goal | None = None

    @property
    def dice(self) -> tuple[int, int] | None:
        return self.position.dice

    @property
    def is_play(self) -> bool:
        """True when the learner answers by playing on the board."""
        return self.kind in PLAY_KINDS

    @property
    def asks_pip_count(self) -> bool:
        """True when the answer is a pip count: its board must not show the counts."""
        return self.calculation.split()[:1] == ["pips"]
