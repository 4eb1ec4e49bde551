"""Ratings from real games: trading wins without playing changes nothing, and two players rate only so many matches a day.

The farming loop is the one that moved an account from 1500 to 1656.3 in
a few seconds: two accounts pairing with «Jugar ya» (rated) and one of them
leaving before anybody moved, again and again, then the same through rated
rematches.  Every door is the one a browser uses (the forms; the socket's
«Jugar ya» calls the same service).
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.classroom_factories import make_user, signed_in
from tests.live_games import both_play
from tests.lobby_factories import MATCH_TO_3, NOW, later
from tutor.lobby import service
from tutor.lobby.service import LobbyError, Wish
from tutor.play import service as games
from tutor.play.models import LiveGame
from tutor.ratings.models import RatedMatch, Rating, RatingChange
from tutor.ratings.service import PAIR_LIMIT

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_rate_limits")]

FORM = {"length": "3", "clock": "no", "rated": "on", "spread": "", "room": "public"}
DAY = 24 * 60 * 60


def game_at(response) -> LiveGame:
    assert response.status_code == 302, response.content.decode()[:500]
    return LiveGame.objects.get(code=response["Location"].strip("/").split("/")[-1])


def standing(user) -> tuple[float, int]:
    row = Rating.objects.filter(user=user).first()
    return (row.rating, row.experience) if row is not None else (1500.0, 0)


def test_pairing_with_jugar_ya_and_leaving_before_any_move_eight_times_then_in_rematches_changes_no_rating(ana, bruno):
    first, second = signed_in(ana), signed_in(bruno)
    played = []
    for round_number in range(8):
        assert first.post("/jugar/sala/ya/", FORM)["Location"] == "/jugar/"  # Ana waits
        game = game_at(second.post("/jugar/sala/ya/", FORM))  # Bruno takes her seek: a rated match
        leaver = first if round_number % 2 else second
        leaver.post(f"/jugar/{game.code}/accion/", {"tipo": "resign", "seq": game.seq})
        played.append(game)
    for round_number in range(8):
        game = played[-1]
        first.post(f"/jugar/{game.code}/revancha/")
        game = game_at(second.post(f"/jugar/{game.code}/revancha/respuesta/", {"respuesta": "si"}))
        if round_number % 2:  # the player on roll moves first, and the other leaves before moving: still nothing played
            game = games.run(game.pk, game.player(game.side_to_act()), "move", seq=game.seq,
                             play=game.position.legal_plays()[0].notation)
        (first if game.side_to_act() == game.side_of(ana) else second).post(
            f"/jugar/{game.code}/accion/", {"tipo": "resign", "seq": game.seq})
        played.append(game)
    assert RatedMatch.objects.filter(game__in=played).count() == 16
    assert all(game.aborted for game in LiveGame.objects.filter(pk__in=[game.pk for game in played]))
    assert standing(ana) == standing(bruno) == (1500.0, 0) and not RatingChange.objects.exists()
    profile = signed_in(bruno).get("/jugar/jugador/ana/").content.decode()
    assert profile.count("anulada") == 16 and "ganada" not in profile and "perdida" not in profile
    assert f"como mucho {PAIR_LIMIT} matches puntuables entre sí en 24 horas" in profile

    # Aborted matches rate nothing and take none of the day's rated matches: a real one still counts.
    service.play_now(ana, MATCH_TO_3, now=NOW)
    game = both_play(service.play_now(bruno, MATCH_TO_3, now=later(1)).game)
    games.run(game.pk, ana, "resign", seq=game.seq)
    assert standing(bruno)[0] > 1500 > standing(ana)[0]


def test_two_players_start_at_most_three_rated_matches_together_a_day_and_every_refusal_says_why(ana, bruno):
    carla = make_user("carla")
    start = timezone.now()  # the pages below decide at the real time

    def at(seconds: float):
        return start + timedelta(seconds=seconds)

    last = None
    for number in range(PAIR_LIMIT):
        service.play_now(ana, MATCH_TO_3, now=at(60 * number))
        last = both_play(service.play_now(bruno, MATCH_TO_3, now=at(60 * number + 1)).game)
        games.run(last.pk, bruno, "resign", seq=last.seq)
    assert RatingChange.objects.filter(user=ana).count() == PAIR_LIMIT

    waiting = service.play_now(ana, MATCH_TO_3, now=at(600)).published
    assert service.play_now(bruno, MATCH_TO_3, now=at(601)).game is None  # «Jugar ya» passes over her seek
    with pytest.raises(LobbyError) as refused:
        service.take(waiting.pk, bruno, now=at(602))
    assert refused.value.status == 409 and refused.value.message == service.PAIR_LIMIT_REACHED
    assert "3 matches puntuables entre vosotros en las últimas 24 horas" in refused.value.message
    page = signed_in(bruno).post(f"/jugar/sala/{waiting.pk}/aceptar/")
    assert page.status_code == 409 and "3 matches puntuables" in page.content.decode()
    offered = signed_in(ana).post(f"/jugar/{last.code}/revancha/")
    assert offered.status_code == 409 and "3 matches puntuables" in offered.content.decode()

    assert service.play_now(carla, MATCH_TO_3, now=at(603)).game.white == ana  # anyone else still may
    service.withdraw(bruno, now=at(604))
    unrated = Wish(length=3, rated=False)
    service.play_now(bruno, unrated, now=at(605))
    assert service.play_now(make_user("dario"), unrated, now=at(606)).game is not None  # unrated matches are not limited


def test_the_day_s_limit_lifts_as_the_first_of_the_day_s_matches_leave_the_24_hours(ana, bruno):
    for number in range(PAIR_LIMIT):
        service.play_now(ana, MATCH_TO_3, now=later(number))
        game = both_play(service.play_now(bruno, MATCH_TO_3, now=later(number)).game)
        games.run(game.pk, ana, "resign", seq=game.seq)
    waiting = service.play_now(ana, MATCH_TO_3, now=later(DAY - 1)).published
    with pytest.raises(LobbyError):
        service.take(waiting.pk, bruno, now=later(DAY - 1))
    assert service.take(waiting.pk, bruno, now=later(DAY + 1)).game is not None
