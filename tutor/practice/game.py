"""The course of a practice game: the learner's decisions, the computer's replies.

Each public function is one decision of the learner (roll, double, play,
answer a double, ask for a hint, go on to the next game).  It checks that
the decision is allowed now, asks gnubg (``evaluator``) to judge it,
records it, then lets the computer play until the learner must decide
again or the game ends.  The rules are the engine's: legality with
``Position.check``, the cube with ``can_double``/``take``/``drop``, scoring
with ``score_game`` and the match with ``Match``.

Callers run each function in one database transaction: when gnubg fails
(``EvaluatorUnavailable``) or the decision is refused (``GameError``,
``IllegalPlay``), nothing is saved.
"""

from __future__ import annotations

from django.db.models import Max

from tutor.engine import (
    Match,
    Play,
    Position,
    Verdict,
    can_double,
    double_reasons,
    drop,
    format_moves,
    score_game,
    take,
)
from tutor.engine.movegen import apply_move
from tutor.engine.position import after_play
from tutor.engine.scoring import GameResult
from tutor.lessons.explanations import DOUBLE_REASONS

from . import dice, evaluator
from .evaluator import CubeAnalysis, PlayAnalysis
from .grading import CLOSE_CUBE, LevelSettings, colour_for, hint_limit, level_settings
from .models import COMPUTER, LEARNER, Action, Phase, PracticeMatch

TOP_PLAYS = 5
"""How many of gnubg's best plays are kept with each of the learner's plays."""



class GameError(Exception):
    """A decision the game does not allow now: a Spanish message and an HTTP status."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


class IllegalPlay(Exception):
    """The learner wrote a play the rules forbid; the verdict says why."""

    def __init__(self, verdict: Verdict) -> None:
        super().__init__(verdict.text)
        self.verdict = verdict


# -- starting ---------------------------------------------------------------------


def start_match(*, length: int, level: str, user=None) -> PracticeMatch:
    """A new match (``length`` points, 0 for money) with its first game under way."""
    match = PracticeMatch(
        length=length, level=level, user=user, xgid=Position.initial().to_xgid(), phase=Phase.MOVE
    )
    match.save()
    events: list[dict] = []
    _start_game(match, Match.new(length), events)
    _save(match, events)
    return match


def next_game(match: PracticeMatch) -> None:
    """The next game of the match, after the one just finished."""
    _require(match, Phase.GAME_OVER, "La partida aún no ha terminado.")
    upcoming = match.upcoming or {}
    match.upcoming = None
    match.game_number += 1
    match.hints_used = 0
    events: list[dict] = []
    following = Match(match.length, tuple(upcoming.get("score", (0, 0))), bool(upcoming.get("crawford", False)))
    _start_game(match, following, events)
    _save(match, events)


def _start_game(match: PracticeMatch, stakes: Match, events: list[dict]) -> None:
    throws = dice.opening(match)
    events.append({"kind": "opening", "throws": [list(pair) for pair in throws.throws], "starter": throws.starter})
    if stakes.crawford:
        events.append({"kind": "crawford"})
    position = Position.initial(**stakes.position_fields()).replace(turn=throws.starter, dice=throws.dice)
    if throws.starter == LEARNER:
        _learner_to_move(match, position)
        return
    _after_computer_play(match, _computer_plays(match, position, events), events)


# -- the learner's decisions ------------------------------------------------------


def learner_roll(match: PracticeMatch) -> None:
    """The learner rolls without doubling; the no-double is graded when it was close."""
    _require(match, Phase.ROLL, "Ahora no te toca tirar los dados.")
    position = match.position
    events: list[dict] = []
    cube = _cube_if_close(position, evaluator.grading_plies(), 0.0)
    if cube is not None:
        _grade_cube(match, position, Action.Kind.NO_DOUBLE, cube.double_loss(False), _best_double(cube), cube, events)
    _learner_rolls_then_computer(match, position, events)
    _save(match, events)


def learner_double(match: PracticeMatch) -> None:
    """The learner doubles; gnubg grades it and the computer takes or passes."""
    _require(match, Phase.ROLL, "Solo se dobla al empezar tu turno, antes de tirar.")
    position = match.position
    reasons = double_reasons(position)
    if reasons:
        raise GameError(DOUBLE_REASONS.get(reasons[0], "Ahora no puedes doblar."), 409)
    events: list[dict] = []
    graded = evaluator.analyse_cube(position)
    level = level_settings(match.level)
    answer = graded if _same_view(level) else evaluator.analyse_cube(position, level.plies, level.noise)
    _grade_cube(match, position, Action.Kind.DOUBLE, graded.double_loss(True), _best_double(graded), graded, events)
    if answer.should_take:
        _record(match, COMPUTER, Action.Kind.TAKE, position)
        events.append({"kind": "take", "side": COMPUTER, "cube": position.cube_value * 2})
        _learner_rolls_then_computer(match, take(position), events)
    else:
        _record(match, COMPUTER, Action.Kind.DROP, position)
        events.append({"kind": "drop", "side": COMPUTER})
        _finish_game(match, position, drop(position), events)
    _save(match, events)


def learner_answer(match: PracticeMatch, *, takes: bool) -> None:
    """The learner takes or passes the computer's double; gnubg grades it."""
    _require(match, Phase.ANSWER, "El ordenador no te ha doblado.")
    position = match.position
    events: list[dict] = []
    cube = evaluator.analyse_cube(position)
    best = "Aceptar" if cube.should_take else "Abandonar"
    kind = Action.Kind.TAKE if takes else Action.Kind.DROP
    _grade_cube(match, position, kind, cube.take_loss(takes), best, cube, events)
    if takes:
        _computer_turn(match, take(position), events, may_double=False)
    else:
        _finish_game(match, position, drop(position), events)
    _save(match, events)


def learner_play(match: PracticeMatch, text: str) -> None:
    """The learner's play, written in notation (the board writes it too).

    An illegal play raises ``IllegalPlay`` and changes nothing; a legal one
    is graded against gnubg's best play, then the computer answers.
    """
    _require(match, Phase.MOVE, "Ahora no te toca mover.")
    position = match.position
    verdict = position.check(text or "")
    if not verdict.legal or verdict.play is None:
        raise IllegalPlay(verdict)
    events: list[dict] = []
    analysis = evaluator.analyse_plays(position)
    play = verdict.play
    loss = analysis.loss(play)
    action = _record(
        match,
        LEARNER,
        Action.Kind.MOVE,
        position,
        play=play,
        best=analysis.best.notation,
        loss=loss,
        colour=colour_for(loss),
        forced=analysis.forced,
        hinted=bool(match.hint and match.hint.get("xgid") == match.xgid),
        analysis={"plays": _top_plays(analysis, play), "plies": analysis.plies},
    )
    events.append({"kind": "light", "action": action.pk})
    match.hint = None
    _after_learner_play(match, play.result, events)
    _save(match, events)


def use_hint(match: PracticeMatch) -> None:
    """Show gnubg's best play for the learner's dice; a few per game."""
    _require(match, Phase.MOVE, "Las pistas son para elegir tu jugada, cuando ya has tirado.")
    if match.hint and match.hint.get("xgid") == match.xgid:
        return
    if match.hints_used >= hint_limit():
        raise GameError(f"Ya has usado las {hint_limit()} pistas de esta partida.", 409)
    analysis = evaluator.analyse_plays(match.position)
    match.hints_used += 1
    match.hint = {"xgid": match.xgid, "best": analysis.best.notation}
    match.version += 1
    match.save()


# -- the computer ------------------------------------------------------------------


def _computer_turn(match: PracticeMatch, position: Position, events: list[dict], *, may_double: bool = True) -> None:
    """The computer, on roll, doubles or plays, until the learner must decide or the game ends."""
    level = level_settings(match.level)
    while True:
        if may_double and can_double(position):
            cube = _cube_if_close(position, level.plies, level.noise)
            if cube is not None and cube.should_double:
                _record(match, COMPUTER, Action.Kind.DOUBLE, position)
                events.append({"kind": "double", "side": COMPUTER, "cube": position.cube_value * 2})
                match.phase = Phase.ANSWER
                match.xgid = position.to_xgid()
                return
        may_double = True
        position = _computer_plays(match, position.with_dice(dice.roll(match)), events)
        if position.winner() is not None:
            _finish_game(match, position, score_game(position), events)
            return
        position = _learner_turn(match, position, events)
        if position is None:
            return


def _computer_plays(match: PracticeMatch, position: Position, events: list[dict]) -> Position:
    """The computer plays its dice: gnubg's choice at its level."""
    level = level_settings(match.level)
    play = evaluator.analyse_plays(position, level.plies, level.noise).best.play
    _record(match, COMPUTER, Action.Kind.MOVE, position, play=play)
    events.append(
        {
            "kind": "move",
            "side": COMPUTER,
            "dice": list(position.dice),
            "play": play.notation,
            "frames": [
                {"xgid": step.to_xgid(), "move": format_moves([move])} for move, step in zip(play.moves, _steps(play))
            ],
        }
    )
    return play.result


def _after_computer_play(match: PracticeMatch, position: Position, events: list[dict]) -> None:
    if position.winner() is not None:
        _finish_game(match, position, score_game(position), events)
        return
    after = _learner_turn(match, position, events)
    if after is not None:
        _computer_turn(match, after, events)


def _after_learner_play(match: PracticeMatch, position: Position, events: list[dict]) -> None:
    if position.winner() is not None:
        _finish_game(match, position, score_game(position), events)
        return
    _computer_turn(match, position, events)


def _learner_turn(match: PracticeMatch, position: Position, events: list[dict]) -> Position | None:
    """The learner's turn begins: a cube decision, or the roll.

    Returns None when the learner has something to decide, or the position
    after the learner's roll could not be played (the computer goes on).
    """
    if can_double(position):
        match.phase = Phase.ROLL
        match.xgid = position.to_xgid()
        return None
    return _learner_rolls(match, position, events)


def _learner_rolls(match: PracticeMatch, position: Position, events: list[dict]) -> Position | None:
    """The server rolls for the learner.

    Returns None when the learner has a play to make, or the position after
    a roll that could not be played at all (the turn passes by itself).
    """
    rolled = position.with_dice(dice.roll(match))
    plays = rolled.legal_plays()
    if len(plays) == 1 and plays[0].is_pass:
        _record(match, LEARNER, Action.Kind.MOVE, rolled, play=plays[0], forced=True)
        events.append({"kind": "pass", "side": LEARNER, "dice": list(rolled.dice)})
        return plays[0].result
    _learner_to_move(match, rolled)
    return None


def _learner_rolls_then_computer(match: PracticeMatch, position: Position, events: list[dict]) -> None:
    after = _learner_rolls(match, position, events)
    if after is not None:
        _computer_turn(match, after, events)


def _learner_to_move(match: PracticeMatch, position: Position) -> None:
    match.phase = Phase.MOVE
    match.xgid = position.to_xgid()


def _finish_game(match: PracticeMatch, final: Position, result: GameResult, events: list[dict]) -> None:
    stakes = Match.of(final).after_game(result)
    _record(match, result.winner, Action.Kind.RESULT, final, points=result.points, result_kind=result.kind)
    events.append(
        {"kind": "result", "side": result.winner, "points": result.points, "result": result.kind, "match_over": stakes.is_over}
    )
    match.xgid = final.replace(dice=None).to_xgid()
    match.phase = Phase.MATCH_OVER if stakes.is_over else Phase.GAME_OVER
    match.hint = None
    match.upcoming = {"score": list(stakes.score), "crawford": stakes.crawford}


# -- records ----------------------------------------------------------------------


def _require(match: PracticeMatch, phase: str, message: str) -> None:
    if match.phase != phase:
        raise GameError(message, 409)


def _cube_if_close(position: Position, plies: int, noise: float) -> CubeAnalysis | None:
    """gnubg's cube decision at ``plies``, or None when a quick look shows doubling is far from right."""
    quick = evaluator.analyse_cube(position, 0, noise)
    if quick.doubled - quick.no_double <= -CLOSE_CUBE:
        return None
    return quick if plies <= 1 else evaluator.analyse_cube(position, plies, noise)


def _same_view(level: LevelSettings) -> bool:
    return level.noise == 0 and level.plies == evaluator.grading_plies()


def _best_double(cube: CubeAnalysis) -> str:
    if cube.should_double:
        return "Doblar"
    return "No doblar (demasiado bueno)" if cube.no_double > cube.double_pass else "No doblar"


def _grade_cube(match, position, kind, loss, best, cube: CubeAnalysis, events: list[dict]) -> Action:
    action = _record(
        match,
        LEARNER,
        kind,
        position,
        best=best,
        loss=loss,
        colour=colour_for(loss),
        analysis={**cube.as_json(), "plies": cube.plies},
    )
    events.append({"kind": "light", "action": action.pk})
    return action


def _top_plays(analysis: PlayAnalysis, chosen: Play) -> list[dict]:
    best = analysis.best.equity
    shown = list(analysis.ranked[:TOP_PLAYS])
    mine = analysis.find(chosen)
    if mine not in shown:
        shown.append(mine)
    return [
        {"play": entry.notation, "equity": round(entry.equity, 4), "loss": round(best - entry.equity, 4), "chosen": entry is mine}
        for entry in shown
    ]


def _record(match: PracticeMatch, side: int, kind: str, position: Position, *, play: Play | None = None, **fields) -> Action:
    number = (match.actions.aggregate(last=Max("number"))["last"] or 0) + 1
    if play is not None:
        fields["play"] = play.notation
        fields["moves"] = [[move.src, move.dst, int(move.hit)] for move in play.moves]
    return Action.objects.create(
        match=match,
        number=number,
        game_number=match.game_number,
        side=side,
        kind=kind,
        xgid=position.to_xgid(),
        **fields,
    )


def _save(match: PracticeMatch, events: list[dict]) -> None:
    match.last_turn = events
    match.version += 1
    match.save()


def _steps(play: Play) -> list[Position]:
    """The position after each single move of a play, for showing it move by move."""
    position = play.position
    mover, other = position.mover, position.opponent_board
    steps = []
    for move in play.moves:
        mover, other = apply_move(mover, other, move)
        steps.append(after_play(position, mover, other).replace(turn=position.turn, dice=position.dice))
    return steps
