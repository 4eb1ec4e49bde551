"""The review page's WebSocket: the progress of a finished game's grading, until the review is ready."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from tests.classroom_factories import PASSWORD, make_user
from tests.live_review import played
from tutor.asgi import application
from tutor.play import service
from tutor.practice.background import drain

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("live_dice")]


@pytest.fixture(autouse=True)
def quick_looks(settings):
    settings.REVIEW_POLL_SECONDS = 0.2


def in_a_thread(scenario, *args):
    """Run an async ``scenario`` in a thread of its own (the test's may count as running an event loop)."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(async_to_sync(scenario), *args).result()


def review_socket(game, user, client: Client | None = None) -> WebsocketCommunicator:
    """The review page's socket opened by ``user``, with the session of ``client`` (a new one by default)."""
    if client is None:
        client = Client()
        client.login(username=user.username, password=PASSWORD)
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver"),
               (b"cookie", f"sessionid={client.cookies['sessionid'].value}".encode())]
    return WebsocketCommunicator(application, f"/ws/jugar/{game.code}/revision/", headers=headers)


async def news(communicator) -> dict:
    return json.loads(await communicator.receive_from(timeout=20))


def test_the_socket_tells_the_progress_and_then_that_the_review_is_ready():
    ana, bruno = make_user("ana"), make_user("bruno")
    game = played(ana, bruno)

    async def scenario():
        communicator = review_socket(game, bruno)
        connected, _ = await communicator.connect()
        assert connected
        assert await news(communicator) == {"type": "progress", "done": 0, "total": 5, "ready": False, "failed": False,
                                            "position": 1, "queue": "Tu revisión es la siguiente en la cola."}
        await sync_to_async(drain)()
        last = await news(communicator)
        while not last["ready"]:
            last = await news(communicator)
        assert last == {"type": "progress", "done": 1, "total": 1, "ready": True, "failed": False, "position": None, "queue": ""}
        await communicator.disconnect()

    in_a_thread(scenario)


def test_only_who_may_watch_a_finished_game_opens_its_review_socket():
    ana, bruno, carla = make_user("ana"), make_user("bruno"), make_user("carla")
    finished = played(ana, bruno)
    under_way = service.create_game(ana, black=bruno)

    async def refused(game, user):
        communicator = review_socket(game, user)
        connected, code = await communicator.connect()
        if connected:
            code = (await communicator.receive_output(timeout=5)).get("code")
        await communicator.disconnect()
        return connected, code

    assert in_a_thread(refused, finished, carla) == (False, 4403)
    assert in_a_thread(refused, under_way, ana) == (False, 4403)


def test_logging_out_closes_the_review_socket_and_signed_out_the_page_may_not_open_it_again():
    ana, bruno = make_user("ana"), make_user("bruno")
    game = played(ana, bruno)
    browser = Client()
    browser.login(username=bruno.username, password=PASSWORD)

    async def scenario():
        page, rival = review_socket(game, bruno, browser), review_socket(game, ana)
        for communicator in (page, rival):
            connected, _ = await communicator.connect()
            assert connected
            await news(communicator)
        await sync_to_async(browser.post)("/cuenta/salir/")
        closed = await page.receive_output(timeout=5)
        rival_open = await rival.receive_nothing(timeout=0.3)
        again = await review_socket(game, bruno, browser).connect()
        await rival.disconnect()
        return closed, rival_open, again

    closed, rival_open, again = in_a_thread(scenario)
    assert closed == {"type": "websocket.close", "code": 4401}
    assert rival_open, "the rival's review stays open"
    assert again == (False, 4403), "signed out, the page may not open the review of a private game"
