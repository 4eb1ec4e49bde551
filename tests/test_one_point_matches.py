"""1-point matches, offered in practice, in invitations and in the lobby: one game, a cube nobody turns, gnubg reads it."""

from __future__ import annotations

import random

import pytest

from tests.classroom_factories import signed_in
from tests.gnubg_import import imported
from tests.lobby_factories import NOW, later
from tests.practice_flow import decide, start
from tests.random_games import random_live_game
from tutor.games.cube_policy import refusals
from tutor.lobby import service as lobby
from tutor.lobby.service import Wish
from tutor.play.models import LiveGame
from tutor.play.live_review import export_text
from tutor.practice.models import Action, Phase

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("quick_and_reproducible")]


def test_practice_invitations_and_the_lobby_offer_a_1_point_match(ana):
    client = signed_in(ana)
    assert "Match a 1 punto" in client.get("/practica/").content.decode()
    assert "Match a 1 punto" in client.get("/jugar/").content.decode()


def test_a_1_point_match_against_the_program_is_one_game_with_a_dead_cube_and_gnubg_imports_it(client, tmp_path):
    match = start(client, length=1)
    pages = []
    for _ in range(300):
        match.refresh_from_db()
        if match.phase == Phase.MATCH_OVER:
            break
        pages.append(client.get(f"/practica/{match.pk}/").content.decode())
        assert decide(client, match, double_once=set()).status_code == 302
    assert match.phase == Phase.MATCH_OVER and match.game_number == 1 and max(match.score) == 1
    assert not any("data-action-double" in page for page in pages)
    assert any("El cubo ya vale lo que te falta para ganar el match" in page for page in pages)
    assert not match.actions.filter(kind=Action.Kind.DOUBLE).exists()
    exported = client.get(f"/practica/{match.pk}/partida.mat").content.decode()
    assert exported.startswith(" 1 point match")
    ((x, o, winner, points),) = imported([(exported, False)], tmp_path)[0]
    assert (x, o, points) == (0, 0, 1) and winner in ("X", "O")


def test_a_1_point_live_match_by_invitation_is_played_through_and_gnubg_imports_it(ana, bruno, tmp_path):
    assert signed_in(ana).post("/jugar/nueva/", {"length": "1", "claim_minutes": "5"}).status_code == 302
    game = LiveGame.objects.get()
    assert game.length == 1 and game.title == "Match a 1 punto"
    assert refusals(game.position) == ("dead-cube",) or game.position.dice
    signed_in(bruno).post(f"/jugar/{game.code}/unirse/")
    game = random_live_game(LiveGame.objects.get(pk=game.pk), (ana, bruno), random.Random(3), games=1,
                            ending_weights={"double": 0.5, "offer": 0, "leave": 0, "claim": 0})
    assert game.is_over and game.game_number == 1 and max(game.final_score) == 1
    assert not game.actions.filter(kind="double").exists()
    ((x, o, winner, points),) = imported([(export_text(game), False)], tmp_path)[0]
    assert (x, o, points) == (0, 0, 1) and winner in ("X", "O")


def test_the_lobby_pairs_two_players_asking_for_a_1_point_match(ana, bruno):
    first = lobby.play_now(ana, Wish(length=1, rated=True), now=NOW)
    game = lobby.play_now(bruno, Wish(length=1, rated=True), now=later(5)).game
    assert first.published is not None and game is not None and game.length == 1
