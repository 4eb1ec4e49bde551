"""The FIBS rating formula against the worked examples its players published.

- The «batting average» table (rec.games.backgammon, bkgm.com/rgb/rgb.cgi?view+45): how often the
  favourite must win to keep its rating, by rating difference and match length: that is the
  formula's winning probability, to three decimals.
- The table of changes for experienced players (Goldtoken's «Ratings in Practice»): what a win and a
  loss do to a rating against an opponent rated higher or lower, by match length, to one decimal.
- The experience factor: five times as fast for a new player, four at 100 points of experience,
  three at 200, normal from 400 on (FIBS's «help formula»).
"""

from __future__ import annotations

import math

import pytest

from tutor.ratings.fibs import Standing, experience_factor, match_result, rating_change, win_probability

BATTING_AVERAGE = {
    100: (0.529, 0.550, 0.564, 0.576, 0.585, 0.594),
    200: (0.557, 0.598, 0.626, 0.648, 0.666, 0.682),
    300: (0.585, 0.645, 0.684, 0.714, 0.738, 0.759),
    400: (0.613, 0.689, 0.737, 0.772, 0.799, 0.822),
    500: (0.640, 0.730, 0.784, 0.821, 0.849, 0.871),
    700: (0.691, 0.802, 0.858, 0.894, 0.918, 0.935),
}
LENGTHS = (1, 3, 5, 7, 9, 11)

# Opponent's rating minus the player's -> (win, loss) for 1, 3, 5, 7 and 9-point matches.
EXPERIENCED = {
    1000: ((3.0, -1.0), (6.1, -0.8), (8.3, -0.6), (10.1, -0.5), (11.6, -0.4)),
    500: ((2.6, -1.4), (5.1, -1.9), (7, -2), (8.7, -1.9), (10.2, -1.8)),
    250: ((2.3, -1.7), (4.3, -2.6), (5.9, -3.1), (7.2, -3.4), (8.4, -3.6)),
    0: ((2.0, -2.0), (3.5, -3.5), (4.5, -4.5), (5.3, -5.3), (6.0, -6.0)),
    -250: ((1.7, -2.3), (2.6, -4.3), (3.1, -5.9), (3.4, -7.2), (3.6, -8.4)),
    -500: ((1.4, -2.6), (1.9, -5.1), (2, -7), (1.9, -8.7), (1.8, -10.2)),
}


@pytest.mark.parametrize("difference", sorted(BATTING_AVERAGE))
def test_the_favourite_wins_as_often_as_the_batting_average_table_says(difference):
    got = tuple(round(win_probability(1500 + difference, 1500, length), 3) for length in LENGTHS)
    assert got == BATTING_AVERAGE[difference]


@pytest.mark.parametrize("difference", sorted(EXPERIENCED))
def test_experienced_players_gain_and_lose_what_the_published_table_says(difference):
    me, opponent = Standing(1500, 1000), Standing(1500 + difference, 1000)
    for length, (win, loss) in zip((1, 3, 5, 7, 9), EXPERIENCED[difference]):
        gained, _ = rating_change(me, opponent, length)
        _, lost = rating_change(opponent, me, length)
        # The table prints one decimal (and «7», «2» for two cells): within one printed unit.
        assert gained == pytest.approx(win, abs=0.1) and -lost == pytest.approx(loss, abs=0.1), (length, gained, lost)


def test_a_new_player_s_rating_moves_five_times_as_fast_and_normally_from_400_points_of_experience():
    assert [experience_factor(points) for points in (0, 100, 200, 300, 400, 1500)] == [5, 4, 3, 2, 1, 1]
    new, old = Standing(1500, 0), Standing(1500, 2000)
    gain_new, loss_old = rating_change(new, old, 5)
    assert gain_new == pytest.approx(5 * loss_old) == pytest.approx(5 * 4 * math.sqrt(5) * 0.5)


def test_only_each_player_s_own_experience_scales_their_change_and_experience_grows_by_the_match_length():
    winner, loser = match_result(Standing(1600, 50), Standing(1500, 450), 7)
    gain, loss = winner.rating - 1600, 1500 - loser.rating
    assert gain == pytest.approx(4.5 * loss)
    assert (winner.experience, loser.experience) == (57, 457)


def test_an_upset_moves_the_ratings_more_than_the_expected_result_and_a_longer_match_more_than_a_short_one():
    favourite, underdog = Standing(1700, 1000), Standing(1500, 1000)
    upset, _ = rating_change(underdog, favourite, 5)
    expected, _ = rating_change(favourite, underdog, 5)
    assert upset > expected
    assert rating_change(underdog, favourite, 7)[0] > upset


def test_a_money_game_has_no_match_length_to_rate():
    with pytest.raises(ValueError):
        win_probability(1500, 1500, 0)
    with pytest.raises(ValueError):
        experience_factor(-1)


def test_the_examples_in_the_formula_s_docstrings_hold():
    import doctest

    import tutor.ratings.fibs

    result = doctest.testmod(tutor.ratings.fibs)
    assert result.attempted > 0 and result.failed == 0
