"""Matches and the Crawford game, as the rules page states them."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.engine import BLACK, WHITE, EngineError, Position, RuleError, XgidError
from tutor.engine.cube import can_double, double_reasons
from tutor.engine import format_gnubg_id, parse_gnubg_id
from tutor.engine.match import Match
from tutor.engine.scoring import MULTIPLIERS, GameResult

results = st.builds(
    GameResult,
    winner=st.sampled_from((WHITE, BLACK)),
    cube_value=st.sampled_from((1, 2, 4)),
)


def play_out(match: Match, winners: list[int], points: int = 1) -> list[Match]:
    """The match after each game, ``winners`` taking turns at winning ``points``."""
    seen = [match]
    for winner in winners:
        seen.append(seen[-1].after_game(GameResult(winner, cube_value=points)))
    return seen


def test_a_match_is_played_to_a_fixed_number_of_points():
    """«Un match se juega hasta un número fijo de puntos, por ejemplo 5.»"""
    target = 5
    history = play_out(Match.new(target), [WHITE, BLACK] * (target - 1) + [WHITE])
    assert [m.is_over for m in history].index(True) == len(history) - 1
    final = history[-1]
    assert final.winner == WHITE
    assert final.score == (target, target - 1)
    with pytest.raises(RuleError, match="over"):
        final.after_game(GameResult(BLACK))


def test_points_beyond_the_target_do_not_count():
    """«…hasta un número fijo de puntos…»: the match stops at the target."""
    big_win = GameResult(BLACK, "backgammon", MULTIPLIERS["backgammon"], cube_value=8)
    final = Match(5, (2, 3)).after_game(big_win)
    assert (final.winner, final.score) == (BLACK, (2, 5))


def test_the_game_after_a_player_first_comes_within_one_point_is_the_crawford_game():
    """«Cuando un jugador se queda por primera vez a un punto de la meta, se juega la partida Crawford…»"""
    history = play_out(Match.new(5), [BLACK, BLACK, WHITE, BLACK, BLACK])
    crawford_games = [m for m in history if m.crawford]
    assert len(crawford_games) == 1
    assert crawford_games[0].score == (1, 4)
    assert history.index(crawford_games[0]) == len(history) - 1


def test_nobody_may_double_in_the_crawford_game():
    """«…se juega la partida Crawford: en esa partida nadie puede doblar.»"""
    crawford = play_out(Match.new(5), [WHITE] * 4)[-1]
    assert crawford.crawford
    game = Position.initial(**crawford.position_fields())
    for side in (WHITE, BLACK):
        assert not can_double(game.replace(turn=side))
        assert "crawford-game" in double_reasons(game.replace(turn=side))


def test_after_the_crawford_game_the_cube_is_back_in_play():
    """«…en esa partida nadie puede doblar.»: only in that one game."""
    after = play_out(Match.new(5), [WHITE] * 4 + [BLACK])[-1]
    assert (after.crawford, after.post_crawford) == (False, True)
    game = Position.initial(**after.position_fields())
    assert all(can_double(game.replace(turn=side)) for side in (WHITE, BLACK))


def test_reaching_match_point_by_a_jump_also_starts_the_crawford_game():
    """«Cuando un jugador se queda por primera vez a un punto de la meta…», however many points it took."""
    gammon = GameResult(WHITE, "gammon", MULTIPLIERS["gammon"], cube_value=2)
    after = Match(7, (2, 5)).after_game(gammon)
    assert (after.score, after.crawford) == ((6, 5), True)


def test_a_second_player_reaching_match_point_gets_no_second_crawford_game():
    """«…por primera vez…»: only the first arrival at match point brings a Crawford game."""
    history = play_out(Match.new(3), [WHITE, WHITE, BLACK, BLACK])
    assert [m.crawford for m in history] == [False, False, True, False, False]
    assert history[-1].score == (2, 2)
    assert history[-1].post_crawford


def test_a_one_point_match_has_no_crawford_game():
    """Both sides start a point from the target, so neither comes within it for the first time."""
    match = Match.new(1)
    assert not match.crawford
    assert play_out(match, [BLACK])[-1].winner == BLACK


def test_money_play_never_ends_and_has_no_crawford_game():
    money = play_out(Match.new(0), [WHITE, BLACK, WHITE] * 10, points=4)
    assert not any(m.is_over or m.crawford for m in money)
    assert money[-1].score == (4 * 20, 4 * 10)


def test_a_dropped_double_scores_like_any_other_result():
    """«…o abandona y pierde la apuesta actual.», counted in the match score."""
    from tutor.engine.cube import drop

    game = Position.initial(turn=BLACK, cube_value=2, cube_owner=BLACK, **Match(5, (1, 1)).position_fields())
    after = Match.of(game).after_game(drop(game))
    assert after.score == (1, 1 + 2)


def test_a_game_position_carries_the_match_and_reads_back_as_it():
    match = Match(9, (8, 3), crawford=True)
    assert Match.of(Position.initial().replace(**match.position_fields())) == match


def test_a_finished_match_has_no_position_fields():
    with pytest.raises(RuleError):
        Match(3, (3, 1)).position_fields()


@pytest.mark.parametrize(
    "fields",
    [
        {"length": -1},
        {"length": 5, "score": (-1, 0)},
        {"length": 5, "score": (3, 2), "crawford": True},
        {"length": 5, "score": (4, 4), "crawford": True},
        {"length": 1, "crawford": True},
        {"length": 0, "crawford": True},
    ],
)
def test_a_match_state_that_cannot_happen_is_refused(fields):
    with pytest.raises(EngineError):
        Match(**fields)


@given(st.integers(1, 25), st.lists(results, max_size=60))
def test_any_match_has_at_most_one_crawford_game_and_never_passes_its_target(length, games):
    match = Match.new(length)
    crawford_games = 0
    for result in games:
        if match.is_over:
            break
        match = match.after_game(result)
        crawford_games += match.crawford
        assert max(match.score) <= length
        if match.crawford:
            assert match.score.count(length - 1) == 1
    assert crawford_games <= 1


@given(st.integers(1, 25), st.lists(results, max_size=30), st.sampled_from((WHITE, BLACK)))
def test_every_match_state_round_trips_through_a_gnubg_id(length, games, turn):
    match = Match.new(length)
    for result in games:
        after = match.after_game(result)
        if after.is_over:
            break
        match = after
    game = Position.initial(turn=turn, **match.position_fields())
    assert Match.of(parse_gnubg_id(format_gnubg_id(game))) == match
    assert parse_gnubg_id(format_gnubg_id(game)).turn == turn


def test_a_money_score_above_ninety_nine_is_written_and_read_back_in_the_xgid():
    position = Position.initial(score=(0, 128), cube_value=64, cube_owner=BLACK)
    assert Position.from_xgid(position.to_xgid()) == position
    after = Match.of(position).after_game(GameResult(BLACK, "backgammon", 3, cube_value=64))
    assert after.score == (0, 320)
    again = Position.initial(**after.position_fields())
    assert Position.from_xgid(again.to_xgid()).score == (0, 320)


def test_an_xgid_reads_the_scores_gnubg_reads_and_refuses_negative_ones():
    body = "-b----E-C---eE---c-e----B-:0:0:1:00:{}:{}:0:0:10"
    assert Position.from_xgid(body.format(9999, 12345)).score == (9999, 12345)
    with pytest.raises(XgidError):
        Position.from_xgid(body.format(-1, 0))
