"""GNU Backgammon Position IDs and Match IDs, checked against gnubg itself."""

from __future__ import annotations

import base64
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.engine_positions import gnubg_board, synthetic_positions
from tutor.engine import BAR, BLACK, WHITE, GnubgIdError, Position, PositionError, opponent, parse_gnubg_id
from tutor.engine.gnubgid import (
    MATCH_ID_LENGTH,
    POSITION_ID_LENGTH,
    format_gnubg_id,
    match_id,
    position_id,
)

BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def random_game_positions(seed: int, games: int = 6) -> list[Position]:
    """Every position of a few games played with random legal plays."""
    rng = random.Random(seed)
    found = []
    for _ in range(games):
        position = Position.initial(turn=rng.choice((WHITE, BLACK)))
        while position.winner() is None:
            found.append(position)
            plays = position.legal_plays((rng.randint(1, 6), rng.randint(1, 6)))
            position = rng.choice(plays).result
        found.append(position)
    return found


def random_stakes(rng: random.Random) -> dict[str, object]:
    """Dice, cube and score fields of a position that could occur in play.

    The larger die comes first, as gnubg stores a roll.
    """
    cube_log = rng.randint(0, 6)
    high = rng.randint(1, 6)
    length = rng.choice((0, 0, 1, 3, 5, 7, 11, 25))
    score = (rng.randrange(length), rng.randrange(length)) if length else (0, 0)
    return {
        "dice": rng.choice((None, (high, rng.randint(1, high)))),
        "cube_value": 1 << cube_log,
        "cube_owner": rng.choice((WHITE, BLACK)) if cube_log else None,
        "match_length": length,
        "score": score,
        "crawford": cube_log == 0 and score.count(length - 1) == 1 and length > 1 and rng.random() < 0.5,
        "jacoby": not length and rng.random() < 0.5,
    }


def side_boards(position: Position) -> tuple[tuple[int, ...], tuple[int, ...]]:
    return position.checkers(WHITE), position.checkers(BLACK)


@st.composite
def positions(draw: st.DrawFn) -> Position:
    """Any board two sides could share, with any stakes a Match ID can carry."""
    white = [0] * 26
    black = [0] * 26
    for board, other in ((white, black), (black, white)):
        for _ in range(draw(st.integers(0, 15))):
            place = draw(st.integers(1, BAR))
            if place == BAR or not other[25 - place]:
                board[place] += 1
    length = draw(st.integers(0, 40))
    cube_log = draw(st.integers(0, 15))
    return Position(
        white,
        black,
        turn=draw(st.sampled_from((WHITE, BLACK))),
        dice=draw(st.none() | st.tuples(st.integers(1, 6), st.integers(1, 6))),
        cube_value=1 << cube_log,
        cube_owner=draw(st.sampled_from((WHITE, BLACK))) if cube_log else None,
        match_length=length,
        score=(draw(st.integers(0, 40)), draw(st.integers(0, 40))),
        crawford=bool(length) and draw(st.booleans()),
        jacoby=not length and draw(st.booleans()),
    )


# -- Position IDs -------------------------------------------------------------


def test_the_opening_position_has_the_position_id_the_gnubg_manual_gives():
    assert position_id(Position.initial()) == "4HPwATDgc/ABMA"
    assert side_boards(parse_gnubg_id("4HPwATDgc/ABMA")) == side_boards(Position.initial())


def test_position_ids_agree_with_gnubg_over_random_games_for_both_sides_on_roll():
    import gnubg

    games = random_game_positions(seed=7)
    assert {p.turn for p in games} == {WHITE, BLACK}
    for position in games:
        board = gnubg_board(position)
        assert position_id(position) == gnubg.positionid(board)
        assert [list(side) for side in gnubg.positionfromid(position_id(position))] == board


def test_position_ids_agree_with_gnubg_on_bars_primes_and_bear_offs():
    import gnubg

    for _, position in synthetic_positions(200, seed=11):
        assert position_id(position) == gnubg.positionid(gnubg_board(position))


def test_a_position_id_alone_is_read_with_white_on_roll_in_a_money_game():
    for position in random_game_positions(seed=3, games=2):
        read = parse_gnubg_id(position_id(position))
        assert read.turn == WHITE
        assert (read.dice, read.cube_value, read.cube_owner, read.match_length) == (None, 1, None, 0)
        assert read.checkers(WHITE) == position.mover
        assert read.checkers(BLACK) == position.opponent_board


def test_writing_a_position_id_refuses_a_side_with_more_than_fifteen_checkers():
    crowded = Position.from_layout({6: 16}, {19: 1})
    with pytest.raises(PositionError):
        position_id(crowded)


# -- Match IDs ----------------------------------------------------------------


def test_match_ids_agree_with_gnubg_matchid():
    import gnubg

    rng = random.Random(5)
    for _ in range(300):
        stakes = random_stakes(rng)
        stakes["jacoby"] = not stakes["match_length"]  # gnubg's default for money play
        position = Position.initial(turn=rng.choice((WHITE, BLACK)), **stakes)
        player = {WHITE: 1, BLACK: 0}
        cube_info = gnubg.cubeinfo(
            position.cube_value,
            -1 if position.cube_owner is None else player[position.cube_owner],
            player[position.turn],
            position.match_length,
            (position.score[BLACK], position.score[WHITE]),
            int(position.crawford),
            0,
        )
        pos_info = gnubg.posinfo(player[position.turn], 0, 0, 1, position.dice or (0, 0))
        assert match_id(position) == gnubg.matchid(cube_info, pos_info)


def test_gnubg_ids_read_the_same_position_as_gnubg_reads_from_the_xgid():
    """gnubg converts an XGID to its own ID; reading that ID gives the XGID's position."""
    import gnubg

    rng = random.Random(9)
    chosen = rng.sample(random_game_positions(seed=9, games=2), 40)
    for board in chosen:
        position = board.replace(**random_stakes(rng))
        gnubg.set_gnubg_id(position.to_xgid())
        assert parse_gnubg_id(gnubg.gnubg_id()) == position
        assert format_gnubg_id(position) == gnubg.gnubg_id()


def test_a_pending_double_is_read_with_the_doubler_on_roll_before_rolling():
    import gnubg

    # White (gnubg's player 1) has doubled; Black (player 0) must decide.
    cube_info = gnubg.cubeinfo(1, -1, 1, 7, (2, 3), 0, 0)
    pending = gnubg.matchid(cube_info, gnubg.posinfo(0, 0, 1, 1, (0, 0)))
    read = parse_gnubg_id("4HPwATDgc/ABMA", pending)
    assert (read.turn, read.dice, read.cube_value, read.score) == (WHITE, None, 1, (3, 2))


def test_the_combined_form_reads_like_the_two_ids_apart():
    rng = random.Random(2)
    for position in random_game_positions(seed=2, games=1)[::5]:
        position = position.replace(**random_stakes(rng))
        pos, match = position_id(position), match_id(position)
        assert parse_gnubg_id(pos, match) == position
        assert parse_gnubg_id(f"{pos}:{match}") == position
        assert parse_gnubg_id(f"  GNUbgID: {pos}:{match} ") == position


def test_both_sides_on_roll_round_trip_through_the_combined_id():
    rng = random.Random(4)
    for position in random_game_positions(seed=4, games=3):
        for turn in (position.turn, opponent(position.turn)):
            moved = position.replace(turn=turn, **random_stakes(rng))
            assert parse_gnubg_id(format_gnubg_id(moved)) == moved


@settings(max_examples=300)
@given(positions())
def test_any_position_round_trips_through_its_gnubg_id(position):
    assert parse_gnubg_id(format_gnubg_id(position)) == position


# -- bad input ----------------------------------------------------------------


def spell(key: int, size: int) -> str:
    """A key written the way gnubg writes IDs, using the standard library's base64."""
    return base64.b64encode(key.to_bytes(size, "little")).decode().rstrip("=")


OPENING = "4HPwATDgc/ABMA"


@pytest.mark.parametrize(
    ("position_text", "match_text", "complaint"),
    [
        (OPENING[:-1], None, "14 characters"),
        (OPENING + "!", None, "14 characters"),
        (OPENING.replace("/", "."), None, "unexpected character"),
        (OPENING[:-1] + "B", None, "padding bits"),
        (spell((1 << 16) - 1, 10), None, "has 16 checkers"),
        (OPENING, spell(0, 9)[:-1], "12 characters"),
        (OPENING, spell(0, 9)[:-1] + "*", "unexpected character"),
        (OPENING, spell(2 << 4, 9), "cube owner"),
        (OPENING, spell(7 << 8, 9), "game state"),
        (OPENING, spell(7 << 15, 9), "dice"),
        (OPENING, spell(3 << 18, 9), "dice"),
        (OPENING, spell(1 << 67, 9), "after the Jacoby flag"),
        ("", None, "14 characters"),
        (None, None, "text"),
        ("x" * 500, None, "at most"),
    ],
)
def test_bad_ids_raise_gnubg_id_error_saying_what_is_wrong(position_text, match_text, complaint):
    with pytest.raises(GnubgIdError, match=complaint):
        parse_gnubg_id(position_text, match_text)


def test_a_position_id_with_both_sides_on_one_point_is_refused():
    # Black's ace point (index 0 of the side off roll) is White's 24-point.
    shared = [[0] * 25, [0] * 25]
    shared[0][0] = 1
    shared[1][23] = 1
    import gnubg

    with pytest.raises(GnubgIdError, match="same point"):
        parse_gnubg_id(gnubg.positionid(shared))


@settings(max_examples=500)
@given(st.text(max_size=40) | st.text(alphabet=BASE64 + ":", min_size=12, max_size=30))
def test_arbitrary_text_either_reads_as_a_position_or_raises_gnubg_id_error(text):
    try:
        result = parse_gnubg_id(text)
    except GnubgIdError:
        return
    assert isinstance(result, Position)


@settings(max_examples=500)
@given(st.text(alphabet=BASE64, min_size=POSITION_ID_LENGTH, max_size=POSITION_ID_LENGTH))
def test_every_position_id_that_reads_is_the_one_gnubg_would_write(text):
    try:
        position = parse_gnubg_id(text)
    except GnubgIdError:
        return
    assert position_id(position) == text


@settings(max_examples=500)
@given(st.text(max_size=20) | st.text(alphabet=BASE64, min_size=MATCH_ID_LENGTH, max_size=MATCH_ID_LENGTH))
def test_arbitrary_match_ids_either_read_or_raise_gnubg_id_error(text):
    try:
        result = parse_gnubg_id("4HPwATDgc/ABMA", text)
    except GnubgIdError:
        return
    assert result.checkers(WHITE) == Position.initial().checkers(WHITE)


def test_position_reads_gnubg_ids_through_its_own_constructor():
    position = Position.initial(match_length=7, score=(3, 5), turn=BLACK).with_dice("4-2")
    assert Position.from_gnubg_id(position_id(position), match_id(position)) == position
