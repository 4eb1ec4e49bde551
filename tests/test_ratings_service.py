"""Rated matches change both players' ratings once, with the end of the match; a player's page shows them."""

from __future__ import annotations

import pytest
from django.db import transaction
from django.test import Client

from tests.classroom_factories import make_classroom, make_user, signed_in
from tests.live_games import both_play
from tests.lobby_factories import MATCH_TO_3, NOW, later, make_young, rate
from tutor.lobby import service
from tutor.lobby.service import Wish
from tutor.play import service as games
from tutor.ratings.models import RatedMatch, Rating, RatingChange
from tutor.ratings.service import rate_finished_match

pytestmark = pytest.mark.django_db


def paired(white, black, wish: Wish = MATCH_TO_3):
    service.play_now(white, wish, now=NOW)
    return service.play_now(black, wish, now=later(1)).game


def standing(user) -> tuple[float, int]:
    row = Rating.objects.get(user=user)
    return round(row.rating, 2), row.experience


def test_a_finished_rated_match_moves_both_ratings_by_the_fibs_formula_once(ana, bruno):
    rate(ana, 1600, experience=50)
    rate(bruno, 1500, experience=1000)
    game = both_play(paired(ana, bruno, Wish(length=5)))
    games.run(game.pk, ana, "resign", seq=game.seq)  # the favourite leaves: the underdog wins
    game.refresh_from_db()
    # D = 100 over 5 points: P_upset = 0.4360, so the underdog's win is worth 4·√5·0.5640 = 5.04;
    # Bruno's K is 1 (experience 1000), Ana's 4.5 (experience 50): she loses 22.70.
    assert standing(bruno) == (1505.04, 1005) and standing(ana) == (1577.3, 55)
    changes = {change.user: change for change in RatingChange.objects.filter(game=game)}
    assert changes[bruno].won and not changes[ana].won and changes[ana].rival == bruno
    assert changes[ana].rating_before == 1600 and changes[ana].experience_before == 50
    assert RatedMatch.objects.get(game=game).applied_at is not None
    assert rate_finished_match(game=game) == []  # applied once
    assert standing(bruno) == (1505.04, 1005)


def test_the_ratings_change_with_the_end_of_the_match_or_not_at_all(ana, bruno):
    game = paired(ana, bruno)
    with pytest.raises(RuntimeError), transaction.atomic():
        games.run(game.pk, ana, "resign", seq=game.seq)
        raise RuntimeError("the transaction that ends the match fails after it")
    game.refresh_from_db()
    assert not game.is_over and not RatingChange.objects.exists()
    assert RatedMatch.objects.get(game=game).applied_at is None


def test_unrated_matches_money_sessions_and_class_games_leave_the_ratings_alone(ana, bruno):
    unrated = paired(ana, bruno, Wish(length=3, rated=False))
    games.run(unrated.pk, ana, "resign", seq=unrated.seq)
    money = paired(ana, bruno, Wish(length=0, rated=False))
    games.run(money.pk, ana, "resign", seq=money.seq)
    teacher = make_user("profe", teacher=True)
    lucia, mateo = make_young("lucia", teacher), make_young("mateo", teacher)
    classroom = make_classroom(teacher, students=[lucia, mateo])
    class_game = games.create_game(lucia, length=3, classroom=classroom, black=mateo)
    games.run(class_game.pk, lucia, "resign", seq=class_game.seq)
    assert not RatingChange.objects.exists()
    assert not Rating.objects.filter(user__in=[lucia, mateo]).exists()
    with pytest.raises(ValueError):
        from tutor.ratings.service import mark_rated

        mark_rated(class_game)


def test_a_player_s_page_shows_the_rating_its_history_and_the_recent_games_with_their_reviews(ana, bruno):
    game = both_play(paired(ana, bruno))
    games.run(game.pk, bruno, "resign", seq=game.seq)
    page = signed_in(bruno).get("/jugar/jugador/ana/")
    html = page.content.decode()
    assert page.status_code == 200
    assert "1517,32" in html and "<svg" in html and "Historia de la puntuación" in html
    assert f"/jugar/{game.code}/revision/" in html and "+17,32" in html
    assert "empezó en 1500,0 y ahora es 1517,3" in html


def test_a_player_s_page_is_private_until_they_enter_the_public_lobby(ana, bruno):
    assert signed_in(bruno).get("/jugar/jugador/ana/").status_code == 404
    assert Client().get("/jugar/jugador/ana/").status_code == 404
    own = signed_in(ana).get("/jugar/jugador/ana/")
    assert own.status_code == 200 and "Aún no has terminado ningún match puntuable" in own.content.decode()
    service.play_now(ana, MATCH_TO_3, now=NOW)
    assert Client().get("/jugar/jugador/ana/").status_code == 200
    assert Client().get("/jugar/jugador/nadie/").status_code == 404


def test_a_stranger_sees_only_the_public_games_of_a_player(ana, bruno):
    public = paired(ana, bruno)
    games.run(public.pk, ana, "resign", seq=public.seq)
    private = games.create_game(ana, length=3, black=bruno)
    games.run(private.pk, ana, "resign", seq=private.seq)
    stranger = signed_in(make_user("carla")).get("/jugar/jugador/ana/").content.decode()
    assert public.code in stranger and private.code not in stranger
    own = signed_in(ana).get("/jugar/jugador/ana/").content.decode()
    assert public.code in own and private.code in own and "no puntúa" in own
