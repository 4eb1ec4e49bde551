"""The doubling cube, as the rules page states it."""

from __future__ import annotations

import pytest

from tutor.engine import BLACK, WHITE, Position, RuleError, opponent
from tutor.engine.cube import CUBE_VALUES, REASONS, can_double, cube_limit, double_reasons, drop, take
from tutor.engine.match import Match

ALL_ROLLS = [(a, b) for a in range(1, 7) for b in range(1, 7)]


def next_turn(position: Position) -> Position:
    """The same board with the other side to roll (the play itself does not matter here)."""
    return position.replace(turn=opponent(position.turn), dice=None)


def doubling_war(position: Position) -> list[Position]:
    """Each side doubles on its turn, and the other always takes, until nobody can."""
    seen = [position]
    while can_double(seen[-1]):
        seen.append(next_turn(take(seen[-1])))
    return seen


def test_the_cube_shows_two_four_eight_sixteen_thirty_two_and_sixty_four():
    """«El cubo doblador lleva los números 2, 4, 8, 16, 32 y 64.»"""
    faces = (2, 4, 8, 16, 32, 64)
    assert CUBE_VALUES == faces
    values = [position.cube_value for position in doubling_war(Position.initial())]
    assert values == [1, *faces]


def test_a_cube_on_sixty_four_cannot_be_doubled_again():
    """«El cubo doblador lleva los números 2, 4, 8, 16, 32 y 64.»: 64 is the last face."""
    last = doubling_war(Position.initial())[-1]
    assert last.cube_value == max(CUBE_VALUES)
    assert double_reasons(last) == ("cube-at-maximum",)
    with pytest.raises(RuleError, match="cube-at-maximum"):
        take(last)


def test_a_lower_maximum_cube_stops_the_doubling_earlier():
    values = [p.cube_value for p in doubling_war(Position.initial(max_cube_log=3))]
    assert values[-1] == cube_limit(Position.initial(max_cube_log=3)) == 8


@pytest.mark.parametrize("side", [WHITE, BLACK])
def test_a_player_may_double_before_rolling(side):
    """«Antes de tirar, un jugador puede doblar.»"""
    before_rolling = Position.initial(turn=side)
    assert can_double(before_rolling)
    assert double_reasons(before_rolling) == ()


@pytest.mark.parametrize("dice", ALL_ROLLS)
def test_a_player_may_not_double_once_the_dice_are_rolled(dice):
    """«Antes de tirar, un jugador puede doblar.»: after the roll it is too late."""
    rolled = Position.initial().with_dice(dice)
    assert double_reasons(rolled) == ("dice-rolled",)
    for answer in (take, drop):
        with pytest.raises(RuleError, match="dice-rolled"):
            answer(rolled)


def test_a_player_may_not_double_on_the_other_sides_turn():
    position = Position.initial(turn=WHITE)
    assert double_reasons(position, BLACK) == ("not-your-turn",)
    assert can_double(position, WHITE)


@pytest.mark.parametrize("cube_value", [1, 2, 8, 32])
def test_the_opponent_who_accepts_keeps_the_cube(cube_value):
    """«El rival acepta y se queda con el cubo…»"""
    doubler = WHITE
    owner = None if cube_value == 1 else doubler
    offered = Position.initial(turn=doubler, cube_value=cube_value, cube_owner=owner)
    taken = take(offered)
    assert taken.cube_owner == opponent(doubler)
    assert taken.cube_value == 2 * cube_value
    assert (taken.turn, taken.dice) == (doubler, None)  # the doubler goes on to roll
    assert taken.checkers(WHITE) == offered.checkers(WHITE)


@pytest.mark.parametrize("cube_value", [1, 2, 8, 32])
@pytest.mark.parametrize("doubler", [WHITE, BLACK])
def test_the_opponent_who_passes_loses_the_current_stake(doubler, cube_value):
    """«…o abandona y pierde la apuesta actual.»"""
    owner = None if cube_value == 1 else doubler
    offered = Position.initial(turn=doubler, cube_value=cube_value, cube_owner=owner)
    result = drop(offered)
    assert (result.winner, result.kind) == (doubler, "single")
    assert result.points == offered.cube_value


def test_only_the_owner_of_the_cube_may_double_again():
    """«Después solo el dueño del cubo puede volver a doblar.»"""
    taken = take(Position.initial(turn=WHITE))
    assert double_reasons(next_turn(next_turn(taken))) == ("not-cube-owner",)
    owners_turn = next_turn(taken)
    assert owners_turn.turn == taken.cube_owner == BLACK
    assert can_double(owners_turn)
    redoubled = take(owners_turn)
    assert (redoubled.cube_owner, redoubled.cube_value) == (WHITE, 4)


def test_nobody_may_double_during_the_crawford_game():
    """«…se juega la partida Crawford: en esa partida nadie puede doblar.»"""
    crawford = Position.initial(**Match(5, (4, 2), crawford=True).position_fields())
    for side in (WHITE, BLACK):
        assert double_reasons(crawford.replace(turn=side)) == ("crawford-game",)


def test_a_finished_game_cannot_be_doubled():
    over = Position.from_layout({}, {24: 15})
    assert "game-over" in double_reasons(over.replace(turn=BLACK))


def test_every_reason_code_is_documented():
    refused = [
        Position.initial().with_dice("6-5"),
        Position.initial(cube_value=2, cube_owner=BLACK),
        Position.initial(cube_value=64, cube_owner=WHITE),
        Position.initial(match_length=3, score=(2, 0), crawford=True),
        Position.from_layout({}, {24: 15}),
    ]
    codes = {code for position in refused for side in (WHITE, BLACK) for code in double_reasons(position, side)}
    assert codes == set(REASONS)
