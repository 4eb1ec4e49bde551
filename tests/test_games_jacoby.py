"""The Jacoby rule in money games: chosen when the game is created, said on its page, scored by the engine."""

from __future__ import annotations

import pytest

from tests.classroom_factories import make_user, signed_in
from tests.test_practice_game import to_my_move
from tutor.engine import BLACK, WHITE, Position
from tutor.play import service
from tutor.play.models import LiveGame, Phase
from tutor.practice.models import PracticeMatch

pytestmark = pytest.mark.django_db

# White bears off its last checker with 6-5; Black has borne off none: a gammon on the board.
GAMMON_NEXT = Position.from_layout({1: 1}, {13: 15})


def live_money_game(jacoby: bool, cube: int = 1):
    white, black = make_user("ana"), make_user("bruno")
    client = signed_in(white)
    data = {"length": "0", "claim_minutes": "5", **({"jacoby": "on"} if jacoby else {})}
    assert client.post("/jugar/nueva/", data).status_code == 302
    game = LiveGame.objects.get(white=white)
    service.join(game, black)
    game.save()
    owner = None if cube == 1 else BLACK
    game.xgid = GAMMON_NEXT.replace(turn=WHITE, dice=(6, 5), cube_value=cube, cube_owner=owner,
                                    jacoby=game.position.jacoby).to_xgid()
    game.phase = Phase.MOVE
    game.save()
    return game, (white, black), client


@pytest.mark.parametrize(("jacoby", "cube", "points"), [(True, 1, 1), (True, 2, 4), (False, 1, 2)])
def test_a_live_money_gammon_counts_as_the_jacoby_rule_says(settings, jacoby, cube, points):
    settings.PRACTICE_DICE_SEED = 3
    game, (white, black), client = live_money_game(jacoby, cube)
    assert game.position.jacoby is jacoby
    page = client.get(game.get_absolute_url()).content.decode()
    expected = ("se aplica" if cube == 1 else "ya no: se ha doblado") if jacoby else "no se aplica"
    assert "Regla Jacoby" in page and f"<dd data-jacoby>{expected}</dd>" in page
    service.run(game.pk, white, "move", seq=game.seq, play="1/off")
    result = game.actions.get(kind="result")
    assert (result.side, result.result_kind, result.points) == (WHITE, "gammon", points)
    game.refresh_from_db()
    assert game.position.jacoby is jacoby and game.position.score == (points, 0)


def test_a_match_never_plays_with_the_jacoby_rule_nor_talks_about_it():
    white = make_user("ana")
    client = signed_in(white)
    client.post("/jugar/nueva/", {"length": "5", "claim_minutes": "5", "jacoby": "on"})
    game = LiveGame.objects.get(white=white)
    service.join(game, make_user("bruno"))
    assert not game.jacoby and not game.position.jacoby
    assert "Regla Jacoby" not in client.get(game.get_absolute_url()).content.decode()


@pytest.mark.usefixtures("quick_and_reproducible")
@pytest.mark.parametrize(("jacoby", "points"), [(True, 1), (False, 2)])
def test_a_practice_money_gammon_counts_as_the_jacoby_rule_says(client, jacoby, points):
    response = client.post("/practica/nueva/", {"length": 0, "level": "intermedio", **({"jacoby": "on"} if jacoby else {})})
    match = PracticeMatch.objects.get(pk=int(response["Location"].rstrip("/").rsplit("/", 1)[1]))
    to_my_move(client, match)
    assert match.position.jacoby is jacoby
    page = client.get(f"/practica/{match.pk}/").content.decode()
    assert f"<dd data-jacoby>{'se aplica' if jacoby else 'no se aplica'}</dd>" in page
    assert "mientras nadie doble, un gammon o un backgammon cuentan como partida simple" in page
    PracticeMatch.objects.filter(pk=match.pk).update(
        xgid=GAMMON_NEXT.replace(turn=WHITE, dice=(6, 5), jacoby=jacoby).to_xgid()
    )
    match.refresh_from_db()
    assert client.post(f"/practica/{match.pk}/jugar/?seq={match.seq}", {"play": "1/off"}).status_code == 302
    result = match.actions.get(kind="result")
    assert (result.side, result.result_kind, result.points) == (WHITE, "gammon", points)
    match.refresh_from_db()
    assert match.score == (points, 0)
    assert client.post(f"/practica/{match.pk}/siguiente/", {"seq": match.seq}).status_code == 302
    match.refresh_from_db()
    assert match.position.jacoby is jacoby and match.position.score == (points, 0)


@pytest.mark.usefixtures("quick_and_reproducible")
def test_a_practice_resignation_of_a_gammon_under_the_jacoby_rule_gives_a_single_game(client):
    response = client.post("/practica/nueva/", {"length": 0, "level": "intermedio", "jacoby": "on"})
    match = PracticeMatch.objects.get(pk=int(response["Location"].rstrip("/").rsplit("/", 1)[1]))
    to_my_move(client, match)
    match.refresh_from_db()
    assert "Gammon: 1 punto" in client.get(f"/practica/{match.pk}/").content.decode()
    client.post(f"/practica/{match.pk}/rendirse/", {"seq": match.seq, "nivel": "gammon"})
    assert match.actions.get(kind="result").points == 1
