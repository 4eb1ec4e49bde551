"""What the board in the browser asks the server, since it knows no rule and no grammar.

Three small GET endpoints, answered in JSON (errors as ``{"error": ...}``
with a 4xx status, like the rest of the API):

- ``/api/board/refusal/``: why a move the board refused cannot be made, in
  one Spanish sentence from the engine's reason (``step_reason``).  The
  board refuses at once the moves its data rules out
  (``tutor.board.refusals``) and asks here what to say.
- ``/api/board/play/``: the moves of a play typed in the notation box, read
  by the engine's own parser, so that the board can show them.
- ``/api/board/position/``: a position written point by point (``6:2
  bar:1``) for the board editor, with every defect that makes it
  impossible, in the engine's words.
"""

from __future__ import annotations

from dataclasses import replace

from django.http import HttpRequest, JsonResponse
from django.views.decorators.http import require_GET

from tutor.board.refusals import refused_at_once
from tutor.board.widget import position_json
from tutor.engine import BAR, OFF, EngineError, Move, PartialPlay, Position, Reason, ReasonCode, parse_play, step_reason
from tutor.json_api import BadRequest, error
from tutor.rules import describe_defects, drop_alternative, drop_mirrored, explain, explain_drop, verdict_marks, verdict_payload

from . import gates
from .puzzles import parse_layout

MAX_QUERY = 200


def _query(request: HttpRequest, name: str) -> str:
    value = str(request.GET.get(name, ""))
    if len(value) > MAX_QUERY:
        raise BadRequest(f"«{name}» es demasiado largo.")
    return value.strip()


def _place(text: str, *, source: bool) -> int:
    """A point of the mover's numbering as the board names it: a number, ``bar`` or ``off``."""
    word = text.lower()
    if source and word in ("bar", "25"):
        return BAR
    if not source and word in ("off", "0"):
        return OFF
    if word.isdigit() and 1 <= int(word) <= 24:
        return int(word)
    raise BadRequest("Los puntos van del 1 al 24, «bar» para la barra y «off» para sacar una ficha.")


def _turn_so_far(position: Position, moves: str, left: str) -> tuple[PartialPlay, tuple[Move, ...]]:
    """The turn after the moves the board shows, and those moves: carried out by the engine, or,
    if the rules do not allow them (the server judges that when the play is sent), the
    starting boards with the dice the board says are left, and no moves."""
    start = PartialPlay.start(position)
    try:
        steps = [(segment.src, segment.dst) for segment in parse_play(moves)]
    except EngineError:
        raise BadRequest("No entiendo los movimientos hechos hasta ahora.") from None
    reached = next(start.carry_out(steps), None)
    if reached is not None:
        return reached
    dice = [int(die) for die in left.split(",") if die.strip().isdigit()]
    if not steps or not dice or any(die not in start.dice_left for die in dice) or len(dice) > len(start.dice_left):
        return start, ()
    return start._replace(dice_left=tuple(dice)), ()


@require_GET
def refusal(request: HttpRequest) -> JsonResponse:
    """``{"code", "message"}``: why the checker on ``from`` cannot go to ``to`` (or be picked up).

    Query: ``xgid`` (the position with its dice, as the board received it),
    ``moves`` (what the board shows moved so far, in notation), ``left``
    (the dice the board counts as unused, ``6,3``), ``from`` and, for a
    drop, ``to``.  ``code`` is null when the engine sees no reason: the move
    is one the rules allow, refused only because no legal play follows it.

    While the position is an unanswered exercise of the user (``gates``),
    only the moves the board's own data refuse are explained, the ones its
    board asks about; any other question would tell which single moves the
    rules allow, part of the answer, and gets the gate's refusal (403).
    The message ends with what to do: a move the turn may go on with
    (``drop_alternative``), or, in such an exercise, the rule's instruction.
    A backward drop that is a move to make counted from the other side (a
    Black learner reading White's numbers, ``drop_mirrored``) asks whether the
    rival's numbers were used, and names that move outside an exercise.
    """
    try:
        try:
            position = Position.from_xgid(_query(request, "xgid"))
        except EngineError:
            raise BadRequest("No entiendo esa posición: revisa el XGID.") from None
        if position.dice is None:
            raise BadRequest("Esa posición no tiene dados: no hay nada que mover.")
        src = _place(_query(request, "from"), source=True)
        target = _query(request, "to")
        dst = _place(target, source=False) if target else None
        partial, before = _turn_so_far(position, _query(request, "moves"), _query(request, "left"))
    except BadRequest as problem:
        return error(problem.message, problem.status)
    refusal = gates.position_refusal(request.user, position)
    if refusal and not refused_at_once(position, partial.dice_left, src, dst):
        return error(refusal, 403)
    reason = step_reason(partial, src, dst, position.dice, before)
    if reason is None:
        return JsonResponse({"code": None, "message": ""})
    if reason.code is ReasonCode.BACKWARDS:
        reason = replace(reason, mirrored=drop_mirrored(position, partial, src, dst))
    instead = None if refusal else drop_alternative(position, partial, src)
    return JsonResponse({"code": reason.code, "message": explain_drop(reason, position.turn, instead)}, json_dumps_params={"ensure_ascii": False})


@require_GET
def play_moves(request: HttpRequest) -> JsonResponse:
    """``{"moves": [{"from", "to"}]}``: the steps of the play in ``play``, as the engine reads it.

    Whether the play is legal is not asked unless the query names the
    position (``xgid``, with its dice): a game's board then refuses an
    illegal typed play before it is sent, as it refuses a click.  The
    answer adds ``"legal"`` and, for an illegal play, ``"verdict"``: the
    refusal a sent play gets (``illegal_verdict``), with the same reasons.
    A position that is an unanswered exercise of the user (``gates``) is
    not judged here (``"legal": null``): that would tell its answer.
    """
    try:
        text = _query(request, "play")
        written = _query(request, "xgid")
    except BadRequest as problem:
        return error(problem.message, problem.status)
    try:
        segments = parse_play(text)
    except EngineError:
        return error(explain(Reason(ReasonCode.SYNTAX), text))
    moves = [{"from": segment.src, "to": segment.dst} for segment in segments]
    if not written:
        return JsonResponse({"moves": moves})
    try:
        position = Position.from_xgid(written)
    except EngineError:
        return error("No entiendo esa posición: revisa el XGID.")
    if position.dice is None:
        return error("Esa posición no tiene dados: no hay nada que mover.")
    if gates.position_refusal(request.user, position):
        return JsonResponse({"moves": moves, "legal": None})
    verdict = position.check(text)
    if verdict.legal:
        return JsonResponse({"moves": moves, "legal": True})
    refused = {**verdict_payload(correct=False, legal=False, verdict=verdict), "marks": verdict_marks(verdict)}
    return JsonResponse({"moves": moves, "legal": False, "verdict": refused}, json_dumps_params={"ensure_ascii": False})


@require_GET
def position_layout(request: HttpRequest) -> JsonResponse:
    """The position in ``white`` and ``black`` (``6:2 bar:1``, White's numbering) and its defects.

    ``{"points", "bar", "off", "defects": [Spanish]}``: the editor draws the
    position and says, with the engine's words, what makes it impossible.
    """
    layouts = {}
    try:
        for name, words in (("white", "blancas"), ("black", "negras")):
            try:
                layouts[name] = parse_layout(_query(request, name))
            except ValueError as problem:
                raise BadRequest(f"En «{words}» {problem}.") from None
        try:
            position = Position.from_layout(layouts["white"], layouts["black"])
        except EngineError:
            raise BadRequest("Los puntos van del 1 al 24, y «bar» para la barra.") from None
    except BadRequest as problem:
        return error(problem.message, problem.status)
    return JsonResponse({**position_json(position), "defects": describe_defects(position.defects)}, json_dumps_params={"ensure_ascii": False})
