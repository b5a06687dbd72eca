"""How much memory one ASGI worker needs to hold many idle WebSockets (target: 10,000 in ≤ 1 GiB).

Starts nothing itself. Needs one running ASGI worker on Redis and a game to watch (any id; a
spectator needs no account), e.g. (docs/performance.md):

    DATABASE_POOL=1 uvicorn argo_site.asgi:application --port 8001 --workers 1 --ws websockets-sansio &
    python3 benchmarks/ws_idle.py --ws ws://127.0.0.1:8001 --game 1 --sockets 10000 --pid <uvicorn pid>

Opens the sockets as spectators of the game, a few hundred at a time, waits until they are all
open and the worker has settled, then reads the worker's resident memory (/proc/<pid>/status)
before and after. Keeps them open for --hold seconds (the server's pings go on meanwhile) and checks
that they are still open. Prints one JSON object; exits 1 if a socket failed or closed.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import resource
import sys
import time

import websockets


def rss_mib(pid: int) -> float:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise SystemExit(f"no resident memory for pid {pid}")


async def hold(url: str, opened: asyncio.Queue, stop: asyncio.Event, closed: list) -> None:
    try:
        async with websockets.connect(url, open_timeout=60, ping_interval=None, max_queue=None) as socket:
            await opened.put(True)
            waiting = asyncio.create_task(stop.wait())
            reading = asyncio.create_task(socket.wait_closed())
            done, _ = await asyncio.wait({waiting, reading}, return_when=asyncio.FIRST_COMPLETED)
            if reading in done:
                closed.append(socket.close_code)
            for task in (waiting, reading):
                task.cancel()
    except (TimeoutError, OSError, websockets.WebSocketException) as exc:
        await opened.put(exc)


async def run(args) -> dict:
    url = f"{args.ws}/ws/games/{args.game}/"
    before = rss_mib(args.pid)
    opened: asyncio.Queue = asyncio.Queue()
    stop, closed = asyncio.Event(), []
    started = time.perf_counter()
    tasks, failures, ok = [], [], 0
    for _ in range(args.sockets):
        tasks.append(asyncio.create_task(hold(url, opened, stop, closed)))
        if len(tasks) - ok - len(failures) >= args.batch:  # a few hundred handshakes in flight at most
            result = await opened.get()
            ok, failures = (ok + 1, failures) if result is True else (ok, [*failures, repr(result)])
    while ok + len(failures) < args.sockets:
        result = await opened.get()
        ok, failures = (ok + 1, failures) if result is True else (ok, [*failures, repr(result)])
    seconds_to_open = time.perf_counter() - started
    await asyncio.sleep(args.settle)
    after = rss_mib(args.pid)
    await asyncio.sleep(args.hold)
    still_open = ok - len(closed)
    held = rss_mib(args.pid)
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    return {"sockets": args.sockets, "open": ok, "failed": len(failures), "closed_while_held": len(closed),
            "still_open_after_hold": still_open, "seconds_to_open": round(seconds_to_open, 1),
            "rss_mib_before": round(before, 1), "rss_mib_with_sockets": round(after, 1),
            "rss_mib_after_hold": round(held, 1),
            "kib_per_socket": round((after - before) * 1024 / max(ok, 1), 1),
            "first_failures": failures[:3]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ws", default="ws://127.0.0.1:8001")
    parser.add_argument("--game", type=int, default=1, help="the game the sockets watch")
    parser.add_argument("--sockets", type=int, default=10000)
    parser.add_argument("--pid", type=int, required=True, help="the ASGI worker's process id")
    parser.add_argument("--batch", type=int, default=200, help="handshakes in flight at once")
    parser.add_argument("--settle", type=float, default=5.0, help="seconds between the last open and the reading")
    parser.add_argument("--hold", type=float, default=30.0, help="seconds to keep them open afterwards")
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < args.sockets + 100:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, args.sockets + 1000), hard))
    result = asyncio.run(run(args))
    print(json.dumps(result))
    return 0 if result["failed"] == 0 and result["closed_while_held"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
