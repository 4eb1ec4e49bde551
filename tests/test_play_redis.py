"""The live games over the Redis channel layer (production's), on a throwaway redis-server.

Two separate layer instances stand for two web processes (or machines):
a move sent through one reaches the players connected to the other.
"""

from __future__ import annotations

import json

import pytest
from channels.layers import channel_layers

from tests.redis_server import MISSING, throwaway_redis
from tests.test_play_consumer import mover, other, receive, run_async, socket
from tutor.play import service
from tutor.settings.base import channel_layers_from_url

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(scope="module")
def redis_url():
    try:
        with throwaway_redis() as url:
            yield url
    except FileNotFoundError:
        pytest.skip(MISSING)


@pytest.fixture
def redis_layer(settings, redis_url):
    settings.CHANNEL_LAYERS = channel_layers_from_url(redis_url)
    settings.PRACTICE_DICE_SEED = 13
    channel_layers.backends.clear()
    yield redis_url
    channel_layers.backends.clear()


def test_the_settings_pick_redis_from_the_url():
    assert channel_layers_from_url("redis://h:6379/1")["default"]["BACKEND"] == "channels_redis.pubsub.RedisPubSubChannelLayer"
    assert channel_layers_from_url("")["default"]["BACKEND"] == "channels.layers.InMemoryChannelLayer"


def test_a_move_reaches_the_rival_through_redis(redis_layer):
    from tests.classroom_factories import make_user

    players = (make_user("ana"), make_user("bruno"))
    game = service.create_game(players[0], length=3, black=players[1])
    game.refresh_from_db()
    play = game.position.legal_plays()[0].notation

    async def scenario():
        first, second = socket(game, mover(game, players)), socket(game, other(game, players))
        await first.connect()
        await second.connect()
        await receive(first)
        await receive(second)
        await first.send_to(text_data=json.dumps({"type": "move", "seq": game.seq, "play": play}))
        seen = await receive(second)
        await first.disconnect()
        await second.disconnect()
        return seen

    seen = run_async(scenario)()
    assert seen["seq"] == game.seq + 1 and play in seen["html"]


def test_two_processes_share_a_game_group_through_one_redis(redis_layer):
    from channels_redis.pubsub import RedisPubSubChannelLayer

    async def scenario():
        one, two = RedisPubSubChannelLayer(hosts=[redis_layer]), RedisPubSubChannelLayer(hosts=[redis_layer])
        listener = await two.new_channel()
        await two.group_add("play-1", listener)
        await one.group_send("play-1", {"type": "game.changed"})
        message = await two.receive(listener)
        await one.flush()
        await two.flush()
        return message

    assert run_async(scenario)() == {"type": "game.changed"}
