"""Resigning a practice game as a single game, a gammon or a backgammon: the program accepts, the game is scored."""

from __future__ import annotations

import pytest

from tests.practice_flow import start
from tests.test_practice_game import to_my_move
from tutor.engine import Position
from tutor.practice.models import COMPUTER, LEARNER, Phase, PracticeMatch

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("quick_and_reproducible")]


def resign(client, match, level):
    match.refresh_from_db()
    return client.post(f"/practica/{match.pk}/rendirse/", {"seq": match.seq, "nivel": level})


def test_the_page_offers_each_way_to_resign_with_its_points(client):
    match = start(client, length=5)
    to_my_move(client, match)
    page = client.get(f"/practica/{match.pk}/").content.decode()
    for label in ("Partida simple: 1 punto", "Gammon: 2 puntos", "Backgammon: 3 puntos"):
        assert label in page
    assert 'action="/practica/%d/rendirse/"' % match.pk in page


def test_resigning_a_gammon_scores_it_for_the_program_and_the_match_goes_on(client):
    match = start(client, length=5)
    to_my_move(client, match)
    assert resign(client, match, "gammon").status_code == 302
    match.refresh_from_db()
    result = match.actions.get(kind="result")
    assert (result.side, result.points, result.result_kind) == (COMPUTER, 2, "gammon")
    assert match.phase == Phase.GAME_OVER and match.score == (0, 2)
    assert [a.kind for a in match.actions.order_by("number")][-3:] == ["offer", "accept", "result"]
    page = client.get(f"/practica/{match.pk}/").content.decode()
    assert "Te rindes con un gammon y el programa acepta." in page


def test_resigning_before_the_first_move_ends_the_game_too(client):
    match = start(client, length=3)
    match.refresh_from_db()
    while match.phase != Phase.MOVE or match.actions.filter(kind="move").exists():
        match.delete()
        match = start(client, length=3)
    assert resign(client, match, "single").status_code == 302
    match.refresh_from_db()
    assert match.score == (0, 1) and match.phase == Phase.GAME_OVER


def test_the_board_of_a_game_or_match_resigned_says_it_is_over_and_not_whose_turn_it_was(client):
    match = start(client, length=3)
    to_my_move(client, match)
    page = client.get(f"/practica/{match.pk}/").content.decode()
    assert "Juegan las <strong>blancas</strong>" in page
    assert resign(client, match, "single").status_code == 302
    match.refresh_from_db()
    assert match.phase == Phase.GAME_OVER and match.ended
    page = client.get(f"/practica/{match.pk}/").content.decode()
    assert "Partida terminada</p>" in page and "Turno de las" not in page and "Juegan las" not in page


def test_a_learner_with_a_checker_off_may_resign_only_a_single_game_and_a_bad_choice_changes_nothing(client):
    match = start(client, length=0)
    to_my_move(client, match)
    bearing_off = Position.from_layout({1: 14}, {24: 15}).replace(turn=LEARNER, dice=(6, 5))
    PracticeMatch.objects.filter(pk=match.pk).update(xgid=bearing_off.to_xgid())
    refused = resign(client, match, "gammon")
    assert refused.status_code == 409 and "solo rendirte con una partida simple" in refused.content.decode()
    unknown = resign(client, match, "todo")
    assert unknown.status_code == 400 and "partida simple, gammon o backgammon" in unknown.content.decode()
    assert not match.actions.filter(kind="result").exists()
    assert resign(client, match, "single").status_code == 302


def test_nobody_resigns_a_finished_game(client):
    match = start(client, length=3)
    PracticeMatch.objects.filter(pk=match.pk).update(phase=Phase.GAME_OVER)
    assert resign(client, match, "single").status_code == 409


def test_the_cube_box_names_a_double_that_waits_for_its_answer_in_practice():
    from tutor.practice.wording import cube_text

    position = Position.initial()
    assert cube_text(position) == "en el centro: nadie ha doblado"
    assert cube_text(position, Phase.ANSWER) == "en el centro; el programa te dobla a 2"
    assert cube_text(position, Phase.ANSWERING) == "en el centro; doblas a 2, el programa piensa si acepta"


def test_a_game_worth_more_than_the_match_needed_says_why_the_score_stops_at_the_matchs_length(client):
    match = start(client, length=1)
    to_my_move(client, match)
    assert resign(client, match, "gammon").status_code == 302
    match.refresh_from_db()
    assert match.phase == Phase.MATCH_OVER and match.score == (0, 1)
    page = client.get(f"/practica/{match.pk}/").content.decode()
    assert ("El programa gana la partida: gammon, 2 puntos. El programa gana el match. "
            "Le bastaba 1 punto: el marcador se queda en la longitud del match.") in page
