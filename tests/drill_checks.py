"""What every generated drill must satisfy, shared by the generator's tests and the gnubg differential."""

from __future__ import annotations

from tutor.drills import Drill
from tutor.engine import CHECKERS_PER_SIDE, WHITE, BLACK, can_double, score_game


def problems(drill: Drill) -> list[str]:
    """Every way ``drill`` breaks the generator's promises (empty when it keeps them)."""
    found = []
    position = drill.position
    if position.defects:
        found.append(f"impossible position: {position.defects}")
    for side in (WHITE, BLACK):
        board = position.checkers(side)
        if sum(board) != CHECKERS_PER_SIDE or min(board) < 0:
            found.append(f"side {side} does not have 15 checkers")
    if not drill.question.strip():
        found.append("no question")
    if drill.kind in ("jugada", "unica"):
        verdict = position.check(drill.tempting)
        if verdict.legal or not verdict.reasons or verdict.reasons[0].code not in drill.codes:
            found.append(f"tempting {drill.tempting!r} gives {verdict.codes}, expected {drill.codes}")
        plays = position.legal_plays()
        if drill.kind == "jugada" and plays[0].is_pass:
            found.append("nothing to play")
        if drill.kind == "unica" and (len(plays) != 1 or plays[0].notation != drill.answer):
            found.append(f"not a single legal play {drill.answer!r}: {[p.notation for p in plays]}")
    elif drill.kind == "legalidad":
        verdict = position.check(drill.play)
        if verdict.legal != (drill.answer == "si"):
            found.append(f"{drill.play!r} legal={verdict.legal} but the answer is {drill.answer}")
        if not verdict.legal and verdict.reasons[0].code not in drill.codes:
            found.append(f"{drill.play!r} gives {verdict.codes}, expected {drill.codes}")
    elif drill.rule == "pip-count":
        if drill.answer != str(position.pip_count(position.turn)):
            found.append("wrong pip count")
    elif drill.rule == "scoring":
        if drill.answer != str(score_game(position).points):
            found.append("wrong score")
    elif drill.rule == "may-double":
        if drill.answer != ("si" if can_double(position) else "no"):
            found.append("wrong doubling answer")
    else:
        found.append(f"unknown kind {drill.kind}")
    return found
