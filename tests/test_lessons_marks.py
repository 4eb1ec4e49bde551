"""The points a verdict marks on the board (`marks`), for every reason code, through the API."""

from __future__ import annotations

import json
from urllib.parse import urlencode

import pytest

from tutor.engine import BAR, CODES, OFF, Position
from tutor.lessons.library import get_library

pytestmark = pytest.mark.django_db

START_53 = "XGID=-b----E-C---eE---c-e----B-:0:0:1:53:0:0:0:0:10"
START_62 = "XGID=-b----E-C---eE---c-e----B-:0:0:1:62:0:0:0:0:10"
TWO_ON_BAR_33 = "XGID=-----BD-C---cD---b-ccb--bB:0:0:1:33:0:0:0:0:10"
BLOCKED_ONE_53 = "XGID=-b--AA-------------cccbb--:0:0:1:53:0:0:0:0:10"
HIGH_POINT_65 = "XGID=-AA-A--------------cccbbb-:0:0:1:65:0:0:0:0:10"
NOT_HOME_64 = "XGID=-FDC--b--AA--------dccc---:0:0:1:64:0:0:0:0:10"
ONE_DIE_65 = "XGID=-CbDDC-------A-----dccc---:0:0:1:65:0:0:0:0:10"
HIT_42 = "XGID=-----BD-C---cE---c-abbb-bA:0:0:1:42:0:0:0:0:10"

# (code, position, play, marks expected in the mover's numbering)
CASES = [
    ("syntax", START_62, "zz", []),
    ("no-checker", START_53, "13/8 7/4", [(7, "from"), (4, "to")]),
    ("bar-first", TWO_ON_BAR_33, "bar/22 13/10(3)", [(13, "from"), (BAR, "bar")]),
    ("backwards", START_53, "8/11 6/3", [(8, "from"), (11, "to")]),
    ("wrong-die", START_53, "24/21 24/16", [(24, "from"), (16, "to")]),
    ("blocked", BLOCKED_ONE_53, "5/off 4/1", [(4, "from"), (1, "to"), (1, "blocked")]),
    ("bear-off-not-all-home", NOT_HOME_64, "10/4 4/off", [(4, "from"), (OFF, "to"), (9, "outside")]),
    ("higher-die-not-highest", HIGH_POINT_65, "1/off 2/off", [(1, "from"), (OFF, "to"), (4, "highest"), (2, "from")]),
    ("too-many-moves", START_62, "13/7 13/11 8/2", []),
    ("must-use-more-dice", NOT_HOME_64, "10/4", [(10, "example"), (4, "example"), (9, "example"), (5, "example")]),
    ("must-use-larger-die", ONE_DIE_65, "13/8", [(13, "example"), (7, "example")]),
]


def explorer_marks(client, xgid: str, play: str) -> dict:
    position = Position.from_xgid(xgid)
    query = urlencode({"xgid": xgid, "dados": f"{position.dice[0]}-{position.dice[1]}"})
    return client.post(f"/api/explorer/check/?{query}", json.dumps({"play": play}), content_type="application/json").json()


def test_every_reason_code_has_a_case():
    assert sorted(code for code, *_ in CASES) == sorted(CODES)


@pytest.mark.parametrize(("code", "xgid", "play", "expected"), CASES, ids=[case[0] for case in CASES])
def test_each_reason_code_marks_the_points_that_decide_it(client, code, xgid, play, expected):
    data = explorer_marks(client, xgid, play)
    assert data["legal"] is False
    assert code in {reason["code"] for reason in data["reasons"]}
    assert data["marks"] == [{"point": point, "kind": kind} for point, kind in expected]


def test_a_legal_play_marks_its_captures_and_echoes_what_was_written(client):
    data = explorer_marks(client, HIT_42, "bar/23 23/19*")
    assert data["legal"] is True
    assert data["written"] == "bar/23 23/19*"
    assert data["play"] == "bar/19*"
    assert data["marks"] == [{"point": 19, "kind": "hit"}]


def test_a_repeated_reason_gives_each_mark_once(client):
    data = explorer_marks(client, TWO_ON_BAR_33, "bar/22 13/10(3)")
    assert len(data["marks"]) == len({(mark["point"], mark["kind"]) for mark in data["marks"]})


def test_the_puzzle_check_sends_marks_progress_and_the_next_step(client):
    puzzle = next(p for p in get_library().puzzles().values() if p.slug == "tres-tres-desde-la-barra")
    data = client.post(
        f"/api/puzzles/{puzzle.slug}/check/", json.dumps({"play": "bar/22 13/10(3)"}), content_type="application/json"
    ).json()
    assert {"point": BAR, "kind": "bar"} in data["marks"]
    assert data["progress"]["lesson"] == puzzle.lesson
    assert data["progress"]["solved"] == 0
    play = puzzle.position.legal_plays()[0].notation
    solved = client.post(
        f"/api/puzzles/{puzzle.slug}/check/", json.dumps({"play": play}), content_type="application/json"
    ).json()
    assert solved["correct"] is True
    assert solved["progress"]["solved"] == 1
    assert solved["progress"]["next_url"].startswith("/")
    assert solved["steps"] and all({"from", "to", "hit"} == set(step) for step in solved["steps"])


def test_a_question_that_is_not_about_a_play_sends_no_legal_play_list(client):
    puzzle = next(p for p in get_library().puzzles().values() if p.kind == "opcion")
    data = client.post(
        f"/api/puzzles/{puzzle.slug}/check/", json.dumps({"answer": puzzle.answer}), content_type="application/json"
    ).json()
    assert data["correct"] is True
    assert data["legal_plays"] is None
    assert data["marks"] == []


def test_the_solution_sends_the_steps_of_a_correct_play(client):
    puzzle = next(p for p in get_library().puzzles().values() if p.kind == "unica")
    data = client.get(f"/api/puzzles/{puzzle.slug}/solution/").json()
    assert data["shown"] == data["answer"]
    moved = Position.from_xgid(puzzle.position.to_xgid()).check(data["answer"]).play
    assert [(step["from"], step["to"]) for step in data["steps"]] == [(m.src, m.dst) for m in moved.moves]


def test_without_javascript_the_verdict_echoes_the_play_as_written(client):
    html = client.post("/ejercicios/entrar-y-capturar-en-el-19/", {"play": "bar/23 23/19*"}).content.decode()
    assert "Tu jugada: <code>bar/23 23/19*</code> (equivale a <code>bar/19*</code>)" in html


def test_without_javascript_a_play_written_in_another_order_is_echoed_once_without_equivale(client):
    html = client.post("/ejercicios/entrar-y-capturar-en-el-19/", {"play": "13/9 bar/23"}).content.decode()
    assert "Tu jugada: <code>bar/23 13/9</code></p>" in html and "equivale" not in html


@pytest.mark.parametrize("module", ["tutor.rules.marks", "tutor.board.refusals"])
def test_the_examples_in_the_docstrings_hold(module):
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(module))
    assert result.attempted and not result.failed


def test_an_interactive_board_tells_the_browser_which_drops_to_refuse_and_where_to_ask_why(client):
    html = client.get("/ejercicios/entrar-y-capturar-en-el-19/").content.decode()
    assert "data-refusals=" in html
    assert 'data-refusal-url="/api/board/refusal/"' in html
    assert 'data-play-url="/api/board/play/"' in html
    assert "No puedes ir" not in html  # the board's data says which drops; the server says why when asked
