"""Dice: reading a roll, and the opening roll.

The opening roll follows the rules page: each side throws one die, ties are
thrown again, and the higher die starts, playing both numbers as its roll.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from typing import Callable, Sequence

from .constants import BLACK, DIE_FACES, WHITE, Dice, is_die
from .errors import NotationError, RuleError

DieSource = Callable[[], int]
"""A callable returning one die 1..6; tests pass a seeded one."""

_DICE = re.compile(r"^\s*([1-6])\s*[-–—x/ ]?\s*([1-6])\s*$")


def parse_dice(text: str) -> Dice:
    """Read a roll written ``6-3``, ``6–3``, ``6 3`` or ``63``.

    >>> parse_dice("6–3"), parse_dice("44")
    ((6, 3), (4, 4))
    """
    if not isinstance(text, str):
        raise NotationError("a roll must be text")
    match = _DICE.match(text)
    if match is None:
        raise NotationError(f"cannot read the roll {text[:20]!r}: write two dice 1..6, e.g. 6-3")
    return int(match[1]), int(match[2])


def format_dice(dice: Sequence[int]) -> str:
    """``6-3`` with the larger die first; ``4-4`` for doubles."""
    high, low = max(dice), min(dice)
    return f"{high}-{low}"


def secure_die() -> int:
    """One die from the operating system's cryptographically secure source."""
    return secrets.randbelow(DIE_FACES) + 1


@dataclass(frozen=True, slots=True)
class OpeningRoll:
    """The outcome of the opening roll: every throw, who starts, and the roll.

    ``throws`` lists each (white die, black die) pair, ties included.
    """

    throws: tuple[tuple[int, int], ...]

    @property
    def starter(self) -> int:
        white, black = self.throws[-1]
        return WHITE if white > black else BLACK

    @property
    def dice(self) -> Dice:
        white, black = self.throws[-1]
        return (white, black) if self.starter == WHITE else (black, white)

    @property
    def rerolls(self) -> int:
        return len(self.throws) - 1


def opening_roll(die: DieSource = secure_die, max_throws: int = 1000) -> OpeningRoll:
    """Throw one die each until they differ; the higher die starts.

    A die source that never gives two different dice (or gives something
    that is not a die) raises ``RuleError``: the opening roll cannot be decided.

    >>> dice = iter([3, 3, 5, 2])
    >>> roll = opening_roll(lambda: next(dice))
    >>> roll.rerolls, roll.starter == WHITE, roll.dice
    (1, True, (5, 2))
    """
    throws = []
    for _ in range(max_throws):
        pair = (die(), die())
        if not all(is_die(value) for value in pair):
            raise RuleError(f"the die source gave {pair!r}, not two dice 1..{DIE_FACES}")
        throws.append(pair)
        if pair[0] != pair[1]:
            return OpeningRoll(tuple(throws))
    raise RuleError(f"the die source gave {max_throws} ties in a row")
