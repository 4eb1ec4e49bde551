"""Plays drawn as arrows over the server's board: one arrow per move, from the checker that moves to where it lands."""

from __future__ import annotations

import re

import pytest

from tutor.board.arrows import play_arrows
from tutor.board.geometry import board_places
from tutor.board.svg import render_board_svg
from tutor.engine import Position


def arrows(position: Position, notation: str, **options) -> list[str]:
    svg = play_arrows(position, position.check(notation).play.moves, **options)
    return re.findall(r'data-move="([^"]+)"', svg)


@pytest.mark.parametrize(
    ("xgid", "notation", "moves"),
    [
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10", "8/5 6/5", ["8/5", "6/5"]),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10", "24/20", ["24/21", "21/20"]),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:-1:31:0:0:0:0:10", "8/5 6/5", ["8/5", "6/5"]),
    ],
)
def test_each_move_of_a_play_is_an_arrow_in_the_mover_s_numbering(xgid, notation, moves):
    assert arrows(Position.from_xgid(xgid), notation) == moves


def test_entering_hitting_and_bearing_off_draw_from_the_bar_and_into_the_tray():
    entering = Position.from_layout({"bar": 1, 6: 5}, {20: 1, 12: 5}, dice=(5, 2))
    assert arrows(entering, "bar/20* 6/4") == ["bar/20*", "6/4"]
    home = Position.from_layout({1: 2, 2: 3}, {24: 2}, dice=(6, 5))
    assert arrows(home, "2/off(2)") == ["2/off", "2/off"]


def test_two_checkers_leaving_one_point_start_at_two_heights_and_the_arrow_ends_on_the_landing_point():
    position = Position.initial().with_dice((6, 5))
    svg = play_arrows(position, position.check("13/7 13/8").play.moves, style="best")
    starts = [float(y) for y in re.findall(r'<line x1="\d+" y1="(\d+)"', svg)[::2]]
    assert len(starts) == 2 and starts[0] != starts[1]
    places = {place.key: place for place in board_places(position)}
    heads = re.findall(r'<polygon points="(\d+),(\d+)', svg)
    assert {int(x) for x, _ in heads} == {places["7"].cx, places["8"].cx}


def test_the_arrows_are_drawn_over_the_board_for_screen_readers_and_print_alike():
    position = Position.initial().with_dice((3, 1))
    overlay = play_arrows(position, position.check("8/5 6/5").play.moves, flipped=True, style="played")
    svg = render_board_svg(position, flipped=True, overlay=overlay)
    assert svg.index('data-arrow="played"') > svg.index('data-point="24"') and svg.endswith("</svg>")
