"""Costs that do not grow: the same pages, API lists, decision and periodic tasks timed on a small
and a large database filled by benchmarks/fill_archive.py, side by side, with the ratio large/small.

    DATABASE_URL=postgres://argo:argo@127.0.0.1:5432/argo_scale1k python3 benchmarks/fill_archive.py \\
        --games 1000 --players 250 --bot-games 200 --active 250 --busy 200   # once
    DATABASE_URL=postgres://argo:argo@127.0.0.1:5432/argo_archive python3 benchmarks/fill_archive.py --busy 200
    python3 benchmarks/scale.py --small postgres://argo:argo@127.0.0.1:5432/argo_scale1k \\
        --large postgres://argo:argo@127.0.0.1:5432/argo_archive [--requests 25] [--only lobby,my_games] [--skip ...]

Each database is measured by a process of its own (this script run again with --measure), its heap
settled as a serving process's is (foundation.heap), in process with Django's test client
(benchmarks/stats.py's timed_calls: p50 and p99 in ms, and the queries of one request by
CaptureQueriesContext). What is opened is chosen alike at both sizes: a player with the average
number of seats who has a game in progress, the game in progress with the median decision
count among those whose turn is a person's, the player with the most games in progress (the
`_busy` items: 200 in fills made with --busy 200), a finished game with the median decision count, its
replay at the middle decision, and a moderator of the fill (made a superuser in a transaction
rolled back: the GETs run inside it, so a view's own transaction is a savepoint, two queries more).

Nothing is changed: the decision POST (the player whose turn it is, the first action offered) runs in
a transaction rolled back after each request; each periodic task runs in a transaction rolled back at
the end, once untimed to clear what was due (its count is printed as "due"), then timed in savepoints
rolled back, so that the time is what the task costs with little work due. Emails go to memory.

Prints a table and one JSON line per item: {"item", "small": {...}, "large": {...}, "ratio"} where
ratio is large p50 / small p50. Target: no item above 1.5.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "argo_site.settings")
os.environ.setdefault("DJANGO_DEBUG", "0")
os.environ.setdefault("DJANGO_SECRET_KEY", "scale-bench-not-secret")
os.environ.setdefault("DJANGO_ALLOWED_HOSTS", "testserver,127.0.0.1,localhost")

TARGET = 1.5
TASKS = ("games.tasks.enforce_deadlines", "games.tasks.pending_turn_emails", "games.tasks.send_reminders",
         "games.tasks.send_digests", "tournaments.tick")


# --- what is opened --------------------------------------------------------------------------

def subjects() -> dict:
    """The player, games and moderator opened, typical of the database at hand."""
    from django.contrib.auth import get_user_model
    from django.db import connection
    User = get_user_model()
    with connection.cursor() as cursor:
        cursor.execute("""
            SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY g.seq) FROM games_game g
             WHERE g.status = 'active' AND g.deadline IS NOT NULL""")
        middle_active = cursor.fetchone()[0]
        cursor.execute("""
            SELECT g.id, s.user_id FROM games_game g
              JOIN games_seat s ON s.game_id = g.id AND s."order" = g.current_seat
              JOIN auth_user u ON u.id = s.user_id
             WHERE g.status = 'active' AND g.deadline IS NOT NULL AND NOT s.bot_account AND u.is_active
             ORDER BY abs(g.seq - %s), g.id LIMIT 1""", [middle_active])
        active_game, mover = cursor.fetchone()
        cursor.execute("""
            SELECT id, seq FROM games_game WHERE status = 'finished'
             ORDER BY abs(seq - (SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY seq)
                                   FROM games_game WHERE status = 'finished')), id LIMIT 1""")
        finished_game, finished_seq = cursor.fetchone()
        cursor.execute("""
            WITH per AS (SELECT s.user_id, count(*) AS n FROM games_seat s JOIN accounts_profile p USING (user_id)
                          WHERE p.bot = '' GROUP BY s.user_id)
            SELECT per.user_id FROM per
             WHERE EXISTS (SELECT 1 FROM games_seat s JOIN games_game g ON g.id = s.game_id
                            WHERE s.user_id = per.user_id AND g.status = 'active')
             ORDER BY abs(per.n - (SELECT avg(n) FROM per)), per.user_id LIMIT 1""")
        player = cursor.fetchone()[0]
        cursor.execute("SELECT count(*) FROM games_seat WHERE user_id = %s", [player])
        player_games = cursor.fetchone()[0]
        # the correspondence player: the most games in progress (fill_archive.py --busy gives one 200)
        cursor.execute("""
            SELECT s.user_id, count(*) FROM games_seat s JOIN games_game g ON g.id = s.game_id
              JOIN accounts_profile p USING (user_id)
             WHERE g.status = 'active' AND p.bot = '' GROUP BY s.user_id ORDER BY count(*) DESC, s.user_id LIMIT 1""")
        busy, busy_games = cursor.fetchone()
    return {"player": User.objects.get(pk=player), "player_games": player_games,
            "busy": User.objects.get(pk=busy), "busy_games": busy_games,
            "mover": User.objects.get(pk=mover), "active_game": active_game, "active_seq": middle_active,
            "finished_game": finished_game, "finished_seq": finished_seq,
            "moderator": User.objects.filter(is_staff=True, is_active=True).order_by("pk").first()}


def gets(s: dict) -> list[tuple[str, str, str]]:
    """(item, who, path) of every page and API list timed."""
    name, game, active, done = s["player"].username, "argo", s["active_game"], s["finished_game"]
    return [
        ("lobby", "player", "/"),
        ("lobby_filtered", "player", "/?game=argo&max_hours=96&rating_min=800&rating_max=1400"),
        ("api_games_filtered", "player", "/api/games/?status=open&game=argo&max_hours=96&rating_min=800&rating_max=1400"),
        ("my_games", "player", "/games/mine/"),
        ("my_games_busy", "busy", "/games/mine/"),
        ("api_my_games_busy", "busy", "/api/me/games/"),
        ("next_game_busy", "busy", "/games/next/"),  # a redirect to the most urgent game, or to My games
        ("game_in_progress", "mover", f"/games/{active}/"),
        ("game_finished", "player", f"/games/{done}/"),
        ("player_page", "player", f"/players/{name}/"),
        ("player_stats", "player", f"/players/{name}/stats/"),
        ("site_stats", "player", "/stats/"),
        ("game_stats", "player", f"/stats/{game}/"),
        ("leaderboard", "player", f"/ratings/{game}/"),
        ("tournaments", "player", "/tournaments/"),
        ("friends", "player", "/friends/"),
        ("admin_games_search", "moderator", f"/admin/games/game/?q={name}&status__exact=finished"),
        ("admin_games", "moderator", "/admin/games/game/?status__exact=active"),
        ("admin_game", "moderator", f"/admin/games/game/{done}/change/"),
        ("api_games", "player", "/api/games/"),
        ("api_games_active", "player", "/api/games/?status=active"),
        ("api_games_mine", "player", "/api/games/?mine=1"),
        ("api_games_waiting", "mover", "/api/games/?waiting=1"),
        ("api_game", "mover", f"/api/games/{active}/"),
        ("api_moves_log", "mover", f"/api/games/{active}/moves/"),
        ("api_actions", "mover", f"/api/games/{active}/actions/"),
        ("api_chat", "player", f"/api/games/{done}/chat/"),
        ("api_replay_middle", "player", f"/api/games/{done}/replay/?upto={s['finished_seq'] // 2}"),
        ("api_leaderboard", "player", f"/api/ratings/{game}/"),
        ("api_tournaments", "player", "/api/tournaments/"),
        ("api_friends", "player", "/api/friends/"),
        ("api_user", "player", f"/api/users/{name}/"),
        ("api_user_stats", "player", f"/api/users/{name}/stats/"),
        ("api_game_stats", "player", f"/api/stats/{game}/"),
        ("api_devices", "player", "/api/me/devices/"),
    ]


# --- measuring one database ------------------------------------------------------------------

def measure_here(requests: int, task_requests: int, only: set[str], skip: set[str]) -> None:
    """Time every item on the database of DATABASE_URL; one JSON line each on stdout."""
    import django
    import time_machine
    django.setup()
    from celery import current_app
    from django.conf import settings
    from django.db import transaction
    from django.test import Client
    from django.utils import timezone

    from benchmarks.stats import measure, timed_calls
    from foundation import heap
    from games import services
    heap.settle()  # the garbage collector as in a serving process (argo_site/wsgi.py, asgi.py)
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.USER_LIMITS = {k: (10**9, seconds) for k, (_, seconds) in settings.USER_LIMITS.items()}
    s = subjects()
    print(json.dumps({"item": "subjects", "player_games": s["player_games"], "busy_games": s["busy_games"],
                      "active_seq": s["active_seq"],
                      "finished_seq": s["finished_seq"], "player": s["player"].username}), flush=True)
    clients = {}
    for who in ("player", "busy", "mover", "moderator"):
        clients[who] = Client()
        clients[who].force_login(s[who])
    def wanted(item):
        return (not only or item in only) and item not in skip

    with transaction.atomic():  # the fill's moderators hold no permission: one is made a superuser, rolled back
        type(s["moderator"]).objects.filter(pk=s["moderator"].pk).update(is_superuser=True)
        for item, who, path in gets(s):
            if wanted(item):
                print(json.dumps({"item": item, **measure(clients[who], [path], requests)}), flush=True)
        transaction.set_rollback(True)

    if wanted("badge_busy"):  # what every page the busy player opens counts for its badge
        print(json.dumps({"item": "badge_busy", **timed_calls(lambda n: services.waiting_count(s["busy"]), requests)}),
              flush=True)

    if wanted("api_decision_post"):
        game = services.game_with_seats(s["active_game"])
        action = services.legal_for(game, s["mover"])["actions"][0]
        body = {"seq": game.seq, "action": action}

        def decide(n):
            with transaction.atomic():
                response = clients["mover"].post(f"/api/games/{game.pk}/moves/", body, content_type="application/json")
                assert response.status_code == 201, (response.status_code, response.content[:300])
                transaction.set_rollback(True)
        print(json.dumps({"item": "api_decision_post", **timed_calls(decide, requests)}), flush=True)

    for name in TASKS:
        item = "task_" + name.rsplit(".", 1)[1]
        if not wanted(item):
            continue
        task = current_app.tasks[name]
        # One instant for the due run and the timed ones: what falls due while they run (a reminder
        # every few seconds at 10,000 games in play) is work, not the task's cost with nothing due.
        with time_machine.travel(timezone.now(), tick=False), transaction.atomic():
            due = task.run()  # what was due, done (and rolled back with the rest)

            def tick(n):
                with transaction.atomic():
                    task.run()  # noqa: B023 - timed below, within this pass
                    transaction.set_rollback(True)
            figures = timed_calls(tick, task_requests, warm=1)
            transaction.set_rollback(True)
        print(json.dumps({"item": item, "due": due, **figures}), flush=True)


# --- both sizes, side by side ----------------------------------------------------------------

def run_child(url: str, args) -> dict[str, dict]:
    env = {**os.environ, "DATABASE_URL": url}
    env.pop("REDIS_URL", None)  # eager Celery and the in-memory layer: nothing leaves the process
    out = subprocess.run([sys.executable, __file__, "--measure", "--requests", str(args.requests),
                          "--task-requests", str(args.task_requests), "--only", args.only, "--skip", args.skip],
                         env=env, stdout=subprocess.PIPE, check=True, text=True).stdout
    rows = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    return {row.pop("item"): row for row in rows}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--small", help="database URL of the small fill (1,000 games)")
    parser.add_argument("--large", help="database URL of the large fill (200,000 games)")
    parser.add_argument("--requests", type=int, default=25)
    parser.add_argument("--task-requests", type=int, default=5, help="runs of each periodic task")
    parser.add_argument("--only", default="", help="comma-separated items (default: all)")
    parser.add_argument("--skip", default="", help="comma-separated items left out")
    parser.add_argument("--measure", action="store_true", help=argparse.SUPPRESS)  # one database, DATABASE_URL
    args = parser.parse_args()
    only, skip = ({i for i in names.split(",") if i} for names in (args.only, args.skip))
    if args.measure:
        measure_here(args.requests, args.task_requests, only, skip)
        return 0
    if not (args.small and args.large):
        parser.error("--small and --large are both needed")
    small, large = (run_child(url, args) for url in (args.small, args.large))
    print(f"subjects: small {small.pop('subjects')}, large {large.pop('subjects')}")
    print(f"{'item':<26} {'small p50':>9} {'p99':>7} {'q':>3}   {'large p50':>9} {'p99':>7} {'q':>3}   {'ratio':>5}")
    over = []
    for item, a in small.items():
        b = large.get(item)
        if b is None:
            continue
        ratio = round(b["p50_ms"] / a["p50_ms"], 2) if a["p50_ms"] else None
        flag = " *" if ratio is not None and ratio > TARGET else ""
        if flag:
            over.append(item)
        print(f"{item:<26} {a['p50_ms']:>9} {a['p99_ms']:>7} {a['queries']:>3}   "
              f"{b['p50_ms']:>9} {b['p99_ms']:>7} {b['queries']:>3}   {ratio:>5}{flag}")
    for item, a in small.items():
        if item in large:
            b = large[item]
            print(json.dumps({"item": item, "small": a, "large": b,
                              "ratio": round(b["p50_ms"] / a["p50_ms"], 2) if a["p50_ms"] else None}))
    print(f"target (large/small p50 at most {TARGET}): " + ("met by every item" if not over else f"missed by {', '.join(over)}"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
