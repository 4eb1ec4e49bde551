"""The shared game driver: one recorder, one finish with its signal, for practice and live games alike."""

from __future__ import annotations

import pytest

from tests.classroom_factories import make_user
from tests.practice_flow import start
from tutor.engine import WHITE, Position
from tutor.games.driver import game_finished, turn_started
from tutor.play import service
from tutor.play.models import LiveGame, Phase

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished():
    heard = []

    def listen(sender, game, result, match_over, **kwargs):
        heard.append((sender, game.pk, result, match_over))

    game_finished.connect(listen)
    yield heard
    game_finished.disconnect(listen)


def test_a_live_drop_finishes_the_game_through_the_one_finish_and_announces_it_after_commit(
    finished, django_capture_on_commit_callbacks, settings
):
    settings.PRACTICE_DICE_SEED = 3
    white, black = make_user("ana"), make_user("bruno")
    game = service.create_game(white, length=0, black=black)
    game.xgid = Position.initial().replace(turn=WHITE).to_xgid()
    game.phase = Phase.ROLL
    game.save()
    service.run(game.pk, white, "double", seq=LiveGame.objects.get(pk=game.pk).seq)
    with django_capture_on_commit_callbacks(execute=True):
        service.run(game.pk, black, "drop", seq=LiveGame.objects.get(pk=game.pk).seq)
    (sender, pk, result, match_over), = finished
    assert (sender, pk, result.winner, result.points, match_over) == (LiveGame, game.pk, WHITE, 1, False)
    numbers = list(LiveGame.objects.get(pk=game.pk).actions.values_list("number", flat=True))
    assert numbers == list(range(1, len(numbers) + 1))


def test_leaving_a_match_before_anybody_moved_still_finishes_it_once(finished, django_capture_on_commit_callbacks):
    white, black = make_user("ana"), make_user("bruno")
    game = service.create_game(white, length=5, black=black)
    with django_capture_on_commit_callbacks(execute=True):
        service.run(game.pk, black, "resign", seq=LiveGame.objects.get(pk=game.pk).seq)
    assert [(result, over) for _, _, result, over in finished] == [(None, True)]


@pytest.mark.usefixtures("quick_and_reproducible")
def test_a_practice_match_numbers_its_actions_on_its_row_like_a_live_game(client):
    match = start(client, length=3)
    match.refresh_from_db()
    numbers = list(match.actions.values_list("number", flat=True))
    assert match.actions_recorded == len(numbers) and numbers == list(range(1, len(numbers) + 1))


def test_every_live_turn_that_begins_is_announced_for_a_clock(settings):
    settings.PRACTICE_DICE_SEED = 3
    turns = []

    def listen(sender, game, side, **kwargs):
        turns.append(side)

    turn_started.connect(listen)
    try:
        white, black = make_user("ana"), make_user("bruno")
        game = service.create_game(white, length=0, black=black)
        starter = game.position.turn
        service.run(game.pk, (white, black)[starter], "move", seq=game.seq, play=game.position.legal_plays()[0].notation)
    finally:
        turn_started.disconnect(listen)
    assert turns[:2] == [starter, 1 - starter]
