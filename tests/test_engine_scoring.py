"""What a finished game is worth, as the rules page states it."""

from __future__ import annotations

import pytest

from tutor.engine import BLACK, WHITE, EngineError, Position, RuleError
from tutor.engine.scoring import MULTIPLIERS, GameResult, score_game


def finished(winner: int, loser: dict, **stakes: object) -> Position:
    """``winner`` has borne off everything; ``loser`` is laid out in White's numbering."""
    layout = ({}, loser) if winner == WHITE else (loser, {})
    return Position.from_layout(*layout, **stakes)


def winner_home(winner: int) -> range:
    """The winner's home board, in White's numbering as the diagrams draw it."""
    return range(1, 7) if winner == WHITE else range(19, 25)


def outfield(winner: int) -> int:
    """A point just outside the winner's home board, in White's numbering."""
    return 7 if winner == WHITE else 18


@pytest.mark.parametrize("winner", [WHITE, BLACK])
@pytest.mark.parametrize("borne_off", [1, 7, 14])
def test_a_normal_win_is_worth_one_point(winner, borne_off):
    """«Una victoria normal vale 1 punto.»"""
    loser = {outfield(winner): 15 - borne_off - 1, "bar": 1}
    result = score_game(finished(winner, loser))
    assert (result.winner, result.kind, result.points) == (winner, "single", 1)


@pytest.mark.parametrize("winner", [WHITE, BLACK])
def test_a_loser_who_has_borne_off_no_checker_loses_a_gammon_worth_two_points(winner):
    """«Si el perdedor no ha sacado ninguna ficha, es un gammon y vale 2 puntos.»"""
    far_side = 25 - outfield(winner)
    result = score_game(finished(winner, {outfield(winner): 10, far_side: 5}))
    assert (result.winner, result.kind, result.points) == (winner, "gammon", 2)


@pytest.mark.parametrize("winner", [WHITE, BLACK])
def test_a_gammoned_loser_with_a_checker_on_the_bar_loses_a_backgammon_worth_three(winner):
    """«Si además el perdedor tiene todavía una ficha en la barra […], es un backgammon y vale 3 puntos.»"""
    result = score_game(finished(winner, {outfield(winner): 14, "bar": 1}))
    assert (result.winner, result.kind, result.points) == (winner, "backgammon", 3)


@pytest.mark.parametrize("winner", [WHITE, BLACK])
def test_a_gammoned_loser_with_a_checker_in_the_winners_home_loses_a_backgammon(winner):
    """«Si además el perdedor tiene todavía una ficha […] en la casa del ganador, es un backgammon y vale 3 puntos.»"""
    for point in winner_home(winner):
        result = score_game(finished(winner, {outfield(winner): 14, point: 1}))
        assert (result.kind, result.points) == ("backgammon", 3), point


@pytest.mark.parametrize("winner", [WHITE, BLACK])
def test_a_checker_in_the_winners_home_is_no_backgammon_once_the_loser_has_borne_off(winner):
    """«Si además el perdedor…»: the backgammon needs the gammon first."""
    home = winner_home(winner)[0]
    result = score_game(finished(winner, {home: 13, "bar": 1}))
    assert (result.kind, result.points) == ("single", 1)


@pytest.mark.parametrize("cube_value", [1, 2, 4, 8, 16, 32, 64])
@pytest.mark.parametrize("kind", sorted(MULTIPLIERS))
def test_the_result_is_multiplied_by_the_cube(kind, cube_value):
    """«Al final, el resultado se multiplica por el cubo.»"""
    loser = {
        "single": {outfield(WHITE): 14},
        "gammon": {outfield(WHITE): 15},
        "backgammon": {outfield(WHITE): 14, "bar": 1},
    }[kind]
    uncubed = score_game(finished(WHITE, loser))
    cubed = score_game(finished(WHITE, loser, cube_value=cube_value, cube_owner=BLACK if cube_value > 1 else None))
    assert cubed.kind == kind
    assert cubed.points == uncubed.points * cube_value


def test_a_gammon_with_the_cube_on_four_is_worth_eight_points():
    """«Un gammon con el cubo en 4 vale 8 puntos.»"""
    result = score_game(finished(BLACK, {outfield(BLACK): 15}, cube_value=4, cube_owner=WHITE))
    assert (result.kind, result.cube_value, result.points) == ("gammon", 4, 8)


def test_the_jacoby_rule_counts_gammons_as_single_games_while_the_cube_is_centred():
    position = finished(WHITE, {outfield(WHITE): 14, "bar": 1}, jacoby=True)
    result = score_game(position)
    assert (result.kind, result.multiplier, result.points) == ("backgammon", 1, 1)


def test_the_jacoby_rule_lets_gammons_count_once_the_cube_has_been_turned():
    position = finished(WHITE, {outfield(WHITE): 15}, jacoby=True, cube_value=2, cube_owner=WHITE)
    assert score_game(position).points == 2 * 2


def test_the_jacoby_rule_does_not_apply_in_a_match():
    match_game = finished(WHITE, {outfield(WHITE): 15}, match_length=5, jacoby=True)
    assert score_game(match_game).points == 2


def test_scoring_a_game_nobody_has_finished_raises_rule_error():
    with pytest.raises(RuleError, match="not over"):
        score_game(Position.initial())


@pytest.mark.parametrize(
    "fields",
    [
        {"winner": 2},
        {"winner": WHITE, "kind": "triple"},
        {"winner": WHITE, "kind": "gammon", "multiplier": 3},
    ],
)
def test_a_game_result_that_cannot_happen_is_refused(fields):
    with pytest.raises(EngineError):
        GameResult(**fields)


# -- resigning before the end -------------------------------------------------


@pytest.mark.parametrize("loser", [WHITE, BLACK])
@pytest.mark.parametrize("kind, cube_value, points", [("single", 1, 1), ("gammon", 2, 4), ("backgammon", 4, 12)])
def test_an_accepted_resignation_is_worth_its_kind_times_the_cube(loser, kind, cube_value, points):
    from tutor.engine import resignation

    position = Position.initial(cube_value=cube_value, cube_owner=None if cube_value == 1 else loser)
    result = resignation(position, loser, kind)
    assert (result.winner, result.kind, result.points) == (1 - loser, kind, points)


def test_a_side_that_has_borne_off_a_checker_can_only_resign_a_single_game():
    from tutor.engine import resignation, resignations

    racing = Position.from_layout({1: 14}, {24: 15})
    assert resignations(racing, WHITE) == ("single",)
    assert resignations(racing, BLACK) == ("single", "gammon", "backgammon")
    with pytest.raises(RuleError, match="may resign"):
        resignation(racing, WHITE, "gammon")


def test_the_jacoby_rule_counts_a_resigned_gammon_as_a_single_game_while_the_cube_is_centred():
    from tutor.engine import resignation

    assert resignation(Position.initial(jacoby=True), WHITE, "gammon").points == 1
    assert resignation(Position.initial(jacoby=True, cube_value=2, cube_owner=BLACK), WHITE, "gammon").points == 4
    assert resignation(Position.initial(jacoby=True, match_length=5), WHITE, "gammon").points == 2


def test_a_finished_game_or_a_made_up_kind_or_side_cannot_be_resigned():
    from tutor.engine import resignation, resignations

    with pytest.raises(RuleError, match="game is over"):
        resignations(finished(WHITE, {24: 15}), BLACK)
    with pytest.raises(RuleError, match="not 'triple'"):
        resignation(Position.initial(), BLACK, "triple")
    with pytest.raises(RuleError, match="WHITE \\(0\\) or BLACK \\(1\\)"):
        resignations(Position.initial(), 2)
