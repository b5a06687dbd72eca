"""Server time of the statistics pages and their API with many finished games in the database.

Fills the database of DATABASE_URL once (migrated here) with --games finished games among --users
players and three bot accounts: every game of the registry, 2 to 4 seats as each game allows, places
and scores, 30 to 60 decisions a game (a few undone), times spread over the last two years, nine in
ten games rated with their rating changes, one in a hundred reverted by a moderator. Rows go in by
bulk_create, the decisions by COPY. Then times --requests requests of a player's statistics page, a
game's, and the two API endpoints with Django's test client (in process: middleware, queries and
template included, no network) and prints one JSON line per endpoint: p50 and p99 in ms and the
queries of one request.

    su postgres -c "createdb -O argo argo_stats_bench"
    DATABASE_URL=postgres://argo:argo@127.0.0.1:5432/argo_stats_bench python3 benchmarks/stats.py

Use a database of its own: the filling is kept for the next run (made once, never grown).
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from datetime import timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "argo_site.settings")
os.environ.setdefault("DJANGO_DEBUG", "0")
os.environ.setdefault("DJANGO_SECRET_KEY", "stats-bench-not-secret")
os.environ.setdefault("DJANGO_ALLOWED_HOSTS", "testserver,127.0.0.1,localhost")

PREFIX = "stat-"
BOTS = ("random", "greedy", "expert")


def people(count: int):
    """The players and the bot accounts, made at need (bulk_create skips the signal making profiles)."""
    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password

    from accounts.models import Profile
    User = get_user_model()
    names = [f"{PREFIX}{i}" for i in range(1, count + 1)] + [f"{PREFIX}bot-{kind}" for kind in BOTS]
    have = set(User.objects.filter(username__in=names).values_list("username", flat=True))
    password = make_password("bench-pass")
    User.objects.bulk_create([User(username=n, email=f"{n}@example.org", password=password) for n in names if n not in have])
    users = {u.username: u for u in User.objects.filter(username__in=names)}
    Profile.objects.bulk_create([Profile(user=users[n], bot=n.rsplit("-", 1)[1] if "-bot-" in n else "")
                                 for n in names if n not in have], ignore_conflicts=True)
    return [users[n] for n in names[:count]], [users[n] for n in names[count:]]


def fill(games: int, users: int, rng: random.Random) -> None:
    from django.db import connection, transaction
    from django.utils import timezone

    from games import rules
    from games.models import Game, Rating, RatingChange, Seat
    if Game.objects.filter(created_by__username__startswith=PREFIX).exists():
        return
    players, bots = people(users)
    names = rules.names()
    now = timezone.now()
    made, seats, ranks = [], [], []
    for n in range(games):
        name = names[n % len(names)]
        module = rules.get(name)
        size = rng.randint(max(2, module.min_players), min(4, module.max_players))
        finished = now - timedelta(seconds=rng.uniform(0, 730 * 86400))
        started = finished - timedelta(days=rng.uniform(1, 40))
        table = rng.sample(players, size)
        if rng.random() < 0.15:  # a bot account takes one seat of about one game in seven
            table[rng.randrange(1, size)] = rng.choice(bots)
        places = list(range(1, size + 1))
        rng.shuffle(places)
        if rng.random() < 0.05:
            places = [min(p, 2) if p <= 2 else p for p in places]  # a shared first place
        made.append(Game(name=name, rules_version=1, players=size, created_by=table[0], started_at=started,
                         finished_at=finished, last_move_at=finished, seq=0, rated=rng.random() < 0.9,
                         status=Game.Status.ABORTED if rng.random() < 0.01 else Game.Status.FINISHED))
        seats.append(table)
        ranks.append(places)
    with transaction.atomic():
        Game.objects.bulk_create(made, batch_size=2000)
        Seat.objects.bulk_create([Seat(game=g, user=u, order=i, rank=places[i], score=rng.randint(0, 120),
                                       bot_account=u in bots, colour="")
                                  for g, table, places in zip(made, seats, ranks) for i, u in enumerate(table)],
                                 batch_size=5000)
        _decisions(connection, made, seats, rng)
        _ratings(made, seats, ranks, rng, Rating, RatingChange)
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE")  # as autovacuum would: index-only scans need the visibility map
    print(f"filled {games} games", file=sys.stderr)


def _decisions(connection, made, seats, rng) -> None:
    """30 to 60 decisions a game by COPY, one in fifty undone, the last at the game's end."""
    from benchmarks.fill_archive import copy_rows
    from games.models import Decision

    def rows():
        for game, table_seats in zip(made, seats):
            count = rng.randint(30, 60)
            span = (game.finished_at - game.started_at) / count
            for number in range(1, count + 1):
                at = game.started_at + span * number
                undone = number < count and rng.random() < 0.02
                yield (game.pk, number, (number - 1) % len(table_seats), False, '{"type": "move"}', "[]",
                       at, undone, at if undone else None)
    with connection.cursor() as cursor:
        copy_rows(cursor, Decision, ["game", "number", "seat", "by_bot", "data", "events", "created_at", "undone",
                                     "undone_at"], rows())


def _ratings(made, seats, ranks, rng, Rating, RatingChange) -> None:
    """A rating per player and game; each rated game moves its players' ratings a little."""
    ratings = {}
    for game, table in zip(made, seats):
        for user in table:
            ratings.setdefault((game.name, user.pk), Rating(game=game.name, user=user, mu=25.0, sigma=8.3))
    order = sorted(range(len(made)), key=lambda i: made[i].finished_at)
    changes = []
    for i in order:
        game = made[i]
        if not game.rated:
            continue
        for user, place in {u.pk: (u, p) for u, p in zip(seats[i], ranks[i])}.values():
            rating = ratings[(game.name, user.pk)]
            mu, sigma = rating.mu + rng.uniform(-1.5, 1.5), max(1.0, rating.sigma * 0.97)
            changes.append((game, rating, place, rating.mu, rating.sigma, mu, sigma))
            rating.mu, rating.sigma, rating.games, rating.last_played = mu, sigma, rating.games + 1, game.finished_at
    Rating.objects.bulk_create(ratings.values(), batch_size=5000)
    RatingChange.objects.bulk_create([
        RatingChange(match=g, rating=r, rank=p, mu_before=mb, sigma_before=sb, mu_after=ma, sigma_after=sa,
                     reverted=g.status != "finished") for g, r, p, mb, sb, ma, sa in changes], batch_size=5000)


def timed_calls(call, requests: int, warm: int = 3) -> dict:
    """Call `call(n)` `warm` times untimed (templates compiled, the connection open), then
    `requests` times: p50 and p99 in ms and the most queries one call made (CaptureQueriesContext)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    for n in range(warm):
        call(n)
    times, queries = [], []
    for n in range(requests):
        with CaptureQueriesContext(connection) as captured:
            t0 = time.perf_counter()
            call(n)
            times.append((time.perf_counter() - t0) * 1000)
        queries.append(len(captured))
    times.sort()
    return {"p50_ms": round(statistics.median(times), 1), "p99_ms": round(times[min(len(times) - 1, int(len(times) * 0.99))], 1),
            "queries": max(queries), "requests": requests}


def measure(client, paths: list[str], requests: int) -> dict:
    """GET `paths` in turn with `client`, each answered 200 (or 302: the next game is a redirect):
    timed_calls' figures."""
    def get(n):
        path = paths[n % len(paths)]
        response = client.get(path)
        assert response.status_code in (200, 302), (path, response.status_code)
    return timed_calls(get, requests, warm=min(3, len(paths)))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--users", type=int, default=500)
    parser.add_argument("--requests", type=int, default=30)
    args = parser.parse_args()
    import django
    django.setup()
    from django.core.management import call_command
    from django.db.models import Count
    from django.test import Client

    from games import rules
    from games.models import Game, Seat
    from stats import summary
    call_command("migrate", verbosity=0)
    rng = random.Random(11)
    t0 = time.perf_counter()
    fill(args.games, args.users, rng)
    summary.fill()  # the games went in by bulk_create and COPY: the summary the site keeps as they finish
    busiest = (Seat.objects.filter(game__status="finished", user__username__startswith=PREFIX, bot_account=False)
               .values("user__username").annotate(n=Count("id")).order_by("-n").first())
    print(json.dumps({"games_in_db": Game.objects.filter(status="finished").count(), "fill_s": round(time.perf_counter() - t0, 1),
                      "busiest_player_games": busiest["n"]}))
    players = [f"{PREFIX}{rng.randint(1, args.users)}" for _ in range(args.requests)]
    bots = [f"{PREFIX}bot-{kind}" for kind in BOTS]
    client = Client()
    for what, paths in (("player_page", [f"/players/{p}/stats/" for p in players]),
                        ("player_api", [f"/api/users/{p}/stats/" for p in players]),
                        ("busiest_player_page", [f"/players/{busiest['user__username']}/stats/"]),
                        ("bot_account_page", [f"/players/{b}/stats/" for b in bots]),
                        ("game_page", [f"/stats/{name}/" for name in rules.names()]),
                        ("game_api", [f"/api/stats/{name}/" for name in rules.names()]),
                        ("index_page", ["/stats/"])):
        print(json.dumps({"what": what, **measure(client, paths, args.requests)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
