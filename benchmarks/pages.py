"""Server time of the game page and "my games" with many games in the database.

Runs in-process with Django's test client (no network, no server): the time of one request is
the time the site spends on it, middleware, queries and template included. Fills the database of
DATABASE_URL once (migrated here) with --games games among --users players, each game started,
one in five with a few random decisions in, about one in ten ended by a resignation, then times --requests
requests of each page for players and games picked at random. Prints one JSON object.

    DATABASE_URL=postgres://argo:argo@127.0.0.1:5432/argo_pages python3 benchmarks/pages.py --games 1000

Use a database of its own: the filling is kept for the next run (it grows to --games, never shrinks).
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "argo_site.settings")
os.environ.setdefault("DJANGO_DEBUG", "0")
os.environ.setdefault("DJANGO_SECRET_KEY", "pages-bench-not-secret")
os.environ.setdefault("DJANGO_ALLOWED_HOSTS", "testserver,127.0.0.1,localhost")


def fill(games: int, users: int, rng: random.Random) -> None:
    from django.contrib.auth import get_user_model

    from games import services
    from games.models import Game
    User = get_user_model()
    people = []
    for i in range(1, users + 1):
        user = User.objects.filter(username=f"page-{i}").first()
        if user is None:
            user = User.objects.create_user(f"page-{i}", f"page-{i}@example.org", "bench-pass")
        people.append(user)
    have = Game.objects.count()
    for n in range(have, games):
        a, b = rng.sample(people, 2)
        game = services.create_game(a, game="argo", players=2)
        services.join_game(b, game.pk)
        for _ in range(rng.randrange(0, 12) if rng.random() < 0.2 else 0):
            game = Game.objects.get(pk=game.pk)
            mover = game.seats.get(order=game.current_seat).user
            actions = services.legal_for(game, mover)["actions"]
            services.submit_decision(mover, game.pk, game.seq, rng.choice(actions))
        if rng.random() < 0.1:
            services.resign(a, game.pk)
        if (n + 1) % 100 == 0:
            print(f"filled {n + 1}/{games}", file=sys.stderr)


def timed(client, path: str) -> float:
    t0 = time.perf_counter()
    response = client.get(path)
    took = time.perf_counter() - t0
    assert response.status_code == 200, (path, response.status_code)
    return took


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--users", type=int, default=50)
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--fill-only", action="store_true", help="fill the database and stop")
    args = parser.parse_args()
    import django
    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from games.models import Game, Seat
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.USER_LIMITS = {k: (10**9, seconds) for k, (_, seconds) in settings.USER_LIMITS.items()}  # filling
    call_command("migrate", verbosity=0)
    rng = random.Random(7)
    fill(args.games, args.users, rng)
    if args.fill_only:
        return 0
    games = list(Game.objects.values_list("pk", flat=True))
    seated = {}
    for game_id, user_id in Seat.objects.values_list("game_id", "user_id"):
        seated.setdefault(user_id, []).append(game_id)
    from django.contrib.auth import get_user_model
    users = list(get_user_model().objects.filter(username__startswith="page-"))
    clients = {}
    for user in users:
        clients[user.pk] = Client()
        clients[user.pk].force_login(user)
    result = {"games_in_db": len(games), "users": len(users)}
    for name, pick in (("game_page", lambda u: f"/games/{rng.choice(seated.get(u.pk) or games)}/"),
                       ("my_games", lambda u: "/games/mine/")):
        for user in users[:5]:  # warm: templates compiled, connections open
            timed(clients[user.pk], pick(user))
        times, queries = [], []
        for _ in range(args.requests):
            user = rng.choice(users)
            with CaptureQueriesContext(connection) as captured:
                times.append(timed(clients[user.pk], pick(user)))
            queries.append(len(captured))
        times.sort()
        result[f"{name}_median_ms"] = round(statistics.median(times) * 1000, 1)
        result[f"{name}_p90_ms"] = round(times[int(len(times) * 0.9)] * 1000, 1)
        result[f"{name}_queries_median"] = statistics.median(queries)
    result["my_games_per_user_median"] = statistics.median(len(seated.get(u.pk, [])) for u in users)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
