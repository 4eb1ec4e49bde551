"""The live game's WebSocket protocol, with Channels' WebsocketCommunicator against the real ASGI application."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor

import pytest
from asgiref.sync import async_to_sync
from channels.layers import channel_layers
from channels.testing import WebsocketCommunicator
from django.test import Client

from tests.classroom_factories import PASSWORD, make_classroom, make_user
from tests.live_games import both_play
from tutor.asgi import application
from tutor.play import service
from tutor.play.models import LiveGame, Phase, RefusedPlay
from tutor.live.routing import websocket_application
from tutor.play.routing import websocket_urlpatterns as game_sockets

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def seeded_dice(settings):
    settings.PRACTICE_DICE_SEED = 11


def run_async(scenario):
    """``scenario`` (an async function) run to completion in a thread of its own.

    Not in the test's thread: once a browser test has started Playwright's
    synchronous API, that thread counts as running an event loop for the
    rest of the session, and ``async_to_sync`` refuses to run there.
    """

    def call(*args):
        with ThreadPoolExecutor(max_workers=1) as pool:
            return pool.submit(async_to_sync(scenario), *args).result()

    return call


def cookie_for(user) -> str:
    client = Client()
    client.login(username=user.username, password=PASSWORD)
    return f"sessionid={client.cookies['sessionid'].value}"


def socket(game, user=None, origin: bytes = b"http://testserver", app=application) -> WebsocketCommunicator:
    headers = [(b"origin", origin), (b"host", b"testserver")]
    if user is not None:
        headers.append((b"cookie", cookie_for(user).encode()))
    return WebsocketCommunicator(app, f"/ws/jugar/{game.code}/", headers=headers)


async def receive(communicator) -> dict:
    return json.loads(await communicator.receive_from(timeout=20))


@pytest.fixture
def players():
    return make_user("ana"), make_user("bruno")


@pytest.fixture
def game(players):
    game = service.create_game(players[0], length=3)
    service.join(game, players[1])
    game.refresh_from_db()
    return game


def mover(game, players):
    return players[game.side_to_act()]


def other(game, players):
    return players[1 - game.side_to_act()]


def test_both_players_see_a_move_at_once_and_the_database_holds_it(game, players):
    on_roll, waiting = mover(game, players), other(game, players)
    play = game.position.legal_plays()[0].notation

    async def scenario():
        first, second = socket(game, on_roll), socket(game, waiting)
        assert (await first.connect())[0] and (await second.connect())[0]
        start = await receive(first)
        await receive(second)
        assert start["type"] == "state" and start["seq"] == game.seq
        assert "Tu turno" in start["html"]
        await first.send_to(text_data=json.dumps({"type": "move", "seq": start["seq"], "play": play}))
        mine, theirs = await receive(first), await receive(second)
        await first.disconnect()
        await second.disconnect()
        return mine, theirs

    mine, theirs = run_async(scenario)()
    game.refresh_from_db()
    assert mine["seq"] == theirs["seq"] == game.seq
    assert game.actions.filter(kind="move", play=play).count() == 1
    assert play in theirs["html"]


def test_every_tab_of_a_player_and_every_spectator_sees_the_move(players):
    """The mover's process draws each player's panel once; spectators draw their own, read-only."""
    game = service.create_game(players[0], length=3, public=True)
    service.join(game, players[1])
    game.refresh_from_db()
    on_roll, waiting = mover(game, players), other(game, players)
    watcher = make_user("carla")
    play = game.position.legal_plays()[0].notation

    async def scenario():
        acting, tab, second_tab, watching = (socket(game, on_roll), socket(game, waiting),
                                             socket(game, waiting), socket(game, watcher))
        for communicator in (acting, tab, second_tab, watching):
            assert (await communicator.connect())[0]
            await receive(communicator)
        await acting.send_to(text_data=json.dumps({"type": "move", "seq": game.seq, "play": play}))
        seen = [await receive(communicator) for communicator in (acting, tab, second_tab, watching)]
        for communicator in (acting, tab, second_tab, watching):
            await communicator.disconnect()
        return seen

    mine, tab, second_tab, watched = run_async(scenario)()
    assert mine["seq"] == tab["seq"] == second_tab["seq"] == watched["seq"] == game.seq + 1
    assert tab["html"] == second_tab["html"] and tab["you"] == 1 - mine["you"]
    assert play in watched["html"] and "solo lectura" in watched["html"] and watched["you"] is None
    assert "Dejar el match" in mine["html"] and "Dejar el match" not in watched["html"]


def test_an_illegal_move_is_explained_in_spanish_and_counted(game, players):
    async def scenario():
        communicator = socket(game, mover(game, players))
        await communicator.connect()
        await receive(communicator)
        await communicator.send_to(text_data=json.dumps({"type": "move", "seq": game.seq, "play": "24/10"}))
        answer = await receive(communicator)
        await communicator.disconnect()
        return answer

    answer = run_async(scenario)()
    assert answer["type"] == "refused"
    assert answer["verdict"]["legal"] is False and answer["verdict"]["reasons"][0]["message"]
    assert "Jugada ilegal" in answer["html"]
    assert RefusedPlay.objects.filter(user=mover(game, players)).count() == 1


def exchange(game, user, messages: list) -> list[dict]:
    async def scenario():
        communicator = socket(game, user)
        await communicator.connect()
        await receive(communicator)
        answers = []
        for message in messages:
            await communicator.send_to(text_data=message if isinstance(message, str) else json.dumps(message))
            answers.append(await receive(communicator))
            if answers[-1]["type"] == "error":
                await receive(communicator)  # the state that follows every error
        await communicator.disconnect()
        return answers

    return run_async(scenario)()


def test_out_of_turn_replayed_and_forged_messages_are_refused(game, players):
    play = game.position.legal_plays()[0].notation
    before = game.seq
    answers = exchange(game, other(game, players), [
        {"type": "move", "seq": game.seq, "play": play},
        "not json",
        {"type": "give-me-the-win", "seq": game.seq},
        {"type": "move", "seq": "1", "play": play},
        {"type": "move", "seq": game.seq, "play": ["13/7"]},
    ])
    assert [a["message"] for a in answers] == [
        "No es tu turno: espera a que juegue tu rival.", "Mensaje no válido.", "Mensaje no válido.",
        "Mensaje no válido.", "Mensaje no válido.",
    ]
    replayed = exchange(game, mover(game, players), [
        {"type": "move", "seq": game.seq, "play": play},
        {"type": "move", "seq": game.seq, "play": play},
    ])
    assert replayed[0]["type"] == "state"
    assert replayed[1]["type"] == "error" and "llega tarde" in replayed[1]["message"]
    game.refresh_from_db()
    assert game.seq == before + 1
    assert game.actions.filter(kind="move", play=play).count() == 1


def test_a_spectator_watches_but_can_send_nothing_and_is_told_so_without_a_new_drawing(players):
    game = service.create_game(players[0], length=3, public=True)
    service.join(game, players[1])
    watcher = make_user("carla")

    async def scenario():
        communicator = socket(game, watcher)
        await communicator.connect()
        await receive(communicator)
        answers = []
        for message in ({"type": "resign", "seq": LiveGame.objects.get(pk=game.pk).seq}, "not json"):
            await communicator.send_to(text_data=json.dumps(message))
            answers.append(await receive(communicator))
        nothing_more = await communicator.receive_nothing(timeout=0.2)
        await communicator.disconnect()
        return answers, nothing_more

    answers, nothing_more = run_async(scenario)()
    assert [answer["status"] for answer in answers] == [403, 403] and "mira" in answers[0]["message"]
    assert nothing_more
    assert LiveGame.objects.get(pk=game.pk).phase != Phase.OVER


def test_the_teacher_watches_a_class_game_and_another_class_cannot_reach_it(players):
    teacher = make_user("profe", teacher=True)
    classroom = make_classroom(teacher, students=players)
    game = service.create_game(players[0], length=3, classroom=classroom, black=players[1])
    stranger_teacher = make_user("otra", teacher=True)
    make_classroom(stranger_teacher, name="Otro grupo")

    async def scenario():
        watching = socket(game, teacher)
        connected, _ = await watching.connect()
        state = await receive(watching)
        await watching.disconnect()
        outsider = socket(game, stranger_teacher)
        refused, code = await outsider.connect()
        anonymous = socket(game)
        anonymous_ok, _ = await anonymous.connect()
        return connected, state, refused, code, anonymous_ok

    connected, state, refused, code, anonymous_ok = run_async(scenario)()
    assert connected and "docente del grupo" in state["html"]
    assert not refused and code == 4403
    assert not anonymous_ok


def test_a_foreign_origin_is_refused(game, players, settings):
    settings.ALLOWED_HOSTS = ["testserver"]
    app = websocket_application(*game_sockets)

    async def scenario(origin):
        communicator = socket(game, players[0], origin=origin, app=app)
        connected, _ = await communicator.connect()
        await communicator.disconnect()
        return connected

    assert run_async(scenario)(b"http://evil.example") is False
    assert run_async(scenario)(b"http://testserver") is True


def test_a_reconnect_and_a_restart_resume_the_exact_state(game, players):
    play = game.position.legal_plays()[0].notation
    exchange(game, mover(game, players), [{"type": "move", "seq": game.seq, "play": play}])
    game.refresh_from_db()
    # A restart: the process's channel layer (and every consumer) is gone;
    # only the database remains.
    channel_layers.backends.clear()
    answers = exchange(game, players[0], [{"type": "sync"}])
    assert answers[0]["seq"] == game.seq and answers[0]["phase"] == game.phase
    # The game goes on after the restart from exactly where it was.
    next_player = mover(game, players)
    message = {"type": "roll", "seq": game.seq} if game.phase == Phase.ROLL else {
        "type": "move", "seq": game.seq, "play": game.position.legal_plays()[0].notation}
    after = exchange(game, next_player, [message])
    assert after[0]["type"] == "state" and after[0]["seq"] == game.seq + 1


def test_an_offer_to_resign_reaches_the_rival_at_once_and_accepting_it_scores_the_game(game, players):
    ana, bruno = players

    async def scenario():
        offering, answering = socket(game, ana), socket(game, bruno)
        assert (await offering.connect())[0] and (await answering.connect())[0]
        start = await receive(offering)
        await receive(answering)
        await offering.send_to(text_data=json.dumps({"type": "offer", "seq": start["seq"], "level": "gammon"}))
        mine, question = await receive(offering), await receive(answering)
        await offering.send_to(text_data=json.dumps({"type": "offer", "seq": mine["seq"], "level": "single"}))
        again = await receive(offering)
        await receive(offering)  # the state after the error
        await answering.send_to(text_data=json.dumps({"type": "accept", "seq": question["seq"]}))
        done_theirs, done_mine = await receive(answering), await receive(offering)
        await offering.disconnect()
        await answering.disconnect()
        return mine, question, again, done_theirs, done_mine

    mine, question, again, done_theirs, done_mine = run_async(scenario)()
    assert question["to_act"] == 1 and "Ana se ofrece a rendirse" in question["html"] and 'value="accept"' in question["html"]
    assert "Te has ofrecido a rendirte" in mine["html"] and "Rendirte en esta partida" not in mine["html"]
    assert again["type"] == "error" and "Ya te has ofrecido" in again["message"]
    assert "Tú aceptas la rendición (gammon, 2 puntos)." in done_theirs["html"]
    assert "Bruno (negras) acepta la rendición" in done_mine["html"]
    game.refresh_from_db()
    assert game.score == (0, 2) and game.game_number == 2 and game.actions.filter(kind="offer").count() == 1


def test_a_forged_resignation_level_is_refused(game, players):
    answers = exchange(game, players[0], [
        {"type": "offer", "seq": game.seq, "level": ["gammon"]},
        {"type": "offer", "seq": game.seq, "level": "quadruple"},
    ])
    assert answers[0]["message"] == "Mensaje no válido."
    assert answers[1]["status"] == 400 and "partida simple, gammon o backgammon" in answers[1]["message"]
    assert not LiveGame.objects.get(pk=game.pk).offer


def test_a_rivals_update_is_forwarded_while_the_database_thread_is_busy(game, players):
    """Forwarding a drawn panel needs no database: it must not queue behind other games' decisions.

    The process's one thread for synchronous code is held by another task
    (as by another game's decision being applied and drawn); the update
    still reaches the player at once.
    """
    import asyncio
    import threading

    from asgiref.sync import sync_to_async

    from tutor.play.broadcast import group_name

    waiting = other(game, players)
    side = game.side_of(waiting)
    busy = threading.Event()

    async def scenario():
        watcher = socket(game, waiting)
        assert (await watcher.connect())[0]
        await receive(watcher)
        holder = asyncio.ensure_future(sync_to_async(busy.wait)(10))
        await asyncio.sleep(0.05)
        try:
            await channel_layers["default"].group_send(group_name(game.code), {
                "type": "game.changed", "state": {"seq": game.seq + 1, "phase": "roll", "to_act": side, "xgid": game.xgid},
                "panels": {str(side): "<p>panel</p>"},
            })
            update = await receive(watcher)
            still_busy = not holder.done()
        finally:
            busy.set()
            await holder
        await watcher.disconnect()
        return update, still_busy

    update, still_busy = run_async(scenario)()
    assert still_busy and update["html"] == "<p>panel</p>" and update["seq"] == game.seq + 1


def test_the_asgi_process_keeps_what_it_imported_out_of_the_collectors_full_passes():
    """A full pass of the cyclic collector stops every game of the process: the imports are frozen out of it."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "tutor.settings.test", "PYTHONPATH": str(root)}
    frozen = subprocess.run([sys.executable, "-c", "import gc, tutor.asgi; print(gc.get_freeze_count())"],
                            cwd=root, env=env, capture_output=True, text=True, check=True).stdout
    assert int(frozen) > 10_000


def test_a_timed_games_state_carries_the_clock_and_a_claim_of_flag_is_refused_before_time(players, monkeypatch):
    from datetime import timedelta

    from django.utils import timezone

    from tutor.play import clocks

    start = timezone.now()
    now = [start]
    monkeypatch.setattr(clocks, "clock", lambda: now[0])
    game = both_play(service.create_game(players[0], length=3, black=players[1], timed=True))  # a match under way
    late, phase = game.side_to_act(), game.phase

    async def scenario():
        waiting = socket(game, players[1 - late])
        assert (await waiting.connect())[0]
        first = await receive(waiting)
        await waiting.send_to(text_data=json.dumps({"type": "flag"}))
        refused, again = await receive(waiting), await receive(waiting)
        now[0] = start + timedelta(seconds=12 + 240)
        await waiting.send_to(text_data=json.dumps({"type": "flag"}))
        over = await receive(waiting)
        await waiting.disconnect()
        return first, refused, again, over

    first, refused, again, over = run_async(scenario)()
    assert first["clock"] == {"delay": 12, "running": late, "delay_left": [12.0, 12.0], "reserve_left": [240.0, 240.0]}
    assert 'role="timer"' in first["html"] and "Reserva: 4:00" in first["html"]
    assert refused["type"] == "error" and refused["status"] == 409 and "Aún no" in refused["message"]
    assert again["phase"] == phase
    assert over["phase"] == Phase.OVER and over["clock"]["running"] is None
    assert over["clock"]["reserve_left"][late] == 0
    game.refresh_from_db()
    assert game.winner == 1 - late and game.score[1 - late] == 3
