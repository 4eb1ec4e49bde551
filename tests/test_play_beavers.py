"""Beavers in live money games: chosen in the invitation like the Jacoby rule, shown on the page, exported as gnubg writes them."""

from __future__ import annotations

import random

import pytest

from tests.classroom_factories import signed_in
from tests.gnubg_import import imported
from tests.random_games import random_live_game
from tutor.engine import WHITE, can_double
from tutor.play import service
from tutor.play.models import LiveGame, Phase
from tutor.play.live_review import export_text, to_grade

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("live_dice")]


def invited(ana, bruno, *, beavers: bool = True) -> LiveGame:
    data = {"length": "0", "claim_minutes": "5", **({"beavers": "on"} if beavers else {})}
    assert signed_in(ana).post("/jugar/nueva/", data).status_code == 302
    game = LiveGame.objects.get()
    assert signed_in(bruno).post(f"/jugar/{game.code}/unirse/").status_code == 302
    game.refresh_from_db()
    return game


def doubled(game: LiveGame, players) -> tuple[LiveGame, int]:
    """Play on until the side on roll may double, and double: returns the game and the doubler."""
    for _ in range(60):
        game.refresh_from_db()
        if game.phase == Phase.ROLL and can_double(game.position):
            break
        side = game.side_to_act()
        data = {"play": game.position.legal_plays()[0].notation} if game.phase == Phase.MOVE else {}
        service.run(game.pk, players[side], "move" if data else "roll", seq=game.seq, **data)
    side = game.side_to_act()
    service.run(game.pk, players[side], "double", seq=game.seq)
    game.refresh_from_db()
    return game, side


def act(game: LiveGame, user, kind: str) -> LiveGame:
    service.run(game.pk, user, kind, seq=game.seq)
    game.refresh_from_db()
    return game


def test_the_invitation_offers_beavers_and_a_match_never_keeps_them(ana, bruno):
    assert "Con beavers (solo en partidas por dinero)" in signed_in(ana).get("/jugar/").content.decode()
    signed_in(ana).post("/jugar/nueva/", {"length": "3", "claim_minutes": "5", "beavers": "on"})
    assert LiveGame.objects.get().beavers is False


def test_without_the_option_a_beaver_is_refused(ana, bruno):
    players = (ana, bruno)
    game, doubler = doubled(invited(ana, bruno, beavers=False), players)
    with pytest.raises(service.GameError):
        act(game, players[1 - doubler], "beaver")
    assert "data-action-beaver" not in signed_in(players[1 - doubler]).get(game.get_absolute_url()).content.decode()


def test_a_beaver_taken_is_played_out_at_four_and_gnubg_imports_the_session_with_the_right_score(ana, bruno, tmp_path):
    players = (ana, bruno)
    game, doubler = doubled(invited(ana, bruno), players)
    taker = players[1 - doubler]
    page = signed_in(taker).get(game.get_absolute_url()).content.decode()
    assert "data-action-beaver" in page and "data-beavers" in page
    # The button's form, as a click sends it.
    response = signed_in(taker).post(f"/jugar/{game.code}/accion/", {"tipo": "beaver", "seq": game.seq})
    assert response.status_code in (200, 302)
    game.refresh_from_db()
    assert game.phase == Phase.BEAVER and game.side_to_act() == doubler
    assert "Tu rival ha hecho beaver" in signed_in(players[doubler]).get(game.get_absolute_url()).content.decode()
    game = act(game, players[doubler], "take")
    assert (game.position.cube_value, game.position.cube_owner) == (4, 1 - doubler)
    game = random_live_game(game, players, random.Random(7), games=1,
                            ending_weights={"double": 0, "offer": 0, "leave": 0, "claim": 0})
    result = game.actions.get(kind="result")
    assert result.points % 4 == 0
    text = export_text(game)
    assert "Beavers => 4" in text and "Takes" not in text.split("Game 2")[0]
    first = imported([(text, False)], tmp_path)[0][0]
    assert first == [0, 0, "X" if result.side == WHITE else "O", result.points]


def test_a_beaver_dropped_gives_the_beaver_the_doubled_value(ana, bruno, tmp_path):
    players = (ana, bruno)
    game, doubler = doubled(invited(ana, bruno), players)
    game = act(act(game, players[1 - doubler], "beaver"), players[doubler], "drop")
    result = game.actions.get(kind="result")
    assert (result.side, result.points) == (1 - doubler, 2)
    first = imported([(export_text(game), False)], tmp_path)[0][0]
    assert first == [0, 0, "X" if result.side == WHITE else "O", 2]
    # The review grades the double, not the doubler's answer to the beaver as if it answered a double.
    kinds = [action.kind for action in to_grade(game)]
    assert "double" in kinds and "drop" not in kinds
