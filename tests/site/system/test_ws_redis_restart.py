"""A restart of Redis under open sockets: the next handshakes are answered, never a 500.

After a restart, the channel layer's connection to Redis is dead until a command fails on it; the
handshake that sends that command must not fail with it. The test runs a Redis server of its own
(on a free port), so that restarting it touches nothing else the suite uses."""
from __future__ import annotations

import shutil
import subprocess
import time

import pytest
import redis
from asgiref.sync import async_to_sync
from channels.layers import channel_layers
from channels.testing import WebsocketCommunicator

from games.entry.consumers import CLOSE_TRY_AGAIN
from tests.site.integration.test_notifications_ws import ORIGIN, TIMEOUT, application, connect, token_of
from tests.site.system.proxy import free_port

REDIS_SERVER = shutil.which("redis-server")
pytestmark = [pytest.mark.django_db(transaction=True),
              pytest.mark.skipif(not REDIS_SERVER, reason="runs a Redis server of its own (redis-server)")]


class OwnRedis:
    def __init__(self):
        self.port = free_port()
        self.process = None

    def start(self):
        self.process = subprocess.Popen([REDIS_SERVER, "--port", str(self.port), "--bind", "127.0.0.1",
                                         "--save", "", "--appendonly", "no"], stdout=subprocess.DEVNULL)
        client = redis.Redis(port=self.port)
        for _ in range(200):
            try:
                if client.ping():
                    return
            except redis.ConnectionError:
                time.sleep(0.05)  # the server is starting: poll until it answers
        raise RuntimeError("redis-server did not start")

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)


@pytest.fixture
def own_redis(settings):
    server = OwnRedis()
    server.start()
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
                                           "CONFIG": {"hosts": [f"redis://127.0.0.1:{server.port}/0"]}}}
    channel_layers.backends = {}
    yield server
    channel_layers.backends = {}
    server.stop()


def test_handshakes_after_a_restart_of_redis_are_answered_and_soon_accepted(make_user, own_redis):
    from games import services
    alice = make_user("alice")
    game, key = services.create_game(alice, game="argo", players=2), token_of(alice)
    answers = []

    async def scenario():
        watching = await connect(f"/ws/games/{game.pk}/", key)  # the layer's connection is open
        own_redis.stop()
        own_redis.start()
        for _ in range(5):
            comm = WebsocketCommunicator(application(), "/ws/me/", headers=[*ORIGIN, (b"authorization", f"Token {key}".encode())])
            connected, code = await comm.connect(timeout=TIMEOUT)  # an error in the handshake raises here
            answers.append(connected or code)
            if connected:
                await comm.disconnect(timeout=TIMEOUT)
                break
        await watching.disconnect(timeout=TIMEOUT)
    async_to_sync(scenario)()
    assert answers[-1] is True, answers
    assert all(a in (True, CLOSE_TRY_AGAIN) for a in answers), answers


@pytest.mark.parametrize("command, failures, accepted", [
    ("new_channel", 1, True), ("new_channel", 2, False), ("group_add", 1, True), ("group_add", 4, False)])
def test_a_handshake_whose_layer_lost_its_connection_tries_once_more_then_asks_to_come_back(
        make_user, command, failures, accepted):
    """What a dropped connection does to the first command sent on it (redis-py raises
    ConnectionError("Connection lost") and connects anew for the next), made certain: a restart
    only sometimes falls between the layer's reads. Either command of a handshake may be that first
    one: subscribing the socket's own channel (before the handshake is read) or joining its groups."""
    from channels.layers import get_channel_layer
    key = token_of(make_user("alice"))
    layer = get_channel_layer()
    original, left = getattr(layer, command), [failures]

    async def failing(*args, **kwargs):
        if left[0]:
            left[0] -= 1
            raise redis.ConnectionError("Connection lost")
        return await original(*args, **kwargs)

    async def scenario():
        setattr(layer, command, failing)
        try:
            comm = WebsocketCommunicator(application(), "/ws/me/", headers=[*ORIGIN, (b"authorization", f"Token {key}".encode())])
            connected, code = await comm.connect(timeout=TIMEOUT)
            if connected:
                await comm.disconnect(timeout=TIMEOUT)
            return connected, code
        finally:
            setattr(layer, command, original)
    connected, code = async_to_sync(scenario)()
    assert connected is accepted and (accepted or code == CLOSE_TRY_AGAIN), (connected, code)
