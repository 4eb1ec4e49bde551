"""Judging a learner's answer to a puzzle: correct or not, and why.

The engine decides legality; this module adds what a puzzle asks on top of
it (any legal play, the only legal play, a yes/no, a number, a choice) and
the author's specific feedback for tempting wrong answers.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tutor.engine import EngineError, Verdict, parse_play

from .explanations import Rule, explain_verdict, rule_for
from .puzzles import Puzzle, normalise_yes_no

MAX_ANSWER_TEXT = 200


@dataclass(frozen=True)
class Judgement:
    """The answer to one submission, ready for JSON or a template."""

    correct: bool
    message: str
    legal: bool | None = None
    play: str | None = None
    reasons: list[dict[str, str]] = field(default_factory=list)
    rule: Rule | None = None
    feedback: str | None = None
    codes: tuple[str, ...] = ()

    def as_json(self) -> dict:
        return {
            "correct": self.correct,
            "legal": self.legal,
            "message": self.message,
            "reasons": self.reasons,
            "play": self.play,
            "feedback": self.feedback,
            "rule_url": self.rule.url if self.rule else None,
            "rule_title": self.rule.title if self.rule else None,
        }


def judge_play(puzzle: Puzzle, text: str) -> Judgement:
    """Judge a play typed or made on the board for a play puzzle."""
    verdict = puzzle.position.check(text)
    if verdict.legal:
        assert verdict.play is not None
        shown = verdict.play.notation or "pasar"
        return Judgement(True, f"¡Correcto! {shown} es una jugada legal.", True, verdict.play.notation)
    return _illegal(puzzle, text, verdict)


def _illegal(puzzle: Puzzle, text: str, verdict: Verdict) -> Judgement:
    reasons = explain_verdict(verdict)
    headline = "No se entiende la jugada." if verdict.codes == ("syntax",) else "Jugada ilegal."
    return Judgement(
        False,
        f"{headline} {reasons[0]['message']}",
        False,
        None,
        reasons,
        rule_for(verdict),
        _feedback_for(puzzle, text),
        verdict.codes,
    )


def _feedback_for(puzzle: Puzzle, text: str) -> str | None:
    """The author's message when the learner played a tempting wrong play."""
    written = _segments(text)
    if written is None:
        return None
    for tempting in puzzle.tempting:
        if tempting.feedback and _segments(tempting.text) == written:
            return tempting.feedback
    return None


def _segments(text: str) -> list[tuple[int, int]] | None:
    try:
        return sorted((segment.src, segment.dst) for segment in parse_play(text))
    except EngineError:
        return None


def judge_answer(puzzle: Puzzle, answer: object) -> Judgement:
    """Judge a yes/no, number or choice answer."""
    given = str(answer).strip().lower()[:MAX_ANSWER_TEXT]
    if puzzle.kind == "legalidad":
        said = normalise_yes_no(given)
        if said is None:
            return Judgement(False, "Responde «sí» o «no».")
        return _legality(puzzle, said)
    if puzzle.kind == "numero":
        if not given.lstrip("-").isdigit():
            return Judgement(False, "Escribe un número entero.")
        correct = int(given) == int(puzzle.answer)
        return Judgement(correct, "¡Correcto!" if correct else f"No es {given}. Inténtalo de nuevo.")
    keys = {choice.key: choice.label for choice in puzzle.choices}
    if given not in keys:
        return Judgement(False, "Elige una de las opciones.")
    correct = given == puzzle.answer.lower()
    return Judgement(correct, "¡Correcto!" if correct else f"«{keys[given]}» no es la respuesta.")


def _legality(puzzle: Puzzle, said: bool) -> Judgement:
    verdict = puzzle.position.check(puzzle.play)
    correct = said == verdict.legal
    if verdict.legal:
        why = f"«{puzzle.play}» es legal."
        return Judgement(correct, ("¡Correcto! " if correct else "No. ") + why, True, verdict.play.notation if verdict.play else None)
    reasons = explain_verdict(verdict)
    why = f"«{puzzle.play}» es ilegal. {reasons[0]['message']}"
    return Judgement(correct, ("¡Correcto! " if correct else "No. ") + why, False, None, reasons, rule_for(verdict), None, verdict.codes)


def solution(puzzle: Puzzle) -> dict:
    """Every legal play (play kinds) or the expected answer (other kinds)."""
    if puzzle.is_play or puzzle.kind == "legalidad":
        plays = [play.notation or "pasar" for play in puzzle.position.legal_plays()]
    else:
        plays = []
    answer = puzzle.answer
    if puzzle.kind == "opcion":
        answer = next(choice.label for choice in puzzle.choices if choice.key == puzzle.answer.lower())
    elif puzzle.kind == "legalidad":
        answer = "sí" if normalise_yes_no(puzzle.answer) else "no"
    elif puzzle.kind in ("jugada", "unica"):
        answer = plays[0] if puzzle.kind == "unica" else ""
    return {"legal_plays": plays, "answer": answer, "explanation": puzzle.explanation}
