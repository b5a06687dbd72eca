"""Decisions per second and POST /moves/ latency against a running Argo Station server.

Starts nothing itself. Prepare users once with `python manage.py bench_users 64`, run a server
(e.g. gunicorn on PostgreSQL, see docs/performance.md), then:

    python3 benchmarks/api_moves.py --url http://127.0.0.1:8000 --games 16 --seconds 30

Each of the N games is driven by one thread playing both seats with the random bot: it reads
GET /actions/ when a turn begins and posts one of the listed decisions with the current seq; the
201 says whose turn follows and, while the same player decides again, lists the next choices.
Only POST /moves/ is timed. Prints one JSON object.
"""
from __future__ import annotations

import argparse
import json
import random
import socket
import statistics
import sys
import threading
import time
from urllib.parse import urlparse

from orjson import dumps, loads


class Api:
    """One player's HTTP/1.1 connection, opened again whenever the server closes it (the site's
    gunicorn closes each after its request, gunicorn.conf.py). On a bare socket, with orjson: the
    client shares the machine with the server it measures, and with http.client and the standard
    library's JSON it spent 0.47 ms of CPU a decision, against 0.23 here (docs/performance.md)."""

    def __init__(self, base: str, token: str | None = None):
        parts = urlparse(base)
        self.address = (parts.hostname, parts.port or 80)
        self.sock: socket.socket | None = None
        self.headers = (f"Host: {parts.netloc}\r\nContent-Type: application/json\r\nAccept: application/json\r\n"
                        + (f"Authorization: Token {token}\r\n" if token else ""))

    def call(self, method: str, path: str, body=None):
        payload = b"" if body is None else dumps(body)
        request = (f"{method} {path} HTTP/1.1\r\n{self.headers}Content-Length: {len(payload)}\r\n\r\n"
                   .encode() + payload)
        while True:
            fresh = self.sock is None
            if fresh:
                self.sock = socket.create_connection(self.address, timeout=60)
            try:
                self.sock.sendall(request)
                status, close, data = self._answer()
                break
            except ConnectionError:
                # A kept connection the server closed meanwhile: once more on a new one.
                self._close()
                if fresh:
                    raise
        if close:
            self._close()
        return status, (loads(data) if data else None)

    def _answer(self) -> tuple[int, bool, bytes]:
        """(status, whether the server closes the connection, body) of the answer."""
        buffer = b""
        while b"\r\n\r\n" not in buffer:
            buffer += self._recv()
        head, _, body = buffer.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        fields = {name.strip().lower(): value.strip() for name, _, value in (line.partition(":") for line in lines[1:])}
        # Every answer of the site's has a length (CommonMiddleware).
        length = int(fields["content-length"])
        while len(body) < length:
            body += self._recv()
        return int(lines[0].split()[1]), fields.get("connection", "").lower() == "close", body

    def _recv(self) -> bytes:
        chunk = self.sock.recv(65536)
        if not chunk:
            raise ConnectionResetError("the server closed the connection")
        return chunk

    def _close(self) -> None:
        if self.sock is not None:
            self.sock.close()
            self.sock = None


def token(base: str, username: str, password: str) -> str:
    status, data = Api(base).call("POST", "/api/auth/token/", {"username": username, "password": password})
    if status != 200:
        sys.exit(f"cannot log in as {username}: {status} {data}; run `python manage.py bench_users` first")
    return data["token"]


def play(base: str, tokens: list[str], seconds: float, seed: int, latencies: list, counts: list, errors: list,
         gets: list):
    rng = random.Random(seed)
    players = [Api(base, t) for t in tokens]
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        status, game = players[0].call("POST", "/api/games/", {"game": "argo", "players": len(players)})
        if status != 201:
            errors.append(f"create {status}")
            return
        for p in players[1:]:
            status, game = p.call("POST", f"/api/games/{game['id']}/join/")
        seat = game["current_seat"]
        legal = None
        while time.perf_counter() < deadline and seat is not None:
            # As a real client does: the 201 says whose turn it is next and, when the same player
            # decides again, carries the legal decisions (`next`); GET /actions/ only when a turn begins.
            me = players[seat]
            if legal is None:
                status, legal = me.call("GET", f"/api/games/{game['id']}/actions/")
                if status != 200:
                    errors.append(f"actions {status}")
                    break
                gets.append(1)
            decision = rng.choice(legal["actions"])
            t0 = time.perf_counter()
            status, result = me.call("POST", f"/api/games/{game['id']}/moves/", {"seq": legal["seq"], "action": decision})
            latencies.append(time.perf_counter() - t0)
            if status != 201:
                errors.append(f"moves {status}")
                break
            counts.append(1)
            seat = result["view"]["turn"]["seat"] if result["view"]["turn"] else None
            legal = result.get("next")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--url", default="http://127.0.0.1:8000")
    parser.add_argument("--games", type=int, default=16)
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--password", default="bench-pass")
    args = parser.parse_args()
    tokens = [token(args.url, f"bench-{i}", args.password) for i in range(1, args.games * args.players + 1)]
    latencies: list = []
    counts: list = []
    errors: list = []
    gets: list = []
    threads = [threading.Thread(target=play, args=(args.url, tokens[g * args.players:(g + 1) * args.players],
                                                   args.seconds, g, latencies, counts, errors, gets))
               for g in range(args.games)]
    print(f"signed in {len(tokens)} players; playing for {args.seconds:g} s", file=sys.stderr, flush=True)
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - start
    ordered = sorted(latencies)
    print(json.dumps({
        "games": args.games, "players": args.players, "seconds": round(elapsed, 1),
        "decisions": len(counts), "decisions_per_s": round(len(counts) / elapsed, 1),
        "post_moves_p50_ms": round(statistics.median(ordered) * 1000, 1) if ordered else None,
        "post_moves_p99_ms": round(ordered[int(len(ordered) * 0.99)] * 1000, 1) if ordered else None,
        "actions_gets_per_decision": round(len(gets) / max(len(counts), 1), 2),
        "errors": len(errors), "first_errors": errors[:5],
    }))
    return 0 if not errors else 1


if __name__ == "__main__":
    sys.exit(main())
