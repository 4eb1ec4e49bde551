"""Properties of the rules engine on generated positions (hypothesis).

Positions come from ``tests.engine_positions.position_strategy``: 15
checkers per side on points, bar and off, never two colours on a point.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.engine_positions import position_strategy
from tutor.engine import CODES, Play, Position
from tutor.engine.movegen import move_obstacle, single_moves

PLAYS_CHECKED = 4
"""Plays drawn from each position for the costlier notation properties."""

engine_settings = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
positions = position_strategy()


def _results(plays: list[Play]) -> set[Position]:
    return {play.result for play in plays}


def _some_plays(data: st.DataObject, plays: list[Play]) -> list[Play]:
    if len(plays) <= PLAYS_CHECKED:
        return plays
    return data.draw(st.lists(st.sampled_from(plays), min_size=PLAYS_CHECKED, max_size=PLAYS_CHECKED, unique=True))


@engine_settings
@given(positions, st.data())
def test_a_play_parsed_from_its_own_notation_has_the_same_notation_and_result(position, data):
    plays = position.legal_plays()
    for play in _some_plays(data, plays):
        again = Play.parse(play.notation, position, position.dice)
        assert again.notation == play.notation
        assert again.result == play.result


@engine_settings
@given(position_strategy(with_stakes=True))
def test_an_xgid_read_back_gives_the_same_position_and_the_same_text(position):
    text = position.to_xgid()
    again = Position.from_xgid(text)
    assert again == position
    assert again.to_xgid() == text


@engine_settings
@given(positions)
def test_every_play_leaves_fifteen_checkers_per_side_and_no_shared_point(position):
    mover, other = position.turn, 1 - position.turn
    for play in position.legal_plays():
        for side in (mover, other):
            board = play.result.checkers(side)
            assert sum(board) == 15
            assert min(board) >= 0
        assert play.result.borne_off(mover) >= position.borne_off(mover)
        white, black = play.result.checkers(0), play.result.checkers(1)
        assert not any(white[p] and black[25 - p] for p in range(1, 25))
        assert play.result.turn == other


@engine_settings
@given(positions)
def test_no_legal_play_uses_fewer_dice_than_another(position):
    plays = position.legal_plays()
    assert len({play.dice_used for play in plays}) == 1


@engine_settings
@given(positions)
def test_a_play_of_one_die_uses_the_larger_one_whenever_it_could_be_played_alone(position):
    high, low = max(position.dice), min(position.dice)
    plays = position.legal_plays()
    if high == low or plays[0].dice_used != 1:
        return
    larger_playable = any(True for _ in single_moves(position.mover, position.opponent_board, high))
    expected = high if larger_playable else low
    assert all(play.moves[0].die == expected for play in plays)


@engine_settings
@given(positions, st.data())
def test_every_legal_play_is_accepted_by_check_and_maps_to_itself(position, data):
    plays = position.legal_plays()
    for play in _some_plays(data, plays):
        verdict = position.check(play.notation)
        assert verdict.legal, (position.to_xgid(), play.notation, verdict.reasons)
        assert verdict.play is not None and verdict.play.result == play.result


def _written_moves(position: Position, data: st.DataObject) -> str:
    """Up to four steps from the mover's checkers by the dice (or sums), as text."""
    sources = [p for p in range(1, 26) if position.mover[p]] or [25]
    steps = data.draw(st.lists(st.tuples(st.sampled_from(sources), st.integers(1, 24)), min_size=1, max_size=4))
    words = []
    for src, distance in steps:
        dst = src - distance
        words.append(f"{'bar' if src == 25 else src}/{'off' if dst <= 0 else dst}")
    return " ".join(words)


@engine_settings
@given(positions, st.data())
def test_every_play_that_check_accepts_is_one_of_the_legal_plays(position, data):
    legal = {play.result: play for play in position.legal_plays()}
    for _ in range(3):
        verdict = position.check(_written_moves(position, data))
        if verdict.legal:
            assert verdict.play is not None and verdict.play.result in legal
            assert verdict.reasons == ()
        else:
            assert verdict.reasons and all(reason.code in CODES for reason in verdict.reasons)


@engine_settings
@given(positions)
def test_the_two_moves_of_a_legal_play_are_accepted_in_the_other_order_too(position):
    for play in position.legal_plays():
        if play.dice_used != 2:
            continue
        written = " ".join(
            f"{'bar' if move.src == 25 else move.src}/{'off' if move.dst == 0 else move.dst}"
            for move in reversed(play.moves)
        )
        verdict = position.check(written)
        assert verdict.legal, (position.to_xgid(), play.notation, written, verdict.reasons)
        assert verdict.play is not None and verdict.play.result == play.result


@engine_settings
@given(positions)
def test_move_obstacle_finds_nothing_exactly_where_single_moves_has_a_move(position):
    m, o = position.mover, position.opponent_board
    for die in range(1, 7):
        sources = {move.src for move, _, _ in single_moves(m, o, die)}
        for src in range(1, 26):
            assert (move_obstacle(m, o, src, die) is None) == (src in sources), (position.to_xgid(), src, die)


# -- defects the properties above once found ----------------------------------


def _read_back(xgid: str) -> None:
    position = Position.from_xgid(xgid)
    for play in position.legal_plays():
        verdict = position.check(play.notation)
        assert verdict.legal, (play.notation, verdict.codes)
        assert verdict.play is not None and verdict.play.result == play.result, (play.notation, verdict.play)


def test_two_checkers_entering_and_moving_on_with_doubles_are_read_back_from_their_notation():
    _read_back("XGID=o-----------------------MB:0:0:1:11:0:0:0:0:10")  # bar/23(2) with 1-1


def test_a_chain_written_without_a_hit_is_read_as_the_way_that_does_not_hit():
    _read_back("XGID=--AECABbbcbbb-a-AA--A-----:0:0:1:61:0:0:0:0:10")  # 20/13 with 6-1, not 20/14*/13
