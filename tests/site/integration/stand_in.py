"""A service on loopback standing in for another site's HTTP endpoint (a push service, a chat service's
webhook): it answers each POST with `status` (and `location`, for a redirect) and hands what it got
to `keep(path, headers, body)`, which each test shapes as it reads it."""
from __future__ import annotations

import threading
from abc import ABC, abstractmethod
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class StandIn(ABC):
    def __init__(self, status: int):
        self.status, self.location = status, ""
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["Content-Length"]))
                service.keep(self.path, {k.lower(): v for k, v in self.headers.items()}, body)
                self.send_response(service.status)
                if service.location:
                    self.send_header("Location", service.location)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.origin = f"http://127.0.0.1:{self.server.server_port}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    @abstractmethod
    def keep(self, path: str, headers: dict, body: bytes) -> None:
        """What the test keeps of a POST, in its own shape."""

    def close(self):
        self.server.shutdown()
        self.server.server_close()
