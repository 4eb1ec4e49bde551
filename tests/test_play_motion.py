"""The rival's last play as the page slides it: steps named by the board's places, hits sent to the bar."""

from __future__ import annotations

import pytest

from tutor.engine import BLACK, WHITE
from tutor.play.models import LiveGame
from tutor.play.motion import rival_move

pytestmark = pytest.mark.django_db  # a new game draws its code among the stored ones


def told(side: int, kind: str, play: str = "", number: int = 5) -> dict:
    return {"number": number, "game_number": 1, "side": side, "kind": kind, "dice": [6, 1], "play": play,
            "points": 0, "result_kind": "", "phrase": ""}


def test_black_s_play_is_named_in_the_board_s_places_with_the_hit_checker_going_to_white_s_bar():
    game = LiveGame(recent=[told(BLACK, "move", "13/7* 8/7")])
    assert rival_move(game, WHITE) == {"number": 5, "steps": [
        {"side": "black", "from": "12", "to": "18"},
        {"side": "white", "from": "18", "to": "bar-white"},
        {"side": "black", "from": "17", "to": "18"},
    ]}
    assert rival_move(game, None) == rival_move(game, WHITE)  # a spectator sees every play slide


def test_entering_and_bearing_off_use_the_mover_s_bar_and_tray():
    game = LiveGame(recent=[told(WHITE, "move", "bar/22 6/off")])
    assert rival_move(game, BLACK)["steps"] == [
        {"side": "white", "from": "bar-white", "to": "22"},
        {"side": "white", "from": "6", "to": "off-white"},
    ]


def test_nothing_slides_for_the_player_s_own_play_a_later_phrase_or_a_play_that_could_not_move():
    assert rival_move(LiveGame(recent=[told(WHITE, "move", "13/7 8/7")]), WHITE) is None
    assert rival_move(LiveGame(recent=[told(BLACK, "move", "13/7"), told(BLACK, "phrase", number=6)]), WHITE) is None
    assert rival_move(LiveGame(recent=[told(BLACK, "move", "")]), WHITE) is None
    assert rival_move(LiveGame(recent=[]), WHITE) is None
