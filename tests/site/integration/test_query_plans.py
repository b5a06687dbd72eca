"""Costs that do not grow (docs/performance.md): the queries the pages, the API lists and the periodic
tasks really run are planned without a sequential scan of the big tables. The test database is
filled by benchmarks/fill_archive.py (a few hundred games), then its games, seats, rating changes
and notices are copied over and over by INSERT ... SELECT generate_series and ANALYZEd, so that the
planner sees tables of tens of thousands of rows and makes the choice it makes on a real site. The
players and their ratings are copied too, and each copy of a game seats the copies of its players,
so that a player keeps as many games as the fill gave him, as on a site whose history grew with its
players.
What is opened is what benchmarks/scale.py times, chosen by its own code; the SQL is captured from
the requests themselves (CaptureQueriesContext) and each SELECT is EXPLAINed (FORMAT JSON)."""
from __future__ import annotations

import json

import pytest
from celery import current_app
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from accounts.models import Profile
from benchmarks import fill_archive, scale
from games import services
from games.models import Game, Inbox, Rating, RatingChange, Seat, TurnNotice

pytestmark = [pytest.mark.django_db,
              pytest.mark.skipif(connection.vendor != "postgresql",
                                 reason="query plans are PostgreSQL's: the archive is filled by COPY and EXPLAINed")]

BIG = {"games_game", "games_decision", "games_seat", "games_ratingchange", "games_turnnotice", "games_inbox"}
COPIES = 60  # each game of the fill copied this many times, with its seats, rating changes and notices
OFFSET = 1_000_000  # copy k of a row has the id (and game id) of the row plus k * OFFSET


def copy_sql(model, shifted: dict[str, str], where: str = "") -> str:
    """INSERT copies of the rows of `model`'s table, `shifted` columns computed (k: the copy's number)."""
    columns = [f.column for f in model._meta.concrete_fields]
    quote = connection.ops.quote_name
    values = ", ".join(shifted.get(c, quote(c)) for c in columns)
    table = quote(model._meta.db_table)
    return (f"INSERT INTO {table} ({', '.join(quote(c) for c in columns)}) "
            f"SELECT {values} FROM {table}, generate_series(1, {COPIES}) AS k {where}")


def grow() -> None:
    """Every player, rating, game, seat, rating change and notice copied COPIES times, each copy's ids
    (and the ids it refers to) shifted by k * OFFSET: new players with histories like the fill's."""
    moved = f"k * {OFFSET}"
    copies = [
        (get_user_model(), {"id": f"id + {moved}", "username": "username || '~' || k", "email": "''"}, ""),
        (Profile, {"id": f"id + {moved}", "user_id": f"user_id + {moved}"}, ""),
        (Rating, {"id": f"id + {moved}", "user_id": f"user_id + {moved}"}, "WHERE user_id IS NOT NULL"),
        (Game, {"id": f"id + {moved}", "created_by_id": f"created_by_id + {moved}"}, ""),
        (Seat, {"id": f"id + {moved}", "game_id": f"game_id + {moved}", "user_id": f"user_id + {moved}"}, ""),
        (RatingChange, {"id": f"id + {moved}", "match_id": f"match_id + {moved}", "rating_id": f"rating_id + {moved}"},
         f"WHERE rating_id IN (SELECT id FROM games_rating WHERE user_id IS NOT NULL AND id < {OFFSET})"),
        (TurnNotice, {"id": f"id + {moved}", "game_id": f"game_id + {moved}", "user_id": f"user_id + {moved}"}, ""),
        (Inbox, {"id": f"id + {moved}", "game_id": f"game_id + {moved}", "user_id": f"user_id + {moved}"}, ""),
    ]
    with connection.cursor() as cursor:
        for model, shifted, where in copies:
            cursor.execute(copy_sql(model, shifted, where))
        cursor.execute("ANALYZE")


def scans(plan: dict) -> set[str]:
    """The big tables a plan (EXPLAIN FORMAT JSON's node) reads by a sequential scan."""
    found = {plan["Relation Name"]} if plan.get("Node Type") == "Seq Scan" and plan.get("Relation Name") in BIG else set()
    for child in plan.get("Plans", []):
        found |= scans(child)
    return found


def scanned(queries) -> list[tuple[set[str], str]]:
    found = []
    with connection.cursor() as cursor:
        for query in queries:
            sql = query["sql"]
            if not sql.lstrip().upper().startswith("SELECT") or "$1" in sql:
                continue  # a prepared statement (foundation.rows) shows its placeholders: by primary key
            cursor.execute("EXPLAIN (FORMAT JSON) " + sql)
            raw = cursor.fetchone()[0]
            plan = (json.loads(raw) if isinstance(raw, str) else raw)[0]["Plan"]
            if tables := scans(plan):
                found.append((tables, sql[:400]))
    return found


@pytest.fixture
def archive():
    # One game in twenty in progress, as in the 200,000-game archive (10,000 of them).
    fill_archive.fill(300, 80, active=15, bot_games=12, jobs=1, seed=3)
    grow()
    subjects = scale.subjects()
    get_user_model().objects.filter(pk=subjects["moderator"].pk).update(is_superuser=True)
    return subjects


def test_the_hot_queries_read_the_big_tables_by_index(archive, settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    assert Game.objects.count() > 15_000 and Seat.objects.count() > 40_000
    clients = {}
    for who in ("player", "busy", "mover", "moderator"):
        clients[who] = Client()
        clients[who].force_login(archive[who])
    failures = {}
    for item, who, path in scale.gets(archive):
        with CaptureQueriesContext(connection) as captured:
            response = clients[who].get(path)
        assert response.status_code in (200, 302), (item, path, response.status_code)  # 302: the next game
        if found := scanned(captured.captured_queries):
            failures[item] = found
    for name in scale.TASKS:
        with CaptureQueriesContext(connection) as captured:
            current_app.tasks[name].run()
        if found := scanned(captured.captured_queries):
            failures[name] = found
    with CaptureQueriesContext(connection) as captured:
        services.waiting_count(archive["busy"])  # the badge
    if found := scanned(captured.captured_queries):
        failures["badge"] = found
    assert not failures, "sequential scans of big tables:\n" + "\n".join(
        f"{item}: {sorted(tables)} in {sql}" for item, found in failures.items() for tables, sql in found)
