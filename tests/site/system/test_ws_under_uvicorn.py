"""A socket's end under a real uvicorn process, as the site's WebSocket instances run (the same under
Channels' in-process communicator: tests/site/integration/test_ws_frames.py)."""
from __future__ import annotations

import pytest

from tests.django_fixtures import POSTGRES
from tests.site.integration.test_notifications_ws import token_of

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.slow
@pytest.mark.skipif(not POSTGRES, reason="the server process needs the test database: PostgreSQL only")
def test_a_raw_client_that_pings_and_drops_the_connection_leaves_no_presence_under_uvicorn(make_user):
    """The same through a real uvicorn process: a client that sends a ping and closes its TCP
    connection without reading the pong, as a phone losing its network does."""
    import base64
    import os
    import socket
    import struct
    import subprocess
    import sys
    import time
    from pathlib import Path

    from django.db import connection

    from games.models import Connection
    alice = make_user("alice")
    key = token_of(alice)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    db = connection.settings_dict
    env = dict(os.environ, DATABASE_URL=f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST']}:{db['PORT']}/{db['NAME']}")
    env.pop("REDIS_URL", None)  # one process: the in-memory channel layer will do
    server = subprocess.Popen([sys.executable, "-m", "uvicorn", "argo_site.asgi:application", "--port", str(port),
                               "--ws", "websockets-sansio", "--log-level", "warning"],
                              cwd=Path(__file__).resolve().parents[3], env=env)
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        for _ in range(5):  # the race between the pong and the close is the server's: try a few times
            client = socket.create_connection(("127.0.0.1", port), timeout=5)
            nonce = base64.b64encode(os.urandom(16)).decode()
            client.sendall((f"GET /ws/me/ HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                            f"Connection: Upgrade\r\nSec-WebSocket-Key: {nonce}\r\nSec-WebSocket-Version: 13\r\n"
                            f"Authorization: Token {key}\r\n\r\n").encode())
            assert b" 101 " in client.recv(4096).split(b"\r\n", 1)[0]
            deadline = time.monotonic() + 5
            while not Connection.objects.filter(user=alice).exists() and time.monotonic() < deadline:
                time.sleep(0.05)
            payload, mask = b'{"type": "ping"}', os.urandom(4)
            masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
            client.sendall(struct.pack("!BB", 0x81, 0x80 | len(payload)) + mask + masked)
            client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))  # gone at once
            client.close()
        deadline = time.monotonic() + 10
        while Connection.objects.filter(user=alice).exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not Connection.objects.filter(user=alice).exists(), "a socket that is gone still counts as present"
    finally:
        server.terminate()
        server.wait(timeout=10)
