"""The deployment run for real: deploy/nginx.conf (or deploy/nginx-instances.conf) in nginx in front of
test servers, and the servers' command lines as docker-compose.yml deploys them.

A proxy's configuration is the deployed one, with only its upstream servers and its port swapped for
loopback ones, inside a main configuration whose paths lie in a scratch folder.
"""
from __future__ import annotations

import http.client
import os
import re
import shutil
import socket
import subprocess
import time
from pathlib import Path

import pytest
import yaml

NGINX = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
ROOT = Path(__file__).resolve().parents[3]
CONF = ROOT / "deploy" / "nginx.conf"  # docker-compose.yml's: one instance of each tier
INSTANCES = ROOT / "deploy" / "nginx-instances.conf"  # several instances of each tier
SITE = ROOT / "deploy" / "argo-site.conf"  # the server both include
needs_nginx = pytest.mark.skipif(NGINX is None, reason="needs nginx (apt-get install nginx; .ci/run installs it)")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Proxy:
    """nginx on a free loopback port; `web_ports` and `asgi_ports` replace the servers of the upstreams
    argo_web and argo_asgi in order (as many as the configuration names)."""

    def __init__(self, folder: Path, web_port: int | None = None, asgi_port: int | None = None, *,
                 web_ports=(), asgi_ports=(), conf: Path = CONF):
        self.port = free_port()
        ports = {"argo_web": list(web_ports) or [web_port], "argo_asgi": list(asgi_ports) or [asgi_port]}

        def upstream(match) -> str:
            given = ports.pop(match.group(1))
            servers = re.findall(r"server \S+:\d+", match.group(0))
            assert len(servers) == len(given), f"{conf.name} names {len(servers)} servers of {match.group(1)}"
            loopback = iter(given)
            return re.sub(r"server \S+:\d+", lambda _: f"server 127.0.0.1:{next(loopback)}", match.group(0))
        upstreams = re.sub(r"upstream (\w+)\s*\{[^}]*\}", upstream, conf.read_text())
        site = SITE.read_text().replace("listen 80;", f"listen 127.0.0.1:{self.port};")
        assert not ports and f"127.0.0.1:{self.port}" in site and "include argo-site.conf;" in upstreams, \
            "deploy/ changed shape"
        (folder / SITE.name).write_text(site)  # found by the include, next to the main configuration
        temp = " ".join(f"{kind}_temp_path {folder}/{kind};" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
        main = folder / "nginx.conf"
        main.write_text(f"daemon off; user root; worker_processes 1; pid {folder}/nginx.pid; error_log {folder}/error.log;\n"
                        f"events {{ worker_connections 256; }}\n"
                        f"http {{ access_log off; {temp}\n{upstreams}\n}}\n")
        self.process = subprocess.Popen([NGINX, "-c", str(main), "-p", str(folder)], stderr=subprocess.PIPE)
        wait_for_port(self.port, self.process, "nginx", 10)

    def request(self, method: str, path: str, body: bytes | None = None, headers: dict | None = None):
        """(status, content type, body) of one request through the proxy."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        try:
            conn.request(method, path, body=body, headers={"Host": "localhost", **(headers or {})})
            response = conn.getresponse()
            return response.status, response.getheader("Content-Type", ""), response.read()
        finally:
            conn.close()

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)


def wait_for_port(port: int, process: subprocess.Popen, what: str, timeout: float) -> None:
    """Until something accepts connections on the loopback port; fails at once if `process` ended."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            if process.poll() is not None:
                raise AssertionError(f"{what} ended: " + (process.stderr.read().decode() if process.stderr else "")) from None
            assert time.monotonic() < deadline, f"{what} did not start"
            time.sleep(0.1)


def deployed_command(service: str, port: int, workers: int | None = None) -> list[str]:
    """docker-compose.yml's command line of `service` (web, asgi, worker, beat), listening on the
    loopback port and, when given, with that many workers."""
    args = list(yaml.safe_load((ROOT / "docker-compose.yml").read_text())["services"][service]["command"])
    if "--bind" in args:
        args[args.index("--bind") + 1] = f"127.0.0.1:{port}"
    if "--host" in args:
        args[args.index("--host") + 1] = "127.0.0.1"
        args[args.index("--port") + 1] = str(port)
    if "--workers" in args:
        at = args.index("--workers")
        if workers is None:
            del args[at:at + 2]
        else:
            args[at + 1] = str(workers)
    return args


def server_env(**extra: str) -> dict:
    """The environment of a server process started by a test: the test's own database (the one
    pytest-django made), the rest as the test process has it."""
    from django.db import connection
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "argo_site.settings", **extra}
    if connection.vendor == "postgresql":
        s = connection.settings_dict
        env["DATABASE_URL"] = f"postgres://{s['USER']}:{s['PASSWORD']}@{s['HOST'] or '127.0.0.1'}:{s['PORT'] or 5432}/{s['NAME']}"
    else:
        env["DATABASE_URL"] = f"sqlite:///{connection.settings_dict['NAME']}"
    return env
