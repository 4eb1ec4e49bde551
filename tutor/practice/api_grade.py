"""``POST /api/grade/``: GNU Backgammon's traffic light for any play in any position.

The request is ``{"xgid": "XGID=…", "play": "13/9 24/23"}``; the dice, the
cube, the score and the match length all come from the XGID.  A legal play
is graded exactly as in practice games (``evaluator.grade_play``: the play
and the best candidates at one depth) and answered as::

    {"legal": true, "play": "13/9 24/23", "colour": "verde", "equity_loss": 0.0123,
     "best": "…", "ply": 2, "top": [{"play": "…", "equity": 0.1}, …]}

An illegal play gets the same answer as the other checks:
``{"legal": false, "message": …, "reasons": […]}``.  Bad input is a Spanish
4xx ``{"error": …}``; an unavailable evaluator a Spanish 503.  Every call
counts against the ``grade`` rate limit, as each one may cost gnubg a
fraction of a second.  The position of an exercise a student has not yet
answered in an assignment is refused (the lessons' ``gates``), and a
grade given for the position of one of their exercises is remembered as a
solution seen.
"""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse

from tutor.engine import EngineError, Position
from tutor.json_api import BadRequest, error, read_json, text_field
from tutor.lessons import gates
from tutor.ratelimit import ratelimit
from tutor.rules import IMPOSSIBLE_POSITION, explain_verdict

from . import evaluator
from .evaluator import EvaluatorUnavailable
from .grading import colour_for

TOP_PLAYS = 5
UNAVAILABLE = "El evaluador no está disponible ahora mismo; inténtalo de nuevo dentro de un momento."


@ratelimit("grade", json=True)
def grade(request: HttpRequest) -> JsonResponse:
    if request.method != "POST":
        response = error("Envía la posición y la jugada con POST, como JSON.", 405)
        response["Allow"] = "POST"
        return response
    try:
        data = read_json(request)
        position = _position(text_field(data, "xgid"))
        play = text_field(data, "play")
        if play is None:
            raise BadRequest("Falta «play» en la petición: la jugada que quieres valorar, p. ej. «13/9 24/23».")
    except BadRequest as problem:
        return error(problem.message, problem.status)
    refusal = gates.position_refusal(request.user, position)
    if refusal:
        return error(refusal, 403)
    verdict = position.check(play)
    if not verdict.legal or verdict.play is None:
        reasons = explain_verdict(verdict)
        message = reasons[0]["message"] if reasons else "Esa jugada no es legal."
        return _json({"legal": False, "message": message, "reasons": reasons})
    try:
        analysis = evaluator.grade_play(position, verdict.play)
    except EvaluatorUnavailable:
        return error(UNAVAILABLE, 503)
    loss = analysis.loss(verdict.play)
    gates.position_shown(request.user, position)  # the best play is a solution
    return _json(
        {
            "legal": True,
            "play": verdict.play.notation,
            "colour": colour_for(loss),
            "equity_loss": round(loss, 4),
            "best": analysis.best.notation,
            "ply": analysis.plies,
            "forced": analysis.forced,
            "top": [
                {"play": entry.notation, "equity": round(entry.equity, 4)} for entry in analysis.full_depth[:TOP_PLAYS]
            ],
        }
    )


def _position(xgid: str | None) -> Position:
    if not xgid:
        raise BadRequest("Falta «xgid» en la petición: la posición, con los dados, en formato XGID.")
    try:
        position = Position.from_xgid(xgid)
    except EngineError:
        raise BadRequest("No entiendo ese XGID: revísalo (p. ej. «XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10»).") from None
    if position.defects:
        raise BadRequest(IMPOSSIBLE_POSITION)
    if position.winner() is not None:
        raise BadRequest("En esa posición la partida ya ha terminado: no queda jugada que valorar.")
    if position.dice is None:
        raise BadRequest("El XGID no trae dados: pon la tirada que quieres jugar (p. ej. «…:31:…»).")
    return position


def _json(payload: dict) -> JsonResponse:
    return JsonResponse(payload, json_dumps_params={"ensure_ascii": False})
