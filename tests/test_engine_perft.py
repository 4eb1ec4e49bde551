"""Perft-like table: the number of distinct legal plays in tricky positions.

Each row is (XGID with no dice, roll, number of distinct legal plays, plays
being distinct by the position they reach).  The numbers were taken once
from GNU Backgammon's move generator (``gnubg_nn.moves`` of gnubg-nn
1.1.0a11) and cross-checked with it; a roll with no legal move counts as one
play, the pass.  They are written here rather than computed, so that this
table also holds without GNU Backgammon installed.
"""

from __future__ import annotations

import pytest

from tutor.engine import Position, parse_dice

OPENING = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"
CLOSED_OUT = "XGID=------E-C---cE-----bbbbbbB:0:0:1:00:0:0:0:0:10"  # two on the bar against a closed board
ONLY_THE_LARGER_DIE = "XGID=-N-cee-----------b------A-:0:0:1:00:0:0:0:0:10"  # 24/18 or 24/23, never both
ONLY_THE_SMALLER_DIE = "XGID=-N--de-----------bb-----A-:0:0:1:00:0:0:0:0:10"  # the 18 and the 17 blocked
OPENING_BLACK_ON_ROLL = "XGID=-b----E-C---eE---c-e----B-:0:0:-1:00:0:0:0:0:10"
BAR_AGAINST_FIVE_POINTS = "XGID=-e----F-C----E-----bbbbb-A:0:0:1:00:0:0:0:0:10"  # one on the bar; Black's 19-23 made, 24 open
TWO_ON_THE_BAR = "XGID=------E-C---eE-----bbcc--B:0:0:1:00:0:0:0:0:10"  # against a 4-point board (19-22 made)
THREE_ON_THE_BAR = "XGID=-e----E-C---eD-----bb-a--C:0:0:1:00:0:0:0:0:10"  # a Black blot on the 22 to hit while entering
BEAR_OFF_HIGHER_DIE = "XGID=----BA-------------eee----:0:0:1:00:0:0:0:0:10"  # three checkers left on the 5 and the 4
BEAR_OFF_MIXED = "XGID=-B---AA------------ee--cb-:0:0:1:00:0:0:0:0:10"  # checkers on 6, 5 and 1: exact, higher and inner moves
BEAR_OFF_WITH_CONTACT = "XGID=-BaCCCC---------------eed-:0:0:1:00:0:0:0:0:10"  # a Black blot on White's 2 point while White bears off
BEAR_OFF_ONE_OUTSIDE = "XGID=---CCDD-A-------------eee-:0:0:1:00:0:0:0:0:10"  # one White checker on the 8 must come home first
MANY_PLAYS = "XGID=---C-BD----AA-A--BA---bdd-:0:0:1:00:0:0:0:0:10"  # from a self-play game, the slowest position of the benchmark
WORST_CASE = "XGID=a--AA-AA-AA-A-AA-AA-AA-AA-:0:0:1:00:0:0:0:0:10"
"""15 lone White checkers, Black's last checker on the bar: 2,226 plays with 1-1,
the most found by a search over lone-checker layouts."""

PERFT = [
    # opening
    (OPENING, "2-1", 15),
    (OPENING, "3-1", 16),
    (OPENING, "3-2", 17),
    (OPENING, "4-1", 14),
    (OPENING, "4-2", 18),
    (OPENING, "4-3", 17),
    (OPENING, "5-1", 8),
    (OPENING, "5-2", 8),
    (OPENING, "5-3", 9),
    (OPENING, "5-4", 9),
    (OPENING, "6-1", 10),
    (OPENING, "6-2", 14),
    (OPENING, "6-3", 14),
    (OPENING, "6-4", 14),
    (OPENING, "6-5", 7),
    # opening doubles
    (OPENING, "1-1", 42),
    (OPENING, "2-2", 75),
    (OPENING, "3-3", 73),
    (OPENING, "4-4", 52),
    (OPENING, "5-5", 4),
    (OPENING, "6-6", 11),
    # opening, black
    (OPENING_BLACK_ON_ROLL, "6-5", 7),
    (OPENING_BLACK_ON_ROLL, "3-1", 16),
    # bar vs 5-point board
    (BAR_AGAINST_FIVE_POINTS, "6-5", 1),
    (BAR_AGAINST_FIVE_POINTS, "6-1", 3),
    (BAR_AGAINST_FIVE_POINTS, "1-1", 21),
    # two on bar vs 4-point board
    (TWO_ON_THE_BAR, "2-2", 8),
    (TWO_ON_THE_BAR, "2-1", 1),
    (TWO_ON_THE_BAR, "4-2", 1),
    (TWO_ON_THE_BAR, "6-6", 1),
    # three on bar, blot on entry point
    (THREE_ON_THE_BAR, "3-3", 3),
    (THREE_ON_THE_BAR, "3-1", 1),
    (THREE_ON_THE_BAR, "2-2", 4),
    # closed out
    (CLOSED_OUT, "6-6", 1),
    (CLOSED_OUT, "6-5", 1),
    (CLOSED_OUT, "1-1", 1),
    # bear-off, higher die
    (BEAR_OFF_HIGHER_DIE, "6-2", 2),
    (BEAR_OFF_HIGHER_DIE, "6-5", 1),
    (BEAR_OFF_HIGHER_DIE, "6-6", 1),
    # bear-off, mixed
    (BEAR_OFF_MIXED, "6-5", 2),
    (BEAR_OFF_MIXED, "4-3", 2),
    (BEAR_OFF_MIXED, "2-1", 5),
    (BEAR_OFF_MIXED, "1-1", 8),
    # bear-off with contact
    (BEAR_OFF_WITH_CONTACT, "4-1", 15),
    (BEAR_OFF_WITH_CONTACT, "3-1", 19),
    (BEAR_OFF_WITH_CONTACT, "5-2", 8),
    (BEAR_OFF_WITH_CONTACT, "1-1", 77),
    # bear-off, one checker still outside
    (BEAR_OFF_ONE_OUTSIDE, "6-2", 5),
    (BEAR_OFF_ONE_OUTSIDE, "2-1", 22),
    (BEAR_OFF_ONE_OUTSIDE, "5-5", 5),
    # only the larger die
    (ONLY_THE_LARGER_DIE, "6-1", 1),
    # only the smaller die
    (ONLY_THE_SMALLER_DIE, "6-1", 1),
    # worst case
    (WORST_CASE, "1-1", 2226),
    # self-play, many plays
    (MANY_PLAYS, "1-1", 358),
    (MANY_PLAYS, "2-2", 355),
]


@pytest.mark.parametrize(("xgid", "roll", "expected"), PERFT)
def test_the_number_of_distinct_legal_plays_matches_the_table(xgid, roll, expected):
    plays = Position.from_xgid(xgid).legal_plays(parse_dice(roll))
    assert len(plays) == expected
    assert len({play.result for play in plays}) == expected


def test_the_table_covers_every_roll_of_the_opening():
    rolls = {tuple(sorted(parse_dice(roll))) for xgid, roll, _ in PERFT if xgid == OPENING}
    assert len(rolls) == 21


@pytest.mark.parametrize("roll", ["6-6", "6-5", "1-1"])
def test_a_closed_out_side_passes_and_the_position_stays_as_it_was(roll):
    position = Position.from_xgid(CLOSED_OUT)
    (play,) = position.legal_plays(parse_dice(roll))
    assert play.is_pass
    assert play.result.checkers(0) == position.checkers(0) and play.result.checkers(1) == position.checkers(1)


def test_when_either_die_could_be_played_but_not_both_the_larger_is_played():
    (play,) = Position.from_xgid(ONLY_THE_LARGER_DIE).legal_plays((6, 1))
    assert [move.die for move in play.moves] == [6]


def test_when_only_the_smaller_die_can_be_played_it_is_played():
    (play,) = Position.from_xgid(ONLY_THE_SMALLER_DIE).legal_plays((6, 1))
    assert [move.die for move in play.moves] == [1]


def test_the_worst_case_has_fifteen_lone_checkers_and_every_play_moves_four_times():
    position = Position.from_xgid(WORST_CASE)
    assert sorted(position.mover[1:25]).count(1) == 15
    plays = position.legal_plays((1, 1))
    assert {play.dice_used for play in plays} == {4}
    assert len(plays) == max(count for xgid, roll, count in PERFT)
