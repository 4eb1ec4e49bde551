"""Every answer anywhere updates the learner's memory of the rules it involves.

The lessons, the classroom, practice and live games call these with what they already
have (a puzzle and its judgement, an illegal play's verdict); this module
knows which drill rules those touch.
"""

from __future__ import annotations

from tutor.engine import BAR, Verdict

from .memory import record_answer

ENGINE_CODES = {
    "bar-first": "bar-first",
    "blocked": "blocked",
    "bear-off-not-all-home": "bear-off-all-home",
    "higher-die-not-highest": "bear-off-higher",
    "must-use-more-dice": "more-dice",
    "must-use-larger-die": "larger-die",
}
"""The engine's reason codes that name a drill rule on their own."""

CALCULATIONS = {"pips": "pip-count", "puntos": "scoring", "puede-doblar": "may-double", "entrada": "enter-point"}
"""A puzzle's ``calculo`` (its first word) and the rule it drills."""


def rules_for_codes(codes) -> list[str]:
    return [ENGINE_CODES[code] for code in codes if code in ENGINE_CODES]


def rules_for_puzzle(puzzle, codes=()) -> list[str]:
    """The drill rules a lesson puzzle exercises: the ones its author expects, and those its answer broke."""
    expected = [puzzle.expected_code, *(tempting.code for tempting in puzzle.tempting), *codes]
    rules = rules_for_codes(code for code in expected if code)
    calculation = (puzzle.calculation or "").split()
    if calculation and calculation[0] in CALCULATIONS:
        rules.append(CALCULATIONS[calculation[0]])
    return rules


def record_puzzle_answer(who, puzzle, judgement, source: str = "puzzle") -> None:
    """A lesson puzzle or an assignment exercise was answered (``who``: a request or a user)."""
    record_answer(who, rules_for_puzzle(puzzle, judgement.codes), judgement.correct, source, puzzle.slug)


def record_illegal_play(who, verdict: Verdict, source: str = "practice") -> None:
    """An illegal play tried in practice or in a live game (``source="live"``): a wrong answer on the rules its reasons name."""
    rules = rules_for_codes(verdict.codes)
    if any(reason.code == "wrong-die" and reason.src == BAR for reason in verdict.reasons):
        rules.append("enter-point")
    record_answer(who, rules, False, source, verdict.text[:80])
