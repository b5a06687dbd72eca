"""Every /api/ error is JSON with a `detail`, whoever refuses the request: Django before any view, the
proxy (deploy/argo-site.conf) before Django, and the WebSocket server (uvicorn as docker-compose.yml runs
it) before the consumer reads a frame."""
from __future__ import annotations

import asyncio
import io
import json
import logging
import subprocess
import sys
import time

import pytest
from rest_framework.test import APIClient

from tests.site.system.proxy import ROOT, Proxy, deployed_command, free_port, needs_nginx, server_env


@pytest.fixture
def site_log():
    """What the site's log handlers (settings.LOGGING, to standard error) write during the test. Read
    at the handlers: they hold the stream they were configured with, which capfd does not always
    see (under pytest-xdist the settings load while pytest's own capture is on)."""
    out = io.StringIO()
    handlers = {handler for name in ("", "django.request", "django.security")
                for handler in logging.getLogger(name).handlers if isinstance(handler, logging.StreamHandler)}
    assert handlers, "the site logs through stream handlers"
    before = [(handler, handler.setStream(out)) for handler in handlers]
    yield out
    for handler, stream in before:
        handler.setStream(stream)


@pytest.mark.django_db
def test_a_host_the_site_does_not_serve_is_a_json_400_and_one_line_in_the_log(site_log):
    response = APIClient().get("/api/games/", HTTP_HOST="evil.example")
    assert response.status_code == 400
    assert response["Content-Type"] == "application/json"
    assert "Invalid HTTP_HOST header: 'evil.example'" in response.json()["detail"]
    logged = [line for line in site_log.getvalue().splitlines() if line.strip()]
    assert logged == [line for line in logged if "evil.example" in line] and len(logged) == 1, logged


@pytest.mark.django_db
def test_a_page_with_a_host_the_site_does_not_serve_is_still_a_page():
    response = APIClient().get("/", HTTP_HOST="evil.example")
    assert response.status_code == 400 and response["Content-Type"].startswith("text/html")


@pytest.fixture
def proxy(live_server, tmp_path):
    running = Proxy(tmp_path, web_port=int(live_server.url.rsplit(":", 1)[1]), asgi_port=free_port())
    yield running
    running.stop()


def _json_detail(answer) -> str:
    status, content_type, body = answer
    assert content_type == "application/json", (status, content_type, body[:200])
    return json.loads(body)["detail"]


@needs_nginx
@pytest.mark.django_db(transaction=True)
def test_the_proxy_answers_json_under_api_for_what_it_refuses_itself(proxy):
    assert proxy.request("GET", "/api/games/")[0] == 200  # the site behind it answers
    too_long_line = proxy.request("GET", "/api/games/?q=" + "x" * 9000)
    assert too_long_line[0] == 414 and "longer than 8 KiB" in _json_detail(too_long_line)
    big_header = proxy.request("GET", "/api/games/", headers={"X-Padding": "y" * 9000})
    assert big_header[0] == 400 and "too large" in _json_detail(big_header)
    big_body = proxy.request("POST", "/api/games/", body=b"{" + b" " * (1024 * 1024 + 10) + b"}",
                             headers={"Content-Type": "application/json"})
    assert big_body[0] == 413 and "larger than 1 MiB" in _json_detail(big_body)
    bad_host = proxy.request("GET", "/api/games/", headers={"Host": "evil.example"})
    assert bad_host[0] == 400 and "Invalid HTTP_HOST" in _json_detail(bad_host)


@needs_nginx
@pytest.mark.django_db(transaction=True)
def test_pages_keep_the_proxys_own_error_pages(proxy):
    status, content_type, _ = proxy.request("GET", "/", headers={"X-Padding": "y" * 9000})
    assert status == 400 and content_type.startswith("text/html")


@needs_nginx
def test_the_api_out_of_reach_is_a_json_503(tmp_path):
    proxy = Proxy(tmp_path, web_port=free_port(), asgi_port=free_port())  # nothing listens there
    try:
        answer = proxy.request("GET", "/api/games/")
        assert answer[0] == 503 and "out of reach" in _json_detail(answer)
        assert proxy.request("GET", "/")[1].startswith("text/html")
    finally:
        proxy.stop()


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_a_compressed_frame_that_would_inflate_past_the_limit_is_refused_before_inflating(live_server):
    """A ping-sized frame of deflated zeros that inflates to 256 KiB: uvicorn closes the socket with
    1009 (message too big) instead of handing the consumer a quarter of a megabyte."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed

    from games.models import Game
    port = free_port()
    args = deployed_command("asgi", port)
    assert args[0] == "uvicorn"
    server = subprocess.Popen([sys.executable, "-m", "uvicorn", *args[1:]], cwd=ROOT, env=server_env(),
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        from django.contrib.auth import get_user_model
        host = get_user_model().objects.create_user("host")
        from games import rules
        game = Game.objects.create(name=rules.names()[0], rules_version=1, players=2, created_by=host)

        async def talk() -> tuple[str, int | None]:
            deadline = time.monotonic() + 20
            while True:
                try:
                    socket = await connect(f"ws://127.0.0.1:{port}/ws/games/{game.pk}/", compression="deflate")
                    break
                except OSError:
                    assert server.poll() is None, server.stderr.read().decode()
                    assert time.monotonic() < deadline, "uvicorn did not start"
                    await asyncio.sleep(0.2)
            async with socket:
                await socket.send(json.dumps({"type": "ping"}))
                assert json.loads(await socket.recv()) == {"event": "pong"}  # compression is on and works
                await socket.send('{"type": "ping", "pad": "' + "0" * (256 * 1024) + '"}')
                try:
                    answer = await asyncio.wait_for(socket.recv(), 10)
                except ConnectionClosed as closed:
                    return "closed", closed.rcvd.code if closed.rcvd else None
                return answer, None
        outcome, code = asyncio.run(talk())
        assert (outcome, code) == ("closed", 1009), outcome[:200]
    finally:
        server.terminate()
        server.wait(timeout=10)
