"""Live updates over the WebSocket: who may listen, and what a committed change pushes."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
import uuid

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from games import services

pytestmark = pytest.mark.django_db(transaction=True)

ORIGIN = [(b"origin", b"http://127.0.0.1:8000")]


def application():
    from tm_site.asgi import application

    return application


def test_a_committed_move_is_pushed_with_the_latest_move_number(started_game):
    game, _ = started_game()
    first = game.seats.get(position=1).user

    async def scenario():
        socket = WebsocketCommunicator(application(), f"/ws/games/{game.pk}/", headers=ORIGIN)
        connected, _ = await socket.connect()
        assert connected
        hello = await socket.receive_json_from(timeout=5)
        assert hello == {"event": "hello", "move_number": 0, "status": "running"}
        await database_sync_to_async(services.move_submit)(
            game_id=game.pk, user=first, command="setup witches", expected_move_number=0
        )
        update = await socket.receive_json_from(timeout=5)
        assert update["event"] == "move" and update["move_number"] == 1
        assert update["waiting_seats"] == [2]
        await database_sync_to_async(services.chat_post)(game_id=game.pk, user=first, text="hi")
        chat = await socket.receive_json_from(timeout=5)
        assert chat["event"] == "chat" and chat["move_number"] == 1
        await socket.send_json_to({"event": "ping"})
        assert (await socket.receive_json_from(timeout=5)) == {"event": "pong"}
        await socket.disconnect()

    async_to_sync(scenario)()


def test_starting_a_game_is_pushed_to_its_open_page(user, other_user):
    game = services.game_create(user=user, player_count=2)

    async def scenario():
        socket = WebsocketCommunicator(application(), f"/ws/games/{game.pk}/", headers=ORIGIN)
        assert (await socket.connect())[0]
        assert (await socket.receive_json_from(timeout=5))["status"] == "open"
        await database_sync_to_async(services.game_join)(game_id=game.pk, user=other_user)
        update = await socket.receive_json_from(timeout=5)
        assert update["event"] == "started" and update["status"] == "running"
        await socket.disconnect()

    async_to_sync(scenario)()


def test_private_games_need_the_invite_code(started_game):
    game, _ = started_game(public=False)

    async def scenario():
        stranger = WebsocketCommunicator(application(), f"/ws/games/{game.pk}/", headers=ORIGIN)
        connected, code = await stranger.connect()
        assert not connected and code == 4404
        invited = WebsocketCommunicator(
            application(), f"/ws/games/{game.pk}/?invite={game.invite_code}", headers=ORIGIN
        )
        assert (await invited.connect())[0]
        await invited.disconnect()
        missing = WebsocketCommunicator(application(), "/ws/games/999999/", headers=ORIGIN)
        assert not (await missing.connect())[0]

    async_to_sync(scenario)()


def test_sockets_from_foreign_origins_are_refused(started_game):
    game, _ = started_game()

    async def scenario():
        socket = WebsocketCommunicator(
            application(), f"/ws/games/{game.pk}/", headers=[(b"origin", b"https://evil.example")]
        )
        assert not (await socket.connect())[0]

    async_to_sync(scenario)()


def test_channel_layer_is_redis_when_redis_url_is_set():
    code = "from tm_site.settings import base; print(base.CHANNEL_LAYERS['default']['BACKEND'])"
    env = {**os.environ, "REDIS_URL": "redis://127.0.0.1:6379/0"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert out.stdout.strip() == "tm_site.layers.ChannelLayer", out.stderr
    env.pop("REDIS_URL")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert out.stdout.strip() == "channels.layers.InMemoryChannelLayer", out.stderr


@pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="needs REDIS_URL")
def test_redis_channel_layer_delivers_group_messages():
    from tm_site.layers import ChannelLayer

    layer = ChannelLayer(hosts=[os.environ["REDIS_URL"]], prefix=f"test{uuid.uuid4().hex}")

    async def scenario():
        # Nobody listens: nothing to deliver, nothing fails.
        await layer.group_send("game.1", {"type": "game.event", "event": "move", "move_number": 2})
        channel, other = await layer.new_channel(), await layer.new_channel()
        await layer.group_add("game.1", channel)
        await layer.group_add("game.1", other)
        await layer.group_send("game.1", {"type": "game.event", "event": "move", "move_number": 3})
        assert (await layer.receive(channel))["move_number"] == 3
        assert (await layer.receive(other))["move_number"] == 3
        # A member older than the group's expiry is dropped, not sent to.
        redis = layer.connection(0)
        key = layer._group_key("game.1")
        await redis.zadd(key, {other: int(time.time()) - layer.group_expiry - 10})
        await layer.group_send("game.1", {"type": "game.event", "event": "move", "move_number": 4})
        assert (await layer.receive(channel))["move_number"] == 4
        assert [m.decode() for m in await redis.zrange(key, 0, -1)] == [channel]
        with pytest.raises(asyncio.TimeoutError):
            await asyncio.wait_for(layer.receive(other), 0.3)
        await layer.group_discard("game.1", channel)
        await layer.flush()

    async_to_sync(scenario)()
