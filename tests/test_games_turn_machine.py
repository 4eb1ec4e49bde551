"""The one turn machine: every transition and every refusal, on plain values (no database)."""

from __future__ import annotations

import random
from itertools import cycle

import pytest

from tutor.engine import BLACK, WHITE, OpeningRoll, Position, opponent
from tutor.games.errors import GameError, IllegalPlay
from tutor.games.turn_machine import (
    Beavered,
    Decision,
    Doubled,
    Dropped,
    GameEnded,
    Moved,
    Opened,
    Passed,
    Phase,
    Rolled,
    Took,
    TurnBegan,
    TurnState,
    advance,
    begin,
    opening,
)
from tutor.rules import DOUBLE_BEFORE_ROLLING, NO_BEAVERS, NOT_DOUBLED, NOT_MOVING, NOT_ROLLING, cube_refusal

CLOSED_BLACK_BOARD = {19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 24: 2}


def dice(*rolls: tuple[int, int]):
    """The rolls given, in turn (then again from the first)."""
    source = cycle(rolls)
    return lambda: next(source)


def no_dice():
    raise AssertionError("the machine rolled where it should not")


def at_roll(**fields) -> TurnState:
    return TurnState(Phase.ROLL, Position.initial(**fields).replace(turn=WHITE), beavers=fields.pop("beavers", False))


def doubled(beavers: bool = False) -> TurnState:
    return advance(TurnState(Phase.ROLL, Position.initial().replace(turn=WHITE), beavers), WHITE, Decision.DOUBLE, no_dice).state


def kinds(transition) -> list[type]:
    return [type(event) for event in transition.events]


def test_the_opening_roll_gives_the_starter_both_dice_to_play_at_once():
    throws = OpeningRoll(((3, 3), (6, 1)))
    after = opening(Position.initial(), throws)
    assert after.state.phase == Phase.MOVE and after.state.actor == WHITE
    assert after.state.position.dice == (6, 1)
    assert after.events == (Opened(((3, 3), (6, 1)), WHITE, after.state.position), TurnBegan(WHITE, opening=True))


def test_rolling_instead_of_doubling_is_a_chosen_roll_and_waits_for_the_play():
    state = at_roll()
    after = advance(state, WHITE, Decision.ROLL, dice((4, 2)))
    assert after.state.phase == Phase.MOVE and after.state.position.dice == (4, 2)
    assert after.events == (Rolled(WHITE, state.position, after.state.position, chosen=True),)


def test_a_double_waits_for_the_rival_s_answer_with_the_cube_offered_at_twice_its_value():
    after = advance(at_roll(), WHITE, Decision.DOUBLE, no_dice)
    assert after.state.phase == Phase.ANSWER and after.state.actor == BLACK
    assert after.state.position.turn == WHITE  # the doubler stays on roll
    assert after.events == (Doubled(WHITE, after.state.position, 2),)


def test_a_double_taken_gives_the_taker_the_cube_and_the_doubler_rolls():
    after = advance(doubled(), BLACK, Decision.TAKE, dice((5, 3)))
    position = after.state.position
    assert after.state.phase == Phase.MOVE and position.turn == WHITE and position.dice == (5, 3)
    assert (position.cube_value, position.cube_owner) == (2, BLACK)
    assert kinds(after) == [Took, Rolled] and after.events[0].cube == 2 and not after.events[1].chosen


def test_a_double_dropped_ends_the_game_for_the_doubler_at_the_cube_s_value():
    after = advance(doubled(), BLACK, Decision.DROP, no_dice)
    assert after.state.phase == Phase.GAME_OVER and after.state.actor is None
    assert kinds(after) == [Dropped, GameEnded]
    assert after.ended is not None and (after.ended.result.winner, after.ended.result.points) == (WHITE, 1)


def test_a_beaver_waits_for_the_doubler_and_taken_puts_the_cube_at_four_for_the_beaver():
    state = doubled(beavers=True)
    beaver = advance(state, BLACK, Decision.BEAVER, no_dice)
    assert beaver.state.phase == Phase.BEAVER and beaver.state.actor == WHITE
    assert beaver.events == (Beavered(BLACK, state.position, 4),)
    taken = advance(beaver.state, WHITE, Decision.TAKE, dice((2, 1)))
    position = taken.state.position
    assert (position.cube_value, position.cube_owner, position.turn) == (4, BLACK, WHITE)
    assert kinds(taken) == [Took, Rolled] and taken.events[0].beaver


def test_a_beaver_dropped_gives_the_beaver_the_doubled_value():
    beaver = advance(doubled(beavers=True), BLACK, Decision.BEAVER, no_dice)
    dropped = advance(beaver.state, WHITE, Decision.DROP, no_dice)
    assert dropped.ended is not None and (dropped.ended.result.winner, dropped.ended.result.points) == (BLACK, 2)
    assert dropped.events[0] == Dropped(WHITE, beaver.state.position, beaver=True)


def test_a_play_hands_the_turn_over_and_the_rival_may_double():
    moving = advance(at_roll(), WHITE, Decision.ROLL, dice((3, 1))).state
    after = advance(moving, WHITE, Decision.MOVE, dice((6, 6)), play="8/5 6/5")
    assert kinds(after) == [Moved, TurnBegan]
    assert after.state.phase == Phase.ROLL and after.state.position.turn == BLACK and after.state.position.dice is None


def test_a_rival_who_may_not_double_has_the_dice_rolled_for_them():
    owned = Position.initial(cube_value=2, cube_owner=WHITE).replace(turn=WHITE, dice=(3, 1))
    after = advance(TurnState(Phase.MOVE, owned), WHITE, Decision.MOVE, dice((6, 5)), play="8/5 6/5")
    assert kinds(after) == [Moved, TurnBegan, Rolled]
    assert after.state.phase == Phase.MOVE and after.state.position.turn == BLACK and after.state.position.dice == (6, 5)


def test_a_roll_with_no_legal_play_passes_the_turn_by_itself():
    blocked = Position.from_layout({"bar": 1, 6: 5, 8: 3, 13: 5}, CLOSED_BLACK_BOARD | {1: 3}).replace(turn=WHITE)
    after = advance(TurnState(Phase.ROLL, blocked), WHITE, Decision.ROLL, dice((6, 5)))
    assert kinds(after) == [Rolled, Passed, TurnBegan]
    assert after.events[1].play.is_pass and after.state.position.turn == BLACK


def test_a_side_handed_over_is_left_at_the_start_of_its_turn_until_it_begins():
    moving = advance(at_roll(), WHITE, Decision.ROLL, dice((3, 1))).state
    after = advance(moving, WHITE, Decision.MOVE, no_dice, play="8/5 6/5", hand_over={BLACK})
    assert after.state.phase == Phase.TURN and after.state.actor == BLACK and kinds(after) == [Moved]
    started = begin(after.state, no_dice)
    assert started.state.phase == Phase.ROLL and kinds(started) == []


def test_a_double_taken_by_a_side_whose_rival_is_handed_over_waits_for_the_rival_to_roll():
    after = advance(doubled(), BLACK, Decision.TAKE, no_dice, hand_over={WHITE})
    assert after.state.phase == Phase.TURN and after.state.position.turn == WHITE
    rolled = begin(after.state, dice((4, 4)))
    assert rolled.state.phase == Phase.MOVE and rolled.state.position.dice == (4, 4)


def test_bearing_off_the_last_checker_ends_the_game():
    last = Position.from_layout({1: 1}, {19: 15}).replace(turn=WHITE, dice=(3, 2))
    after = advance(TurnState(Phase.MOVE, last), WHITE, Decision.MOVE, no_dice, play="1/off")
    assert after.state.phase == Phase.GAME_OVER and kinds(after) == [Moved, GameEnded]
    assert after.ended is not None and after.ended.result.kind == "gammon"


@pytest.mark.parametrize(
    ("phase", "decision", "refusal"),
    [
        (Phase.MOVE, Decision.ROLL, NOT_ROLLING),
        (Phase.ROLL, Decision.MOVE, NOT_MOVING),
        (Phase.ROLL, Decision.TAKE, NOT_DOUBLED),
        (Phase.MOVE, Decision.DROP, NOT_DOUBLED),
        (Phase.ROLL, Decision.BEAVER, NOT_DOUBLED),
        (Phase.TURN, Decision.DOUBLE, DOUBLE_BEFORE_ROLLING),
        (Phase.GAME_OVER, Decision.ROLL, NOT_ROLLING),
    ],
)
def test_a_decision_at_another_moment_is_refused_with_its_one_wording(phase, decision, refusal):
    with pytest.raises(GameError) as refused:
        advance(TurnState(phase, Position.initial().replace(turn=WHITE)), WHITE, decision, no_dice)
    assert (refused.value.message, refused.value.status) == (refusal, 409)


def test_a_decision_of_the_side_the_game_does_not_wait_for_is_refused_as_the_wrong_moment():
    with pytest.raises(GameError) as refused:
        advance(at_roll(), BLACK, Decision.ROLL, no_dice)
    assert refused.value.message == NOT_ROLLING
    with pytest.raises(GameError) as answered_own:
        advance(doubled(), WHITE, Decision.TAKE, no_dice)
    assert answered_own.value.message == NOT_DOUBLED


def test_the_side_not_waited_for_hears_the_wrong_moment_before_any_rule_of_the_decision():
    with pytest.raises(GameError) as refused:
        advance(doubled(beavers=False), WHITE, Decision.BEAVER, no_dice)  # the doubler may not beaver its own double
    assert refused.value.message == NOT_DOUBLED


def test_a_double_the_cube_does_not_allow_is_refused_with_the_cube_s_reason():
    theirs = TurnState(Phase.MOVE, Position.initial(cube_value=2, cube_owner=BLACK).replace(turn=WHITE, dice=(3, 1)))
    with pytest.raises(GameError) as refused:
        advance(theirs, WHITE, Decision.DOUBLE, no_dice)
    assert refused.value.message == cube_refusal("not-cube-owner")


def test_a_beaver_without_beavers_is_refused():
    with pytest.raises(GameError) as refused:
        advance(doubled(beavers=False), BLACK, Decision.BEAVER, no_dice)
    assert refused.value.message == NO_BEAVERS


def test_an_illegal_play_is_refused_with_the_engine_s_verdict():
    moving = advance(at_roll(), WHITE, Decision.ROLL, dice((3, 1))).state
    with pytest.raises(IllegalPlay) as refused:
        advance(moving, WHITE, Decision.MOVE, no_dice, play="24/18")
    assert not refused.value.verdict.legal


def test_random_games_keep_the_machine_s_invariants_to_their_end():
    """Property-style: games of random decisions always wait for someone who can act, with dice exactly when moving."""
    chooser = random.Random(39)
    throw = lambda: (chooser.randint(1, 6), chooser.randint(1, 6))  # noqa: E731
    for _ in range(6):
        transition = opening(Position.initial(), OpeningRoll(((6, 1),)) if chooser.random() < 0.5 else OpeningRoll(((1, 6),)), beavers=True)
        state = transition.state
        for _ in range(400):
            assert (state.position.dice is not None) == (state.phase == Phase.MOVE)
            if state.phase == Phase.GAME_OVER:
                break
            side = state.actor
            assert side is not None
            if state.phase == Phase.MOVE:
                play = chooser.choice(state.position.legal_plays())
                transition = advance(state, side, Decision.MOVE, throw, play=play.notation)
            elif state.phase == Phase.ROLL:
                transition = advance(state, side, chooser.choice([Decision.ROLL] * 6 + [Decision.DOUBLE]), throw)
            else:
                options = [Decision.TAKE] * 4 + [Decision.DROP]
                if state.phase == Phase.ANSWER and state.position.cube_value * 4 <= 64:
                    options.append(Decision.BEAVER)
                transition = advance(state, side, chooser.choice(options), throw)
            for event in transition.events:
                if isinstance(event, Passed):
                    assert event.rolled.legal_plays() == [event.play]
            if transition.state.phase == Phase.ANSWER:
                assert transition.state.actor == opponent(transition.state.position.turn)
            state = transition.state
        assert state.phase == Phase.GAME_OVER
