"""The practice pages: starting, whose matches, the review, the exercises."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tutor.practice.models import LEARNER, Action, Exercise, Phase, PracticeMatch

from tests.practice_flow import add_mistake, decide, start

pytestmark = pytest.mark.usefixtures("quick_and_reproducible")


def play_a_few_decisions(client, match: PracticeMatch, count: int) -> PracticeMatch:
    doubled: set[int] = set()
    for _ in range(count):
        match.refresh_from_db()
        if match.phase in (Phase.MATCH_OVER, Phase.GAME_OVER):
            break
        assert decide(client, match, double_once=doubled).status_code == 302
    match.refresh_from_db()
    return match


@pytest.mark.django_db
def test_the_practice_page_offers_money_and_matches_at_three_levels(client):
    page = client.get("/practica/").content.decode()
    for value in ("0", "3", "5", "7"):
        assert f'name="length" value="{value}"' in page
    for level in ("principiante", "intermedio", "experto"):
        assert f'value="{level}"' in page
    assert 'href="/practica/" aria-current="page">Práctica' in page


@pytest.mark.django_db
def test_a_bad_start_form_is_refused_in_spanish(client):
    response = client.post("/practica/nueva/", {"length": 4, "level": "intermedio"})
    assert response.status_code == 400
    assert "Elige dinero o un match a 1, 3, 5 o 7 puntos." in response.content.decode()
    assert not PracticeMatch.objects.exists()


@pytest.mark.django_db
def test_someone_else_s_match_does_not_exist_for_you(client):
    match = start(client)
    stranger = Client()
    assert stranger.get(f"/practica/{match.pk}/").status_code == 404
    assert stranger.post(f"/practica/{match.pk}/tirar/", {"seq": match.seq}).status_code == 404
    assert stranger.get(f"/practica/{match.pk}/partida.mat").status_code == 404


@pytest.mark.django_db
def test_a_reload_or_a_later_visit_continues_the_same_game(client):
    match = play_a_few_decisions(client, start(client, length=0), 3)
    first = client.get(f"/practica/{match.pk}/").content.decode()
    again = client.get(f"/practica/{match.pk}/").content.decode()
    xgid = re.search(r'class="practice-xgid">([^<]+)<', first)[1]
    assert xgid == match.xgid and xgid in again
    assert match.get_absolute_url() in client.get("/practica/").content.decode()


@pytest.mark.django_db
def test_logged_in_players_keep_their_matches_and_the_anonymous_ones_join_on_login(client):
    anonymous = start(client)
    user = get_user_model().objects.create_user("ana", password="una-clave-larga-123")
    client.force_login(user)
    anonymous.refresh_from_db()
    assert anonymous.user == user
    second = start(client)
    assert second.user == user
    elsewhere = Client()
    elsewhere.force_login(user)
    history = elsewhere.get("/practica/").content.decode()
    assert anonymous.get_absolute_url() in history and second.get_absolute_url() in history


@pytest.mark.django_db
def test_the_review_shows_one_decision_at_a_time_with_links_to_every_other_and_the_totals(client):
    match = play_a_few_decisions(client, start(client, length=0), 6)
    mistake = add_mistake(match)
    page = client.get(f"/practica/{match.pk}/revision/").content.decode()
    mine = match.actions.filter(side=LEARNER).exclude(colour="")
    assert page.count('class="review-moves__item') == match.actions.count()  # every action is a decision or a game's end
    assert page.count("data-light=") <= 1  # the first step's light only
    assert f'data-count="rojo">{mine.filter(colour="rojo").count()}<' in page
    assert re.search(r'data-rating>[A-ZÁÉÍÓÚa-záéíóú ]+<', page)
    number = list(match.actions.order_by("number").values_list("pk", flat=True)).index(mistake.pk) + 1
    shown = client.get(f"/practica/{match.pk}/revision/?paso={number}").content.decode()
    assert shown.count("data-light=") == 1 and 'data-light="rojo"' in shown
    assert mistake.xgid in shown and 'data-best-play>8/5 6/5<' in shown
    assert 'data-arrow="best"' in shown and 'data-arrow="played"' in shown
    assert f'href="?paso={number - 1}#tablero"' in shown and 'aria-current="step"' in shown
    stage = client.get(f"/practica/{match.pk}/revision/?paso={number}&parte=paso").content.decode()
    assert "<html" not in stage and 'data-light="rojo"' in stage


@pytest.mark.django_db
def test_mistakes_become_exercises_that_are_tried_again_and_solved_with_a_verde_play(client):
    match = start(client, length=0)
    mistake = add_mistake(match)
    assert client.post(f"/practica/{match.pk}/ejercicios/").status_code == 302
    exercise = Exercise.objects.get(action=mistake)
    listing = client.get("/practica/ejercicios/").content.decode()
    assert exercise.get_absolute_url() in listing
    page = client.get(exercise.get_absolute_url())
    assert page.status_code == 200 and 'id="practice-destinations"' in page.content.decode()
    wrong = client.post(exercise.get_absolute_url(), {"play": "24/20"})
    assert 'data-light="rojo"' in wrong.content.decode()
    illegal = client.post(exercise.get_absolute_url(), {"play": "24/18"})
    assert illegal.status_code == 400 and "Jugada ilegal" in illegal.content.decode()
    right = client.post(exercise.get_absolute_url(), {"play": "8/5 6/5"})
    assert 'data-light="verde"' in right.content.decode()
    exercise.refresh_from_db()
    assert exercise.solved and exercise.attempts == 2


@pytest.mark.django_db
def test_a_cube_mistake_becomes_an_exercise_answered_with_its_buttons(client):
    match = start(client, length=0)
    action = Action.objects.create(
        match=match, number=99, game_number=1, side=LEARNER, kind=Action.Kind.DROP,
        xgid="XGID=-b----E-C---eE---c-e----B-:0:0:-1:00:0:0:0:0:10", best="Aceptar", loss=0.4, colour="rojo",
        analysis={"no_double": -0.2, "double_take": -0.6, "double_pass": 1.0, "plies": 0},
    )
    client.post(f"/practica/{match.pk}/ejercicios/")
    exercise = Exercise.objects.get(action=action)
    page = client.get(exercise.get_absolute_url()).content.decode()
    assert 'value="aceptar"' in page and 'value="abandonar"' in page
    assert 'data-light="rojo"' in client.post(exercise.get_absolute_url(), {"respuesta": "abandonar"}).content.decode()
    assert 'data-light="verde"' in client.post(exercise.get_absolute_url(), {"respuesta": "aceptar"}).content.decode()
    assert client.post(exercise.get_absolute_url(), {"respuesta": "doblar"}).status_code == 400


@pytest.mark.django_db
def test_someone_else_s_exercises_do_not_exist_for_you(client):
    match = start(client)
    client.post(f"/practica/{match.pk}/ejercicios/")
    exercise = Exercise.objects.create(action=add_mistake(match))
    assert Client().get(exercise.get_absolute_url()).status_code == 404
