"""The course of a practice game: the learner's decisions, the computer's replies.

Each public function is one decision of the learner (roll, double, play,
answer a double, resign, go on to the next game).  It checks that the
decision is allowed now and records it, without asking GNU Backgammon
anything: the learner's decision is answered at once.  What needs gnubg
comes after, outside any transaction (``program``, run by ``thinking``):
the traffic light of the decision, graded on the recorded action, and the
program's turn, which the learner's decision hands over by setting the
phase to ``THINKING`` (the program is on roll) or ``ANSWERING`` (it must
take or pass the learner's double).  The row's phase says whose turn it
is, so a turn handed over is never lost.  The rules are the engine's:
legality with ``Position.check``, the cube with the games' policy
(``may_double``) and ``take``/``drop``, scoring with ``score_game`` and
the match with ``Match``.

``decide`` runs a decision in one short transaction that first claims the
match's version; a refused decision (``GameError``, ``IllegalPlay``) saves
nothing.  The program's turn is written the same way (``program.write``):
thought out first, then recorded in a short transaction, which ``Turn``
makes possible by keeping the turn's writes until then (``later=True``).
"""

from __future__ import annotations

from typing import Callable

from django.db import transaction
from django.db.models import F

from tutor.engine import GameResult, Match, Position, drop, format_moves, score_game, take
from tutor.games import dice
from tutor.games.beavers import beaver_dropped, beavered, may_beaver
from tutor.games.cube_policy import may_double
from tutor.games.driver import (
    require_double_phase,
    finish_game,
    legal_play,
    record,
    require,
    require_double,
    resignation_of,
)
from tutor.games.errors import GameError, IllegalPlay  # noqa: F401  (the views catch them here)
from tutor.numbers import parse_int
from tutor.rules import NO_BEAVERS, NOT_DOUBLED, NOT_MOVING, NOT_ROLLING

from . import evaluator, judge
from .evaluator import CubeAnalysis
from .gnubg_cube import cube_analysis
from .events import BeaverAnswered, Beavered, Crawford, Doubled, Dropped, Finished, Graded, Moved, Opening, Passed, Recorder, Resigned, Took
from .grading import hint_limit, level_settings
from .models import COMPUTER, LEARNER, Action, Phase, PracticeMatch


class StaleMatch(Exception):
    """The match changed since the page the request came from was shown."""


class Turn(Recorder):
    """The events of one decision, and its writes: made at once, or kept for one short transaction.

    The learner's decisions write at once, inside ``decide``'s transaction
    (they never wait for gnubg).  The program's turn is thought out of any
    transaction, asking gnubg as it goes, with ``later=True``: its actions
    and the game's end are kept in order and written by ``write`` once the
    match's version is claimed.
    """

    def __init__(self, *, later: bool = False) -> None:
        super().__init__()
        self.later = later
        self.writes: list[Callable[[], object]] = []

    def record(self, match: PracticeMatch, side: int, kind: str, position: Position, **fields) -> Action | None:
        if not self.later:
            return record(match, side, kind, position, **fields)
        self.writes.append(lambda: record(match, side, kind, position, **fields))
        return None

    def finish(self, match: PracticeMatch, final: Position, result: GameResult) -> Match:
        if not self.later:
            return finish_game(match, final, result)
        self.writes.append(lambda: finish_game(match, final, result))
        return Match.of(final).after_game(result)  # what finish_game returns when it runs

    def write(self) -> None:
        for write in self.writes:
            write()
        self.writes.clear()


# -- running one decision ---------------------------------------------------------


def decide(pk: int, version: str, decision: Callable[[PracticeMatch], PracticeMatch | None]) -> PracticeMatch | None:
    """Run ``decision`` on match ``pk`` if it is still at ``version``, in one short transaction.

    The version is claimed with one conditional update before anything is
    read: the first of two identical requests wins and holds the row (a
    write lock on every database) until it commits; the second then finds
    another version and raises ``StaleMatch`` instead of applying the same
    decision twice.  No decision asks gnubg here: the lock is held for a
    few writes.  Returns what ``decision`` returns (a new match, for «otro
    match»).
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


def start_match(*, length: int, level: str, user=None, jacoby: bool = False, beavers: bool = False) -> PracticeMatch:
    """A new match (``length`` points, 0 for money, then with or without the Jacoby rule and beavers) with its first game under way."""
    match = PracticeMatch(
        length=length, level=level, user=user, jacoby=jacoby and not length, beavers=beavers and not length,
        xgid=Position.initial().to_xgid(),
        phase=Phase.MOVE,
    )
    match.save()
    turn = Turn()
    _start_game(match, Match.new(length), turn)
    _save(match, turn)
    return match


def next_game(match: PracticeMatch) -> PracticeMatch | None:
    """The next game of the match, after the one just finished; a new match after the last one."""
    if match.phase == Phase.MATCH_OVER:
        return start_match(
            length=match.length, level=match.level, user=match.user, jacoby=match.jacoby, beavers=match.beavers,
        )
    require(match, Phase.GAME_OVER, "La partida aún no ha terminado.")
    upcoming = match.upcoming or {}
    match.upcoming = None
    match.game_number += 1
    match.hints_used = 0
    turn = Turn()
    following = Match(match.length, tuple(upcoming.get("score", (0, 0))), bool(upcoming.get("crawford", False)))
    _start_game(match, following, turn)
    _save(match, turn)
    return None


def _start_game(match: PracticeMatch, stakes: Match, turn: Turn) -> None:
    throws = dice.opening(match)
    turn.add(Opening(throws=[list(pair) for pair in throws.throws], starter=throws.starter))
    if stakes.crawford:
        turn.add(Crawford())
    position = match.first_position(stakes).replace(turn=throws.starter, dice=throws.dice)
    if throws.starter == LEARNER:
        _learner_to_move(match, position)
    else:
        _hand_over(match, position)


# -- the learner's decisions ------------------------------------------------------


def learner_roll(match: PracticeMatch) -> None:
    """The learner rolls without doubling; the no-double, when the cube was theirs to turn, waits for its light."""
    require(match, Phase.ROLL, NOT_ROLLING)
    position = match.position
    turn = Turn()
    if may_double(position):
        _record_decision(match, position, Action.Kind.NO_DOUBLE, turn)
    _learner_rolls_then_program(match, position, turn)
    _save(match, turn)


def learner_double(match: PracticeMatch) -> None:
    """The learner doubles: the program, thinking after the request, takes or passes."""
    require_double_phase(match, Phase.ROLL)
    position = match.position
    require_double(position)
    turn = Turn()
    _record_decision(match, position, Action.Kind.DOUBLE, turn)
    match.phase = Phase.ANSWERING
    _save(match, turn)


def learner_answer(match: PracticeMatch, *, takes: bool) -> None:
    """The learner takes or passes the computer's double, or, having doubled, the program's beaver (at twice the doubled value)."""
    if match.phase == Phase.BEAVER:
        _learner_answers_beaver(match, takes=takes)
        return
    require(match, Phase.ANSWER, NOT_DOUBLED)
    position = match.position
    turn = Turn()
    _record_decision(match, position, Action.Kind.TAKE if takes else Action.Kind.DROP, turn)
    if takes:
        _hand_over(match, take(position))
    else:
        _finish_game(match, position, drop(position), turn)
    _save(match, turn)




def _learner_answers_beaver(match: PracticeMatch, *, takes: bool) -> None:
    """The learner, having doubled, takes the program's beaver (and rolls, the cube at four times its value, the program's) or drops it."""
    position = match.position
    turn = Turn()
    _record_decision(match, position, Action.Kind.TAKE if takes else Action.Kind.DROP, turn)
    if takes:
        _learner_rolls_then_program(match, beavered(position), turn)
    else:
        _finish_game(match, position, beaver_dropped(position), turn)
    _save(match, turn)


def learner_beaver(match: PracticeMatch) -> None:
    """The learner beavers the program's double (a money game with beavers): the program, thinking after the request, takes or drops it."""
    require(match, Phase.ANSWER, NOT_DOUBLED)
    if not may_beaver(match.position, match.beavers):
        raise GameError(NO_BEAVERS, 409)
    turn = Turn()
    _record_decision(match, match.position, Action.Kind.BEAVER, turn, points=match.position.cube_value * 4)
    match.phase = Phase.BEAVERED
    _save(match, turn)


def learner_play(match: PracticeMatch, text: str) -> None:
    """The learner's play, written in notation (the board writes it too).

    An illegal play raises ``IllegalPlay`` and changes nothing; a legal one
    is recorded, to be graded against gnubg's best play, and the computer
    answers, both after the request.  A play that was the only legal one
    gets its light at once: it needs no gnubg.
    """
    require(match, Phase.MOVE, NOT_MOVING)
    position = match.position
    play = legal_play(position, text)
    forced = len(position.legal_plays()) == 1
    turn = Turn()
    _record_decision(
        match, position, Action.Kind.MOVE, turn, play=play, forced=forced,
        hinted=bool(match.hint and match.hint.get("xgid") == match.xgid),
        **(judge.play_fields(position, play) if forced else {}),
    )
    match.hint = None
    if play.result.winner() is not None:
        _finish_game(match, play.result, score_game(play.result), turn)
    else:
        _hand_over(match, play.result)
    _save(match, turn)


def learner_resign(match: PracticeMatch, level: str) -> None:
    """The learner resigns the game as ``level`` (single, gammon or backgammon), on their turn; the program accepts.

    Recorded as in a live game: the offer, its acceptance, then the result,
    at the position where it was made (with the dice, if they were rolled).
    """
    if match.phase not in (Phase.ROLL, Phase.MOVE):
        raise GameError("Solo puedes rendirte en tu turno, mientras la partida sigue.", 409)
    position = match.position
    result = resignation_of(position, LEARNER, level)
    turn = Turn()
    turn.record(match, LEARNER, Action.Kind.OFFER, position, points=result.points, result_kind=level)
    turn.record(match, COMPUTER, Action.Kind.ACCEPT, position, points=result.points, result_kind=level)
    turn.add(Resigned(side=LEARNER, result=level))
    _finish_game(match, position, result, turn)
    _save(match, turn)


def hint_for(match: PracticeMatch) -> str | None:
    """gnubg's best play for the learner's dice, asked before any transaction; None when one is shown already.

    ``use_hint`` then stores it, if the match is still where it was.
    """
    require(match, Phase.MOVE, "Las pistas son para elegir tu jugada, cuando ya has tirado.")
    if match.hint and match.hint.get("xgid") == match.xgid:
        return None
    if match.hints_used >= hint_limit():
        raise GameError(f"Ya has usado las {hint_limit()} pistas de esta partida.", 409)
    return evaluator.analyse_plays(match.position).best.notation


def use_hint(match: PracticeMatch, best: str | None) -> None:
    """Show ``best`` (``hint_for``'s answer) as the hint for the learner's dice; a few per game."""
    require(match, Phase.MOVE, "Las pistas son para elegir tu jugada, cuando ya has tirado.")
    if best is None or (match.hint and match.hint.get("xgid") == match.xgid):
        return
    match.hints_used += 1
    match.hint = {"xgid": match.xgid, "best": best}
    match.version += 1
    match.save()


# -- the computer ------------------------------------------------------------------


def program_decides(match: PracticeMatch, turn: Turn) -> None:
    """The program makes the decision the match waits for, until the learner must decide or the game ends.

    Its answer to the learner's double (``ANSWERING``), or its turn
    (``THINKING``): the opening's dice when the program won the opening
    roll, else its cube decision and its roll.  Asks gnubg: callers run it
    outside any transaction with ``Turn(later=True)`` (``program.play``).
    """
    position = match.position
    if match.phase == Phase.ANSWERING:
        _computer_answers(match, position, turn)
    elif match.phase == Phase.BEAVERED:
        _computer_answers_beaver(match, position, turn)
    elif match.phase != Phase.THINKING:
        raise GameError("Ahora no le toca al programa.", 409)
    elif position.dice is not None:
        _after_computer_play(match, _computer_plays(match, position, turn), turn)
    else:
        _computer_turn(match, position, turn)


def _computer_answers(match: PracticeMatch, position: Position, turn: Turn) -> None:
    """The program takes or passes the learner's double, at its level."""
    level = level_settings(match.level)
    answer = evaluator.analyse_cube(position, level.plies, level.noise)
    if may_beaver(position, match.beavers) and beaver_is_right(answer):
        turn.record(match, COMPUTER, Action.Kind.BEAVER, position, points=position.cube_value * 4)
        turn.add(Beavered(cube=position.cube_value * 4))
        match.phase = Phase.BEAVER
    elif answer.should_take:
        turn.record(match, COMPUTER, Action.Kind.TAKE, position)
        turn.add(Took(side=COMPUTER, cube=position.cube_value * 2))
        _learner_rolls_then_program(match, take(position), turn)
    else:
        turn.record(match, COMPUTER, Action.Kind.DROP, position)
        turn.add(Dropped(side=COMPUTER))
        _finish_game(match, position, drop(position), turn)


def beaver_is_right(cube: CubeAnalysis) -> bool:
    """Whether the program beavers a double: when taking it leaves the program ahead at the doubled cube.

    ``double_take`` is the doubler's equity once the double is taken, so the
    taker's is its opposite: above zero (past rounding noise), the double was
    a mistake big enough that the taker wins more by doubling the stakes at
    once.  gnubg's bindings give no «beaver» verdict of their own; this is
    the threshold gnubg's own cube analysis calls a beaver.
    """
    return -cube.double_take > evaluator.EQUITY_TOLERANCE


def _computer_answers_beaver(match: PracticeMatch, position: Position, turn: Turn) -> None:
    """The program, having doubled at ``position``, takes or drops the learner's beaver, at its level.

    One cube analysis of its double answers it.  In a money game a cubeful
    equity is proportional to the cube's value, and a beaver leaves the cube
    where a take leaves it (the learner owns it), only twice as high: the
    program keeps twice its ``double_take`` if it takes, and loses twice
    ``double_pass`` if it drops.  Taken, the program rolls (it is still on
    roll, and the cube is no longer its to turn).
    """
    level = level_settings(match.level)
    cube = evaluator.analyse_cube(position, level.plies, level.noise)
    takes = cube.double_take >= -cube.double_pass
    turn.add(BeaverAnswered(took=takes, cube=position.cube_value * 4))
    if takes:
        turn.record(match, COMPUTER, Action.Kind.TAKE, position, points=position.cube_value * 4)
        _computer_turn(match, beavered(position), turn)
    else:
        turn.record(match, COMPUTER, Action.Kind.DROP, position)
        _finish_game(match, position, beaver_dropped(position), turn)


def _computer_turn(match: PracticeMatch, position: Position, turn: Turn) -> None:
    """The computer, on roll, doubles or plays, until the learner must decide or the game ends."""
    level = level_settings(match.level)
    while True:
        if may_double(position):
            cube = cube_analysis(position, level.plies, level.noise)
            if cube.should_double:
                turn.record(match, COMPUTER, Action.Kind.DOUBLE, position)
                turn.add(Doubled(side=COMPUTER, cube=position.cube_value * 2))
                match.phase = Phase.ANSWER
                match.xgid = position.to_xgid()
                return
        position = _computer_plays(match, position.with_dice(dice.roll(match)), turn)
        if position.winner() is not None:
            _finish_game(match, position, score_game(position), turn)
            return
        after = _learner_turn(match, position, turn)
        if after is None:
            return
        position = after


def _computer_plays(match: PracticeMatch, position: Position, turn: Turn) -> Position:
    """The computer plays its dice: gnubg's choice at its level."""
    level = level_settings(match.level)
    play = evaluator.analyse_plays(position, level.plies, level.noise).best.play
    turn.record(match, COMPUTER, Action.Kind.MOVE, position, play=play)
    turn.add(
        Moved(
            side=COMPUTER,
            dice=list(play.dice),
            play=play.notation,
            frames=[{"xgid": step.to_xgid(), "move": format_moves([move])} for move, step in zip(play.moves, play.steps())],
        )
    )
    return play.result


def _after_computer_play(match: PracticeMatch, position: Position, turn: Turn) -> None:
    if position.winner() is not None:
        _finish_game(match, position, score_game(position), turn)
        return
    after = _learner_turn(match, position, turn)
    if after is not None:
        _computer_turn(match, after, turn)


def _learner_turn(match: PracticeMatch, position: Position, turn: Turn) -> Position | None:
    """The learner's turn begins: a cube decision, or the roll.

    Returns None when the learner has something to decide, or the position
    after the learner's roll could not be played (the computer goes on).
    """
    if may_double(position):
        match.phase = Phase.ROLL
        match.xgid = position.to_xgid()
        return None
    return _learner_rolls(match, position, turn)


def _learner_rolls(match: PracticeMatch, position: Position, turn: Turn) -> Position | None:
    """The server rolls for the learner.

    Returns None when the learner has a play to make, or the position after
    a roll that could not be played at all (the turn passes by itself).
    """
    rolled = position.with_dice(dice.roll(match))
    plays = rolled.legal_plays()
    if len(plays) == 1 and plays[0].is_pass:
        turn.record(match, LEARNER, Action.Kind.MOVE, rolled, play=plays[0], forced=True)
        turn.add(Passed(side=LEARNER, dice=list(plays[0].dice)))
        return plays[0].result
    _learner_to_move(match, rolled)
    return None


def _learner_rolls_then_program(match: PracticeMatch, position: Position, turn: Turn) -> None:
    """The learner rolls; a roll that cannot be played hands the turn to the program.

    In the request that hands it over (``Turn()``), the program thinks
    after it; while the program thinks (``Turn(later=True)``), it goes on.
    """
    after = _learner_rolls(match, position, turn)
    if after is None:
        return
    if turn.later:
        _computer_turn(match, after, turn)
    else:
        _hand_over(match, after)


def _learner_to_move(match: PracticeMatch, position: Position) -> None:
    match.phase = Phase.MOVE
    match.xgid = position.to_xgid()


def _hand_over(match: PracticeMatch, position: Position) -> None:
    """The program is on roll at ``position``: it thinks after the request (``thinking``)."""
    match.phase = Phase.THINKING
    match.xgid = position.to_xgid()


def _finish_game(match: PracticeMatch, final: Position, result: GameResult, turn: Turn) -> None:
    stakes = turn.finish(match, final, result)
    turn.add(Finished(side=result.winner, points=result.points, result=result.kind, match_over=stakes.is_over))
    match.xgid = final.replace(dice=None).to_xgid()
    match.phase = Phase.MATCH_OVER if stakes.is_over else Phase.GAME_OVER
    match.hint = None
    match.upcoming = {"score": list(stakes.score), "crawford": stakes.crawford}


# -- records ----------------------------------------------------------------------


def _record_decision(match: PracticeMatch, position: Position, kind: str, turn: Turn, **fields) -> None:
    """Record a decision of the learner, with the event that shows its light (graded now or after the request)."""
    action = turn.record(match, LEARNER, kind, position, **fields)
    assert action is not None  # the learner's decisions are written at once
    turn.add(Graded(action=action.pk))


def _save(match: PracticeMatch, turn: Turn) -> None:
    match.last_turn = turn.as_json()
    match.version += 1
    match.save()
