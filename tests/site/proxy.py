"""deploy/nginx.conf run for real in front of a test server: the proxy tests use it as production would.

The file is the one deployed, with only its upstream hosts and its port swapped for loopback ones, inside
a main configuration whose paths lie in a scratch folder.
"""
from __future__ import annotations

import http.client
import shutil
import socket
import subprocess
import time
from pathlib import Path

import pytest

NGINX = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
CONF = Path(__file__).resolve().parents[2] / "deploy" / "nginx.conf"
needs_nginx = pytest.mark.skipif(NGINX is None, reason="needs nginx (apt-get install nginx; .ci/run installs it)")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Proxy:
    def __init__(self, folder: Path, web_port: int, asgi_port: int):
        self.port = free_port()
        site = (CONF.read_text().replace("web:8000", f"127.0.0.1:{web_port}")
                .replace("asgi:8001", f"127.0.0.1:{asgi_port}")
                .replace("listen 80;", f"listen 127.0.0.1:{self.port};"))
        assert f"127.0.0.1:{self.port}" in site and f"127.0.0.1:{web_port}" in site, "deploy/nginx.conf changed shape"
        temp = " ".join(f"{kind}_temp_path {folder}/{kind};" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
        main = folder / "nginx.conf"
        main.write_text(f"daemon off; user root; worker_processes 1; pid {folder}/nginx.pid; error_log {folder}/error.log;\n"
                        f"events {{ worker_connections 256; }}\n"
                        f"http {{ access_log off; {temp}\n{site}\n}}\n")
        self.process = subprocess.Popen([NGINX, "-c", str(main), "-p", str(folder)], stderr=subprocess.PIPE)
        deadline = time.monotonic() + 10
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                break
            except OSError:
                assert self.process.poll() is None, self.process.stderr.read().decode()
                assert time.monotonic() < deadline, "nginx did not start"
                time.sleep(0.05)

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
