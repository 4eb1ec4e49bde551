"""Judging an answer to a drill, in the same JSON shape as the lesson puzzles' check.

The engine decides legality; every sentence about a rule comes from the
rule catalogue (``tutor.rules``): the engine's reasons, the cube's refusals
and the sums behind the numeric drills, built from the drill's facts.

An empty or unfinished answer (``missing``: «Comprobar» with no checker
moved, a turn the learner can still play on, no number, neither «sí» nor
«no») is not an answer: it is not judged nor recorded, and the page says
what is missing.
"""

from __future__ import annotations

from typing import Any, cast

from tutor.drills import Drill, writes_the_play_shown, writes_whites_numbers_for_black
from tutor.drills import RULES as DRILL_RULES
from tutor.lessons.puzzles import normalise_yes_no
from tutor.numbers import parse_int
from tutor.rules import (
    AnswerJudged,
    RuleCode,
    Source,
    answer_judged,
    broken_rule,
    decided_by,
    explain,
    explain_verdict,
    game_value,
    legal_hit,
    legal_play,
    legal_turn,
    verdict_marks,
    match_answer,
    may_double_answer,
    notation_illegal,
    notation_other_play,
    notation_right,
    notation_white_numbers,
    pip_count_sum,
    play_answer,
    rule_for,
)

MAX_TEXT = 200
RIGHT = "¡Correcto!"
WRONG = "No es correcto."
"""The verdict's first words; a wrong «no» is never answered «No.», which reads as agreeing with it."""


def _payload(correct: bool, message: str, drill: Drill, decided: str = "", **extra) -> dict:
    """The verdict; a correct answer ends by naming the drill's rule, the one that made it right
    (``decided``, when another rule's title says it better)."""
    rule = DRILL_RULES[drill.rule]
    if correct:
        message = f"{message} {decided_by(decided or rule.title)}"
    payload: dict[str, Any] = {
        "correct": correct,
        "legal": None,
        "message": message,
        "reasons": [],
        "play": None,
        "feedback": None,
        "rule_url": rule.url,
        "rule_title": rule.title,
        "legal_plays": None,
    }
    payload.update(extra)
    return payload


NO_MOVE = "No has movido ninguna ficha. Mueve en el tablero o escribe tu jugada y pulsa «Comprobar»; si no puedes mover ninguna, pulsa «Paso»."
NO_NUMBER = "Escribe un número entero y pulsa «Comprobar»."
NO_CHOICE = "Elige «sí» o «no» y pulsa «Comprobar»."
NO_NOTATION = "Escribe la jugada de las flechas y pulsa «Comprobar»."
NO_RULE_CHOSEN = "Elige una de las reglas y pulsa «Comprobar»."
NO_PLAY_CHOSEN = "Elige una de las jugadas y pulsa «Comprobar»."


def missing(drill: Drill, submitted: str, passing: bool = False) -> str | None:
    """What an empty answer still lacks, in Spanish; ``None`` when there is an answer to judge.

    An untouched board is not an answer: a pass is sent on purpose with
    «Paso» (``passing``), under every play drill alike, so refusing the
    empty play tells nothing about whether a move exists.  A play stopped
    halfway is an answer, and judged: telling the learner that a die is
    still playable would give away the rule some drills ask about (use as
    many dice as you can).
    """
    text = str(submitted)[:MAX_TEXT].strip()
    if drill.is_play:
        return NO_MOVE if not text and not passing else None
    if drill.asks_number:
        return NO_NUMBER if parse_int(text) is None else None
    if drill.asks_notation:
        return NO_NOTATION if not text else None
    if drill.asks_choice:
        return (NO_RULE_CHOSEN if drill.asks_rule else NO_PLAY_CHOSEN) if text not in dict(drill.choices) else None
    return NO_CHOICE if normalise_yes_no(text.lower()) is None else None


def judge(drill: Drill, submitted: str) -> dict:
    """The verdict on ``submitted`` (a play, a number, «sí» or «no») for ``drill``."""
    submitted = str(submitted)[:MAX_TEXT]
    if drill.is_play:
        return _judge_play(drill, submitted)
    if drill.asks_number:
        return _judge_number(drill, submitted)
    if drill.asks_notation:
        return _judge_notation(drill, submitted.strip())
    if drill.asks_rule:
        return _judge_choice(drill, submitted.strip())
    if drill.asks_choice:
        return _judge_play_choice(drill, submitted.strip())
    said = normalise_yes_no(submitted.strip().lower())
    if said is None:
        return _payload(False, "Responde «sí» o «no».", drill)
    correct = said == (drill.answer == "si")
    why = _legality_reason(drill) if drill.asks_legality else _double_reason(drill)
    return _payload(correct, f"{RIGHT if correct else WRONG} {why}", drill)


def send_answer(who, drill: Drill, correct: bool, source: Source = Source.DRILL, submitted: str = "") -> None:
    """Tell the site that ``who`` (a request or a user) answered ``drill`` with ``submitted``: an ``answer_judged`` event."""
    answer_judged.send(AnswerJudged(who, (RuleCode(drill.rule),), correct, source, drill.id, answer_in_words(drill, submitted)))


def answer_in_words(drill: Drill, submitted: str) -> str:
    """The answer as the learner gave it, in the words they saw: the play as written («pasar» for an
    empty one), the number, «sí» or «no» («sí, es legal» for a legality question)."""
    text = str(submitted)[:MAX_TEXT].strip()
    if drill.is_play:
        return text or "pasar (jugada en blanco)"
    if drill.asks_number or drill.asks_notation:
        return text
    if drill.asks_choice:
        return dict(drill.choices).get(text, text)
    said = normalise_yes_no(text.lower())
    if said is None:
        return text
    if drill.asks_legality:
        return "sí, es legal" if said else "no, no es legal"
    return "sí" if said else "no"


def _judge_play(drill: Drill, text: str) -> dict:
    """A legal play is right, unless the drill asks for a goal it misses: then the verdict names
    the goal and a play that meets it (the goal's own Spanish, as the lessons' puzzles say it).
    Where the rule explains the play it asks for move by move (``play_answer``), both say how.
    The board marks what decides the verdict, as a lesson's does: an illegal play's points, a legal one's captures."""
    accepted_notations = [play.notation for play in drill.accepted_plays()] if drill.goal is not None else []
    verdict = drill.position.check(text, offer=accepted_notations)
    marks = verdict_marks(verdict)
    plays = [play.notation or "pasar" for play in drill.position.legal_plays()]
    how = play_answer(drill.rule, drill.facts)
    if verdict.legal:
        notation = verdict.play.notation if verdict.play else text
        goal, accepted = drill.goal, drill.accepted_plays()
        if goal is not None and verdict.play is not None and not goal.met_by(verdict.play, drill.position):
            message = f"{WRONG} {goal.missed_then(verdict.play, accepted[0].notation)}"
            if how:
                message = f"{message} {how}"
            return _payload(False, message, drill, legal=True, play=notation or "pasar", legal_plays=plays, marks=marks)
        message = f"{RIGHT} {legal_turn(notation, only=len(plays) == 1)}"
        if goal is not None:
            message = f"{message} {goal.met()}"
        if how:
            message = f"{message} {how}"
        return _payload(True, message, drill, legal=True, play=notation or "pasar", legal_plays=plays, marks=marks)
    reasons = explain_verdict(verdict)
    headline = "No se entiende la jugada." if verdict.codes == ("syntax",) else "Jugada ilegal."
    rule = rule_for(verdict)
    payload = _payload(False, f"{headline} {reasons[0]['message']}", drill, legal=False, reasons=reasons, marks=marks)
    if rule is not None:
        payload.update(rule_url=rule.url, rule_title=rule.title)
    return payload


def _judge_notation(drill: Drill, text: str) -> dict:
    """Right when ``text`` is a legal play reaching the position the arrows draw, however written;
    a Black learner who wrote White's numbers is told so."""
    verdict = drill.position.check(text)
    if writes_the_play_shown(drill, text):
        return _payload(True, f"{RIGHT} {notation_right(text, drill.answer)}", drill, legal=True, play=text)
    if writes_whites_numbers_for_black(drill, text):
        return _payload(False, f"{WRONG} {notation_white_numbers(drill.answer)}", drill, legal=verdict.legal, play=text)
    if verdict.legal:
        return _payload(False, f"{WRONG} {notation_other_play(drill.answer)}", drill, legal=True, play=text)
    # The drawn play is the alternative to name here, not some other legal play.
    why = explain(verdict.reasons[0], verdict.text, instead=False) if verdict.reasons else ""
    return _payload(False, f"{WRONG} {notation_illegal(why, drill.answer)}", drill, legal=False, play=text)


def _judge_choice(drill: Drill, chosen: str) -> dict:
    """Right when ``chosen`` is the rule the drawn play breaks; either way, which one and why, linked."""
    if chosen not in dict(drill.choices):
        return _payload(False, NO_RULE_CHOSEN, drill)
    verdict = drill.position.check(drill.drawn)
    rule = rule_for(verdict)
    title = rule.title if rule is not None else ""
    why = explain(verdict.reasons[0], verdict.text, instead=False) if verdict.reasons else ""
    correct = chosen == drill.answer
    # Right: the reason, then the rule named as every correct answer names it; wrong: which rule, and why.
    said = f"{RIGHT} {why}" if correct else f"{WRONG} {broken_rule(drill.drawn, title, why)}"
    payload = _payload(correct, said, drill, decided=title)
    if rule is not None:
        payload.update(rule_url=rule.url, rule_title=rule.title)
    return payload


def _judge_play_choice(drill: Drill, chosen: str) -> dict:
    """Right when ``chosen`` is the play the rule forces (the larger die's); either way, the engine's
    sentence for the rule, and for a wrong play why the engine refuses it."""
    if chosen not in dict(drill.choices):
        return _payload(False, NO_PLAY_CHOSEN, drill)
    position = drill.position
    refused = position.check(drill.tempting)  # the other die's play: refused for the drill's rule
    rule = rule_for(refused)
    why = explain(refused.reasons[0], drill.tempting, instead=False)
    if chosen == drill.answer:
        return _payload(True, f"{RIGHT} {why}", drill)
    said = f"{WRONG} {why}"
    play = str(dict(cast(tuple[tuple[str, str], ...], drill.facts)).get(chosen, ""))
    verdict = position.check(play) if play and play != drill.tempting else refused
    if verdict is not refused and verdict.reasons and verdict.codes != ("syntax",):
        said = f"{WRONG} «{play}» es ilegal. {explain(verdict.reasons[0], play, instead=False)} {why}"
    payload = _payload(False, said, drill)
    if rule is not None:
        payload.update(rule_url=rule.url, rule_title=rule.title)
    return payload


def _legality_reason(drill: Drill) -> str:
    verdict = drill.position.check(drill.play)
    if verdict.legal:
        return legal_hit(drill.play) if verdict.play is not None and verdict.play.hits else legal_play(drill.play)
    return f"«{drill.play}» es ilegal. {explain_verdict(verdict)[0]['message']}"


def _double_reason(drill: Drill) -> str:
    return match_answer(drill.rule, drill.facts) or may_double_answer(cast(tuple[str, ...], drill.facts))


def _judge_number(drill: Drill, text: str) -> dict:
    given = text.strip()
    number = parse_int(given)
    if number is None:
        return _payload(False, "Escribe un número entero.", drill)
    correct = number == parse_int(drill.answer)
    head = RIGHT if correct else f"{WRONG} La respuesta es {drill.answer}, no {given}."
    return _payload(correct, f"{head} {explain_number(drill)}", drill)


def explain_number(drill: Drill) -> str:
    """How the number of a numeric drill comes out, in one sentence."""
    about_match = match_answer(drill.rule, drill.facts)
    if about_match:
        return about_match
    if drill.rule == RuleCode.PIP_COUNT:
        return pip_count_sum(cast(tuple[tuple[int, int], ...], drill.facts), drill.answer)
    kind, multiplier, cube, jacoby = cast(tuple[str, int, int, bool], drill.facts)
    return game_value(kind, multiplier, cube, drill.answer, jacoby)
