"""The drills API: the rule list, fresh drills, and checks that feed the learner's memory."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from tutor.drills import RULES, generate

pytestmark = pytest.mark.django_db


def post_json(client: Client, url: str, data):
    body = data if isinstance(data, (str, bytes)) else json.dumps(data)
    return client.post(url, body, content_type="application/json")


def test_the_list_gives_every_rule_with_title_lesson_and_levels(client):
    rules = client.get("/api/drills/").json()["rules"]
    assert [rule["rule"] for rule in rules] == list(RULES)
    assert all(rule["title"] and rule["lesson"] and rule["levels"] == [1, 2, 3] for rule in rules)


def test_drills_are_reproducible_by_level_and_seed_with_the_dice_in_the_xgid(client):
    first = client.get("/api/drills/bar-first/?level=2&seed=9&n=4").json()["drills"]
    again = client.get("/api/drills/bar-first/?level=2&seed=9&n=4").json()["drills"]
    other = client.get("/api/drills/bar-first/?level=2&seed=10&n=4").json()["drills"]
    assert first == again and len(first) == 4
    assert [d["xgid"] for d in first] != [d["xgid"] for d in other]
    drill = first[0]
    assert set(drill) >= {"id", "rule", "level", "xgid", "dice", "kind", "question", "tempting", "check_url"}
    assert drill["rule"] == "bar-first" and drill["level"] == 2 and drill["tempting"]
    assert drill["xgid"].split(":")[4] == f"{drill['dice'][0]}{drill['dice'][1]}"


@pytest.mark.parametrize(
    "query,message",
    [("level=4", "level"), ("level=x", "level"), ("n=51", "n"), ("n=0", "n"), ("seed=-1", "seed"), ("seed=99999999999", "seed")],
)
def test_bad_parameters_get_a_spanish_400(client, query, message):
    response = client.get(f"/api/drills/blocked/?{query}")
    assert response.status_code == 400
    assert f"«{message}»" in response.json()["error"]


def test_an_unknown_rule_or_drill_is_a_spanish_404(client):
    assert "no existe" in client.get("/api/drills/nada/").json()["error"]
    response = post_json(client, "/api/drills/check/nada.1.2.3/", {"play": "13/7"})
    assert response.status_code == 404 and "no existe" in response.json()["error"]


def test_the_tempting_play_is_illegal_with_the_rule_explained_in_spanish(client):
    drill = client.get("/api/drills/enter-blocked/?level=1&seed=3&n=1").json()["drills"][0]
    data = post_json(client, drill["check_url"], {"play": drill["tempting"]}).json()
    assert data["correct"] is False and data["legal"] is False
    assert data["reasons"][0]["code"] == "blocked" and "bloqueado" in data["reasons"][0]["message"]
    assert data["streak"] == 0 and data["rule"] == "enter-blocked"
    # The board marks the blocked entry point, as a lesson's board does.
    assert data["marks"] and all(mark["kind"] for mark in data["marks"])
    assert any(mark["kind"] == "blocked" for mark in data["marks"]), data["marks"]


def test_a_legal_play_is_correct_raises_the_streak_and_two_make_the_rule_practised(client):
    drills = client.get("/api/drills/blocked/?level=2&seed=5&n=2").json()["drills"]
    streaks = []
    for drill in drills:
        play = generate(*_parts(drill["id"])).accepted_plays()[0].notation
        data = post_json(client, drill["check_url"], {"play": play}).json()
        assert data["correct"] is True and data["legal_plays"]
        streaks.append(data["streak"])
    assert streaks == [1, 2] and (data["level"]["value"], data["level"]["word"]) == (1, "practicada")
    # When to review the rule next is the answer's too: what the drill page says once reloaded.
    page = client.get("/entrenar/blocked/").content.decode()
    assert f"· repasar {data['level']['review_when']}</span>" in page


def test_after_a_wrong_answer_the_rule_is_to_be_reviewed_today_as_the_reloaded_page_says(client):
    drills = client.get("/api/drills/blocked/?level=2&seed=5&n=2").json()["drills"]
    right = generate(*_parts(drills[0]["id"])).accepted_plays()[0].notation
    assert post_json(client, drills[0]["check_url"], {"play": right}).json()["level"]["review_when"] != "hoy"
    wrong = post_json(client, drills[1]["check_url"], {"play": drills[1]["tempting"]}).json()
    assert wrong["correct"] is False and wrong["level"]["review_when"] == "hoy"
    assert "· repasar hoy</span>" in client.get("/entrenar/blocked/").content.decode()


def _parts(drill_id: str):
    rule, level, seed, index = drill_id.split(".")
    return rule, int(level), int(seed), int(index)


@pytest.mark.parametrize("rule", ["pip-count", "scoring", "may-double", "hit", "closed-out", "larger-die", "bear-off-exact"])
def test_answers_of_every_kind_are_judged_against_the_drill(client, rule):
    drill = generate(rule, 2, 1, 0)
    field = "play" if drill.is_play else "answer"
    url = f"/api/drills/check/{drill.id}/"
    right = drill.accepted_plays()[0].notation if drill.is_play else drill.answer
    passing = {"pass": True} if drill.is_play and not right else {}  # a pass is sent on purpose, with «Paso»
    assert post_json(client, url, {field: right, **passing}).json()["correct"] is True
    if drill.is_play:
        wrong = drill.tempting
    elif drill.asks_choice:
        wrong = next(key for key, _ in drill.choices if key != drill.answer)
    elif drill.kind == "numero":
        wrong = str(int(drill.answer) + 1)
    else:
        wrong = "no" if drill.answer == "si" else "si"
    assert post_json(client, url, {field: wrong}).json()["correct"] is False


@pytest.mark.parametrize("body", ["[1]", "no json", json.dumps({"answer": "13/7"}), json.dumps({"play": ["x"]})])
def test_malformed_checks_get_a_spanish_400(client, body):
    drill = generate("blocked", 1, 0, 0)
    response = post_json(client, f"/api/drills/check/{drill.id}/", body)
    assert response.status_code == 400 and response.json()["error"]


def test_a_gammon_under_the_jacoby_rule_with_the_cube_in_the_middle_is_explained_as_a_single_game(client):
    drill = next(
        drill for index in range(200)
        if (drill := generate("scoring", 2, 3, index)).facts[3] and drill.facts[0] != "single" and drill.position.cube_value == 1
    )
    data = post_json(client, f"/api/drills/check/{drill.id}/", {"answer": "2"}).json()
    assert drill.answer == "1" and data["correct"] is False
    assert "con la regla Jacoby y el cubo sin doblar cuenta como una partida simple" in data["message"]


@pytest.mark.parametrize("rule,level", [("blocked", 2), ("bar-first", 3), ("enter-point", 2)])
def test_a_drill_that_asks_for_a_capture_refuses_a_legal_play_that_captures_nothing_and_names_the_one_that_does(client, rule, level):
    drill = next(
        drill for drill in (generate(rule, level, 2, index) for index in range(30)) if any(not play.hits for play in drill.position.legal_plays())
    )
    assert "captura una ficha del rival" in drill.question
    url = f"/api/drills/check/{drill.id}/"
    miss = next(play for play in drill.position.legal_plays() if not play.hits).notation
    meeting = drill.accepted_plays()[0].notation
    missed = post_json(client, url, {"play": miss}).json()
    assert missed["correct"] is False and missed["legal"] is True and missed["streak"] == 0
    assert missed["message"].endswith(f"no capturas ninguna ficha. Para capturar, juega «{meeting}».")
    right = post_json(client, url, {"play": meeting}).json()
    assert right["correct"] is True and "Cumple el objetivo: capturar." in right["message"]


def test_a_notation_drill_sends_its_arrows_and_accepts_any_notation_of_the_play_they_draw(client):
    drill = client.get("/api/drills/notation/?level=2&seed=5&n=1").json()["drills"][0]
    assert drill["kind"] == "notacion" and drill["play"] is None and len(drill["arrows"]) == 2
    first, second = drill["arrows"]
    assert first["to"] == second["from"]
    written = f"{first['from']}/{first['to']} {second['from']}/{second['to']}"
    data = post_json(client, drill["check_url"], {"answer": written}).json()
    assert data["correct"] is True and "jugada de las flechas" in data["message"]


def test_find_the_mistake_sends_the_arrows_of_an_illegal_play_and_four_rules_to_choose_from(client):
    drill = client.get("/api/drills/find-the-mistake/?level=1&seed=5&n=1").json()["drills"][0]
    assert drill["kind"] == "opcion" and drill["arrows"] and len(drill["choices"]) == 4 and drill["play"] is None
    wrong = next(choice["value"] for choice in drill["choices"])
    data = post_json(client, drill["check_url"], {"answer": wrong}).json()
    assert "regla" in data["message"] and data["rule_url"].startswith("/lecciones/")
    assert post_json(client, drill["check_url"], {"answer": "nada"}).status_code == 400
