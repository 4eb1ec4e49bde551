"""The course of a practice game: the learner's decisions, the computer's replies, on the one turn machine.

Each public function is one decision of the learner (roll, double, play,
answer a double, resign, go on to the next game).  The turn order, what is
allowed now and why not, is the games' turn machine's
(``tutor.games.turn_machine``), as in a live game; practice keeps its state
on the match's row and records what the machine says happened
(``_follow``), without asking GNU Backgammon anything: the learner's
decision is answered at once.  What needs gnubg comes after, outside any
transaction (``program``, run by ``thinking``): the traffic light of the
decision, graded on the recorded action, and the program's turn, which the
machine leaves handed over (``hand_over``) and the stored phase names:
``THINKING`` (the program is on roll), ``ANSWERING``/``BEAVERED`` (it must
answer the learner's double or beaver).  The row's phase says whose turn it
is, so a turn handed over is never lost.  The program then drives the same
machine with gnubg's choices (``program_decides``).

``decide`` runs a decision in one short transaction that first claims the
match's version; a refused decision (``GameError``, ``IllegalPlay``) saves
nothing.  The program's turn is written the same way (``program.write``):
thought out first, then recorded in a short transaction, which ``Turn``
makes possible by keeping the turn's writes until then (``later=True``).
"""

from __future__ import annotations

from typing import Callable

from django.db import transaction

from tutor.engine import GameResult, Match, Play, Position, format_moves
from tutor.games import dice
from tutor.games import turn_machine as machine
from tutor.games.beavers import may_beaver
from tutor.games.driver import finish_game, record, require, resignation_of
from tutor.games.sequence import claim, moved_on
from tutor.games.errors import GameError, IllegalPlay  # noqa: F401  (the views catch them here)
from tutor.games.turn_machine import Decision, Transition, TurnState
from tutor.games.turn_machine import Phase as MachinePhase

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


def decide(pk: int, seq: int | None, decision: Callable[[PracticeMatch], PracticeMatch | None]) -> PracticeMatch | None:
    """Run ``decision`` on match ``pk`` if it is still at ``seq``, in one short transaction.

    The token is claimed with one conditional update before anything is
    read: the first of two identical requests wins and holds the row (a
    write lock on every database) until it commits; the second then finds
    another ``seq`` and raises ``StaleMatch`` instead of applying the same
    decision twice.  No decision asks gnubg here: the lock is held for a
    few writes.  Returns what ``decision`` returns (a new match, for «otro
    match»).
    """
    with transaction.atomic():
        if not claim(PracticeMatch, pk, seq):
            raise StaleMatch()
        return decision(PracticeMatch.objects.select_for_update().get(pk=pk))


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
    _follow(match, machine.opening(match.first_position(stakes), dice.opening(match), beavers=match.beavers), turn)
    if stakes.crawford:
        turn.add(Crawford())


# -- the learner's decisions ------------------------------------------------------


def learner_roll(match: PracticeMatch) -> None:
    """The learner rolls without doubling; the no-double, when the cube was theirs to turn, waits for its light."""
    _learner_decides(match, Decision.ROLL)


def learner_double(match: PracticeMatch) -> None:
    """The learner doubles: the program, thinking after the request, takes or passes."""
    _learner_decides(match, Decision.DOUBLE)


def learner_answer(match: PracticeMatch, *, takes: bool) -> None:
    """The learner takes or passes the computer's double, or, having doubled, the program's beaver (at twice the doubled value)."""
    _learner_decides(match, Decision.TAKE if takes else Decision.DROP)


def learner_beaver(match: PracticeMatch) -> None:
    """The learner beavers the program's double (a money game with beavers): the program, thinking after the request, takes or drops it."""
    _learner_decides(match, Decision.BEAVER)


def learner_play(match: PracticeMatch, text: str) -> None:
    """The learner's play, written in notation (the board writes it too).

    An illegal play raises ``IllegalPlay`` and changes nothing; a legal one
    is recorded, to be graded against gnubg's best play, and the computer
    answers, both after the request.  A play that was the only legal one
    gets its light at once: it needs no gnubg.
    """
    _learner_decides(match, Decision.MOVE, play=text)


def _learner_decides(match: PracticeMatch, decision: Decision, play: str = "") -> None:
    """One decision of the learner through the turn machine; the program's turn that follows is handed over."""
    turn = Turn()
    transition = machine.advance(
        state_of(match), LEARNER, decision, lambda: dice.roll(match), play=play, hand_over={COMPUTER},
    )
    _follow(match, transition, turn)
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
    moved_on(match)
    match.save()


# -- the computer ------------------------------------------------------------------


def program_decides(match: PracticeMatch, turn: Turn) -> None:
    """The program makes the decisions the match waits for, until the learner must decide or the game ends.

    Its answer to the learner's double or beaver, or its turn: the opening's
    dice when the program won the opening roll, else its cube decision, its
    roll and its play, as the turn machine asks for them.  Asks gnubg:
    callers run it outside any transaction with ``Turn(later=True)``
    (``program.play``).
    """
    if not match.program_thinks:
        raise GameError("Ahora no le toca al programa.", 409)
    state = state_of(match)
    throw = lambda: dice.roll(match)  # noqa: E731
    while state.actor == COMPUTER:
        if state.phase == MachinePhase.TURN:
            transition = machine.begin(state, throw)
        else:
            decision, play = _program_choice(match, state)
            transition = machine.advance(state, COMPUTER, decision, throw, play=play)
        _follow(match, transition, turn)
        state = transition.state


def _program_choice(match: PracticeMatch, state: TurnState) -> tuple[Decision, Play | str]:
    """What the program decides at its level in ``state``: gnubg's cube analysis, or its best play."""
    level = level_settings(match.level)
    position = state.position
    if state.phase == MachinePhase.MOVE:
        return Decision.MOVE, evaluator.analyse_plays(position, level.plies, level.noise).best.play
    if state.phase == MachinePhase.ROLL:
        cube = cube_analysis(position, level.plies, level.noise)
        return (Decision.DOUBLE if cube.should_double else Decision.ROLL), ""
    answer = evaluator.analyse_cube(position, level.plies, level.noise)
    if state.phase == MachinePhase.BEAVER:
        return _beaver_answer(answer), ""
    if may_beaver(position, match.beavers) and beaver_is_right(answer):
        return Decision.BEAVER, ""
    return (Decision.TAKE if answer.should_take else Decision.DROP), ""


def beaver_is_right(cube: CubeAnalysis) -> bool:
    """Whether the program beavers a double: when taking it leaves the program ahead at the doubled cube.

    ``double_take`` is the doubler's equity once the double is taken, so the
    taker's is its opposite: above zero (past rounding noise), the double was
    a mistake big enough that the taker wins more by doubling the stakes at
    once.  gnubg's bindings give no «beaver» verdict of their own; this is
    the threshold gnubg's own cube analysis calls a beaver.
    """
    return -cube.double_take > evaluator.EQUITY_TOLERANCE


def _beaver_answer(cube: CubeAnalysis) -> Decision:
    """The program, having doubled, takes or drops the learner's beaver, from one cube analysis of its double.

    In a money game a cubeful equity is proportional to the cube's value,
    and a beaver leaves the cube where a take leaves it (the learner owns
    it), only twice as high: the program keeps twice its ``double_take`` if
    it takes, and loses twice ``double_pass`` if it drops.  Taken, the
    program rolls (it is still on roll, and the cube is no longer its to turn).
    """
    return Decision.TAKE if cube.double_take >= -cube.double_pass else Decision.DROP


# -- the machine's state, kept on the match's row ---------------------------------------


LEARNER_PHASES = {
    MachinePhase.ROLL: Phase.ROLL, MachinePhase.MOVE: Phase.MOVE,
    MachinePhase.ANSWER: Phase.ANSWER, MachinePhase.BEAVER: Phase.BEAVER,
}
PROGRAM_PHASES = {
    MachinePhase.TURN: Phase.THINKING, MachinePhase.ROLL: Phase.THINKING, MachinePhase.MOVE: Phase.THINKING,
    MachinePhase.ANSWER: Phase.ANSWERING, MachinePhase.BEAVER: Phase.BEAVERED,
}
"""The stored phase says whose decision the game waits for: the learner's, or the program's, thought after the request."""


def state_of(match: PracticeMatch) -> TurnState:
    """The turn machine's state of the match's game, read from its phase and position."""
    position = match.position
    phase = {
        Phase.ROLL: MachinePhase.ROLL, Phase.MOVE: MachinePhase.MOVE,
        Phase.ANSWER: MachinePhase.ANSWER, Phase.ANSWERING: MachinePhase.ANSWER,
        Phase.BEAVER: MachinePhase.BEAVER, Phase.BEAVERED: MachinePhase.BEAVER,
        Phase.THINKING: MachinePhase.TURN if position.dice is None else MachinePhase.MOVE,
    }.get(Phase(match.phase), MachinePhase.GAME_OVER)
    return TurnState(phase, position, match.beavers)


def _follow(match: PracticeMatch, transition: Transition, turn: Turn) -> None:
    """Record what the machine says happened, and keep the state it leaves (or end the game)."""
    for event in transition.events:
        _record_event(match, event, turn)
    state = transition.state
    if state.phase == MachinePhase.GAME_OVER:
        return  # ``_finish_game`` kept the end, on ``GameEnded``
    match.phase = (LEARNER_PHASES if state.actor == LEARNER else PROGRAM_PHASES)[state.phase]
    match.xgid = state.position.to_xgid()


def _record_event(match: PracticeMatch, event: machine.Event, turn: Turn) -> None:
    """One thing the machine says happened, as practice keeps it: an action, and what the page tells."""
    if isinstance(event, machine.TurnBegan):
        return  # practice has no clock
    if isinstance(event, machine.Opened):
        turn.add(Opening(throws=[list(pair) for pair in event.throws], starter=event.starter))
    elif isinstance(event, machine.GameEnded):
        _finish_game(match, event.final, event.result, turn)
    elif isinstance(event, machine.Rolled):
        if event.side == LEARNER and event.chosen:
            _record_decision(match, event.before, Action.Kind.NO_DOUBLE, turn)
    elif isinstance(event, machine.Passed):
        if event.side == LEARNER:
            turn.record(match, LEARNER, Action.Kind.MOVE, event.rolled, play=event.play, forced=True)
            turn.add(Passed(side=LEARNER, dice=list(event.play.dice)))
        else:
            _program_moved(match, event.rolled, event.play, turn)
    elif isinstance(event, machine.Moved):
        if event.side == LEARNER:
            _learner_moved(match, event.position, event.play, turn)
        else:
            _program_moved(match, event.position, event.play, turn)
    elif event.side == LEARNER:
        _learner_cube_action(match, event, turn)
    else:
        _program_cube_action(match, event, turn)


def _learner_moved(match: PracticeMatch, position: Position, play: Play, turn: Turn) -> None:
    forced = len(position.legal_plays()) == 1
    _record_decision(
        match, position, Action.Kind.MOVE, turn, play=play, forced=forced,
        hinted=bool(match.hint and match.hint.get("xgid") == match.xgid),
        **(judge.play_fields(position, play) if forced else {}),
    )
    match.hint = None


def _program_moved(match: PracticeMatch, position: Position, play: Play, turn: Turn) -> None:
    """The program played its dice (gnubg's choice at its level), or could not move."""
    turn.record(match, COMPUTER, Action.Kind.MOVE, position, play=play)
    turn.add(
        Moved(
            side=COMPUTER,
            dice=list(play.dice),
            play=play.notation,
            frames=[{"xgid": step.to_xgid(), "move": format_moves([move])} for move, step in zip(play.moves, play.steps())],
        )
    )


def _learner_cube_action(match: PracticeMatch, event: machine.Event, turn: Turn) -> None:
    if isinstance(event, machine.Doubled):
        _record_decision(match, event.position, Action.Kind.DOUBLE, turn)
    elif isinstance(event, machine.Beavered):
        _record_decision(match, event.position, Action.Kind.BEAVER, turn, points=event.cube)
    elif isinstance(event, machine.Took):
        _record_decision(match, event.position, Action.Kind.TAKE, turn)
    elif isinstance(event, machine.Dropped):
        _record_decision(match, event.position, Action.Kind.DROP, turn)


def _program_cube_action(match: PracticeMatch, event: machine.Event, turn: Turn) -> None:
    if isinstance(event, machine.Doubled):
        turn.record(match, COMPUTER, Action.Kind.DOUBLE, event.position)
        turn.add(Doubled(side=COMPUTER, cube=event.cube))
    elif isinstance(event, machine.Beavered):
        turn.record(match, COMPUTER, Action.Kind.BEAVER, event.position, points=event.cube)
        turn.add(Beavered(cube=event.cube))
    elif isinstance(event, machine.Took) and event.beaver:
        turn.add(BeaverAnswered(took=True, cube=event.cube))
        turn.record(match, COMPUTER, Action.Kind.TAKE, event.position, points=event.cube)
    elif isinstance(event, machine.Took):
        turn.record(match, COMPUTER, Action.Kind.TAKE, event.position)
        turn.add(Took(side=COMPUTER, cube=event.cube))
    elif isinstance(event, machine.Dropped) and event.beaver:
        turn.add(BeaverAnswered(took=False, cube=event.position.cube_value * 4))
        turn.record(match, COMPUTER, Action.Kind.DROP, event.position)
    elif isinstance(event, machine.Dropped):
        turn.record(match, COMPUTER, Action.Kind.DROP, event.position)
        turn.add(Dropped(side=COMPUTER))


def _finish_game(match: PracticeMatch, final: Position, result: GameResult, turn: Turn) -> None:
    stakes = turn.finish(match, final, result)
    lacked = stakes.length - final.score[result.winner] if stakes.length else 0  # the score the game began with
    needed = lacked if stakes.is_over and 0 < lacked < result.points else 0
    turn.add(Finished(side=result.winner, points=result.points, result=result.kind, match_over=stakes.is_over, needed=needed))
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
    moved_on(match)
    match.save()
