"""What a Redis outage adds to a decision: the same decisions timed with Redis up and with Redis
unreachable (it is both the Celery broker and the channel layer), through the service layer that
POST /moves/ calls. Target: an outage adds at most 50 ms.

Runs on the database of DATABASE_URL with the Redis of REDIS_URL, each phase in a process of its
own (the settings are read once per process):

    DATABASE_URL=postgres://… REDIS_URL=redis://127.0.0.1:6379/0 python3 benchmarks/outage.py --decisions 200

Prints one JSON object: per phase the median and p99 in milliseconds, and what the outage added.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEAD_REDIS = "redis://127.0.0.1:1/0"  # nothing listens on port 1: every connection is refused


def phase(decisions: int) -> dict:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "argo_site.settings")
    import django
    django.setup()
    from django.contrib.auth import get_user_model

    from games import services
    from games.entry import tasks
    from games.models import Game
    users = [get_user_model().objects.get_or_create(username=f"outage-{n}")[0] for n in (1, 2)]
    took, game = [], None
    while len(took) < decisions:
        if game is None or game.status != Game.Status.ACTIVE:
            game = services.create_game(users[0], game="argo", players=2)
            services.join_game(users[1], game.pk)
        game = Game.objects.get(pk=game.pk)
        mover = game.seats.get(order=game.current_seat).user
        decision = services.rules_of(game).bot("greedy", len(took)).choose(services.current_state(game))
        began = time.perf_counter()
        services.submit_decision(mover, game.pk, game.seq, decision)
        took.append((time.perf_counter() - began) * 1000)
        game = Game.objects.get(pk=game.pk)
    tasks.sent_all(timeout=60)
    took.sort()
    return {"median_ms": round(statistics.median(took), 2), "p99_ms": round(took[int(len(took) * 0.99) - 1], 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=200)
    parser.add_argument("--phase", choices=["up", "down"])
    args = parser.parse_args()
    if args.phase:
        print(json.dumps(phase(args.decisions)))
        return
    results = {}
    for name, redis in (("up", os.environ.get("REDIS_URL", "")), ("down", DEAD_REDIS)):
        env = {**os.environ, "REDIS_URL": redis, "CELERY_TASK_ALWAYS_EAGER": "0"}
        out = subprocess.run([sys.executable, __file__, "--phase", name, "--decisions", str(args.decisions)],
                             env=env, capture_output=True, text=True, check=True).stdout
        results[name] = json.loads(out.strip().splitlines()[-1])
    results["added_p99_ms"] = round(results["down"]["p99_ms"] - results["up"]["p99_ms"], 2)
    results["added_median_ms"] = round(results["down"]["median_ms"] - results["up"]["median_ms"], 2)
    print(json.dumps(results))


if __name__ == "__main__":
    main()
