"""The engine's partial-play API: a turn followed one single move at a time."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from tests.engine_positions import position_strategy
from tutor.engine import (
    EngineError,
    GnubgIdError,
    LegalTurn,
    Match,
    Move,
    PartialPlay,
    Position,
    RuleError,
    ScoreError,
    expand_dice,
    opening_roll,
    reachable,
    without_die,
)

engine_settings = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def test_a_double_gives_four_single_moves_and_other_rolls_two_larger_first():
    assert expand_dice((2, 2)) == (2, 2, 2, 2)
    assert expand_dice((1, 6)) == (6, 1)
    assert without_die((5, 5, 5, 5), 5) == (5, 5, 5)


def test_a_partial_play_starts_with_every_die_left_and_moves_one_die_at_a_time():
    start = PartialPlay.start(Position.initial().with_dice("6-5"))
    assert start.dice_left == (6, 5)
    move, after = start.move_from(24, 6)
    assert move == Move(24, 18, 6) and after.dice_left == (5,)
    assert after.move_from(24, 6) is None  # the 6 is used
    assert start.after(Move(13, 8, 5)) == start.move_from(13, 5)[1]
    assert start.after(Move(13, 9, 5)) is None  # the 5 does not lead there


def test_two_orders_of_the_same_moves_reach_one_partial_play():
    start = PartialPlay.start(Position.initial().with_dice("3-1"))
    one = start.after(Move(8, 5, 3)).after(Move(6, 5, 1))
    other = start.after(Move(6, 5, 1)).after(Move(8, 5, 3))
    assert one == other and not one.dice_left


def test_a_written_step_over_two_dice_is_carried_out_in_either_order():
    start = PartialPlay.start(Position.initial().with_dice("6-5"))
    ways = list(start.carry_out([(13, 2)]))
    assert {moves for _, moves in ways} == {(Move(13, 7, 6), Move(7, 2, 5)), (Move(13, 8, 5), Move(8, 2, 6))}
    assert [moves for _, moves in start.carry_out([(24, 13)])] == [(Move(24, 18, 6), Move(18, 13, 5))]  # 24/19 is blocked
    assert len({reached for reached, _ in ways}) == 1


@engine_settings
@given(position_strategy())
def test_the_complete_partial_plays_are_exactly_the_legal_plays(position):
    turn = LegalTurn(position)
    complete = {turn.play(partial) for partial in turn.walk() if turn.is_complete(partial)}
    assert complete == set(position.legal_plays())


@engine_settings
@given(position_strategy())
def test_every_partial_play_the_turn_offers_can_be_completed(position):
    turn = LegalTurn(position)
    results = {play.result for play in turn.plays}
    for partial in turn.walk():
        finals = {turn.play(after) for after in partial.continuations() if turn.is_complete(after)}
        assert finals and {play.result for play in finals} <= results


def test_the_continuations_of_a_start_include_every_legal_play():
    position = Position.initial().with_dice("4-4")
    start = PartialPlay.start(position)
    boards = {partial.boards for partial in reachable([start])}
    for play in position.legal_plays():
        assert (play.result.checkers(position.turn), play.result.checkers(1 - position.turn)) in boards


def test_a_play_shows_the_board_after_each_of_its_moves_with_the_same_side_on_roll():
    position = Position.initial().with_dice("6-5")
    play = position.check("24/13").play
    steps = play.steps()
    assert len(steps) == 2 and all(step.turn == position.turn and step.dice == (6, 5) for step in steps)
    assert steps[-1].replace(turn=play.result.turn, dice=None) == play.result


def test_a_play_cannot_be_changed():
    play = Position.initial().check("8/5 6/5", dice=(3, 1)).play
    with pytest.raises(AttributeError):
        play.moves = ()  # type: ignore[misc]
    assert hash(play) == hash(Position.initial().check("6/5 8/5", dice=(3, 1)).play)


def test_the_gnubg_id_is_written_beside_where_it_is_read():
    position = Position.initial(match_length=5, score=(2, 1)).with_dice("5-2")
    assert Position.from_gnubg_id(position.to_gnubg_id()) == position


def test_every_engine_error_belongs_to_its_family():
    with pytest.raises(RuleError):
        opening_roll(lambda: 4)
    with pytest.raises(RuleError):
        opening_roll(lambda: 7)
    with pytest.raises(ScoreError):
        Match(-1)
    with pytest.raises(GnubgIdError):
        Position.from_gnubg_id("4HPwATDgc/ABMA:cAkAAAAAAAAEx")
    assert issubclass(ScoreError, EngineError)
