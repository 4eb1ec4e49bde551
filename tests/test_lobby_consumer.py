"""The lobby's WebSocket protocol, with Channels' WebsocketCommunicator against the real ASGI application."""

from __future__ import annotations

import asyncio
import json
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.utils import timezone

from tests.classroom_factories import make_user
from tests.lobby_factories import rate
from tests.test_play_consumer import cookie_for, receive, run_async
from tutor.asgi import application
from tutor.lobby import service
from tutor.lobby.keeper import keeper
from tutor.lobby.models import Seek
from tutor.play import service as games
from tutor.play.models import LiveGame

pytestmark = pytest.mark.django_db(transaction=True)

MATCH_TO_3 = {"type": "play_now", "length": "3", "clock": "no", "rated": "on", "spread": "", "room": "public"}
WISH_3 = service.Wish(length=3, rated=True)


def lobby(user=None, path: str = "/ws/sala/") -> WebsocketCommunicator:
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
    if user is not None:
        headers.append((b"cookie", cookie_for(user).encode()))
    return WebsocketCommunicator(application, path, headers=headers)


async def enter(*communicators) -> list[dict]:
    states = []
    for communicator in communicators:
        assert (await communicator.connect(timeout=20))[0]  # a busy machine takes more than the default second
        states.append(await receive(communicator))
    return states


async def receive_other_than(communicator, kind: str) -> dict:
    """The next message that is not a ``kind`` one (the keeper's list of games comes on its own)."""
    while True:
        message = await receive(communicator)
        if message["type"] != kind:
            return message


def added(message: dict) -> list[dict]:
    """The rows a ``seeks`` message adds (and nothing removed)."""
    assert message["type"] == "seeks" and message["removed"] == []
    return message["added"]


async def send(communicator, message: dict) -> dict:
    await communicator.send_to(text_data=json.dumps(message))
    return await receive(communicator)


async def leave(*communicators) -> None:
    for communicator in communicators:
        await communicator.disconnect(timeout=20)


def test_jugar_ya_publishes_a_seek_that_every_page_shows_at_once_with_the_buttons_its_viewer_may_use(people):
    ana, bruno, _ = people

    async def scenario():
        mine, theirs, visitor = lobby(ana), lobby(bruno), lobby()
        states = await enter(mine, theirs, visitor)
        answer = await send(mine, MATCH_TO_3)
        own = await receive(mine)
        seen = await receive(theirs), await receive(visitor)
        await leave(mine, theirs, visitor)
        return states, answer, own, seen

    states, answer, own, (theirs, visitor) = run_async(scenario)()
    assert [state["type"] for state in states] == ["state"] * 3 and states[0]["seeks"] == ""
    seek = Seek.objects.get(creator=ana)
    assert answer["type"] == "waiting" and "Buscando rival" in answer["html"]
    (own,), (theirs,), (visitor,) = (added(message) for message in (own, theirs, visitor))
    assert "Tu búsqueda" in own["html"] and "Aceptar" not in own["html"]
    assert theirs == {"id": seek.pk, "html": theirs["html"]} and "Aceptar" in theirs["html"]
    assert "Aceptar" not in visitor["html"] and "ana" in visitor["html"]


def test_a_process_hears_each_room_once_and_hands_the_change_to_each_of_its_pages(people):
    """The room's group has one member per process, its relay, whatever the number of pages open there;
    every page still gets the row its viewer is shown, and the process leaves the group with its last page."""
    ana, bruno, carla = people
    layer = get_channel_layer()

    async def scenario():
        mine, theirs, watcher, visitor = lobby(ana), lobby(bruno), lobby(carla), lobby()
        await enter(mine, theirs, watcher, visitor)
        members = set(layer.groups.get("lobby-public", {}))
        await send(mine, MATCH_TO_3)
        rows = [added(await receive(page)) for page in (mine, theirs, watcher, visitor)]
        await leave(mine, theirs, watcher, visitor)
        for _ in range(50):  # leaving the group runs on its own task, once the last page has gone
            if not layer.groups.get("lobby-public"):
                break
            await asyncio.sleep(0.01)
        return members, rows, set(layer.groups.get("lobby-public", {}))

    members, rows, left = run_async(scenario)()
    assert len(members) == 1 and next(iter(members)).startswith("lobby-relay.")
    assert [len(found) for found in rows] == [1, 1, 1, 1]
    (own,), (theirs,), (watcher,), (visitor,) = rows
    assert "Tu búsqueda" in own["html"] and "Aceptar" in theirs["html"] and "Aceptar" in watcher["html"]
    assert "Aceptar" not in visitor["html"]
    assert left == set()


def test_a_lobby_socket_that_fails_to_open_is_not_kept_among_its_person_s_sockets(people, monkeypatch):
    """The channel layer failing halfway through opening (Redis down): nothing of the socket stays
    in its process, where a logout or a pairing would still look for it."""
    from tutor.lobby.relay import Relay
    from tutor.live.people import people as people_here

    ana, _, _ = people

    async def unreachable(self, page, keys):
        raise ConnectionError("Redis is down")

    monkeypatch.setattr(Relay, "join", unreachable)

    async def scenario():
        page = lobby(ana)
        with pytest.raises(ConnectionError):
            await page.connect()
        return dict(people_here().sockets)

    assert run_async(scenario)() == {}


def test_taking_a_seek_sends_both_players_to_the_new_game_and_lists_it_to_watch(people):
    ana, bruno, carla = people

    async def scenario():
        mine, theirs, watcher = lobby(ana), lobby(bruno), lobby(carla)
        await enter(mine, theirs, watcher)
        await send(mine, MATCH_TO_3)
        await receive(mine)  # her own row
        (seek,) = added(await receive(theirs))
        await receive(watcher)
        taker = await send(theirs, {"type": "take", "seek": seek["id"]})
        creator = await receive(mine)
        removed = await receive(watcher)
        await leave(mine, theirs)
        await keeper().tick()  # the process's next round shows the new game to watch
        listed = await receive(watcher)
        await leave(watcher)
        return taker, creator, removed, listed

    taker, creator, removed, listed = run_async(scenario)()
    game = LiveGame.objects.get()
    assert taker == creator == {"type": "paired", "url": game.get_absolute_url()}
    assert removed == {"type": "seeks", "removed": [Seek.objects.get().pk], "added": []}
    assert listed["type"] == "games" and f'data-game="{game.pk}"' in listed["html"]


def test_a_seek_a_player_may_not_take_never_reaches_them(people):
    ana, bruno, carla = people
    rate(carla, 1900)

    async def scenario():
        mine, theirs, high = lobby(ana), lobby(bruno), lobby(carla)
        await enter(mine, theirs, high)
        await send(mine, {**MATCH_TO_3, "spread": "100"})  # 1400 to 1600: not for Carla
        await send(theirs, {**MATCH_TO_3, "length": "5"})
        first = await receive(high)
        await leave(mine, theirs, high)
        return first

    first = run_async(scenario)()
    assert [row["id"] for row in added(first)] == [Seek.objects.get(creator=bruno).pk]


BAD = [
    "not json",
    "[]",
    json.dumps({"type": "resign"}),
    json.dumps({"type": "take", "seek": "12"}),
    json.dumps({"type": "take", "seek": True}),
    json.dumps({"type": "take", "seek": 10**30}),
    json.dumps({"type": "play_now", "length": 3}),
    json.dumps({"type": "play_now", "room": "x" * 50}),
    json.dumps({"type": "withdraw", "padding": "x" * 2000}),
]


def test_every_malformed_message_and_every_impossible_wish_is_refused_in_spanish(people):
    ana, _, _ = people

    async def scenario():
        mine = lobby(ana)
        await enter(mine)
        answers = []
        for text in BAD:
            await mine.send_to(text_data=text)
            answers.append(await receive(mine))
        answers.append(await send(mine, {**MATCH_TO_3, "length": "9"}))
        answers.append(await send(mine, {**MATCH_TO_3, "room": "class-1"}))
        answers.append(await send(mine, {"type": "take", "seek": 424242}))
        await leave(mine)
        return answers

    answers = run_async(scenario)()
    assert all(answer["type"] == "error" and answer["status"] == 400 for answer in answers[: len(BAD)])
    assert answers[len(BAD)] == {"type": "error", "status": 400, "message": "Elige una partida por dinero o un match a 1, 3, 5 o 7 puntos."}
    assert answers[len(BAD) + 1]["message"] == "Elige una de las salas en las que juegas."
    assert answers[-1] == {"type": "error", "status": 404, "message": "No hay ninguna búsqueda así en tus salas."}
    assert not Seek.objects.exists()


def test_a_money_game_asked_for_with_puntua_ticked_is_published_unrated(people):
    ana, _, _ = people

    async def scenario():
        mine = lobby(ana)
        await enter(mine)
        answer = await send(mine, {**MATCH_TO_3, "length": "0"})
        await leave(mine)
        return answer

    assert run_async(scenario)()["type"] == "waiting"
    seek = Seek.objects.get()
    assert (seek.length, seek.rated) == (0, False)


def test_someone_only_watching_sends_nothing(people):
    async def scenario():
        visitor = lobby()
        await enter(visitor)
        answers = [await send(visitor, message) for message in (MATCH_TO_3, {"type": "withdraw"})]
        await leave(visitor)
        return answers

    assert {answer["status"] for answer in run_async(scenario)()} == {403}
    assert not Seek.objects.exists()


def test_a_player_sending_too_many_messages_is_told_to_wait(people, settings):
    settings.PLAY_RATELIMIT = (3, 60)  # the live games' limit, shared by every socket of a person
    ana, _, _ = people

    async def scenario():
        mine = lobby(ana)
        await enter(mine)
        answers = [await send(mine, {"type": "withdraw"}) for _ in range(4)]
        await leave(mine)
        return answers

    answers = run_async(scenario)()
    assert [answer["type"] for answer in answers] == ["waiting"] * 3 + ["error"]
    assert answers[-1]["status"] == 429 and "espera" in answers[-1]["message"]


def test_a_seek_goes_when_its_creator_leaves_and_stays_when_they_come_back_within_the_grace(people, settings):
    settings.LOBBY_LEASE_SECONDS = 12
    ana, bruno, _ = people

    async def scenario():
        mine, theirs = lobby(ana), lobby(bruno)
        await enter(mine, theirs)
        await send(mine, MATCH_TO_3)
        await receive(theirs)
        await leave(mine)
        again = lobby(ana)
        back = (await enter(again))[0]  # a reload: the seek is still hers
        await leave(again)
        await keeper().tick(now=timezone.now() + timedelta(seconds=30))  # nobody renewed it since
        gone = await receive_other_than(theirs, "games")
        await leave(theirs)
        return back, gone

    back, gone = run_async(scenario)()
    seek = Seek.objects.get()
    assert "Buscando rival" in back["waiting"] and f'data-seek="{seek.pk}"' in back["seeks"]
    assert gone == {"type": "seeks", "removed": [seek.pk], "added": []} and seek.status == Seek.Status.GONE


def test_a_player_s_open_page_keeps_their_seek_alive(people, settings):
    settings.LOBBY_LEASE_SECONDS = 12
    ana, _, _ = people

    async def scenario():
        mine = lobby(ana)
        await enter(mine)
        await send(mine, MATCH_TO_3)
        await keeper().tick(now=timezone.now() + timedelta(seconds=10))
        await keeper().tick(now=timezone.now() + timedelta(seconds=20))
        await leave(mine)

    run_async(scenario)()
    assert Seek.objects.get().status == Seek.Status.OPEN


def test_a_creator_who_missed_the_pairing_is_told_again_on_the_next_round(people):
    """The channel layer delivers at most once: each process tells its waiting players again of a seek taken."""
    ana, bruno, _ = people

    async def scenario():
        mine = await waiting_page(ana)
        seek = await database_sync_to_async(Seek.objects.get)()
        # Taken without telling anyone, as if the message had been lost on the way.
        outcome = await database_sync_to_async(service.take)(seek.pk, bruno, now=timezone.now())
        await keeper().tick()
        told = await receive_other_than(mine, "games")
        await leave(mine)
        return outcome.game.get_absolute_url(), told

    url, told = run_async(scenario)()
    assert told == {"type": "paired", "url": url}


async def waiting_page(creator, path: str = "/ws/sala/") -> WebsocketCommunicator:
    """``creator``'s lobby page, from which she has published a match to 3 (her own row read)."""
    page = lobby(creator, path)
    await enter(page)
    await send(page, MATCH_TO_3)
    await receive(page)  # her own row
    return page


async def taken_while_away(creator, taker, path: str = "/ws/sala/") -> LiveGame:
    """``creator`` publishes a seek from a lobby page whose socket then closes; ``taker`` takes it meanwhile."""
    await leave(await waiting_page(creator, path))
    seek = await database_sync_to_async(Seek.objects.get)()
    return (await database_sync_to_async(service.take)(seek.pk, taker, now=timezone.now())).game


def test_a_page_opened_after_a_pairing_is_not_sent_to_that_game(people):
    ana, bruno, _ = people

    async def scenario():
        await taken_while_away(ana, bruno)
        later_page = lobby(ana)
        await enter(later_page)
        await keeper().tick()
        await later_page.send_to(text_data=json.dumps({"type": "withdraw"}))
        answer = await receive_other_than(later_page, "games")  # this answer, not the old game
        await leave(later_page)
        return answer

    assert run_async(scenario)() == {"type": "waiting", "html": ""}


def test_a_page_drawn_in_the_same_second_after_its_player_s_pairing_is_not_sent_to_that_game(people):
    """A match resigned at once: its player is back in the lobby within the second of the pairing."""
    ana, bruno, _ = people

    async def scenario():
        await taken_while_away(ana, bruno)
        drawn = int(timezone.now().timestamp() * 1000)  # the «Jugar» page drawn just after
        back = lobby(ana, f"/ws/sala/?pagina={drawn}")
        await enter(back)
        quiet = await back.receive_nothing(timeout=1)
        await leave(back)
        return quiet

    assert run_async(scenario)()


def test_a_page_whose_socket_was_away_when_its_seek_was_taken_is_sent_to_the_game_as_it_reconnects(people):
    ana, bruno, _ = people
    path = f"/ws/sala/?pagina={int(timezone.now().timestamp() * 1000) - 1000}"  # as the page writes it when drawn

    async def scenario():
        game = await taken_while_away(ana, bruno, path)
        again = lobby(ana, path)  # the same page reconnects
        await enter(again)
        told = await receive(again)
        await leave(again)
        return game.get_absolute_url(), told

    url, told = run_async(scenario)()
    assert told == {"type": "paired", "url": url}


def test_the_lobby_page_writes_when_it_was_drawn_into_its_socket_s_address(client):
    client.force_login(make_user("ana"))
    page = client.get("/jugar/").content.decode()
    written = int(page.split('data-ws-path="/ws/sala/?pagina=', 1)[1].split('"', 1)[0])
    assert abs(written / 1000 - timezone.now().timestamp()) < 60


def test_a_public_game_that_ends_leaves_the_list_to_watch_on_the_next_round(people):
    ana, bruno, carla = people

    async def scenario():
        await database_sync_to_async(service.play_now)(ana, service.Wish(length=3), now=timezone.now())
        game = (await database_sync_to_async(service.play_now)(bruno, service.Wish(length=3), now=timezone.now())).game
        watcher = lobby(carla)
        listed = (await enter(watcher))[0]
        await database_sync_to_async(games.run)(game.pk, ana, "resign", seq=game.seq)
        await keeper().tick()
        removed = await receive(watcher)
        await leave(watcher)
        return game.pk, listed, removed

    pk, listed, removed = run_async(scenario)()
    assert f'data-game="{pk}"' in listed["games"]
    assert removed == {"type": "games", "html": ""}


def test_a_page_arriving_is_shown_the_games_to_watch_as_the_keeper_drew_them_without_drawing_them_again(people, monkeypatch):
    from tutor.lobby import consumers

    ana, bruno, carla = people
    drawn = []
    draw = consumers.game_rows
    monkeypatch.setattr(consumers, "game_rows", lambda games: drawn.append(len(games)) or draw(games))

    async def scenario():
        await database_sync_to_async(service.play_now)(ana, service.Wish(length=3), now=timezone.now())
        game = (await database_sync_to_async(service.play_now)(bruno, service.Wish(length=3), now=timezone.now())).game
        first, second, visitor = lobby(carla), lobby(ana), lobby()
        states = await enter(first, second, visitor)
        await leave(first, second, visitor)
        return game.pk, states

    pk, states = run_async(scenario)()
    assert drawn == [1]  # by the first arrival only
    assert all(f'data-game="{pk}"' in state["games"] for state in states)


def test_a_page_arrives_while_a_burst_of_jugar_ya_waits_for_the_database(monkeypatch):
    """Ten presses held inside their decision (as if waiting for another process's lock) leave the
    shared pool of threads to the pages arriving: the eleventh person is shown the lobby at once."""
    import asyncio
    import threading

    players = [make_user(f"jugador{number}") for number in range(10)]
    newcomer = make_user("carla")
    release = threading.Event()

    def held(*args, **kwargs):
        release.wait(timeout=60)
        raise service.LobbyError("Prueba: la decisión esperó.", 409)  # the wait is the point, not the pairing

    monkeypatch.setattr(service, "play_now", held)

    async def scenario():
        pages = [lobby(player) for player in players]
        await enter(*pages)
        for page in pages:
            await page.send_to(text_data=json.dumps(MATCH_TO_3))
        await asyncio.sleep(0.5)  # the presses reach their threads and wait there
        late = lobby(newcomer)
        try:
            connected, _ = await late.connect(timeout=10)
            state = await receive(late) if connected else None
        finally:
            release.set()
        answers = [await receive(page) for page in pages]
        await leave(late, *pages)
        return state, answers

    state, answers = run_async(scenario)()
    assert state is not None and state["type"] == "state"
    assert [answer["message"] for answer in answers] == ["Prueba: la decisión esperó."] * 10


@pytest.mark.parametrize("query, expected_seconds_ago", [
    (b"", 0), (b"pagina=abc", 0), (b"pagina=-5", 0), (b"pagina=" + b"9" * 20, 0),
    (b"pagina=%d", 30), (b"pagina=%d&x=1", 30),
])
def test_a_page_s_opening_time_is_believed_only_when_it_is_a_plain_recent_past_time(query, expected_seconds_ago):
    from tutor.lobby.consumers import PAGE_MEMORY, page_opened

    now = timezone.now().replace(microsecond=0)
    if b"%d" in query:
        query = query % int((now - timedelta(seconds=30)).timestamp() * 1000)
    assert page_opened(query, now) == now - timedelta(seconds=expected_seconds_ago)
    assert page_opened(b"pagina=%d" % int((now + timedelta(hours=1)).timestamp() * 1000), now) == now  # the future: now
    assert page_opened(b"pagina=1", now) == now - PAGE_MEMORY  # long ago: as far back as it is believed


def test_withdrawing_a_seek_a_rival_has_just_taken_sends_the_player_to_the_game(people):
    """The rival's «Jugar ya» and the creator's «Retirar» cross: the answer is the game, not an empty search."""
    ana, bruno, _ = people

    async def scenario():
        mine = await waiting_page(ana)
        game = (await database_sync_to_async(service.play_now)(bruno, WISH_3, now=timezone.now())).game  # not told yet
        answer = await send(mine, {"type": "withdraw"})
        await leave(mine)
        return game, answer

    game, answer = run_async(scenario)()
    assert answer == {"type": "paired", "url": game.get_absolute_url()}
    assert Seek.objects.get().status == Seek.Status.TAKEN


def test_a_classmates_challenge_and_the_teachers_pairing_are_told_on_the_rivals_open_jugar_page(people):
    from tests.classroom_factories import make_classroom, signed_in

    ana, bruno, carla = people
    teacher = make_user("profe", teacher=True)
    classroom = make_classroom(teacher, "3.º A", students=[ana, bruno, carla])

    async def scenario():
        theirs, watcher = lobby(bruno), lobby(carla)
        await enter(theirs, watcher)
        response = await database_sync_to_async(signed_in(ana).post)(
            "/jugar/retar/", {"rival": str(bruno.pk), "grupo": str(classroom.pk), "length": "3"})
        told = await receive_other_than(theirs, "games")
        quiet = await watcher.receive_nothing(timeout=0.5)
        await leave(theirs, watcher)
        return response, told, quiet

    response, told, quiet = run_async(scenario)()
    game = LiveGame.objects.get(classroom=classroom)
    assert response.status_code == 302 and response["Location"] == game.get_absolute_url()
    assert told == {"type": "new_game", "url": game.get_absolute_url(), "text": "Ana te ha retado: match a 3 puntos, que ya ha empezado."}
    assert quiet, "only the rival is told"

    LiveGame.objects.all().delete()  # free again, for the teacher's pairing

    async def pairing():
        pages = [lobby(user) for user in (ana, bruno, carla)]
        await enter(*pages)
        response = await database_sync_to_async(signed_in(teacher).post)(f"/jugar/clase/{classroom.pk}/emparejar/")
        told = []
        for page in pages:
            try:
                told.append(await asyncio.wait_for(receive_other_than(page, "games"), 2))
            except asyncio.TimeoutError:
                told.append(None)
        await leave(*pages)
        return response, told

    response, told = run_async(pairing)()
    paired = LiveGame.objects.get(classroom=classroom)
    assert response.status_code == 302
    news = [message for message in told if message]
    assert len(news) == 2 and {message["url"] for message in news} == {paired.get_absolute_url()}
    assert all(message["text"].startswith("Tu profesor o profesora te ha emparejado con ") for message in news)
