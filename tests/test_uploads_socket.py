"""The review page's WebSocket of an uploaded match: the worker's progress pushed to the open pages.

The worker's news goes through the channel layer: the in-memory one of a
single process here, and Redis, which every process of `make run` and of
production shares, on a throwaway redis-server.  With Redis the socket
never looks at the database while it waits (``REVIEW_POLL_SECONDS`` is set
to a minute): every message that reaches it is the worker's.
"""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.layers import channel_layers
from channels.testing import WebsocketCommunicator
from django.test import Client

from tests.classroom_factories import PASSWORD, make_user
from tests.uploaded_matches import three_point_match
from tutor.asgi import application
from tutor.live.heartbeat import LAYER_DOWN_CLOSE
from tutor.engine import WHITE
from tutor.practice.background import drain
from tutor.settings.base import channel_layers_from_url
from tutor.uploads.store import store_match
from tutor.uploads.tasks import progress

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("live_dice")]


@pytest.fixture(autouse=True)
def quick(settings):
    settings.PRACTICE_GRADING_PLIES = 0
    settings.REVIEW_POLL_SECONDS = 60


@pytest.fixture
def redis_layer(settings, redis):
    settings.CHANNEL_LAYERS = channel_layers_from_url(redis.url())
    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


def in_a_thread(scenario, *args):
    """Run an async ``scenario`` in a thread of its own (the test's may count as running an event loop)."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(async_to_sync(scenario), *args).result()


def review_socket(path: str, user=None) -> WebsocketCommunicator:
    """The socket at ``path`` opened by ``user`` (signed in on a new session), or by a visitor."""
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
    if user is not None:
        client = Client()
        client.login(username=user.username, password=PASSWORD)
        headers.append((b"cookie", f"sessionid={client.cookies['sessionid'].value}".encode()))
    return WebsocketCommunicator(application, path, headers=headers)


async def news(communicator) -> dict:
    return json.loads(await communicator.receive_from(timeout=20))


async def until_ready(communicator) -> list[dict]:
    """Every message until the one that says the review is ready."""
    heard = [await news(communicator)]
    while not heard[-1]["ready"]:
        heard.append(await news(communicator))
    return heard


def graded_through(path: str, user=None) -> tuple[dict, list[dict]]:
    """What a socket opened at ``path`` hears first, then while a worker grades the match."""

    async def scenario():
        communicator = review_socket(path, user)
        connected, _ = await communicator.connect()
        assert connected
        first = await news(communicator)
        await sync_to_async(drain)()
        heard = await until_ready(communicator)
        await communicator.disconnect()
        return first, heard

    return in_a_thread(scenario)


def test_each_graded_decision_s_news_reaches_the_uploader_s_open_socket():
    ana = make_user("ana")
    match = store_match(three_point_match(), ana, side=WHITE)
    total = progress(match).total

    first, heard = graded_through(f"/ws/revisar/{match.pk}/", ana)

    assert first == {"type": "progress", "done": 0, "total": total, "ready": False, "failed": False, "position": 1,
                     "queue": "Tu revisión es la siguiente en la cola."}
    assert heard[0]["done"] >= 1 and not heard[0]["ready"], "the first decision graded is news at once"
    assert heard[-1] == {"type": "progress", "done": 1, "total": 1, "ready": True, "failed": False, "position": None, "queue": ""}


def test_through_redis_the_worker_s_news_reaches_a_share_link_s_socket_without_the_database_being_polled(redis_layer):
    ana = make_user("ana")
    match = store_match(three_point_match(), ana)
    token = match.share()

    first, heard = graded_through(f"/ws/revisar/compartida/{token}/")

    assert first["done"] == 0 and not first["ready"]
    assert [news["done"] for news in heard[:-1]] == sorted(news["done"] for news in heard[:-1])
    assert heard[-1]["ready"]


def test_a_socket_opened_after_the_grading_hears_at_once_that_the_review_is_ready():
    ana = make_user("ana")
    match = store_match(three_point_match(), ana)
    drain()

    async def scenario():
        communicator = review_socket(f"/ws/revisar/{match.pk}/", ana)
        connected, _ = await communicator.connect()
        heard = await news(communicator)
        await communicator.disconnect()
        return connected, heard

    connected, heard = in_a_thread(scenario)
    assert connected and heard["ready"]


def test_only_who_may_read_the_review_opens_its_socket():
    ana, bruno = make_user("ana"), make_user("bruno")
    match = store_match(three_point_match(), ana)
    token = match.share()
    match.unshare()

    async def refused(path, user):
        communicator = review_socket(path, user)
        connected, code = await communicator.connect()
        if connected:
            code = (await communicator.receive_output(timeout=5)).get("code")
        await communicator.disconnect()
        return connected, code

    assert in_a_thread(refused, f"/ws/revisar/{match.pk}/", bruno) == (False, 4403)
    assert in_a_thread(refused, f"/ws/revisar/{match.pk}/", None) == (False, 4403)
    assert in_a_thread(refused, f"/ws/revisar/compartida/{token}/", None) == (False, 4403), "a link taken back"


def test_through_redis_a_review_waiting_in_the_queue_hears_its_place_move_up(redis_layer, settings):
    settings.REVIEW_POLL_SECONDS = 0.2
    ana, bruno = make_user("ana"), make_user("bruno")
    store_match(three_point_match(), ana)
    waiting = store_match(three_point_match(seed=5), bruno)

    async def scenario():
        communicator = review_socket(f"/ws/revisar/{waiting.pk}/", bruno)
        await communicator.connect()
        first = await news(communicator)
        await sync_to_async(drain)(1)  # a worker takes Ana's review and grades it
        moved = await news(communicator)
        await communicator.disconnect()
        return first, moved

    first, moved = in_a_thread(scenario)
    assert (first["position"], first["queue"]) == (2, "Tu revisión es la 2.ª en la cola.")
    assert (moved["position"], moved["done"]) == (1, 0)


def test_when_redis_fails_the_socket_closes_so_that_the_page_looks_at_the_progress_itself(redis_layer, redis):
    ana = make_user("ana")
    match = store_match(three_point_match(), ana)

    async def scenario():
        communicator = review_socket(f"/ws/revisar/{match.pk}/", ana)
        await communicator.connect()
        await news(communicator)
        await sync_to_async(redis.stop)()
        closed = await communicator.receive_output(timeout=10)
        return closed

    assert in_a_thread(scenario) == {"type": "websocket.close", "code": LAYER_DOWN_CLOSE}
