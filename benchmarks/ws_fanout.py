"""Time from a decision's 201 to every subscribed WebSocket client receiving its event.

Starts nothing itself. Needs the benchmark users (`python manage.py bench_users 64`), the API
(WSGI) and the WebSockets (ASGI) of a running server on Redis — see docs/performance.md:

    python3 benchmarks/ws_fanout.py --api http://127.0.0.1:8000 --ws ws://127.0.0.1:8001 \
        --clients 1000 --games 20 --rounds 5

The clients are spread evenly over the games (the players and many spectators). In each round one
decision is made in every game, one game after another; each client notes when the event with the
new seq arrives. Prints one JSON object with latency percentiles in milliseconds, measured from the
moment the 201 came back (an event may even arrive before it: that counts as 0).
"""
from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import random
import statistics
import sys
import time
from urllib.parse import urlparse

import websockets


def call(base: str, method: str, path: str, token: str | None = None, body=None):
    parts = urlparse(base)
    conn = http.client.HTTPConnection(parts.hostname, parts.port or 80, timeout=30)
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Token {token}"
    conn.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
    response = conn.getresponse()
    data = response.read()
    conn.close()
    return response.status, (json.loads(data) if data else None)


def login(base: str, username: str, password: str) -> str:
    status, data = call(base, "POST", "/api/auth/token/", body={"username": username, "password": password})
    if status != 200:
        sys.exit(f"cannot log in as {username}: run `python manage.py bench_users` first ({status})")
    return data["token"]


async def client(ws_base: str, game_id: int, token: str, arrivals: dict, ready: asyncio.Event, counter: list, total: int):
    # The token goes in a header: the site takes none from a URL (URLs reach access logs).
    async with websockets.connect(f"{ws_base}/ws/games/{game_id}/", max_queue=None,
                                  additional_headers={"Authorization": f"Token {token}"}) as socket:
        counter[0] += 1
        if counter[0] == total:
            ready.set()
        async for raw in socket:
            message = json.loads(raw)
            if "seq" in message:
                arrivals.setdefault((game_id, message["seq"]), []).append(time.perf_counter())


async def main_async(args) -> dict:
    tokens = [login(args.api, f"bench-{i}", args.password) for i in range(1, 2 * args.games + 1)]
    games = []
    for g in range(args.games):
        a, b = tokens[2 * g], tokens[2 * g + 1]
        status, game = call(args.api, "POST", "/api/games/", a, {"game": "argo", "players": 2})
        call(args.api, "POST", f"/api/games/{game['id']}/join/", b)
        games.append((game["id"], (a, b)))
    arrivals: dict = {}
    ready = asyncio.Event()
    counter = [0]
    tasks = []
    for i in range(args.clients):
        game_id, players = games[i % len(games)]
        tasks.append(asyncio.create_task(client(args.ws, game_id, players[i % 2], arrivals, ready, counter, args.clients)))
        if i % 50 == 49:
            await asyncio.sleep(0.05)  # do not open a thousand sockets in one burst
    await asyncio.wait_for(ready.wait(), timeout=120)
    subscribers = {gid: sum(1 for i in range(args.clients) if games[i % len(games)][0] == gid) for gid, _ in games}
    sent: dict = {}
    rng = random.Random(1)
    loop = asyncio.get_running_loop()
    for _ in range(args.rounds):
        for game_id, players in games:
            status, detail = await loop.run_in_executor(None, call, args.api, "GET", f"/api/games/{game_id}/")
            if detail["status"] != "active":
                continue
            token = players[detail["current_seat"]]
            status, legal = await loop.run_in_executor(None, call, args.api, "GET", f"/api/games/{game_id}/actions/", token)
            body = {"seq": legal["seq"], "action": rng.choice(legal["actions"])}
            status, result = await loop.run_in_executor(None, call, args.api, "POST", f"/api/games/{game_id}/moves/", token, body)
            if status == 201:
                sent[(game_id, result["seq"])] = time.perf_counter()
    await asyncio.sleep(args.settle)
    latencies, missing = [], 0
    for key, t201 in sent.items():
        got = arrivals.get(key, [])
        missing += subscribers[key[0]] - len(got)
        latencies.extend(max(0.0, t - t201) * 1000 for t in got)
    for t in tasks:
        t.cancel()
    latencies.sort()
    def pick(q):
        return round(latencies[min(len(latencies) - 1, int(len(latencies) * q))], 1) if latencies else None

    return {"clients": args.clients, "games": args.games, "decisions": len(sent), "deliveries": len(latencies),
            "missing": missing, "p50_ms": pick(0.5), "p90_ms": pick(0.9), "p99_ms": pick(0.99),
            "max_ms": round(latencies[-1], 1) if latencies else None,
            "mean_ms": round(statistics.mean(latencies), 1) if latencies else None}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--api", default="http://127.0.0.1:8000")
    parser.add_argument("--ws", default="ws://127.0.0.1:8001")
    parser.add_argument("--clients", type=int, default=1000)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--settle", type=float, default=3.0, help="seconds to wait for late events")
    parser.add_argument("--password", default="bench-pass")
    args = parser.parse_args()
    result = asyncio.run(main_async(args))
    print(json.dumps(result))
    return 0 if result["missing"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
