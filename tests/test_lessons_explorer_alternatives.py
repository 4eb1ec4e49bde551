"""The explorer says what to play instead of every illegal play, one play of each reason code."""

from __future__ import annotations

import json

import pytest

from tutor.engine import BLACK, CODES, Position
from tutor.rules import RULES

pytestmark = pytest.mark.django_db

INITIAL = Position.initial().to_xgid()
BAR_WAITING = "XGID=-----BD-C---eE---c-e----bA:0:0:1:53:0:0:0:0:10"
BEARING_OFF = "XGID=-AA-A--------------cccbbb-:0:0:1:65:0:0:0:0:10"
ONE_DIE = "XGID=-Nb----------A-----cccbb--:0:0:1:65:0:0:0:0:10"

ONE_OF_EACH = {
    "syntax": (INITIAL, "6-5", "mueve la ficha"),
    "no-checker": (INITIAL, "6-5", "bar/20"),
    "bar-first": (BAR_WAITING, "5-3", "13/8"),
    "backwards": (INITIAL, "6-5", "7/13"),
    "wrong-die": (INITIAL, "6-5", "13/5"),
    "blocked": (INITIAL, "6-5", "24/19"),
    "bear-off-not-all-home": (INITIAL, "6-5", "6/off"),
    "higher-die-not-highest": (BEARING_OFF, "6-5", "2/off 1/off"),
    "too-many-moves": (INITIAL, "6-5", "24/13 13/8 8/3"),
    "must-use-more-dice": (INITIAL, "6-5", "13/8"),
    "must-use-larger-die": (ONE_DIE, "6-5", "13/8"),
}


def check(client, xgid: str, dice: str, play: str) -> dict:
    response = client.post(
        f"/api/explorer/check/?xgid={xgid}&dados={dice}", json.dumps({"play": play}), content_type="application/json"
    )
    assert response.status_code == 200
    return response.json()


def test_one_illegal_play_of_each_reason_code_is_covered():
    assert set(ONE_OF_EACH) == set(CODES)


@pytest.mark.parametrize("code", list(ONE_OF_EACH))
def test_the_explorer_answers_an_illegal_play_with_a_legal_play_of_the_same_position(client, code):
    xgid, dice, play = ONE_OF_EACH[code]
    data = check(client, xgid, dice, play)
    assert data["legal"] is False and data["reasons"][0]["code"] == code
    instead = data["alternative"]
    position = Position.from_xgid(xgid).with_dice(dice)
    assert instead and position.check(instead).legal
    assert instead in data["reasons"][-1]["message"]
    assert instead in data["legal_plays"]


def test_a_black_learner_who_writes_whites_numbers_is_told_to_count_from_their_own_side(client):
    black = Position.initial().replace(turn=BLACK).to_xgid()
    data = check(client, black, "6-1", "12/18 17/18")
    message = data["reasons"][-1]["message"]
    assert "Cuenta desde tu lado" in message and message.endswith("13/7 8/7.")
    assert data["alternative"] == "13/7 8/7"
    assert data["rule_url"] == RULES["direction"].url


def test_a_correct_answer_to_a_puzzle_names_the_rule_of_its_section_with_its_link(client):
    response = client.post(
        "/api/puzzles/las-negras-cuentan-desde-su-lado/check/", json.dumps({"play": "13/7 8/7"}), content_type="application/json"
    )
    data = response.json()
    assert data["correct"] is True
    assert data["message"].endswith("Lo decide la regla «Las fichas solo avanzan hacia casa».")
    assert data["rule_url"] == RULES["direction"].url
