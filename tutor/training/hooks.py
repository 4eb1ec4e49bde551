"""Every answer anywhere updates the learner's memory of the rules it involves.

The lessons, the classroom, practice and live games call these with what they already
have (a puzzle and its judgement, an illegal play's verdict); the rule
catalogue (``tutor.rules``) says which rules those touch.
"""

from __future__ import annotations

from tutor.engine import Verdict
from tutor.rules import rule_for_calculation, rules_for_codes, rules_for_verdict

from .memory import record_answer


def rules_for_puzzle(puzzle, verdict: Verdict | None = None) -> list[str]:
    """The rules a lesson puzzle exercises: the ones its author expects, and those its answer broke."""
    expected = [puzzle.expected_code, *(tempting.code for tempting in puzzle.tempting)]
    rules = list(rules_for_codes(code for code in expected if code))
    if verdict is not None:
        rules.extend(rules_for_verdict(verdict))
    calculated = rule_for_calculation(puzzle.calculation or "")
    if calculated is not None:
        rules.append(calculated.code)
    return rules


def record_puzzle_answer(who, puzzle, judgement, source: str = "puzzle") -> None:
    """A lesson puzzle or an assignment exercise was answered (``who``: a request or a user)."""
    record_answer(who, rules_for_puzzle(puzzle, judgement.verdict), judgement.correct, source, puzzle.slug)


def record_illegal_play(who, verdict: Verdict, source: str = "practice") -> None:
    """An illegal play tried in practice or in a live game (``source="live"``): a wrong answer on the rules its reasons name."""
    record_answer(who, rules_for_verdict(verdict), False, source, verdict.text[:80])
