"""How a live game keeps what the turn machine says happened: its actions, the clock's ``turn_started``, its state on the row.

The turn order is the shared machine's (``tutor.games.turn_machine``); a
live game stores its state as the phase and position of its row, records
each event as a ``LiveAction`` (a live game records every roll, so the
review derives its no-doubles from them), and announces each turn that
begins (``turn_started``, which starts the clock).  A game that ends is
handed to ``finish``, the endings' (given by the caller, so the endings,
which start the next game's opening here, and the turns import each other
in no circle).
"""

from __future__ import annotations

from collections.abc import Callable

from tutor.engine import GameResult, Match, Position
from tutor.games import dice
from tutor.games import turn_machine as machine
from tutor.games.driver import turn_started
from tutor.games.turn_machine import Transition, TurnState

from .models import LiveAction, LiveGame, Phase
from .records import record

Kind = LiveAction.Kind
Finish = Callable[[LiveGame, Position, GameResult], None]


def state_of(game: LiveGame) -> TurnState:
    """The turn machine's state of the game under way: its phase is the row's, the same string."""
    return TurnState(machine.Phase(game.phase), game.position, game.beavers)


def throw(game: LiveGame) -> machine.DiceSource:
    """The game's dice, thrown by the server, for the machine."""
    return lambda: dice.roll(game)


def opening(game: LiveGame, stakes: Match) -> None:
    """A game begins: one die each until they differ; the higher die plays both numbers."""
    game.moved_in_game = False
    follow(game, machine.opening(game.first_position(stakes), dice.opening(game), beavers=game.beavers), _no_end)


def follow(game: LiveGame, transition: Transition, finish: Finish) -> LiveAction | None:
    """Record the transition's events and keep its state on the row; the first action recorded (the decision's)."""
    first = None
    for event in transition.events:
        action = _record(game, event, finish)
        first = first or action
    state = transition.state
    if state.phase != machine.Phase.GAME_OVER:
        game.phase = Phase(state.phase.value)
        game.xgid = state.position.to_xgid()
    return first


def _record(game: LiveGame, event: machine.Event, finish: Finish) -> LiveAction | None:
    """One event of the machine as a live game keeps it."""
    if isinstance(event, machine.Opened):
        throws = [list(pair) for pair in event.throws]
        return record(game, event.starter, Kind.OPENING, event.position, dice=throws)
    if isinstance(event, machine.TurnBegan):
        turn_started.send(sender=LiveGame, game=game, side=event.side, opening=event.opening)
        return None
    if isinstance(event, machine.Rolled):
        return record(game, event.side, Kind.ROLL, event.rolled)
    if isinstance(event, machine.Passed):
        return record(game, event.side, Kind.MOVE, event.rolled, play=event.play, forced=True)
    if isinstance(event, machine.Moved):
        return record(game, event.side, Kind.MOVE, event.position, play=event.play)
    if isinstance(event, machine.Doubled):
        return record(game, event.side, Kind.DOUBLE, event.position, points=event.cube)
    if isinstance(event, machine.Beavered):
        return record(game, event.side, Kind.BEAVER, event.position, points=event.cube)
    if isinstance(event, machine.Took):
        return record(game, event.side, Kind.TAKE, event.position, points=event.cube)
    if isinstance(event, machine.Dropped):
        return record(game, event.side, Kind.DROP, event.position)
    finish(game, event.final, event.result)
    return None


def _no_end(game: LiveGame, final: Position, result: GameResult) -> None:
    raise AssertionError("an opening roll never ends a game")
