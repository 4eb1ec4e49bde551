"""Luck on the reviews: measured by the review worker for every roll, shown per player, game and match, and the
very lucky and very unlucky rolls marked on their step.

gnubg measures at 0 plies here, as the test settings' evaluator grades; the
worker is ``drain``, run in this process at a known moment.
"""

from __future__ import annotations

import re

import pytest

from tests.classroom_factories import make_user, signed_in
from tests.live_review import played
from tests.practice_flow import decide, start
from tutor.engine import BLACK, WHITE
from tutor.games.models import ActionKind
from tutor.practice import evaluator
from tutor.practice.background import drain
from tutor.practice.luck import measure_luck
from tutor.practice.models import COMPUTER, LEARNER, Phase
from tutor.practice.statistics import statistics

pytestmark = pytest.mark.django_db


def luck_of(actions, side):
    return [action.luck for action in actions if action.side == side and action.kind == ActionKind.MOVE]


def a_finished_practice_game(client):
    match = start(client, length=0, level="principiante")
    for _ in range(400):
        match.refresh_from_db()
        if match.phase == Phase.GAME_OVER:
            return match
        assert decide(client, match, double_once=set()).status_code in (302, 200)
    raise AssertionError("the game did not end")


@pytest.mark.usefixtures("quick_and_reproducible")
def test_a_finished_practice_game_s_review_shows_the_luck_of_both_sides_once_the_worker_has_measured_it(client):
    match = a_finished_practice_game(client)
    plays = match.actions.filter(kind=ActionKind.MOVE)
    assert plays.exists() and not plays.exclude(luck=None).exists(), "luck is measured by the worker, not the game"

    drain()

    actions = list(match.actions.all())
    assert all(luck is not None for side in (LEARNER, COMPUTER) for luck in luck_of(actions, side))
    page = client.get(match.get_review_url()).content.decode()
    for side in (LEARNER, COMPUTER):
        found = statistics(actions, side)
        assert found.rolls == len(luck_of(actions, side)) and found.luck == pytest.approx(sum(luck_of(actions, side)))
        assert f'data-luck="{side}">Suerte: <strong data-luck-total>{found.luck_text}</strong>' in page
        assert f'data-luck-match="{side}">{found.luck_text}<' in page
    assert 'id="suerte-por-partida"' in page and 'data-luck-game="1"' in page


@pytest.mark.usefixtures("live_dice")
def test_the_live_review_shows_the_luck_of_each_player_who_played_a_roll_and_a_second_run_measures_nothing_again():
    game = played(make_user("ana"), make_user("bruno"))  # only Black plays a roll: the opening 3-1
    drain()
    (play,) = game.actions.filter(kind=ActionKind.MOVE)
    assert play.luck == pytest.approx(evaluator.roll_luck(play.position, opening=True))
    assert measure_luck(game.actions.filter(kind=ActionKind.MOVE)) == 0
    html = signed_in(game.black).get(game.get_review_url()).content.decode()
    assert f'data-luck="{BLACK}">Suerte: <strong data-luck-total>{statistics([play], BLACK).luck_text}</strong> en 1 tirada<' in html
    assert f'data-luck="{WHITE}"' not in html and f'data-luck-match="{WHITE}">—<' in html
    assert "Suerte por partida" in html


@pytest.mark.usefixtures("quick_and_reproducible")
def test_a_very_lucky_and_a_very_unlucky_roll_are_marked_on_their_step_and_in_the_list_of_steps(client, monkeypatch):
    match = a_finished_practice_game(client)
    lucky, unlucky, plain = match.actions.filter(kind=ActionKind.MOVE).order_by("number")[:3]
    measured = {lucky.pk: 0.65, unlucky.pk: -0.61}
    for action in (lucky, unlucky):
        action.luck = measured[action.pk]
        action.save(update_fields=["luck"])
    monkeypatch.setattr(evaluator, "roll_luck", lambda position, opening=False: 0.2)
    drain()
    plain.refresh_from_db()
    assert plain.luck == 0.2, "the worker measures the rolls not measured yet and keeps the others"

    listed = client.get(match.get_review_url()).content.decode()
    assert listed.count('data-luck-mark="lucky">muy buena suerte</span>') == 1
    assert listed.count('data-luck-mark="unlucky">muy mala suerte</span>') == 1
    assert listed.count("data-luck-step=") == 2 and "Una raya en el borde de arriba" in listed
    before_mark = listed[:listed.index('data-luck-mark="lucky">muy buena suerte')]
    number = re.findall(r'<li class="review-moves__item[^"]*" data-step="(\d+)"', before_mark)[-1]
    page = client.get(f"{match.get_review_url()}?paso={number}").content.decode()
    stage = page[page.index('class="review-stage__what"'):]
    stage = stage[:stage.index("</p>")]
    assert '<span class="review-luck-mark review-luck-mark--lucky" data-luck-mark="lucky">Muy buena suerte</span>' in stage
    assert "Muy buena suerte." in page[page.index("data-announce="):page.index('<div class="review-stage__board')]
    mine = statistics(list(match.actions.all()), lucky.side)
    assert mine.lucky == 1 and "<span data-lucky>1</span> con muy buena suerte" in listed
