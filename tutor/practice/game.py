"""The course of a practice game: the learner's decisions, the computer's replies.

Each public function is one decision of the learner (roll, double, play,
answer a double, ask for a hint, go on to the next game).  It checks that
the decision is allowed now, asks gnubg (``evaluator``) to judge it,
records it, then lets the computer play until the learner must decide
again or the game ends.  The rules are the engine's: legality with
``Position.check``, the cube with the games' policy (``may_double``) and ``take``/``drop``, scoring
with ``score_game`` and the match with ``Match``.

Callers run each function in one database transaction: when gnubg fails
(``EvaluatorUnavailable``) or the decision is refused (``GameError``,
``IllegalPlay``), nothing is saved.
"""

from __future__ import annotations

from typing import Callable

from django.db import transaction
from django.db.models import F

from tutor.engine import GameResult, Match, Position, drop, format_moves, score_game, take
from tutor.games import dice
from tutor.games.cube import may_double
from tutor.games.driver import (
    require_double_phase,
    NOT_MOVING,
    NOT_ROLLING,
    finish_game,
    legal_play,
    record,
    require,
    require_double,
    resignation_of,
)
from tutor.games.errors import GameError, IllegalPlay  # noqa: F401  (the views catch them here)
from tutor.numbers import parse_int

from . import evaluator
from .cube import best_cube_action, cube_analysis
from .evaluator import CubeAnalysis
from .events import Crawford, Doubled, Dropped, Finished, Graded, Moved, Opening, Passed, Recorder, Resigned, Took
from .grading import LevelSettings, colour_for, hint_limit, level_settings
from .models import COMPUTER, LEARNER, Action, Phase, PracticeMatch
from .shown import top_plays



class StaleMatch(Exception):
    """The match changed since the page the request came from was shown."""


# -- running one decision ---------------------------------------------------------


def decide(pk: int, version: str, decision: Callable[[PracticeMatch], PracticeMatch | None]) -> PracticeMatch | None:
    """Run ``decision`` on match ``pk`` if it is still at ``version``, in one transaction.

    The version is claimed with one conditional update before anything is
    read: the first of two identical requests wins and holds the row (a
    write lock on every database) until it commits; the second then finds
    another version and raises ``StaleMatch`` instead of applying the same
    decision twice.  Returns what ``decision`` returns (a new match, for
    «otro match»).
    """
    with transaction.atomic():
        claimed = PracticeMatch.objects.filter(pk=pk, version=_as_int(version)).update(version=F("version") + 1)
        if not claimed:
            raise StaleMatch()
        return decision(PracticeMatch.objects.select_for_update().get(pk=pk))


def _as_int(text: str) -> int:
    number = parse_int(text, low=0)
    return -1 if number is None else number


# -- starting ---------------------------------------------------------------------


def start_match(*, length: int, level: str, user=None, jacoby: bool = False) -> PracticeMatch:
    """A new match (``length`` points, 0 for money, then with or without the Jacoby rule) with its first game under way."""
    match = PracticeMatch(
        length=length, level=level, user=user, jacoby=jacoby and not length, xgid=Position.initial().to_xgid(),
        phase=Phase.MOVE,
    )
    match.save()
    events = Recorder()
    _start_game(match, Match.new(length), events)
    _save(match, events)
    return match


def next_game(match: PracticeMatch) -> PracticeMatch | None:
    """The next game of the match, after the one just finished; a new match after the last one."""
    if match.phase == Phase.MATCH_OVER:
        return start_match(length=match.length, level=match.level, user=match.user, jacoby=match.jacoby)
    require(match, Phase.GAME_OVER, "La partida aún no ha terminado.")
    upcoming = match.upcoming or {}
    match.upcoming = None
    match.game_number += 1
    match.hints_used = 0
    events = Recorder()
    following = Match(match.length, tuple(upcoming.get("score", (0, 0))), bool(upcoming.get("crawford", False)))
    _start_game(match, following, events)
    _save(match, events)
    return None


def _start_game(match: PracticeMatch, stakes: Match, events: Recorder) -> None:
    throws = dice.opening(match)
    events.add(Opening(throws=[list(pair) for pair in throws.throws], starter=throws.starter))
    if stakes.crawford:
        events.add(Crawford())
    position = match.first_position(stakes).replace(turn=throws.starter, dice=throws.dice)
    if throws.starter == LEARNER:
        _learner_to_move(match, position)
        return
    _after_computer_play(match, _computer_plays(match, position, events), events)


# -- the learner's decisions ------------------------------------------------------


def learner_roll(match: PracticeMatch) -> None:
    """The learner rolls without doubling, and the no-double is graded.

    A position far from a double is graded on gnubg's quick look (verde: «no
    dobla: correcto»); a close one, a cash included, at the grading depth.
    """
    require(match, Phase.ROLL, NOT_ROLLING)
    position = match.position
    events = Recorder()
    if may_double(position):
        cube = cube_analysis(position, evaluator.grading_plies(), 0.0)
        _grade_cube(match, position, Action.Kind.NO_DOUBLE, cube.double_loss(False), best_cube_action(cube), cube, events)
    _learner_rolls_then_computer(match, position, events)
    _save(match, events)


def learner_double(match: PracticeMatch) -> None:
    """The learner doubles; gnubg grades it and the computer takes or passes."""
    require_double_phase(match, Phase.ROLL)
    position = match.position
    require_double(position)
    events = Recorder()
    graded = evaluator.analyse_cube(position)
    level = level_settings(match.level)
    answer = graded if _same_view(level) else evaluator.analyse_cube(position, level.plies, level.noise)
    _grade_cube(match, position, Action.Kind.DOUBLE, graded.double_loss(True), best_cube_action(graded), graded, events)
    if answer.should_take:
        record(match, COMPUTER, Action.Kind.TAKE, position)
        events.add(Took(side=COMPUTER, cube=position.cube_value * 2))
        _learner_rolls_then_computer(match, take(position), events)
    else:
        record(match, COMPUTER, Action.Kind.DROP, position)
        events.add(Dropped(side=COMPUTER))
        _finish_game(match, position, drop(position), events)
    _save(match, events)


def learner_answer(match: PracticeMatch, *, takes: bool) -> None:
    """The learner takes or passes the computer's double; gnubg grades it."""
    require(match, Phase.ANSWER, "El programa no te ha doblado.")
    position = match.position
    events = Recorder()
    cube = evaluator.analyse_cube(position)
    best = "Aceptar" if cube.should_take else "Abandonar"
    kind = Action.Kind.TAKE if takes else Action.Kind.DROP
    _grade_cube(match, position, kind, cube.take_loss(takes), best, cube, events)
    if takes:
        _computer_turn(match, take(position), events, offer_cube=False)
    else:
        _finish_game(match, position, drop(position), events)
    _save(match, events)


def learner_play(match: PracticeMatch, text: str) -> None:
    """The learner's play, written in notation (the board writes it too).

    An illegal play raises ``IllegalPlay`` and changes nothing; a legal one
    is graded against gnubg's best play, then the computer answers.
    """
    require(match, Phase.MOVE, NOT_MOVING)
    position = match.position
    play = legal_play(position, text)
    events = Recorder()
    analysis = evaluator.grade_play(position, play)
    loss = analysis.loss(play)
    action = record(
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
        analysis={"plays": top_plays(analysis, play), "plies": analysis.plies},
    )
    events.add(Graded(action=action.pk))
    match.hint = None
    _after_learner_play(match, play.result, events)
    _save(match, events)


def learner_resign(match: PracticeMatch, level: str) -> None:
    """The learner resigns the game as ``level`` (single, gammon or backgammon), on their turn; the program accepts.

    Recorded as in a live game: the offer, its acceptance, then the result,
    at the position where it was made (with the dice, if they were rolled).
    """
    if match.phase not in (Phase.ROLL, Phase.MOVE):
        raise GameError("Solo puedes rendirte en tu turno, mientras la partida sigue.", 409)
    position = match.position
    result = resignation_of(position, LEARNER, level)
    events = Recorder()
    record(match, LEARNER, Action.Kind.OFFER, position, points=result.points, result_kind=level)
    record(match, COMPUTER, Action.Kind.ACCEPT, position, points=result.points, result_kind=level)
    events.add(Resigned(side=LEARNER, result=level))
    _finish_game(match, position, result, events)
    _save(match, events)


def use_hint(match: PracticeMatch) -> None:
    """Show gnubg's best play for the learner's dice; a few per game."""
    require(match, Phase.MOVE, "Las pistas son para elegir tu jugada, cuando ya has tirado.")
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


def _computer_turn(match: PracticeMatch, position: Position, events: Recorder, *, offer_cube: bool = True) -> None:
    """The computer, on roll, doubles or plays, until the learner must decide or the game ends."""
    level = level_settings(match.level)
    while True:
        if offer_cube and may_double(position):
            cube = cube_analysis(position, level.plies, level.noise)
            if cube.should_double:
                record(match, COMPUTER, Action.Kind.DOUBLE, position)
                events.add(Doubled(side=COMPUTER, cube=position.cube_value * 2))
                match.phase = Phase.ANSWER
                match.xgid = position.to_xgid()
                return
        offer_cube = True
        position = _computer_plays(match, position.with_dice(dice.roll(match)), events)
        if position.winner() is not None:
            _finish_game(match, position, score_game(position), events)
            return
        after = _learner_turn(match, position, events)
        if after is None:
            return
        position = after


def _computer_plays(match: PracticeMatch, position: Position, events: Recorder) -> Position:
    """The computer plays its dice: gnubg's choice at its level."""
    level = level_settings(match.level)
    play = evaluator.analyse_plays(position, level.plies, level.noise).best.play
    record(match, COMPUTER, Action.Kind.MOVE, position, play=play)
    events.add(
        Moved(
            side=COMPUTER,
            dice=list(play.dice),
            play=play.notation,
            frames=[{"xgid": step.to_xgid(), "move": format_moves([move])} for move, step in zip(play.moves, play.steps())],
        )
    )
    return play.result


def _after_computer_play(match: PracticeMatch, position: Position, events: Recorder) -> None:
    if position.winner() is not None:
        _finish_game(match, position, score_game(position), events)
        return
    after = _learner_turn(match, position, events)
    if after is not None:
        _computer_turn(match, after, events)


def _after_learner_play(match: PracticeMatch, position: Position, events: Recorder) -> None:
    if position.winner() is not None:
        _finish_game(match, position, score_game(position), events)
        return
    _computer_turn(match, position, events)


def _learner_turn(match: PracticeMatch, position: Position, events: Recorder) -> Position | None:
    """The learner's turn begins: a cube decision, or the roll.

    Returns None when the learner has something to decide, or the position
    after the learner's roll could not be played (the computer goes on).
    """
    if may_double(position):
        match.phase = Phase.ROLL
        match.xgid = position.to_xgid()
        return None
    return _learner_rolls(match, position, events)


def _learner_rolls(match: PracticeMatch, position: Position, events: Recorder) -> Position | None:
    """The server rolls for the learner.

    Returns None when the learner has a play to make, or the position after
    a roll that could not be played at all (the turn passes by itself).
    """
    rolled = position.with_dice(dice.roll(match))
    plays = rolled.legal_plays()
    if len(plays) == 1 and plays[0].is_pass:
        record(match, LEARNER, Action.Kind.MOVE, rolled, play=plays[0], forced=True)
        events.add(Passed(side=LEARNER, dice=list(plays[0].dice)))
        return plays[0].result
    _learner_to_move(match, rolled)
    return None


def _learner_rolls_then_computer(match: PracticeMatch, position: Position, events: Recorder) -> None:
    after = _learner_rolls(match, position, events)
    if after is not None:
        _computer_turn(match, after, events)


def _learner_to_move(match: PracticeMatch, position: Position) -> None:
    match.phase = Phase.MOVE
    match.xgid = position.to_xgid()


def _finish_game(match: PracticeMatch, final: Position, result: GameResult, events: Recorder) -> None:
    stakes = finish_game(match, final, result)
    events.add(Finished(side=result.winner, points=result.points, result=result.kind, match_over=stakes.is_over))
    match.xgid = final.replace(dice=None).to_xgid()
    match.phase = Phase.MATCH_OVER if stakes.is_over else Phase.GAME_OVER
    match.hint = None
    match.upcoming = {"score": list(stakes.score), "crawford": stakes.crawford}


# -- records ----------------------------------------------------------------------


def _same_view(level: LevelSettings) -> bool:
    return level.noise == 0 and level.plies == evaluator.grading_plies()


def _grade_cube(match, position, kind, loss, best, cube: CubeAnalysis, events: Recorder) -> Action:
    action = record(
        match,
        LEARNER,
        kind,
        position,
        best=best,
        loss=loss,
        colour=colour_for(loss),
        analysis={**cube.as_json(), "plies": cube.plies},
    )
    events.add(Graded(action=action.pk))
    return action


def _save(match: PracticeMatch, events: Recorder) -> None:
    match.last_turn = events.as_json()
    match.version += 1
    match.save()
