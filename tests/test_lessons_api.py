"""The JSON API of the puzzles: the list and the checks, with CSRF on."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from tutor.lessons.library import get_library

pytestmark = pytest.mark.django_db


def puzzle_of_kind(kind: str):
    return next(puzzle for puzzle in get_library().puzzles().values() if puzzle.kind == kind)


def post_json(client: Client, url: str, data, **extra):
    body = data if isinstance(data, (str, bytes)) else json.dumps(data)
    return client.post(url, body, content_type="application/json", **extra)


def test_the_list_gives_slug_lesson_title_kind_xgid_and_dice_of_every_puzzle(client):
    response = client.get("/api/puzzles/")
    assert response.status_code == 200
    puzzles = response.json()["puzzles"]
    assert len(puzzles) == len(get_library().puzzles()) >= 30
    first = puzzles[0]
    assert {"slug", "lesson", "title", "kind", "xgid", "dice"} <= set(first)
    assert first["xgid"].startswith("XGID=")


def test_a_legal_play_is_correct_and_lists_every_legal_play(client):
    puzzle = puzzle_of_kind("jugada")
    play = puzzle.position.legal_plays()[0].notation
    data = post_json(client, f"/api/puzzles/{puzzle.slug}/check/", {"play": play}).json()
    assert data["correct"] is True and data["legal"] is True
    assert sorted(data["legal_plays"]) == sorted(p.notation or "pasar" for p in puzzle.position.legal_plays())


def test_an_illegal_play_names_the_rule_with_a_link_to_its_lesson_section(client):
    puzzle = next(p for p in get_library().puzzles().values() if p.is_play and p.tempting)
    tempting = puzzle.tempting[0]
    data = post_json(client, f"/api/puzzles/{puzzle.slug}/check/", {"play": tempting.text}).json()
    assert data["correct"] is False and data["legal"] is False
    assert data["reasons"][0]["code"] == tempting.code
    assert data["message"] == ""  # the page draws the headline; the reasons explain, once each
    assert len({reason["message"] for reason in data["reasons"]}) == len(data["reasons"])
    assert data["rule_url"].startswith("/lecciones/") and "#" in data["rule_url"]
    assert data["legal_plays"] is None


def test_unreadable_notation_is_a_syntax_verdict_in_spanish(client):
    puzzle = puzzle_of_kind("jugada")
    data = post_json(client, f"/api/puzzles/{puzzle.slug}/check/", {"play": "mueve la ficha"}).json()
    assert data["reasons"][0]["code"] == "syntax"
    assert "origen/destino" in data["reasons"][0]["message"]


def test_answers_of_the_other_kinds_are_judged(client):
    for kind in ("legalidad", "numero", "opcion"):
        puzzle = puzzle_of_kind(kind)
        right = post_json(client, f"/api/puzzles/{puzzle.slug}/check/", {"answer": puzzle.answer}).json()
        assert right["correct"] is True, kind


@pytest.mark.parametrize(
    "body, status, words",
    [
        ("{not json", 400, "JSON"),
        ("[1, 2]", 400, "objeto JSON"),
        ({"jugada": "13/7"}, 400, "Falta"),
        ({"play": ["13/7"]}, 400, "texto"),
        ({"play": "1" * 500}, 400, "demasiado largo"),
        ("x" * 5000, 413, "demasiado grande"),
    ],
)
def test_bad_bodies_get_a_spanish_4xx(client, body, status, words):
    puzzle = puzzle_of_kind("jugada")
    response = post_json(client, f"/api/puzzles/{puzzle.slug}/check/", body)
    assert response.status_code == status
    assert words in response.json()["error"]


def test_unknown_puzzles_and_wrong_methods_are_4xx(client):
    assert client.post("/api/puzzles/no-existe/check/", "{}", content_type="application/json").status_code == 404
    assert client.get(f"/api/puzzles/{puzzle_of_kind('jugada').slug}/check/").status_code == 405
    assert client.post("/api/puzzles/").status_code == 405


def test_csrf_protection_stays_on_and_the_cookie_token_is_accepted():
    client = Client(enforce_csrf_checks=True)
    puzzle = puzzle_of_kind("jugada")
    url = f"/api/puzzles/{puzzle.slug}/check/"
    assert post_json(client, url, {"play": "13/7"}).status_code == 403
    client.get(f"/lecciones/{puzzle.lesson}/")
    token = client.cookies["csrftoken"].value
    assert post_json(client, url, {"play": "13/7"}, HTTP_X_CSRFTOKEN=token).status_code == 200


def test_the_solution_lists_every_legal_play(client):
    puzzle = puzzle_of_kind("unica")
    data = client.get(f"/api/puzzles/{puzzle.slug}/solution/").json()
    assert data["legal_plays"] == [puzzle.position.legal_plays()[0].notation]


def test_the_explorer_checks_any_position_from_the_query_string(client):
    url = "/api/explorer/check/?xgid=XGID%3D-b----E-C---eE---c-e----B-%3A0%3A0%3A1%3A00%3A0%3A0%3A0%3A0%3A10&dados=3-1"
    legal = post_json(client, url, {"play": "8/5 6/5"}).json()
    assert legal["legal"] is True and len(legal["legal_plays"]) == 16
    illegal = post_json(client, url, {"play": "24/18"}).json()
    assert illegal["reasons"][0]["code"] == "wrong-die"
    bad = post_json(client, "/api/explorer/check/?xgid=nada&dados=3-1", {"play": "8/5"})
    assert bad.status_code == 400 and "XGID" in bad.json()["error"]
