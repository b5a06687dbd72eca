"""The analysis board's answer time: POST /api/games/<id>/explore/ with a line of 30 decisions, per game.

In process with Django's test client (the time of one request is the site's: middleware, the game's
read, the guess, the line and the answer), in a transaction rolled back at the end, on the database
of DATABASE_URL: for each game of the registry a player and the greedy bot play a few decisions, a
line of 30 decisions is built on the analysis board (the first legal one each time), and --requests
requests of that line are timed. Target (docs/performance.md): p50 <= 50 ms on the largest game.

    DATABASE_URL=postgres://argo:argo@127.0.0.1:5432/argo_main python3 benchmarks/explore.py [--requests 40]

Prints one JSON line per game: {"game", "depth", "p50_ms", "p90_ms", "requests"}.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "argo_site.settings")
os.environ.setdefault("DJANGO_DEBUG", "0")
os.environ.setdefault("DJANGO_SECRET_KEY", "explore-bench-not-secret")
os.environ.setdefault("DJANGO_ALLOWED_HOSTS", "testserver,127.0.0.1,localhost")

LINE = 30


class RolledBack(Exception):
    pass


def measure(name: str, requests: int) -> dict:
    from django.contrib.auth import get_user_model
    from rest_framework.test import APIClient

    from games import rules, services
    module = rules.get(name)
    user = get_user_model().objects.create_user(f"explorer-{name}", password=None)
    game = services.game_with_seats(services.create_game(user, game=name, players=2, bots=["greedy"]).pk)
    while game.seq < 6 or game.deciding_seat.user != user:
        if game.deciding_seat.user == user:
            services.submit_decision(user, game.pk, game.seq, module.bot("greedy", game.seq).choose(services.current_state(game)))
        else:
            services.play_bot_turn(game.pk)
        game = services.game_with_seats(game.pk)
    line: list = []
    while len(line) < LINE:
        answer = services.explore(game, user, line, 0)
        if not answer["actions"]:
            break
        line.append(answer["actions"][0])
    client = APIClient()
    client.force_authenticate(user)
    times = []
    for _ in range(requests):
        started = time.perf_counter()
        response = client.post(f"/api/games/{game.pk}/explore/", {"decisions": line, "deal": 0}, format="json")
        times.append((time.perf_counter() - started) * 1000)
        assert response.status_code == 200, response.content
    times.sort()
    return {"game": name, "depth": len(line), "p50_ms": round(statistics.median(times), 1),
            "p90_ms": round(times[int(len(times) * 0.9) - 1], 1), "requests": requests}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--requests", type=int, default=40)
    args = parser.parse_args()
    import django
    django.setup()
    from django.conf import settings
    from django.db import transaction

    from games import rules
    settings.USER_LIMITS = {**settings.USER_LIMITS, "explore": (10**6, 60), "create_game": (10**6, 60)}
    settings.BOT_MOVE_DELAY = 0
    try:
        with transaction.atomic():
            for name in rules.names():
                print(json.dumps(measure(name, args.requests)), flush=True)
            raise RolledBack
    except RolledBack:
        pass


if __name__ == "__main__":
    main()
