"""Any score, any cube: money sessions past 99 points keep working, and stored ones are repaired."""

from __future__ import annotations

import importlib
import itertools
import random

import pytest
from django.apps import apps as django_apps
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.classroom_factories import make_user, signed_in
from tests.practice_flow import start
from tests.random_games import random_live_game, random_practice_match
from tutor.engine import BLACK, WHITE, Position
from tutor.games.scores import stakes_before
from tutor.play import service
from tutor.play.models import LiveGame
from tutor.practice.models import Action, PracticeMatch

pytestmark = pytest.mark.django_db

EXAMPLES = settings(max_examples=4, deadline=None, suppress_health_check=list(HealthCheck))
PLAYERS = itertools.count()
"""Every example of one test shares its database transaction: each needs players of its own."""

big_money = st.tuples(st.integers(0, 5000), st.integers(0, 5000), st.integers(3, 6), st.sampled_from((None, WHITE, BLACK)))


def money_position(stakes) -> Position:
    white, black, cube_log, owner = stakes
    return Position.initial(score=(white, black), cube_value=1 << cube_log, cube_owner=owner)


def read_everything(client, urls):
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, (url, response.status_code)


@given(big_money, st.integers(0, 10**6))
@EXAMPLES
def test_a_live_money_session_with_a_large_cube_and_score_plays_on_and_every_page_reads(stakes, seed):
    number = next(PLAYERS)
    white, black = make_user(f"w{number}"), make_user(f"b{number}")
    game = service.create_game(white, length=0, black=black)
    start_position = money_position(stakes)
    current = game.position
    game.xgid = start_position.replace(turn=current.turn, dice=current.dice).to_xgid()
    game.save()
    game = random_live_game(game, (white, black), random.Random(seed), games=2,
                            ending_weights={"double": 0.3, "drop": 0.5})
    assert game.position.score[WHITE] >= stakes[0] and game.position.score[BLACK] >= stakes[1]
    client = signed_in(white)
    read_everything(client, ["/jugar/", game.get_absolute_url(), f"/jugar/{game.code}/partida.mat"])
    assert Position.from_xgid(LiveGame.objects.get(pk=game.pk).xgid) == game.position


@pytest.mark.usefixtures("quick_and_reproducible")
@given(big_money, st.integers(0, 10**6))
@EXAMPLES
def test_a_practice_money_session_with_a_large_cube_and_score_plays_on_and_every_page_reads(stakes, seed):
    from django.core.cache import cache
    from django.test import Client

    cache.clear()  # each example starts a session: the rate limit of new games is not what is tested
    client = Client()
    match = start(client, length=0)
    current = match.position
    match.xgid = money_position(stakes).replace(turn=current.turn, dice=current.dice).to_xgid()
    match.save()
    match = random_practice_match(client, match, random.Random(seed), games=2, double=0.5)
    base = f"/practica/{match.pk}/"
    read_everything(client, ["/practica/", base, f"{base}revision/", f"{base}partida.mat"])


def test_the_stakes_of_a_game_come_from_the_results_before_it():
    assert stakes_before(0, [(1, BLACK, 128), (2, WHITE, 192)], 3).score == (192, 128)
    crawford = stakes_before(5, [(1, WHITE, 4)], 2)
    assert crawford.score == (4, 0) and crawford.crawford


def test_the_migrations_repair_stored_sessions_whose_score_disagrees_with_their_results():
    learner = make_user("ana")
    match = PracticeMatch.objects.create(
        user=learner, length=0, xgid=Position.initial(score=(0, 0)).to_xgid(), phase="move", game_number=2
    )
    Action.objects.create(match=match, number=1, game_number=1, side=BLACK, kind="result",
                          xgid=Position.initial().to_xgid(), points=128, result_kind="backgammon")
    importlib.import_module("tutor.practice.migrations.0005_rescore_stored_sessions").rescore(django_apps, None)
    match.refresh_from_db()
    assert match.position.score == (0, 128)

    game = service.create_game(learner, length=0, black=make_user("bruno"))
    game.actions.create(number=99, game_number=1, side=WHITE, kind="result", xgid=game.xgid, points=192)
    LiveGame.objects.filter(pk=game.pk).update(game_number=2)
    importlib.import_module("tutor.play.migrations.0006_rescore_stored_games").rescore(django_apps, None)
    assert LiveGame.objects.get(pk=game.pk).position.score == (192, 0)
