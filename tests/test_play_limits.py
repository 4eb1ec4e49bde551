"""Nobody can flood the live games: sockets, connections, messages, spectators, guessed codes, logging out.

Against the real ASGI application with Channels' WebsocketCommunicator, as
``test_play_consumer.py``; the limits of each process (``tutor.live.limits``)
start from zero in every test (``conftest.fresh_live_limits``).
"""

from __future__ import annotations

import asyncio
import json
import threading
from datetime import timedelta
from unittest.mock import patch

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.utils import timezone

from tests.classroom_factories import PASSWORD, make_classroom, make_user, signed_in
from tests.test_play_consumer import cookie_for, mover, receive, run_async, socket
from tutor.asgi import application
from tutor.live import limits, people
from tutor.live.logout import close_sockets_of
from tutor.live.visitor import PooledAuthMiddleware
from tutor.play import clocks, panels, service
from tutor.play.broadcast import announce
from tutor.play.consumers import GameConsumer
from tutor.play.models import LiveGame

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("fresh_rate_limits", "live_dice")]


@pytest.fixture
def players(ana, bruno):
    return ana, bruno


@pytest.fixture
def public_game(players):
    game = service.create_game(players[0], length=3, public=True, black=players[1])
    game.refresh_from_db()
    return game


def from_address(game, address: str, user=None):
    """A socket whose client, behind the one trusted proxy, is ``address``."""
    communicator = socket(game, user)
    communicator.scope["headers"].append((b"x-forwarded-for", address.encode()))
    return communicator


def test_messages_of_every_kind_are_limited_per_person_across_their_sockets_and_a_flood_is_closed(public_game, players, settings):
    settings.PLAY_RATELIMIT = (4, 60)
    player = players[0]

    async def scenario():
        one, two = socket(public_game, player), socket(public_game, player)
        for communicator in (one, two):
            await communicator.connect()
            await receive(communicator)
        answers = []
        for communicator, text in ((one, '{"type": "sync"}'), (two, '{"type": "sync"}'), (one, "not json"), (two, '{"type": "sync"}')):
            await communicator.send_to(text_data=text)
            answers.append((await receive(communicator))["type"])
            if answers[-1] == "error":
                answers.append((await receive(communicator))["type"])
        await one.send_to(text_data='{"type": "sync"}')
        refused = await receive(one)
        for _ in range(3):
            await one.send_to(text_data='{"type": "sync"}')
        silent = await one.receive_nothing(timeout=0.2)
        for _ in range(2):
            await one.send_to(text_data='{"type": "sync"}')
        closed = await one.receive_output(timeout=5)
        await two.disconnect()
        return answers, refused, silent, closed

    answers, refused, silent, closed = run_async(scenario)()
    assert answers == ["state", "state", "error", "state", "state"]
    assert refused["type"] == "error" and refused["status"] == 429
    assert silent, "past the limit, messages get no answer and no drawing"
    assert closed == {"type": "websocket.close", "code": 4429}


def test_open_sockets_are_limited_per_person_per_address_signed_out_and_per_address(public_game, settings):
    settings.PLAY_SOCKETS = {"user": 2, "anonymous": 2, "address": 3}
    settings.RATELIMIT_PROXY_COUNT = 1
    carla = make_user("carla")

    async def scenario():
        opened = []

        async def try_open(communicator):
            accepted, _ = await communicator.connect()
            if accepted:
                await receive(communicator)
                opened.append(communicator)
            return accepted

        person = [await try_open(from_address(public_game, f"10.0.0.{n}", carla)) for n in range(3)]
        signed_out = [await try_open(from_address(public_game, "10.0.1.1")) for _ in range(3)]
        school = [await try_open(from_address(public_game, "10.0.2.1", make)) for make in (None, None)]
        school.append(await try_open(from_address(public_game, "10.0.2.1", await database_sync_to_async(make_user)("dani"))))
        await opened[0].disconnect()
        again = await try_open(from_address(public_game, "10.0.0.9", carla))
        for communicator in opened[1:]:
            await communicator.disconnect()
        return person, signed_out, school, again

    person, signed_out, school, again = run_async(scenario)()
    assert person == [True, True, False]
    assert signed_out == [True, True, False]
    assert school == [True, True, True]
    assert again, "a closed socket makes room for another"
    assert not limits.SOCKETS.open


def test_new_connections_are_limited_per_session_before_it_is_read(public_game, settings):
    settings.PLAY_CONNECT_RATELIMIT = (3, 60)
    cookie = cookie_for(make_user("carla")).encode()

    async def scenario():
        accepted = []
        for _ in range(4):
            communicator = socket(public_game)
            communicator.scope["headers"].append((b"cookie", cookie))
            accepted.append((await communicator.connect())[0])
            if accepted[-1]:
                await receive(communicator)
                await communicator.disconnect()
        return accepted

    assert run_async(scenario)() == [True, True, True, False]


def test_an_address_opening_connections_too_fast_is_refused_before_its_session_is_read(public_game, settings, monkeypatch):
    settings.PLAY_ADDRESS_CONNECT_RATELIMIT = (2, 60)
    settings.RATELIMIT_PROXY_COUNT = 1
    carla = make_user("carla")
    sessions_read = []
    real = PooledAuthMiddleware.resolve_scope
    monkeypatch.setattr(PooledAuthMiddleware, "resolve_scope", lambda self, scope: sessions_read.append(1) or real(self, scope))

    async def scenario():
        codes = []
        for address in ("10.0.3.1", "10.0.3.1", "10.0.3.1", "10.0.3.2"):
            communicator = from_address(public_game, address, carla)
            codes.append(await communicator.connect())
            if codes[-1][0]:
                await receive(communicator)
                await communicator.disconnect()
        return codes

    assert run_async(scenario)() == [(True, None), (True, None), (False, 4429), (True, None)]
    assert len(sessions_read) == 3


def test_the_spectators_panel_is_drawn_once_per_change_for_every_spectator_of_the_process(public_game, players, monkeypatch):
    drawn = []

    def counting(game, viewer, **options):
        drawn.append(game.side_of(viewer))
        return real(game, viewer, **options)

    real = panels.render_panel
    for module in ("tutor.play.consumers", "tutor.play.watching"):
        monkeypatch.setattr(f"{module}.render_panel", counting, raising=False)
    on_roll = mover(public_game, players)
    play = public_game.position.legal_plays()[0].notation
    watchers = [make_user(f"mira{n}") for n in range(5)]

    async def scenario():
        acting = socket(public_game, on_roll)
        spectators = [socket(public_game, watcher) for watcher in watchers] + [socket(public_game)]
        for communicator in (acting, *spectators):
            await communicator.connect()
            await receive(communicator)
        drawn.clear()
        await acting.send_to(text_data=json.dumps({"type": "move", "seq": public_game.seq, "play": play}))
        seen = [await receive(communicator) for communicator in spectators]
        for communicator in (acting, *spectators):
            await communicator.disconnect()
        return seen

    seen = run_async(scenario)()
    assert len({json.dumps(state, sort_keys=True) for state in seen}) == 1
    assert seen[0]["seq"] == public_game.seq + 1 and play in seen[0]["html"] and seen[0]["you"] is None
    assert drawn.count(None) == 1, "one spectators' panel for six spectators"


def test_the_teacher_watching_a_class_game_gets_the_teachers_panel(players):
    teacher = make_user("profe", teacher=True)
    classroom = make_classroom(teacher, students=players)
    game = service.create_game(players[0], length=3, classroom=classroom, black=players[1])
    game.refresh_from_db()
    on_roll = mover(game, players)

    async def scenario():
        acting, watching_teacher = socket(game, on_roll), socket(game, teacher)
        for communicator in (acting, watching_teacher):
            await communicator.connect()
            await receive(communicator)
        await acting.send_to(text_data=json.dumps({"type": "move", "seq": game.seq, "play": game.position.legal_plays()[0].notation}))
        seen = await receive(watching_teacher)
        for communicator in (acting, watching_teacher):
            await communicator.disconnect()
        return seen

    assert "como docente del grupo" in run_async(scenario)()["html"]


def test_a_spectator_who_arrives_later_in_a_timed_game_is_shown_the_time_left_now(players, monkeypatch):
    now = [timezone.now()]
    monkeypatch.setattr(clocks, "clock", lambda: now[0])
    game = service.create_game(players[0], length=3, public=True, black=players[1], timed=True)

    async def scenario():
        seen = []
        for _ in range(2):
            spectator = socket(game)
            await spectator.connect()
            seen.append((await receive(spectator))["clock"])
            await spectator.disconnect()
            now[0] += timedelta(seconds=30)
        return seen

    early, late = run_async(scenario)()
    side = early["running"]
    left = [figures["delay_left"][side] + figures["reserve_left"][side] for figures in (early, late)]
    assert left[0] - left[1] == 30, "the shared drawing is not the time left when the first spectator came"


# -- guessed game codes ------------------------------------------------------------------------


def test_guessed_game_codes_are_limited_per_person_over_pages_forms_and_sockets(public_game, players, settings):
    settings.RATELIMITS = {**settings.RATELIMITS, "game-code": (3, 600)}
    guesser = signed_in(make_user("carla"))
    misses = [guesser.get("/jugar/AAAAAA/").status_code, guesser.post("/jugar/BBBBBB/accion/", {"tipo": "roll"}).status_code,
              guesser.post("/jugar/codigo/", {"code": "CCCCCC"}).status_code]
    assert misses == [404, 404, 404]
    refused = [guesser.get(public_game.get_absolute_url()), guesser.post("/jugar/codigo/", {"code": public_game.code})]
    assert [answer.status_code for answer in refused] == [429, 429] and int(refused[0]["Retry-After"]) > 0
    own = signed_in(players[0])
    for _ in range(3):
        own.get("/jugar/DDDDDD/")
    assert own.get(public_game.get_absolute_url()).status_code == 200, "a player's own games stay open"


def test_guessed_codes_over_the_game_and_review_sockets_count_as_guesses_too(public_game, settings):
    settings.RATELIMITS = {**settings.RATELIMITS, "game-code": (2, 600)}
    carla = make_user("carla")
    missing = LiveGame(code="ZZZZZZ")

    async def scenario():
        headers = [(b"origin", b"http://testserver"), (b"host", b"testserver"), (b"cookie", cookie_for(carla).encode())]
        review = WebsocketCommunicator(application, f"/ws/jugar/{missing.code}/revision/", headers=headers)
        return [await socket(missing, carla).connect(), await review.connect(), await socket(public_game, carla).connect()]

    assert run_async(scenario)() == [(False, 4403), (False, 4403), (False, 4429)]
    assert signed_in(carla).get(public_game.get_absolute_url()).status_code == 429


# -- logging out ------------------------------------------------------------------------------------


def test_logging_out_closes_the_persons_sockets_and_the_page_cannot_act_for_them_again(players):
    game = service.create_game(players[0], length=3, black=players[1])
    game.refresh_from_db()
    on_roll = mover(game, players)
    browser = Client()
    browser.login(username=on_roll.username, password=PASSWORD)
    cookie = f"sessionid={browser.cookies['sessionid'].value}".encode()

    async def scenario():
        page = socket(game)
        page.scope["headers"].append((b"cookie", cookie))
        rival = socket(game, players[1 - game.side_to_act()])
        for communicator in (page, rival):
            await communicator.connect()
            await receive(communicator)
        await database_sync_to_async(browser.post)("/cuenta/salir/")
        closed = await page.receive_output(timeout=5)
        rival_open = await rival.receive_nothing(timeout=0.2)
        again = socket(game)
        again.scope["headers"].append((b"cookie", cookie))
        reconnected = await again.connect()
        await rival.disconnect()
        return closed, rival_open, reconnected

    closed, rival_open, reconnected = run_async(scenario)()
    assert closed == {"type": "websocket.close", "code": 4401}
    assert rival_open, "the rival's socket stays open"
    assert reconnected == (False, 4403), "signed out, the page may not even watch this game"
    assert LiveGame.objects.get(pk=game.pk).seq == game.seq


def test_a_process_is_told_of_a_logout_once_and_closes_every_socket_of_that_person_it_holds(public_game, players):
    """One member of the people's group per process, whatever the number of sockets open there: no
    subscription per socket; every socket of the person who logged out closes, the others stay open,
    and the process leaves the group with its last socket."""
    ana, bruno = players
    layer = get_channel_layer()

    async def scenario():
        before = set(layer.groups.get(people.GROUP, {}))  # earlier tests' event loops, gone
        tab, other_tab, rival = socket(public_game, ana), socket(public_game, ana), socket(public_game, bruno)
        for communicator in (tab, other_tab, rival):
            await communicator.connect()
            await receive(communicator)
        members = set(layer.groups.get(people.GROUP, {})) - before
        await database_sync_to_async(close_sockets_of)(ana)
        closed = [await page.receive_output(timeout=5) for page in (tab, other_tab)]
        rival_open = await rival.receive_nothing(timeout=0.2)
        for page in (tab, other_tab, rival):  # the browsers close their end (the rival leaves the game)
            await page.disconnect()
        for _ in range(50):  # leaving the group runs on its own task, once the last socket has gone
            if not members & set(layer.groups.get(people.GROUP, {})):
                break
            await asyncio.sleep(0.01)
        return members, closed, rival_open, members & set(layer.groups.get(people.GROUP, {}))

    members, closed, rival_open, left = run_async(scenario)()
    assert len(members) == 1 and next(iter(members)).startswith("people.")
    assert closed == [{"type": "websocket.close", "code": 4401}] * 2
    assert rival_open, "the rival's socket stays open"
    assert left == set()


def test_a_socket_opens_while_the_thread_that_applies_the_games_decisions_is_busy(public_game, players):
    """Who opens a socket, and which game it is, are read on the pool of threads, not behind the moves."""

    async def scenario():
        release = threading.Event()
        busy = asyncio.ensure_future(database_sync_to_async(lambda: release.wait(20))())
        await asyncio.sleep(0.05)  # the process's one thread for decisions is now taken
        communicator = socket(public_game, players[0])
        try:
            connected, _ = await communicator.connect(timeout=10)
            first = await receive(communicator)
            still_busy = not busy.done()
        finally:
            release.set()
            await busy
        await communicator.disconnect()
        return connected, first["type"], still_busy

    assert run_async(scenario)() == (True, "state", True)


def test_a_socket_to_a_code_no_game_can_have_is_refused_like_any_code_that_leads_nowhere(public_game):
    """Letters outside the codes' alphabet (``Ñ``, Arabic digits) name no game, and no group either."""
    carla = make_user("carla")

    async def scenario():
        answers = []
        for code in ("ÑÑÑÑÑÑ", "٣٣٣٣٣٣", "ab-c"):
            answers.append(await socket(LiveGame(code=code), carla).connect())
        return answers

    assert run_async(scenario)() == [(False, 4403)] * 3


def test_a_player_s_socket_joins_the_game_before_reading_it_so_a_change_in_between_still_arrives(public_game, players):
    """The first state is drawn after joining the game's group: a change saved meanwhile comes as an update."""
    player = public_game.player(public_game.side_to_act())
    drawn = GameConsumer._drawn

    def drawn_after_a_change(consumer, game, *args):
        state = drawn(consumer, game, *args)
        announce(LiveGame.objects.get(pk=game.pk))  # as if the rival acted between the reading and the drawing
        return state

    async def scenario():
        communicator = socket(public_game, player)
        assert (await communicator.connect(timeout=20))[0]
        return await receive(communicator), await receive(communicator)

    with patch.object(GameConsumer, "_drawn", drawn_after_a_change):
        first, update = run_async(scenario)()
    assert first["type"] == "state" and update["type"] == "state" and update["seq"] == first["seq"]
