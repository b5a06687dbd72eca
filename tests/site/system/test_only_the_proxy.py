"""Only the proxy reaches the application tier (docker-compose.yml, deploy/, gunicorn.conf.py): no
other port is published, gunicorn and uvicorn listen on an internal network shared with nginx alone,
they and the site believe X-Forwarded-* headers from nginx's address only, and a client's request
head has a deadline at nginx, which passes nothing on before it has the whole head."""
from __future__ import annotations

import ipaddress
import runpy
import socket
import threading
import time

import yaml

from tests.site.system.proxy import ROOT, Proxy, needs_nginx

COMPOSE = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
SERVICES = COMPOSE["services"]


def option(command: list[str], name: str) -> str:
    return command[command.index(name) + 1]


def address_on_app(service: str) -> str:
    return SERVICES[service]["networks"]["app"]["ipv4_address"]


def proxy_address() -> str:
    return address_on_app("proxy")


def test_only_the_proxy_publishes_a_port_and_shares_the_application_tiers_network():
    assert [name for name, service in SERVICES.items() if "ports" in service or "expose" in service] == ["proxy"]
    assert not any("network_mode" in service for service in SERVICES.values())
    app = COMPOSE["networks"]["app"]
    assert app["internal"] is True
    assert sorted(name for name, service in SERVICES.items() if "app" in (service.get("networks") or {})) == \
        ["asgi", "proxy", "web"]
    subnet = ipaddress.ip_network(app["ipam"]["config"][0]["subnet"])
    assert all(ipaddress.ip_address(address_on_app(name)) in subnet for name in ("asgi", "proxy", "web"))
    # Each server listens on its address there alone, not on every interface of its container.
    assert option(SERVICES["web"]["command"], "--bind") == f"{address_on_app('web')}:8000"
    assert option(SERVICES["asgi"]["command"], "--host") == address_on_app("asgi")
    upstreams = (ROOT / "deploy" / "nginx.conf").read_text()
    assert "server web:8000;" in upstreams and "server asgi:8001;" in upstreams


def test_forwarded_headers_are_believed_from_the_proxy_only(monkeypatch):
    environment = COMPOSE["x-app"]["environment"]
    assert environment["FORWARDED_ALLOW_IPS"] == proxy_address()
    assert environment["DJANGO_TRUSTED_PROXIES"] == "1"
    monkeypatch.setenv("FORWARDED_ALLOW_IPS", environment["FORWARDED_ALLOW_IPS"])
    assert runpy.run_path(str(ROOT / "gunicorn.conf.py"))["forwarded_allow_ips"] == proxy_address()
    # uvicorn reads FORWARDED_ALLOW_IPS itself; neither server is told to believe every peer.
    for service in ("web", "asgi"):
        assert "--forwarded-allow-ips" not in SERVICES[service]["command"]
        assert SERVICES[service].get("environment", environment)["FORWARDED_ALLOW_IPS"] == proxy_address()


def test_an_instance_holds_a_slow_connection_for_seconds_only():
    assert runpy.run_path(str(ROOT / "gunicorn.conf.py"))["graceful_timeout"] <= 10
    web, asgi = SERVICES["web"]["command"], SERVICES["asgi"]["command"]
    assert int(option(web, "--timeout")) <= 10
    assert option(asgi, "--http") == "h11" and int(option(asgi, "--h11-max-incomplete-event-size")) <= 16384
    assert int(option(asgi, "--timeout-keep-alive")) <= 5
    site = (ROOT / "deploy" / "argo-site.conf").read_text()
    assert "client_header_timeout 10s;" in site and "client_body_timeout 10s;" in site


class CountingServer:
    """A stand-in for an instance that counts the connections the proxy opens to it."""

    def __init__(self):
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port, self.connections = self.listener.getsockname()[1], 0
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self):
        while True:
            try:
                connection, _ = self.listener.accept()
            except OSError:
                return
            self.connections += 1
            connection.close()

    def close(self):
        self.listener.close()


@needs_nginx
def test_a_head_dripped_line_by_line_is_cut_at_the_proxy_and_never_reaches_an_instance(tmp_path):
    instance = CountingServer()
    proxy = Proxy(tmp_path, instance.port, instance.port)
    client = socket.create_connection(("127.0.0.1", proxy.port))
    try:
        started = time.monotonic()
        client.sendall(b"GET /api/games/ HTTP/1.1\r\nHost: localhost\r\n")
        client.settimeout(3)
        answer = b""
        for n in range(8):  # a header line every 3 s: never 10 s of silence, 24 s in all
            try:
                answer = client.recv(4096)
                break
            except TimeoutError:
                client.sendall(f"X-Drip-{n}: {n}\r\n".encode())
            except ConnectionError:  # closed by the proxy while a line was on its way
                break
        waited = time.monotonic() - started
        assert answer.startswith(b"HTTP/1.1 408") or answer == b"", answer
        assert waited < 13, waited  # the head's 10 s, counted from its first byte
        assert instance.connections == 0
    finally:
        client.close()
        proxy.stop()
        instance.close()
