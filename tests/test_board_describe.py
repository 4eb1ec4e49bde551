"""Spanish descriptions of positions, read by screen readers and shown under the board."""

import pytest

from tutor.board.describe import (
    board_title,
    describe_cube,
    describe_dice,
    describe_match,
    describe_position,
    describe_side,
    describe_turn,
    side_points,
)
from tutor.engine import BLACK, WHITE, Position


def test_white_on_roll_with_the_dice_is_said_first():
    position = Position.from_layout({6: 2}, {19: 2}, dice=(3, 6))
    assert describe_turn(position) == "Juegan las blancas con 6 y 3."


def test_black_on_roll_without_dice_says_the_dice_are_still_to_throw():
    position = Position.from_layout({6: 2}, {19: 2}, turn=BLACK)
    assert describe_turn(position) == "Turno de las negras; aún no han tirado los dados."


def test_doubles_are_named_as_doubles():
    assert describe_dice((4, 4)) == "dobles de 4"
    assert describe_dice((1, 5)) == "5 y 1"


def test_a_side_lists_points_then_bar_then_borne_off_checkers():
    position = Position.from_layout({6: 2, 4: 1, "bar": 1, 3: 2}, {21: 2})
    assert describe_side(position, WHITE) == "Blancas: 2 fichas en el 6, 1 en el 4, 2 en el 3 y 1 en la barra; 9 fichas retiradas."


def test_a_single_checker_and_a_single_borne_off_checker_are_singular():
    position = Position.from_layout({6: 14}, {19: 1, 2: 13})
    assert describe_side(position, BLACK) == "Negras: 13 fichas en el 2 y 1 en el 19; 1 ficha retirada."
    assert describe_side(position, WHITE) == "Blancas: 14 fichas en el 6; 1 ficha retirada."


def test_a_side_with_everything_borne_off_says_so():
    position = Position.from_layout({}, {19: 3})
    assert describe_side(position, WHITE) == "Blancas: 15 fichas retiradas."


def test_a_side_with_only_bar_checkers_names_the_bar():
    position = Position.from_layout({"bar": 1}, {19: 3})
    assert describe_side(position, WHITE) == "Blancas: 1 ficha en la barra; 14 fichas retiradas."


def test_black_points_use_whites_numbering_in_blacks_direction_of_travel():
    assert side_points(Position.initial(), BLACK) == [(1, 2), (12, 5), (17, 3), (19, 5)]
    assert side_points(Position.initial(), WHITE) == [(24, 2), (13, 5), (8, 3), (6, 5)]


def test_the_initial_position_is_described_in_full():
    assert describe_position(Position.initial()) == (
        "Turno de las blancas; aún no han tirado los dados. "
        "Blancas: 2 fichas en el 24, 5 en el 13, 3 en el 8 y 5 en el 6. "
        "Negras: 2 fichas en el 1, 5 en el 12, 3 en el 17 y 5 en el 19."
    )


def test_a_bear_off_position_describes_dice_checkers_and_borne_off_counts():
    position = Position.from_layout({6: 2, 4: 1, "bar": 1}, {21: 2}, dice=(6, 4))
    assert describe_position(position) == (
        "Juegan las blancas con 6 y 4. "
        "Blancas: 2 fichas en el 6, 1 en el 4 y 1 en la barra; 11 fichas retiradas. "
        "Negras: 2 fichas en el 21; 13 fichas retiradas."
    )


def test_a_centred_cube_at_one_is_not_mentioned():
    assert describe_cube(Position.initial()) == ""


def test_an_owned_cube_gives_its_value_and_owner():
    position = Position.initial(cube_value=4, cube_owner=BLACK)
    assert describe_cube(position) == "El cubo doblador está en 4 y lo tienen las negras."
    assert describe_position(position).endswith("El cubo doblador está en 4 y lo tienen las negras.")


def test_a_money_game_has_no_score():
    assert describe_match(Position.initial()) == ""


def test_a_match_gives_the_score_and_the_crawford_game():
    position = Position.initial(match_length=7, score=(6, 3), crawford=True)
    assert describe_match(position) == "Match a 7 puntos: blancas 6, negras 3. Partida Crawford: no se puede doblar."


@pytest.mark.parametrize(
    ("position", "title"),
    [
        (Position.initial(), "Tablero de backgammon: turno de las blancas, sin dados"),
        (Position.initial(turn=BLACK, dice=(5, 5)), "Tablero de backgammon: juegan las negras con dobles de 5"),
    ],
)
def test_the_board_title_names_the_side_on_roll_and_the_dice(position, title):
    assert board_title(position) == title


def test_a_description_in_blacks_numbering_says_so_and_numbers_both_sides_from_blacks_home():
    position = Position.from_layout({6: 2, 24: 1}, {19: 3, "bar": 1}, turn=BLACK, dice=(5, 2))
    assert describe_position(position, numbering=BLACK) == (
        "Juegan las negras con 5 y 2. Los puntos se cuentan desde la casa de las negras. "
        "Blancas: 1 ficha en el 1 y 2 en el 19; 12 fichas retiradas. "
        "Negras: 3 fichas en el 6 y 1 en la barra; 11 fichas retiradas."
    )
