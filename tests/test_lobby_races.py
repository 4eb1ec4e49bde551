"""Requests that race: one player's «Jugar ya» pressed twice at once, takes of one seek, a burst of challenges.

Each race ends in games that follow the rules (one open seek per player, one
game under way per player, one game per seek) and in answers a person can
read: a redirect, or a 409 with its reason in Spanish (a refusal message
over the socket), never a 500 or a socket closed with 1011.

Real threads, each with its own database connection opened before they are
released together (``test_lobby_concurrency.at_once``), against PostgreSQL's
row locks: under ``scripts/with-postgres``.
"""

from __future__ import annotations

import asyncio
import json

import pytest
from django.db import connection
from django.test import Client

from tests.classroom_factories import make_classroom, make_user
from tests.lobby_factories import MATCH_TO_3, NOW, later
from tests.test_lobby_concurrency import at_once
from tests.test_lobby_consumer import enter, leave, lobby
from tests.test_play_consumer import run_async
from tutor.lobby import service
from tutor.lobby.models import Seek
from tutor.play.models import LiveGame, Phase

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="races are tested on PostgreSQL: scripts/with-postgres"),
]

MATCH_TO_5 = service.Wish(length=5, rated=True)
FORM = {"length": "3", "clock": "no", "rated": "on", "spread": "", "room": "public"}
ANSWERS = {"waiting", "paired", "error"}


def clients_of(user, count: int) -> list[Client]:
    """``count`` browsers signed in as ``user`` (a client each: a test client is not shared between threads)."""
    clients = [Client(raise_request_exception=False) for _ in range(count)]
    for client in clients:
        client.force_login(user)
    return clients


def one_open_seek_and_one_game_each():
    """The lobby's rules after a race: nobody has two open seeks or two games under way."""
    creators = list(Seek.objects.filter(status=Seek.Status.OPEN, rival__isnull=True).values_list("creator_id", flat=True))
    assert len(creators) == len(set(creators))
    seated = [pk for pair in LiveGame.objects.exclude(phase=Phase.OVER).values_list("white_id", "black_id") for pk in pair]
    assert len(seated) == len(set(seated))


def test_jugar_ya_pressed_twice_at_once_fifteen_times_never_fails():
    """The same settings meet behind the room's lock; two kinds of game (each behind its own) both publish,
    and the later seek stands: what one press after the other would leave."""
    problems = []
    for trial in range(15):
        ana = make_user(f"ana{trial}")
        same = at_once([lambda player=ana: service.play_now(player, MATCH_TO_3, now=NOW)] * 2)
        kinds = at_once([lambda player=ana: service.play_now(player, MATCH_TO_3, now=later(1)),
                         lambda player=ana: service.play_now(player, MATCH_TO_5, now=later(1))])
        problems += [result for result in same + kinds if not isinstance(result, service.Outcome)]
        assert Seek.objects.filter(creator=ana, status=Seek.Status.OPEN).count() == 1
        service.withdraw(ana, now=later(2))  # the next trial's player finds nobody waiting
    assert problems == []


def test_jugar_ya_posted_twice_at_once_answers_a_redirect_or_a_409_never_a_500():
    statuses = []
    for trial in range(15):
        ana, bruno = make_user(f"ana{trial}"), make_user(f"bruno{trial}")
        service.play_now(bruno, MATCH_TO_3, now=NOW) if trial % 2 else None  # half the time someone waits
        pages = clients_of(ana, 2)
        statuses += [response.status_code for response in at_once([lambda page=page: page.post("/jugar/sala/ya/", FORM) for page in pages])]
    assert set(statuses) <= {302, 409}, statuses
    one_open_seek_and_one_game_each()


def test_jugar_ya_sent_from_two_pages_at_once_is_answered_on_both_and_closes_neither():
    """Over the socket, the same player's two pages asking for two kinds of game at once, eight times."""
    ana = make_user("ana")
    five = {"type": "play_now", "length": "5", "clock": "no", "rated": "on", "spread": "", "room": "public"}
    three = {**five, "length": "3"}

    async def answer(page) -> dict:
        while True:  # the lists' changes may come first
            output = await page.receive_output(timeout=20)
            if output["type"] == "websocket.close":
                return {"type": "closed", "code": output.get("code")}
            message = json.loads(output["text"])
            if message["type"] in ANSWERS:
                return message

    async def scenario():
        first, second = lobby(ana), lobby(ana)
        await enter(first, second)
        answers = []
        for _ in range(8):
            await asyncio.gather(first.send_to(text_data=json.dumps(three)), second.send_to(text_data=json.dumps(five)))
            answers += await asyncio.gather(answer(first), answer(second))
        await leave(first, second)
        return answers

    answers = run_async(scenario)()
    assert len(answers) == 16
    assert all(message["type"] == "waiting" or message["type"] == "error" and message["status"] == 409 for message in answers), answers
    assert Seek.objects.filter(creator=ana, status=Seek.Status.OPEN).count() == 1


def test_eight_players_taking_one_seek_at_once_start_one_game_and_the_others_hear_why():
    ana = make_user("ana")
    takers = [make_user(f"taker{number}") for number in range(8)]
    seek = service.play_now(ana, MATCH_TO_3, now=NOW).published
    results = at_once([lambda user=user: service.take(seek.pk, user, now=later(1)) for user in takers])
    games = [result.game for result in results if isinstance(result, service.Outcome)]
    refused = [result for result in results if isinstance(result, service.LobbyError)]
    assert len(games) == 1 and len(refused) == 7, results
    assert {problem.status for problem in refused} == {409} and {problem.message for problem in refused} == {service.GONE}


def test_one_player_taking_two_seeks_at_once_plays_one_game():
    """Two «Aceptar» of the same player at once: their row is locked by the first pairing, the second finds the game."""
    for trial in range(6):
        ana, bruno, carla = (make_user(f"{name}{trial}") for name in ("ana", "bruno", "carla"))
        first = service.play_now(bruno, MATCH_TO_3, now=NOW).published
        second = service.play_now(carla, MATCH_TO_5, now=NOW).published
        results = at_once([lambda seek=seek, player=ana: service.take(seek.pk, player, now=later(1)) for seek in (first, second)])
        games = [result.game for result in results if isinstance(result, service.Outcome)]
        refused = [result for result in results if isinstance(result, service.LobbyError)]
        assert len(games) == 1 and len(refused) == 1, results
        assert refused[0].status == 409 and "partida sin terminar" in refused[0].message
        one_open_seek_and_one_game_each()
        for player in (bruno, carla):
            service.withdraw(player, now=later(2))  # the seek left over would pair the next trial's players


@pytest.mark.usefixtures("fresh_rate_limits")
def test_a_burst_of_challenges_to_one_classmate_starts_one_game():
    """Twenty challenges at once (the limit lets ten a minute through): one game, the rest refused with a reason."""
    teacher = make_user("profe", teacher=True)
    ana, bruno = make_user("ana"), make_user("bruno")
    classroom = make_classroom(teacher, students=[ana, bruno])
    form = {"rival": str(bruno.pk), "grupo": str(classroom.pk), "length": "3"}
    responses = at_once([lambda page=page: page.post("/jugar/retar/", form) for page in clients_of(ana, 20)])
    statuses = sorted(response.status_code for response in responses)
    assert LiveGame.objects.count() == 1
    assert statuses.count(302) == 1 and set(statuses) == {302, 409, 429}, statuses
    refused = next(response for response in responses if response.status_code == 409).content.decode()
    assert "Tienes una partida sin terminar" in refused
