"""Judging a learner's answer to a puzzle: correct or not, and why.

The engine decides legality; this module adds what a puzzle asks on top of
it (any legal play, the only legal play, a yes/no, a number, a choice) and
the author's specific feedback for tempting wrong answers.  Whoever judges
an answer for a learner sends it as an event (``send_answer``): the lessons
do not know who listens (training's memory of the rules does).
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine import EngineError, Verdict, parse_play
from tutor.numbers import parse_int
from tutor.rules import (
    AnswerJudged,
    Rule,
    RuleCode,
    Source,
    answer_judged,
    explain_verdict,
    legal_turn,
    rule_for,
    rule_for_calculation,
    rule_for_section,
    rules_for_codes,
    rules_for_verdict,
    verdict_payload,
)

from .puzzles import Puzzle, normalise_yes_no

MAX_ANSWER_TEXT = 200

NO_MOVE = "No has movido ninguna ficha. Mueve en el tablero o escribe tu jugada y pulsa «Comprobar»; si no puedes mover ninguna, pulsa «Paso»."
NO_CHOICE = "Elige «sí» o «no» y pulsa «Comprobar»."
NO_NUMBER = "Escribe un número entero y pulsa «Comprobar»."
NO_OPTION = "Elige una de las opciones y pulsa «Comprobar»."


def missing(puzzle: Puzzle, submitted: object, passing: bool = False) -> str | None:
    """What an empty answer still lacks, in Spanish; ``None`` when there is an answer to judge.

    An untouched board is not an answer: a pass is sent on purpose with
    «Paso» (``passing``), so refusing the empty play tells nothing about
    whether a move exists.  A play stopped halfway is an answer, and judged
    (wrong, with the engine's reason), as is «Paso» where a play exists.
    An answer that is not a «sí» or «no», a whole number or one of the
    options is no answer either.  Whatever is refused here is neither
    judged, nor stored, nor counted.

    >>> from tutor.lessons.library import get_library
    >>> puzzle = next(p for p in get_library().puzzles().values() if p.is_play)
    >>> missing(puzzle, "") == NO_MOVE, missing(puzzle, "", passing=True)
    (True, None)
    """
    given = str(submitted)[:MAX_ANSWER_TEXT].strip()
    if puzzle.is_play:
        return NO_MOVE if not given and not passing else None
    if puzzle.kind == "legalidad":
        return NO_CHOICE if normalise_yes_no(given.lower()) is None else None
    if puzzle.kind == "numero":
        return NO_NUMBER if parse_int(given) is None else None
    return NO_OPTION if given.lower() not in {choice.key for choice in puzzle.choices} else None


@dataclass(frozen=True)
class Judgement:
    """The answer to one submission, ready for JSON or a template.

    ``message`` adds to the headline the page draws from ``correct`` and
    ``legal``; the explanations come from ``verdict`` (the engine's, for
    an illegal play), one per distinct reason.
    """

    correct: bool
    message: str
    legal: bool | None = None
    play: str | None = None
    verdict: Verdict | None = None
    feedback: str | None = None

    @property
    def reasons(self) -> list[dict[str, str]]:
        return explain_verdict(self.verdict) if self.verdict is not None else []

    @property
    def codes(self) -> tuple[str, ...]:
        return self.verdict.codes if self.verdict is not None else ()

    @property
    def rule(self) -> Rule | None:
        return rule_for(self.verdict) if self.verdict is not None else None

    def as_json(self) -> dict:
        """The verdict; ``legal_plays`` stays None: callers add them after a correct answer."""
        return verdict_payload(
            correct=self.correct,
            legal=self.legal,
            message=self.message,
            verdict=self.verdict,
            play=self.play,
            feedback=self.feedback,
        )


def judge_play(puzzle: Puzzle, text: str) -> Judgement:
    """Judge a play typed or made on the board for a play puzzle.

    A legal play that misses the puzzle's goal (no capture in «Capturar en
    el 6») is legal but not correct; so an illegal play's suggested
    alternative is one that meets the goal («Una jugada legal aquí es …»
    must not send the learner to a wrong answer).
    """
    verdict = puzzle.position.check(text, offer=_meeting_goal(puzzle))
    if not verdict.legal:
        return Judgement(False, "", False, None, verdict, _feedback_for(puzzle, text))
    assert verdict.play is not None
    if puzzle.goal is not None and not puzzle.goal.met_by(verdict.play, puzzle.position):
        return Judgement(False, puzzle.goal.missed(verdict.play), True, verdict.play.notation, None, _feedback_for(puzzle, text))
    return Judgement(True, legal_turn(verdict.play.notation), True, verdict.play.notation)


def _meeting_goal(puzzle: Puzzle) -> list[str]:
    """The plays that answer a puzzle with a goal (none: every legal play does)."""
    goal = puzzle.goal
    if goal is None:
        return []
    return [play.notation for play in puzzle.position.legal_plays() if goal.met_by(play, puzzle.position)]


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
        number = parse_int(given)
        if number is None:
            return Judgement(False, "Escribe un número entero.")
        correct = number == parse_int(puzzle.answer)
        return Judgement(correct, "" if correct else f"No es {given}. Inténtalo de nuevo.")
    keys = {choice.key: choice.label for choice in puzzle.choices}
    if given not in keys:
        return Judgement(False, "Elige una de las opciones.")
    correct = given == puzzle.answer.lower()
    return Judgement(correct, "" if correct else f"«{keys[given]}» no es la respuesta.")


def _legality(puzzle: Puzzle, said: bool) -> Judgement:
    """A yes/no answer about a play: the headline says right or wrong, the message why."""
    verdict = puzzle.position.check(puzzle.play)
    if verdict.legal:
        return Judgement(said, f"«{puzzle.play}» es legal.", None, verdict.play.notation if verdict.play else None)
    return Judgement(not said, f"«{puzzle.play}» no es legal.", None, None, verdict)


def solution(puzzle: Puzzle) -> dict:
    """Every legal play (play kinds) or the expected answer (other kinds)."""
    plays: list[str] | None = None  # no «hay que pasar» under a question that is not about a play
    if puzzle.is_play or puzzle.kind == "legalidad":
        plays = [play.notation or "pasar" for play in puzzle.position.legal_plays()]
    answer = puzzle.answer
    if puzzle.kind == "opcion":
        answer = next(choice.label for choice in puzzle.choices if choice.key == puzzle.answer.lower())
    elif puzzle.kind == "legalidad":
        answer = "sí" if normalise_yes_no(puzzle.answer) else "no"
    elif puzzle.kind == "unica":
        answer = plays[0] if plays else ""
    elif puzzle.kind == "jugada":
        answer = _goal_answer(puzzle)
    return {"legal_plays": plays, "answer": answer, "explanation": puzzle.explanation}


def _goal_answer(puzzle: Puzzle) -> str:
    """For a puzzle with a goal, the legal plays that meet it."""
    return "; ".join(_meeting_goal(puzzle))


def named_rule(puzzle: Puzzle) -> Rule | None:
    """The rule a correct answer names («Lo decide la regla …»): the one its ``regla`` section teaches, else its calculation's."""
    return rule_for_section(puzzle.lesson, puzzle.rule) or rule_for_calculation(puzzle.calculation or "")


def rules_exercised(puzzle: Puzzle, verdict: Verdict | None = None) -> tuple[RuleCode, ...]:
    """The rules an answer to ``puzzle`` counts for, in the learner's memory of each rule.

    First the rule a correct answer names (``named_rule``), so that what the
    feedback says is practised is what «Mi progreso» counts; then the ones
    its author expects and its tempting plays break, its calculation's, and
    those the answer's ``verdict`` broke.
    """
    named = named_rule(puzzle)
    rules = [named.code] if named is not None else []
    expected = [puzzle.expected_code, *(tempting.code for tempting in puzzle.tempting)]
    rules.extend(rules_for_codes(code for code in expected if code))
    if verdict is not None:
        rules.extend(rules_for_verdict(verdict))
    calculated = rule_for_calculation(puzzle.calculation or "")
    if calculated is not None:
        rules.append(calculated.code)
    return tuple(dict.fromkeys(rules))


def send_answer(who, puzzle: Puzzle, judgement: Judgement, source: Source = Source.PUZZLE) -> None:
    """Tell the site that ``who`` (a request or a user) answered ``puzzle``: an ``answer_judged`` event."""
    answer_judged.send(AnswerJudged(who, rules_exercised(puzzle, judgement.verdict), judgement.correct, source, puzzle.slug))
