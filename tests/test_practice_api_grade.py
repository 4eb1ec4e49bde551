"""POST /api/grade/: gnubg's light for any play of any position, as JSON."""

from __future__ import annotations

import json

import pytest
from django.core.cache import cache

from tutor.engine import Position
from tutor.practice import evaluator
from tutor.practice.evaluator import EvaluatorUnavailable

URL = "/api/grade/"
OPENING_31 = Position.initial().with_dice((3, 1)).to_xgid()
ISSUE_XGID = "XGID=-BCABbE-----------a--Bbgc-:0:0:-1:44:0:0:0:0:10"


def post(client, payload, **extra):
    body = payload if isinstance(payload, (str, bytes)) else json.dumps(payload)
    return client.post(URL, body, content_type="application/json", **extra)


@pytest.mark.django_db
def test_a_good_play_is_verde_with_gnubg_s_best_and_top_plays(client):
    response = post(client, {"xgid": OPENING_31, "play": "8/5 6/5"})
    assert response.status_code == 200
    answer = response.json()
    assert answer["legal"] is True and answer["colour"] == "verde"
    assert answer["equity_loss"] == 0.0 and answer["best"] == "8/5 6/5" and answer["ply"] == 2
    assert answer["top"][0] == {"play": "8/5 6/5", "equity": answer["top"][0]["equity"]}
    equities = [entry["equity"] for entry in answer["top"]]
    assert equities == sorted(equities, reverse=True)


@pytest.mark.django_db
def test_a_bad_play_is_rojo_with_its_loss(client):
    answer = post(client, {"xgid": OPENING_31, "play": "13/9"}).json()
    assert answer["colour"] == "rojo" and answer["equity_loss"] >= 0.12 and answer["best"] == "8/5 6/5"


@pytest.mark.django_db
def test_the_issue_s_play_is_graded_at_the_depth_of_the_best(client):
    answer = post(client, {"xgid": ISSUE_XGID, "play": "20/12(2)"}).json()
    reference = evaluator.full_width_plays(Position.from_xgid(ISSUE_XGID), 2)
    play = Position.from_xgid(ISSUE_XGID).check("20/12(2)").play
    assert answer["colour"] == "verde"
    assert answer["equity_loss"] == pytest.approx(reference.loss(play), abs=1e-4)


@pytest.mark.django_db
def test_the_cube_score_and_match_come_from_the_xgid(client):
    money = post(client, {"xgid": OPENING_31, "play": "8/5 6/5"}).json()
    match_xgid = Position.initial(match_length=7, score=(5, 2), cube_value=2, cube_owner=0).with_dice((3, 1)).to_xgid()
    match = post(client, {"xgid": match_xgid, "play": "8/5 6/5"}).json()
    assert match["legal"] and money["top"][0]["equity"] != match["top"][0]["equity"]


@pytest.mark.django_db
def test_an_illegal_play_answers_like_the_other_checks(client):
    response = post(client, {"xgid": OPENING_31, "play": "24/18"})
    assert response.status_code == 200
    answer = response.json()
    assert answer["legal"] is False and answer["message"]
    assert answer["reasons"][0]["code"] == "wrong-die"
    assert "colour" not in answer


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("payload", "fragment"),
    [
        ("{no json", "JSON válido"),
        ([1, 2], "objeto JSON"),
        ({"play": "8/5 6/5"}, "Falta «xgid»"),
        ({"xgid": OPENING_31}, "Falta «play»"),
        ({"xgid": "XGID=nada", "play": "8/5 6/5"}, "No entiendo ese XGID"),
        ({"xgid": Position.initial().to_xgid(), "play": "8/5 6/5"}, "no trae dados"),
        ({"xgid": OPENING_31, "play": ["8/5"]}, "debe ser un texto"),
        ({"xgid": OPENING_31, "play": "8/5 " * 100}, "demasiado largo"),
    ],
)
def test_bad_input_is_a_spanish_400(client, payload, fragment):
    response = post(client, payload)
    assert response.status_code == 400
    assert fragment in response.json()["error"]


@pytest.mark.django_db
def test_only_post_is_accepted_with_a_spanish_message(client):
    response = client.get(URL)
    assert response.status_code == 405 and response["Allow"] == "POST"
    assert "POST" in response.json()["error"]


@pytest.mark.django_db
def test_an_unavailable_evaluator_is_a_spanish_503(client, monkeypatch):
    def unavailable(*args, **kwargs):
        raise EvaluatorUnavailable("down")

    monkeypatch.setattr(evaluator, "_run", unavailable)
    response = post(client, {"xgid": OPENING_31, "play": "8/5 6/5"})
    assert response.status_code == 503
    assert "no está disponible" in response.json()["error"]


@pytest.mark.django_db
def test_the_endpoint_is_rate_limited(client, settings):
    settings.RATELIMITS = {**settings.RATELIMITS, "grade": (2, 60)}
    cache.clear()  # the earlier tests' requests counted too
    for _ in range(2):
        assert post(client, {"xgid": OPENING_31, "play": "24/18"}).status_code == 200
    refused = post(client, {"xgid": OPENING_31, "play": "24/18"})
    assert refused.status_code == 429
    assert refused.json()["error"]


@pytest.mark.django_db
def test_the_explorer_offers_valorar_jugada_for_its_position(client):
    page = client.get("/explorar/", {"xgid": ISSUE_XGID}).content.decode()
    assert "Valorar jugada" in page and 'data-grade-url="/api/grade/"' in page
    assert f'data-xgid="{ISSUE_XGID}"' in page and "js/practice/grade.js" in page
