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
    # make run's private Redis listens on a socket file (processes.conf)
    layer = channel_layers_from_url("unix:///srv/sitio/.run/redis.sock")["default"]
    assert layer["BACKEND"] == "channels_redis.pubsub.RedisPubSubChannelLayer"
    assert layer["CONFIG"]["hosts"] == ["unix:///srv/sitio/.run/redis.sock"]


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


def test_the_lobby_s_lists_change_through_redis_with_one_relay_per_process(redis_layer):
    """Production's layer: a seek published reaches the other pages through the process's relay,
    and a pairing sends both players to the board."""
    from tests.classroom_factories import make_user
    from tests.test_lobby_consumer import MATCH_TO_3, added, enter, leave, lobby, send
    from tutor.play.models import LiveGame

    ana, bruno, carla = make_user("ana"), make_user("bruno"), make_user("carla")

    async def scenario():
        mine, theirs, watcher = lobby(ana), lobby(bruno), lobby(carla)
        await enter(mine, theirs, watcher)
        waiting = await send(mine, MATCH_TO_3)
        rows = [added(await receive(page)) for page in (mine, theirs, watcher)]
        taken = await send(theirs, MATCH_TO_3)  # «Jugar ya» with the same settings takes her seek
        told = await receive(mine)
        await leave(mine, theirs, watcher)
        return waiting, rows, taken, told

    waiting, rows, taken, told = run_async(scenario)()
    game = LiveGame.objects.get()
    assert waiting["type"] == "waiting" and [len(found) for found in rows] == [1, 1, 1]
    assert "Aceptar" in rows[1][0]["html"] and "Tu búsqueda" in rows[0][0]["html"]
    assert taken == told == {"type": "paired", "url": game.get_absolute_url()}
