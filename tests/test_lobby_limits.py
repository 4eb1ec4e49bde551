"""The lobby's socket lives under the live games' limits (``tutor.live.sockets``), not limits of its own.

One person's game, review and lobby sockets count together: open sockets
per person and address, new connections before the session is read, and
messages of every kind; logging out closes the lobby too.
"""

from __future__ import annotations

import json

import pytest
from channels.db import database_sync_to_async
from django.test import Client

from tests.classroom_factories import PASSWORD, make_user, signed_in
from tests.test_lobby_consumer import MATCH_TO_3, lobby
from tests.test_play_consumer import receive, run_async, socket
from tutor.lobby.models import Seek
from tutor.live import limits
from tutor.play import service

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("fresh_rate_limits")]


@pytest.fixture
def public_game():
    game = service.create_game(make_user("ana"), length=3, public=True, black=make_user("bruno"))
    game.refresh_from_db()
    return game


def behind(communicator, address: str):
    """``communicator`` with its client, behind the one trusted proxy, at ``address``."""
    communicator.scope["headers"].append((b"x-forwarded-for", address.encode()))
    return communicator


async def receive_other_than_games(communicator) -> dict:
    """The next message but the list of games to watch, which each process's keeper sends on its own."""
    while True:
        message = await receive(communicator)
        if message["type"] != "games":
            return message


def test_lobby_sockets_count_with_the_game_sockets_of_the_same_person_and_address(public_game, settings):
    settings.PLAY_SOCKETS = {"user": 2, "anonymous": 1, "address": 50}
    settings.RATELIMIT_PROXY_COUNT = 1
    carla = make_user("carla")

    async def scenario():
        opened, accepted = [], []
        for communicator in (socket(public_game, carla), lobby(carla), lobby(carla),
                             behind(lobby(), "10.0.1.1"), behind(socket(public_game), "10.0.1.1")):
            answer = await communicator.connect(timeout=20)
            accepted.append(answer)
            if answer[0]:
                await receive(communicator)
                opened.append(communicator)
        for communicator in opened:
            await communicator.disconnect()
        return accepted

    assert run_async(scenario)() == [(True, None), (True, None), (False, 4429), (True, None), (False, 4429)]
    assert not limits.SOCKETS.open, "every closed lobby socket gave its place back"


def test_new_lobby_connections_pass_the_games_connection_gate_before_the_session_is_read(settings):
    settings.PLAY_CONNECT_RATELIMIT = (2, 60)
    carla = make_user("carla")
    browser = Client()
    browser.login(username=carla.username, password=PASSWORD)
    cookie = f"sessionid={browser.cookies['sessionid'].value}".encode()

    async def scenario():
        accepted = []
        for _ in range(3):
            communicator = lobby()
            communicator.scope["headers"].append((b"cookie", cookie))
            accepted.append((await communicator.connect(timeout=20))[0])
            if accepted[-1]:
                await receive(communicator)
                await communicator.disconnect()
        return accepted

    assert run_async(scenario)() == [True, True, False]


def test_lobby_messages_of_every_kind_share_the_persons_allowance_with_their_game_sockets(public_game, settings):
    settings.PLAY_RATELIMIT = (3, 60)
    carla = make_user("carla")

    async def scenario():
        watching, room = socket(public_game, carla), lobby(carla)
        for communicator in (watching, room):
            await communicator.connect(timeout=20)
            await receive(communicator)
        await watching.send_to(text_data='{"type": "sync"}')
        synced = await receive(watching)
        await room.send_to(text_data="not json")
        malformed = await receive_other_than_games(room)
        await room.send_to(text_data='{"type": "withdraw"}')
        withdrawn = await receive_other_than_games(room)
        await room.send_to(text_data=json.dumps(MATCH_TO_3))
        refused = await receive_other_than_games(room)
        for _ in range(3):  # past twice the allowance: closed
            await room.send_to(text_data=json.dumps(MATCH_TO_3))
        closed = await room.receive_output(timeout=20)
        while closed["type"] != "websocket.close":
            closed = await room.receive_output(timeout=20)
        await watching.disconnect()
        return synced, malformed, withdrawn, refused, closed

    synced, malformed, withdrawn, refused, closed = run_async(scenario)()
    assert synced["type"] == "state" and malformed["status"] == 400 and withdrawn["type"] == "waiting"
    assert refused["type"] == "error" and refused["status"] == 429 and "espera" in refused["message"]
    assert closed == {"type": "websocket.close", "code": 4429}
    assert not Seek.objects.exists(), "no message past the limit was read"


def test_logging_out_closes_the_lobby_socket(settings):
    carla = make_user("carla")
    browser = Client()
    browser.login(username=carla.username, password=PASSWORD)
    cookie = f"sessionid={browser.cookies['sessionid'].value}".encode()

    async def scenario():
        room = lobby()
        room.scope["headers"].append((b"cookie", cookie))
        await room.connect(timeout=20)
        await receive(room)
        await room.send_to(text_data=json.dumps(MATCH_TO_3))
        waiting = await receive_other_than_games(room)
        await database_sync_to_async(browser.post)("/cuenta/salir/")
        closed = await room.receive_output(timeout=20)
        while closed["type"] != "websocket.close":
            closed = await room.receive_output(timeout=20)
        return waiting, closed

    waiting, closed = run_async(scenario)()
    assert waiting["type"] == "waiting"
    assert closed == {"type": "websocket.close", "code": 4401}


def test_codes_guessed_through_the_lobbys_forms_of_a_game_count_as_guesses_too(public_game, settings):
    settings.RATELIMITS = {**settings.RATELIMITS, "game-code": (3, 600)}
    guesser = signed_in(make_user("carla"))
    misses = [guesser.post("/jugar/AAAAAA/revancha/retirar/").status_code,
              guesser.post("/jugar/BBBBBB/revancha/respuesta/", {"respuesta": "si"}).status_code,
              guesser.get("/jugar/CCCCCC/avisar/").status_code]
    assert misses == [404, 404, 404]
    assert guesser.post("/jugar/DDDDDD/otra/").status_code == 429
    assert guesser.get(public_game.get_absolute_url()).status_code == 429
