"""Judging an answer to a drill, in the same JSON shape as the lesson puzzles' check.

The engine decides legality; the Spanish comes from the lessons'
explanations of the engine's reasons (``tutor.lessons.explanations``),
plus short sentences for the numeric drills built from the drill's facts.
"""

from __future__ import annotations

from tutor.drills import Drill
from tutor.drills import RULES as DRILL_RULES
from tutor.lessons.explanations import explain_verdict, rule_for

try:  # where the lessons keep reading «sí»/«no» (it moved from puzzles to explanations)
    from tutor.lessons.explanations import normalise_yes_no
except ImportError:  # pragma: no cover - older layout
    from tutor.lessons.puzzles import normalise_yes_no

MAX_TEXT = 200

KIND_WORDS = {"single": "una partida simple", "gammon": "un gammon", "backgammon": "un backgammon"}
DOUBLE_REASONS = {
    "game-over": "la partida ha terminado",
    "not-your-turn": "solo se dobla en el propio turno",
    "dice-rolled": "ya has tirado los dados, y se dobla antes de tirar",
    "not-cube-owner": "el cubo es de tu rival: solo quien tiene el cubo puede volver a doblar",
    "crawford-game": "en la partida Crawford nadie puede doblar",
    "cube-at-maximum": "el cubo ya está en su valor más alto",
}


def _payload(correct: bool, message: str, drill: Drill, **extra) -> dict:
    rule = DRILL_RULES[drill.rule]
    payload = {
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


def judge(drill: Drill, submitted: str) -> dict:
    """The verdict on ``submitted`` (a play, a number, «sí» or «no») for ``drill``."""
    submitted = str(submitted)[:MAX_TEXT]
    if drill.is_play:
        return _judge_play(drill, submitted)
    if drill.asks_number:
        return _judge_number(drill, submitted)
    said = normalise_yes_no(submitted.strip().lower())
    if said is None:
        return _payload(False, "Responde «sí» o «no».", drill)
    correct = said == (drill.answer == "si")
    why = _legality_reason(drill) if drill.asks_legality else _double_reason(drill)
    return _payload(correct, ("¡Correcto! " if correct else "No. ") + why, drill)


def _judge_play(drill: Drill, text: str) -> dict:
    verdict = drill.position.check(text)
    plays = [play.notation or "pasar" for play in drill.position.legal_plays()]
    if verdict.legal:
        shown = (verdict.play.notation if verdict.play else text) or "pasar"
        only = " Es la única jugada legal." if len(plays) == 1 else ""
        return _payload(True, f"¡Correcto! {shown} es una jugada legal.{only}", drill, legal=True, play=shown, legal_plays=plays)
    reasons = explain_verdict(verdict)
    headline = "No se entiende la jugada." if verdict.codes == ("syntax",) else "Jugada ilegal."
    rule = rule_for(verdict)
    payload = _payload(False, f"{headline} {reasons[0]['message']}", drill, legal=False, reasons=reasons)
    if rule is not None:
        payload.update(rule_url=rule.url, rule_title=rule.title)
    return payload


def _legality_reason(drill: Drill) -> str:
    verdict = drill.position.check(drill.play)
    if verdict.legal and verdict.play is not None and verdict.play.hits:
        return f"«{drill.play}» es legal: caer en una ficha suelta rival la captura."
    if verdict.legal:
        return f"«{drill.play}» es legal."
    return f"«{drill.play}» es ilegal. {explain_verdict(verdict)[0]['message']}"


def _double_reason(drill: Drill) -> str:
    if not drill.facts:
        return "Puedes doblar: es tu turno, aún no has tirado y el cubo está en el centro o es tuyo."
    return "No puedes doblar: " + "; ".join(DOUBLE_REASONS.get(code, code) for code in drill.facts) + "."


def _judge_number(drill: Drill, text: str) -> dict:
    given = text.strip()
    if not given.lstrip("-").isdigit():
        return _payload(False, "Escribe un número entero.", drill)
    correct = int(given) == int(drill.answer)
    head = "¡Correcto!" if correct else f"No es {given}: son {drill.answer}."
    return _payload(correct, f"{head} {explain_number(drill)}", drill)


def explain_number(drill: Drill) -> str:
    """How the number of a numeric drill comes out, in one sentence."""
    if drill.rule == "pip-count":
        terms = [f"{count}×{'25 (barra)' if point == 25 else point}" if count > 1 else ("25 (barra)" if point == 25 else str(point)) for point, count in drill.facts]
        return f"Recuento: {' + '.join(terms)} = {drill.answer} pips."
    kind, multiplier, cube, jacoby = drill.facts
    if jacoby and kind != "single" and cube == 1:
        return f"Es {KIND_WORDS[kind]}, pero con la regla Jacoby y el cubo sin doblar cuenta como una partida simple: 1 × 1 = {drill.answer}."
    turned = " La regla Jacoby ya no cuenta: el cubo se ha doblado." if jacoby and kind != "single" else ""
    return f"Es {KIND_WORDS[kind]} (vale {multiplier}) con el cubo en {cube}: {multiplier} × {cube} = {drill.answer}.{turned}"
