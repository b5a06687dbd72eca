"""The summary behind a game's site-wide statistics (stats.summary): games finished through the
services add to it, a reverted result takes its game off, the rebuild and the migration's fill give
the rows the games gave one by one, months are the site's, and a page asks as many queries for many
games as for few. The games are Coin Toss (tests/site/integration/coin_game.py): one decision a seat."""
from __future__ import annotations

import importlib
import itertools
import time
from datetime import UTC, date, datetime, timedelta
from io import StringIO

import pytest
from django.apps import apps as site_apps
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test.utils import CaptureQueriesContext

from games import rules, services, signals
from games.models import Game, Seat
from stats import summary
from stats.models import GameMonth, SeatResult
from tests.django_fixtures import POSTGRES, in_parallel

from .coin_game import TOSS

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def coin(monkeypatch, settings):
    monkeypatch.setitem(rules._PACKAGES, "coin", "tests.site.integration.coin_game")
    seeds = itertools.count(7)  # the same tosses on every run
    monkeypatch.setattr("games.services.lobby.secrets.randbits", lambda bits: next(seeds) * 7919 % (2 ** bits))


@pytest.fixture
def people(make_user):
    return [make_user(f"p{i}") for i in range(3)]


def start(people, players: int = 2) -> Game:
    game = services.create_game(people[0], game="coin", players=players)
    for user in people[1:players]:
        services.join_game(user, game.pk)
    return Game.objects.get(pk=game.pk)


def play(people, players: int = 2) -> Game:
    """A game of Coin Toss finished through the services: every seat tosses in turn."""
    game = start(people, players)
    for seat in game.seats.order_by("order"):
        services.submit_decision(seat.user, game.pk, Game.objects.get(pk=game.pk).seq, TOSS)
    game = Game.objects.get(pk=game.pk)
    assert game.status == Game.Status.FINISHED
    return game


def rows() -> tuple[list, list]:
    return (sorted(GameMonth.objects.values_list("name", "month", "players", "games", "decisions", "seconds")),
            sorted(SeatResult.objects.values_list("name", "players", "seat", "seats", "wins")))


def expected_seats() -> dict:
    """{(players, seat order): [seats, wins]} straight from the finished games' seats."""
    out: dict = {}
    for seat in Seat.objects.filter(game__name="coin", game__status=Game.Status.FINISHED).select_related("game"):
        figures = out.setdefault((seat.game.players, seat.order), [0, 0])
        figures[0] += 1
        figures[1] += seat.rank == 1
    return out


def test_a_finished_game_counts_at_once_and_a_reverted_result_goes(client, people):
    games = [play(people), play(people), play(people, 3)]
    data = client.get("/api/stats/coin/").json()
    assert data["games"] == 3 and data["months"][-1]["games"] == 3
    assert [(p["players"], p["games"]) for p in data["by_players"]] == [(2, 2), (3, 1)]
    assert {(p["players"], s["seat"] - 1): [s["games"], s["wins"]]
            for p in data["by_players"] for s in p["by_seat"]} == expected_seats()
    assert [(row["players"], row["games"], row["average_decisions"]) for row in data["length"]] == [(2, 2, 2.0), (3, 1, 3.0)]
    assert {"game": "coin", "title": "Coin Toss", "games": 3} in client.get("/stats/").context["games"]

    services.revert_result(people[0], games[2].pk, "a second account")
    data = client.get("/api/stats/coin/").json()
    assert data["games"] == 2 and data["months"][-1]["games"] == 2
    assert [p["players"] for p in data["by_players"]] == [2] and [row["players"] for row in data["length"]] == [2]
    assert not GameMonth.objects.filter(players=3).exists() and not SeatResult.objects.filter(players=3).exists()


@pytest.mark.skipif(not POSTGRES, reason="two transactions at once need PostgreSQL (set DATABASE_URL)")
@pytest.mark.django_db(transaction=True)
def test_two_games_finishing_at_once_both_count(people):
    """Both last tosses at the same moment, each transaction held open after its figures went in:
    the second waits for the first's rows and adds to them; neither is lost, neither deadlocks."""
    games = [start(people) for _ in range(2)]
    for game in games:
        services.submit_decision(people[0], game.pk, game.seq, TOSS)

    def hold(sender, game, **kwargs):
        time.sleep(0.3)
    signals.game_finished.connect(hold, dispatch_uid="test-hold")
    try:
        results = in_parallel(2, lambda i: services.submit_decision(people[1], games[i].pk, games[i].seq + 1, TOSS).game.status)
    finally:
        signals.game_finished.disconnect(dispatch_uid="test-hold")
    assert results == ["finished", "finished"]
    assert GameMonth.objects.get().games == 2
    assert sorted(SeatResult.objects.values_list("seat", "seats")) == [(0, 2), (1, 2)]


def test_the_rebuild_gives_the_rows_the_games_gave_one_by_one(people):
    finished = [play(people) for _ in range(3)] + [play(people, 3) for _ in range(2)]
    services.revert_result(people[0], finished[0].pk, "a second account")
    services.revert_result(people[0], finished[3].pk, "a second account")
    services.abort_game(people[0], start(people).pk, "stopped")
    start(people, 3)  # in progress: not counted
    kept = rows()
    assert sum(row[3] for row in kept[0]) == 3
    assert {(row[1], row[2]): [row[3], row[4]] for row in kept[1]} == expected_seats()
    call_command("stats_rebuild", stdout=StringIO())
    assert rows() == kept
    call_command("stats_rebuild", stdout=StringIO())
    assert rows() == kept


def test_the_migrations_fill_is_the_rebuild(people):
    play(people)
    services.revert_result(people[0], play(people, 3).pk, "a second account")
    play(people, 3)
    kept = rows()
    GameMonth.objects.all().delete()
    SeatResult.objects.all().delete()
    migration = importlib.import_module("stats.migrations.0002_fill_summary")
    state = MigrationExecutor(connection).loader.project_state(("stats", "0002_fill_summary"))
    migration.fill_summary(state.apps, None)
    assert rows() == kept


def test_months_are_the_sites_and_the_length_its_seconds(people, settings):
    """The last evening of March in UTC is already April in Auckland: the site's month, both when the
    game finishes and when the summary is filled again."""
    settings.TIME_ZONE = "Pacific/Auckland"
    game = start(people)
    Seat.objects.filter(game=game).update(rank=1)
    end = datetime(2026, 3, 31, 20, 0, tzinfo=UTC)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED, finished_at=end,
                                           started_at=end - timedelta(days=2, seconds=0.5))
    summary.game_finished(game)
    kept = rows()
    assert kept[0] == [("coin", date(2026, 4, 1), 2, 1, 0, 2 * 86400)]
    summary.fill(site_apps)
    assert rows() == kept


def test_a_games_pages_ask_as_many_queries_for_many_games_as_for_few(client, people):
    def counted(path: str) -> int:
        with CaptureQueriesContext(connection) as queries:
            assert client.get(path).status_code == 200
        return len(queries)

    play(people)
    few = [counted(path) for path in ("/stats/coin/", "/api/stats/coin/", "/stats/")]
    for players in (2, 3, 2, 3, 2, 2):
        play(people, players)
    assert [counted(path) for path in ("/stats/coin/", "/api/stats/coin/", "/stats/")] == few
    assert few[0] <= 3 and few[1] <= 3 and few[2] <= 1, few  # the month, seat and length rows; the list
