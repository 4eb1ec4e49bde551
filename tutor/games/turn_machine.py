"""The turn order of every game the site runs, written once: a pure transition over a typed state.

A turn goes the same way against the program as against a person: the
side on roll may double (when the cube is theirs to turn and alive), then
rolls, and a roll with no legal play passes the turn by itself; a double is
answered (take, drop or, in a money game with beavers, beaver) before
anything else, and a beaver is answered by the doubler.  ``advance`` takes
the state a game is in and one decision of the side it waits for, and
returns the state after it with what happened, in order (``Event``s);
``opening`` starts a game from its opening roll.  Nothing here touches a
database or a socket: the apps store the state their own way and turn the
events into their records, announcements and clocks.

The dice come from the caller (``DiceSource``), so the machine rolls only
when the rules say so and a test can give it any roll.  A driver that
thinks a side's turn elsewhere (practice's program, after the request)
names that side in ``hand_over``: a turn of that side that begins is left
at ``Phase.TURN``, its decisions still to make, and ``begin`` starts it.

A decision made at the wrong moment, or by the side the game does not wait
for, raises ``GameError`` with the one wording of ``tutor.rules.turn_refusals``;
an illegal play raises ``IllegalPlay`` with the engine's verdict.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, replace
from enum import StrEnum

from tutor.engine import GameResult, OpeningRoll, Play, Position, drop, opponent, score_game, take
from tutor.rules import DOUBLE_BEFORE_ROLLING, NO_BEAVERS, NOT_DOUBLED, NOT_MOVING, NOT_ROLLING

from .beavers import beaver_dropped, beavered, may_beaver
from .cube_policy import may_double, refusal
from .errors import GameError, IllegalPlay

DiceSource = Callable[[], tuple[int, int]]
"""Throws the two dice of a roll (the games' secure dice, or a test's)."""


class Phase(StrEnum):
    """What a game under way waits for; each value is the string the apps store for it."""

    TURN = "turn"
    """A side's turn (or its roll after a double taken) is to begin: ``begin`` starts it."""
    ROLL = "roll"
    """The side on roll may double or roll."""
    MOVE = "move"
    """The side on roll has rolled and plays its dice."""
    ANSWER = "answer"
    """The side doubled takes, drops or beavers."""
    BEAVER = "beaver"
    """The doubler takes or drops the rival's beaver."""
    GAME_OVER = "game-over"
    """The game has ended; what follows (the next game, the match's end) is the app's."""


class Decision(StrEnum):
    """What a side may decide in a turn."""

    ROLL = "roll"
    DOUBLE = "double"
    TAKE = "take"
    DROP = "drop"
    BEAVER = "beaver"
    MOVE = "move"


@dataclass(frozen=True, slots=True)
class TurnState:
    """Where a game under way stands: its phase, its position (the doubler on roll while a double is answered), beavers allowed."""

    phase: Phase
    position: Position
    beavers: bool = False

    @property
    def actor(self) -> int | None:
        """The side the game waits for: the doubled side answers a double, the doubler a beaver; None once it is over."""
        if self.phase == Phase.GAME_OVER:
            return None
        if self.phase == Phase.ANSWER:
            return opponent(self.position.turn)
        return self.position.turn


# -- what happened, in order ------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Opened:
    """The opening roll: one die each until they differ; ``position`` is the starter's, with both dice."""

    throws: tuple[tuple[int, int], ...]
    starter: int
    position: Position


@dataclass(frozen=True, slots=True)
class TurnBegan:
    """``side``'s turn begins (the place for a clock); ``opening`` after the opening roll."""

    side: int
    opening: bool = False


@dataclass(frozen=True, slots=True)
class Rolled:
    """``side`` rolled at ``before``: ``chosen`` when the cube was theirs to turn and they rolled instead (a no-double)."""

    side: int
    before: Position
    rolled: Position
    chosen: bool


@dataclass(frozen=True, slots=True)
class Passed:
    """``side`` rolled ``rolled`` and had no legal play: the turn passed by itself."""

    side: int
    rolled: Position
    play: Play


@dataclass(frozen=True, slots=True)
class Moved:
    """``side`` played ``play`` from ``position`` (with its dice)."""

    side: int
    position: Position
    play: Play


@dataclass(frozen=True, slots=True)
class Doubled:
    """``side`` doubled at ``position``: the cube offered at ``cube``."""

    side: int
    position: Position
    cube: int


@dataclass(frozen=True, slots=True)
class Beavered:
    """``side`` took the double and redoubled at once: the cube offered at ``cube``."""

    side: int
    position: Position
    cube: int


@dataclass(frozen=True, slots=True)
class Took:
    """``side`` took at ``position``: a double (``beaver`` False) or the rival's beaver; the cube now at ``cube``."""

    side: int
    position: Position
    cube: int
    beaver: bool


@dataclass(frozen=True, slots=True)
class Dropped:
    """``side`` dropped at ``position``: a double or the rival's beaver."""

    side: int
    position: Position
    beaver: bool


@dataclass(frozen=True, slots=True)
class GameEnded:
    """The game ended at ``final`` with ``result`` (the last checker borne off, or a drop)."""

    final: Position
    result: GameResult


Event = Opened | TurnBegan | Rolled | Passed | Moved | Doubled | Beavered | Took | Dropped | GameEnded


@dataclass(frozen=True, slots=True)
class Transition:
    """The state after a decision and what happened on the way, in order."""

    state: TurnState
    events: tuple[Event, ...]

    @property
    def ended(self) -> GameEnded | None:
        """How the game ended, if it did."""
        last = self.events[-1] if self.events else None
        return last if isinstance(last, GameEnded) else None


# -- the transitions ----------------------------------------------------------------


def opening(first: Position, throws: OpeningRoll, *, beavers: bool = False) -> Transition:
    """A game begins at ``first`` with its opening roll: the starter plays both dice at once."""
    position = first.replace(turn=throws.starter, dice=throws.dice)
    return Transition(
        TurnState(Phase.MOVE, position, beavers),
        (Opened(tuple(throws.throws), throws.starter, position), TurnBegan(throws.starter, opening=True)),
    )


def advance(
    state: TurnState,
    side: int,
    decision: Decision,
    dice: DiceSource,
    *,
    play: Play | str = "",
    hand_over: Collection[int] = (),
) -> Transition:
    """``side`` makes ``decision`` in ``state``; the game goes on until some side has a decision to make.

    ``play``: the play of a ``MOVE``, in notation (checked by the engine) or
    as a ``Play`` the caller found legal.  ``hand_over``: the sides whose
    turn is left at ``Phase.TURN`` when it begins.
    """
    _allowed(state, side, decision)
    run = _Run(state.beavers, dice, frozenset(hand_over))
    position = state.position
    if decision == Decision.ROLL:
        run.roll(position, chosen=True)
    elif decision == Decision.DOUBLE:
        run.add(Doubled(side, position, position.cube_value * 2))
        run.stop(Phase.ANSWER, position)
    elif decision == Decision.BEAVER:
        run.add(Beavered(side, position, position.cube_value * 4))
        run.stop(Phase.BEAVER, position)
    elif decision in (Decision.TAKE, Decision.DROP):
        run.answer(state, side, takes=decision == Decision.TAKE)
    else:
        run.move(side, position, _legal(position, play))
    return run.transition()


def begin(state: TurnState, dice: DiceSource, *, hand_over: Collection[int] = ()) -> Transition:
    """The turn left at ``Phase.TURN`` begins: its side may double, or the dice are rolled for it."""
    if state.phase != Phase.TURN:
        raise GameError(NOT_ROLLING, 409)
    run = _Run(state.beavers, dice, frozenset(hand_over))
    run.start(state.position, began=False)
    return run.transition()


def refusal_of(state: TurnState, decision: Decision) -> str:
    """Why ``decision`` cannot be made now, whoever makes it (empty when the moment is right)."""
    position = state.position
    if decision == Decision.ROLL:
        return "" if state.phase == Phase.ROLL else NOT_ROLLING
    if decision == Decision.MOVE:
        return "" if state.phase == Phase.MOVE else NOT_MOVING
    if decision == Decision.DOUBLE:
        if state.phase == Phase.ROLL:
            return refusal(position)
        undiced = position.with_dice(None)
        if position.dice is not None and not may_double(undiced):
            return refusal(undiced)
        return DOUBLE_BEFORE_ROLLING
    if decision == Decision.BEAVER:
        if state.phase != Phase.ANSWER:
            return NOT_DOUBLED
        return "" if may_beaver(position, state.beavers) else NO_BEAVERS
    return "" if state.phase in (Phase.ANSWER, Phase.BEAVER) else NOT_DOUBLED


def _allowed(state: TurnState, side: int, decision: Decision) -> None:
    """Refuse a decision made at another moment, or by the side the game does not wait for, with the moment's wording."""
    reason = refusal_of(state if side == state.actor else replace(state, phase=Phase.TURN), decision)
    if reason:
        raise GameError(reason, 409)


def _legal(position: Position, play: Play | str) -> Play:
    """The play ``play`` writes, or ``IllegalPlay`` with the engine's verdict; a ``Play`` given is trusted."""
    if isinstance(play, Play):
        return play
    verdict = position.check(str(play or "")[:200])
    if not verdict.legal or verdict.play is None:
        raise IllegalPlay(verdict)
    return verdict.play


class _Run:
    """One decision followed through the automatic steps after it, collecting what happened."""

    def __init__(self, beavers: bool, dice: DiceSource, hand_over: frozenset[int]) -> None:
        self.beavers = beavers
        self.dice = dice
        self.hand_over = hand_over
        self.events: list[Event] = []
        self.state: TurnState | None = None

    def add(self, event: Event) -> None:
        self.events.append(event)

    def stop(self, phase: Phase, position: Position) -> None:
        self.state = TurnState(phase, position, self.beavers)

    def transition(self) -> Transition:
        assert self.state is not None, "every decision leaves the game waiting for someone, or over"
        return Transition(self.state, tuple(self.events))

    def start(self, position: Position, *, began: bool = True) -> None:
        """``position.turn``'s turn begins: a cube decision, or the roll (handed over first, when asked)."""
        side = position.turn
        if began and side in self.hand_over:
            self.stop(Phase.TURN, position)
            return
        if began:
            self.add(TurnBegan(side))
        if may_double(position):
            self.stop(Phase.ROLL, position)
        else:
            self.roll(position, chosen=False)

    def roll(self, position: Position, *, chosen: bool) -> None:
        """Throw the dice for the side on roll; a roll that cannot be played passes the turn by itself."""
        rolled = position.with_dice(self.dice())
        self.add(Rolled(position.turn, position, rolled, chosen))
        plays = rolled.legal_plays()
        if len(plays) == 1 and plays[0].is_pass:
            self.add(Passed(rolled.turn, rolled, plays[0]))
            self.start(plays[0].result)
        else:
            self.stop(Phase.MOVE, rolled)

    def move(self, side: int, position: Position, play: Play) -> None:
        self.add(Moved(side, position, play))
        after = play.result
        if after.winner() is not None:
            self.end(after, score_game(after))
        else:
            self.start(after)

    def answer(self, state: TurnState, side: int, *, takes: bool) -> None:
        """A double (or, in ``Phase.BEAVER``, the rival's beaver) taken or dropped; taken, the doubler rolls."""
        position = state.position
        after_beaver = state.phase == Phase.BEAVER
        if not takes:
            self.add(Dropped(side, position, after_beaver))
            self.end(position, beaver_dropped(position) if after_beaver else drop(position))
            return
        taken = beavered(position) if after_beaver else take(position)
        self.add(Took(side, position, taken.cube_value, after_beaver))
        if taken.turn in self.hand_over:
            self.stop(Phase.TURN, taken)
        else:
            self.roll(taken, chosen=False)

    def end(self, final: Position, result: GameResult) -> None:
        self.add(GameEnded(final, result))
        self.stop(Phase.GAME_OVER, final)


__all__ = [
    "Beavered",
    "Decision",
    "DiceSource",
    "Doubled",
    "Dropped",
    "Event",
    "GameEnded",
    "Moved",
    "Opened",
    "Passed",
    "Phase",
    "Rolled",
    "Took",
    "Transition",
    "TurnBegan",
    "TurnState",
    "advance",
    "begin",
    "opening",
    "refusal_of",
]
