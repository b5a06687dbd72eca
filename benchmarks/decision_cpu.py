"""CPU of one decision through POST /moves/, in one process, without a server or a client.

The site's WSGI handler is called directly with the request a client would send (token, JSON
body), so what is measured is the site's own work per decision: middleware, DRF, the service,
the queries' CPU on our side, the answer, and the live messages handed to Redis. Random 2-player
Argo games are played in turn (the same games for the same --seed); only the POSTs are timed (`time.process_time`, every thread of the
process: the Redis loop and the task sender count too).

    DATABASE_URL=postgres://… REDIS_URL=redis://… DJANGO_DEBUG=0 DJANGO_SECRET_KEY=x \\
        python3 benchmarks/decision_cpu.py --decisions 600 [--profile out.prof]

Migrates and makes the benchmark users itself. Prints one JSON object.
"""
from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "argo_site.settings")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--decisions", type=int, default=600)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--profile", help="write a cProfile of the timed POSTs here")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    import django
    django.setup()
    from django.conf import settings
    # The same few players start game after game, run after run: far more than a person may.
    settings.USER_LIMITS = {**settings.USER_LIMITS, "create_game": (10 ** 6, 3600)}
    from django.core.management import call_command
    call_command("migrate", verbosity=0)
    call_command("bench_users", args.games * 2, stdout=io.StringIO())
    from argo_site.wsgi import application as app  # what gunicorn serves

    def call(method: str, path: str, body=None, token: str | None = None):
        payload = b"" if body is None else json.dumps(body).encode()
        environ = {"REQUEST_METHOD": method, "PATH_INFO": path, "QUERY_STRING": "", "SERVER_NAME": "127.0.0.1",
                   "SERVER_PORT": "8000", "REMOTE_ADDR": "127.0.0.1", "SERVER_PROTOCOL": "HTTP/1.1",
                   "wsgi.url_scheme": "http", "wsgi.input": io.BytesIO(payload), "wsgi.errors": sys.stderr,
                   "CONTENT_TYPE": "application/json", "CONTENT_LENGTH": str(len(payload)),
                   "HTTP_ACCEPT": "application/json", "HTTP_HOST": "127.0.0.1"}
        if token:
            environ["HTTP_AUTHORIZATION"] = f"Token {token}"
        status = []
        chunks = app(environ, lambda s, h, *a: status.append(int(s.split()[0])))
        data = b"".join(chunks)
        if hasattr(chunks, "close"):
            chunks.close()
        return status[0], (json.loads(data) if data else None)

    tokens = []
    for i in range(1, args.games * 2 + 1):
        code, data = call("POST", "/api/auth/token/", {"username": f"bench-{i}", "password": "bench-pass"})
        assert code == 200, (code, data)
        tokens.append(data["token"])
    rng = random.Random(args.seed)
    # The games' own seeds (games.services.lobby draws them with `secrets`) from the same generator:
    # a run plays the same games as any other run of the same --seed, on any version of the code,
    # so two runs differ only in the site's cost of a decision, not in the rules' work.
    import secrets
    secrets.randbits = rng.getrandbits
    # This thread's CPU only: time waiting for PostgreSQL or Redis is not counted.
    profiler = cProfile.Profile(time.thread_time) if args.profile else None

    def new_game(g: int) -> dict:
        pair = tokens[2 * g:2 * g + 2]
        code, game = call("POST", "/api/games/", {"game": "argo", "players": 2}, pair[0])
        assert code == 201, (code, game)
        code, game = call("POST", f"/api/games/{game['id']}/join/", None, pair[1])
        assert code == 200, (code, game)
        return {"id": game["id"], "pair": pair, "seat": game["current_seat"], "legal": None}

    games = [new_game(g) for g in range(args.games)]
    cpu, wall, done, errors = [], [], 0, 0
    while done < args.decisions:
        g = done % args.games
        game = games[g]
        token = game["pair"][game["seat"]]
        if game["legal"] is None:
            code, game["legal"] = call("GET", f"/api/games/{game['id']}/actions/", None, token)
            assert code == 200, (code, game["legal"])
        body = {"seq": game["legal"]["seq"], "action": rng.choice(game["legal"]["actions"])}
        c0, w0 = time.process_time(), time.perf_counter()
        if profiler:
            profiler.enable()
        code, result = call("POST", f"/api/games/{game['id']}/moves/", body, token)
        if profiler:
            profiler.disable()
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - w0)
        done += 1
        if code != 201:
            errors += 1
            games[g] = new_game(g)
            continue
        turn = result["view"]["turn"]
        if turn is None:
            games[g] = new_game(g)
        else:
            game["seat"], game["legal"] = turn["seat"], result.get("next")
    if profiler:
        profiler.dump_stats(args.profile)
    print(json.dumps({"decisions": done, "errors": errors,
                      "cpu_ms_per_decision": round(sum(cpu) / done * 1000, 2),
                      "cpu_ms_median": round(statistics.median(cpu) * 1000, 2),
                      "wall_ms_median": round(statistics.median(wall) * 1000, 2)}))
    return 0 if not errors else 1


if __name__ == "__main__":
    sys.exit(main())
