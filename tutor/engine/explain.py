"""Tempting plays: what a learner might try, and the rule that removes it.

The explorer shows, next to the legal plays of a position, the plausible
plays that are not legal, each with its verdict, so that a learner sees why
the legal plays are forced.  Candidates are every checker moved by each die
regardless of the rules, alone or two together; the checker decides.
"""

from __future__ import annotations

import time
from collections import Counter
from itertools import product

from .check import Verdict, check_play
from .codes import ReasonCode
from .constants import BAR, OFF, Dice
from .notation import point_name
from .position import Position

MAX_CANDIDATES = 400
UNINSTRUCTIVE = frozenset(
    {ReasonCode.SYNTAX, ReasonCode.NO_CHECKER, ReasonCode.WRONG_DIE, ReasonCode.BACKWARDS, ReasonCode.TOO_MANY_MOVES}
)
"""Codes that only say the candidate itself was malformed, not a rule."""

Step = tuple[str, int]
"""One checker moved by one die, regardless of the rules: ``(notation, source)``."""


def tempting_plays(position: Position, dice: Dice | None = None, limit: int = 10, budget: float | None = None) -> list[Verdict]:
    """Illegal plays worth explaining, one per distinct reason, most varied first.

    Each candidate costs a full check, which in a position with a thousand
    legal plays takes milliseconds: ``budget`` (seconds of this thread's CPU
    time) stops the search early with what it has found so far.

    >>> p = Position.from_layout({6: 1, 3: 1}, {}, dice=(4, 2))
    >>> sorted(v.codes[0].value for v in tempting_plays(p))
    ['higher-die-not-highest', 'must-use-more-dice']
    """
    dice = dice or position.dice
    if dice is None:
        return []
    steps = _single_steps(position, dice)
    first_die, second_die = dice
    candidates: list[tuple[Step, ...]] = [(step,) for die in steps for step in steps[die]]
    candidates += [pair for pair in product(steps[first_die], steps[second_die]) if _available(position, pair)]
    seen: set[tuple[ReasonCode, int | None, tuple[int, ...], int | None, int | None]] = set()
    found: list[Verdict] = []
    deadline = None if budget is None else time.thread_time() + budget
    for candidate in candidates[:MAX_CANDIDATES]:
        if deadline is not None and time.thread_time() > deadline:
            break
        verdict = check_play(position, " ".join(text for text, _ in candidate), dice)
        if verdict.legal or verdict.reasons[0].code in UNINSTRUCTIVE:
            continue
        first = verdict.reasons[0]
        key = (first.code, first.src, first.blocked_points, first.farthest, first.die)
        if key in seen:
            continue
        seen.add(key)
        found.append(verdict)
    return _varied(found, limit)


def _single_steps(position: Position, dice: Dice) -> dict[int, list[Step]]:
    """For each die, every checker moved by it as ``(notation, source)``."""
    mover = position.mover
    sources = [point for point in range(BAR, 0, -1) if mover[point]]
    return {
        die: [(f"{point_name(src)}/{point_name(max(src - die, OFF))}", src) for src in sources]
        for die in dict.fromkeys(sorted(dice, reverse=True))
    }


def _available(position: Position, steps: tuple[Step, ...]) -> bool:
    """No more checkers taken from a point than stand there."""
    used = Counter(src for _, src in steps)
    return all(position.mover[src] >= count for src, count in used.items())


def _varied(verdicts: list[Verdict], limit: int) -> list[Verdict]:
    """Round-robin over reason codes so that every rule shows up early."""
    by_code: dict[ReasonCode, list[Verdict]] = {}
    for verdict in verdicts:
        by_code.setdefault(verdict.reasons[0].code, []).append(verdict)
    chosen: list[Verdict] = []
    while len(chosen) < limit and any(by_code.values()):
        for group in by_code.values():
            if group and len(chosen) < limit:
                chosen.append(group.pop(0))
    return chosen
