"""One checker's step in the middle of a turn: where the dice can carry it, and why a step is refused."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.engine_positions import position_strategy
from tutor.engine import BAR, OFF, PartialPlay, Position, dice_destinations, expand_dice, step_reason

engine_settings = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

OPENING_33 = Position.initial().with_dice((3, 3))


def test_the_dice_carry_a_checker_by_one_die_or_by_their_sums():
    assert dice_destinations(13, (6, 3)) == {10, 7, 4}
    assert dice_destinations(24, (3, 3, 3, 3)) == {21, 18, 15, 12}
    assert dice_destinations(BAR, (4, 1)) == {24, 21, 20}


def test_the_dice_bear_a_checker_off_when_they_reach_the_edge_or_go_past_it():
    assert OFF in dice_destinations(5, (6,))
    assert OFF in dice_destinations(6, (3, 3))
    assert OFF not in dice_destinations(6, (3,))
    assert dice_destinations(6, ()) == frozenset()


def test_a_backward_step_is_refused_whatever_the_dice():
    reason = step_reason(PartialPlay.start(OPENING_33), 8, 11, (3, 3))
    assert reason.code == "backwards"
    assert (reason.src, reason.dst, reason.distance) == (8, 11, -3)


def test_a_step_the_dice_cannot_cover_is_refused_with_the_dice_left():
    start = PartialPlay.start(OPENING_33)
    reason = step_reason(start, 6, 1, (3, 3))
    assert reason.code == "wrong-die"
    assert (reason.src, reason.dst, reason.distance, reason.dice_left) == (6, 1, 5, (3, 3, 3, 3))
    after = start.move_from(8, 3)[1]
    assert step_reason(after, 13, 1, (3, 3)).code == "wrong-die"
    assert step_reason(after, 13, 4, (3, 3)) is None  # three threes are left


def test_a_step_onto_a_made_point_is_refused_as_blocked():
    opening_65 = PartialPlay.start(Position.initial().with_dice((6, 5)))
    assert step_reason(opening_65, 24, 13, (6, 5)) is None  # both dice on one checker
    closed = step_reason(PartialPlay.start(Position.initial().with_dice((5, 5))), 6, 1, (5, 5))
    assert closed.code == "blocked" and closed.blocked_points == (1,)


def test_picking_up_a_checker_while_one_waits_on_the_bar_is_refused():
    position = Position.from_layout({"bar": 1, 13: 5}, {19: 2}, dice=(3, 1))
    start = PartialPlay.start(position)
    assert step_reason(start, 13, None, (3, 1)).code == "bar-first"
    assert step_reason(start, BAR, None, (3, 1)) is None
    assert step_reason(start, 7, None, (3, 1)).code == "no-checker"  # nothing to pick up comes before the bar
    free = PartialPlay.start(Position.initial().with_dice((3, 1)))
    assert step_reason(free, 7, None, (3, 1)).code == "no-checker"


def test_a_step_after_every_die_is_used_is_too_many_moves():
    start = PartialPlay.start(Position.initial().with_dice((3, 1)))
    done = start.move_from(8, 3)[1].move_from(6, 1)[1]
    assert step_reason(done, 13, 10, (3, 1)).code == "too-many-moves"


@engine_settings
@given(position_strategy(), st.integers(1, BAR), st.integers(OFF, 24))
def test_a_step_the_dice_cover_is_never_refused_for_its_dice_and_any_other_is_refused(position, src, dst):
    partial = PartialPlay.start(position)
    reason = step_reason(partial, src, dst, position.dice)
    if dst in dice_destinations(src, partial.dice_left):
        assert reason is None or reason.code not in ("backwards", "wrong-die"), (position.to_xgid(), src, dst)
    else:
        assert reason is not None, (position.to_xgid(), src, dst)


@engine_settings
@given(position_strategy())
def test_every_first_move_of_a_legal_play_has_no_step_reason(position):
    for play in position.legal_plays():
        for move in play.moves[:1]:
            assert step_reason(PartialPlay.start(position), move.src, move.dst, position.dice) is None
    assert len(PartialPlay.start(position).dice_left) == len(expand_dice(position.dice))
