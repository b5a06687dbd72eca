"""A player's reliability (reliability/, docs/reliability.md): the summary row a finished game with a
clock writes for each player through the real ending (a last decision, a timeout, a resignation, a
stand-in keeping the seat to the end), none for a game
without a clock; the figures over the last 100 such games on the player page, in the API, beside the
creator's name in the lobby's open games (page and API), on the open game's page an invitee sees and
in the player's data export. The migration's fill gives the rows the games gave as they ended. The
games are Coin Toss (tests/site/integration/coin_game.py): one decision a seat."""
from __future__ import annotations

import importlib
import itertools
from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client
from django.utils import translation

from games import rules, services
from games.models import Game
from games.services import deadlines
from reliability import queries
from reliability.models import BUCKET_COLUMNS, HOUR, Played
from reliability.templatetags.reliability_tags import words
from tests.django_fixtures import token_client

from .coin_game import TOSS

pytestmark = pytest.mark.django_db
T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def coin(monkeypatch, settings):
    monkeypatch.setitem(rules._PACKAGES, "coin", "tests.site.integration.coin_game")
    seeds = itertools.count(7)
    monkeypatch.setattr("games.services.lobby.secrets.randbits", lambda bits: next(seeds) * 7919 % (2 ** bits))


@pytest.fixture
def people(make_user):
    return make_user("ann"), make_user("ben")


def started(ann, ben) -> Game:
    game = services.create_game(ann, game="coin", players=2, hours_per_move=24)
    services.join_game(ben, game.pk)
    return Game.objects.get(pk=game.pk)


def test_a_game_ending_writes_its_players_rows_and_one_without_a_clock_none(people, django_capture_on_commit_callbacks):
    ann, ben = people
    with time_machine.travel(T0, tick=False) as clock:
        played = started(ann, ben)
        clock.shift(timedelta(minutes=5))
        services.submit_decision(ann, played.pk, played.seq, TOSS)
        clock.shift(timedelta(hours=3, minutes=30))  # ben's turn: 3 h 30 min
        services.submit_decision(ben, played.pk, played.seq + 1, TOSS)

        late = started(ann, ben)
        services.submit_decision(ann, late.pk, late.seq, TOSS)
        clock.shift(timedelta(hours=25))  # ben's deadline passed: the deadlines' task times him out
        with django_capture_on_commit_callbacks(execute=True):  # the bot then plays his seat to the end
            assert deadlines.enforce_deadline(late.pk)
        assert Game.objects.get(pk=late.pk).status == Game.Status.FINISHED

        left = {}  # ann leaves on her first turn: she resigns, or lets a bot keep her seat to the end
        for how, leave in (("resigned", lambda g: services.resign(ann, g.pk)),
                           ("stand-in", lambda g: services.stand_in(ann, g.pk, "greedy"))):
            left[how] = started(ann, ben)
            with django_capture_on_commit_callbacks(execute=True):  # the bot tosses for her
                leave(left[how])
            services.submit_decision(ben, left[how].pk, Game.objects.get(pk=left[how].pk).seq, TOSS)

        untimed = started(ann, ben)
        Game.objects.filter(pk=untimed.pk).update(hours_per_move=0)  # a game without a clock (a script's)
        services.submit_decision(ann, untimed.pk, untimed.seq, TOSS)
        services.submit_decision(ben, untimed.pk, untimed.seq + 1, TOSS)

    rows = {(r.game_id, r.user_id): r for r in Played.objects.all()}
    assert set(rows) == {(g.pk, u.pk) for g in (played, late, *left.values()) for u in people}
    for game in left.values():
        assert (rows[game.pk, ann.pk].turns, rows[game.pk, ann.pk].timed_out, rows[game.pk, ann.pk].left_game) == (0, 0, True)
    ben_played, ben_late = rows[played.pk, ben.pk], rows[late.pk, ben.pk]
    assert (ben_played.turns, ben_played.timed_out, ben_played.left_game) == (1, 0, False)
    assert [getattr(ben_played, c) for c in BUCKET_COLUMNS].index(1) == 5  # 3 to 4 hours
    assert (ben_late.turns, ben_late.timed_out, ben_late.left_game) == (1, 1, True)
    assert sum(getattr(ben_late, c) for c in BUCKET_COLUMNS) == 0, "the bot's turn is none of his own"
    assert rows[played.pk, ann.pk].b0 == 1  # ann tossed 5 minutes after the start

    figures = queries.of([ben.pk])[ben.pk]
    assert (figures.games, figures.turns, figures.timed_out, figures.left) == (4, 4, 1, 1)

    kept = sorted(Played.objects.values_list("user", "game", "turns", "timed_out", "left_game", *BUCKET_COLUMNS))
    Played.objects.all().delete()  # the migration's fill writes the same rows from the games stored
    migration = importlib.import_module("reliability.migrations.0002_fill_summary")
    migration.fill_summary(MigrationExecutor(connection).loader.project_state(("reliability", "0002_fill_summary")).apps, None)
    assert sorted(Played.objects.values_list("user", "game", "turns", "timed_out", "left_game", *BUCKET_COLUMNS)) == kept

    services.revert_result(ann, played.pk, "a second account")
    assert not Played.objects.filter(game_id=played.pk).exists()


def finished_games(creator, n: int) -> list[Game]:
    version = rules.get("coin").version
    return Game.objects.bulk_create(Game(name="coin", players=2, created_by=creator, status=Game.Status.FINISHED,
                                         rules_version=version, finished_at=T0 + timedelta(days=i)) for i in range(n))



LINE = "Reliability: 10 % of turns timed out · 1 of 6 games left · a turn takes 3–4 h (median)"


def test_the_figures_show_on_the_player_page_in_the_api_in_the_lobby_and_to_an_invitee(people):
    ann, ben = people
    games = finished_games(ann, 6)
    for i, g in enumerate(games):  # 20 turns: 2 timed out, 18 of her own, 10 of them 3-4 hours long
        Played.objects.create(user=ann, game=g, finished_at=g.finished_at, turns=4 if i < 2 else 3,
                              timed_out=1 if i < 2 else 0, left_game=i == 0, b5=2 if i < 5 else 0,
                              b2=1 if i < 2 else 0, b9={3: 1, 4: 1, 5: 3}.get(i, 0), b11=int(i == 2))
    page = Client().get("/players/ann/").content.decode()
    assert LINE in page and 'data-games="6" data-turns="20" data-timed-out="2" data-left="1"' in page

    expected = {"games": 6, "enough": True, "turns": 20, "timed_out_turns": 2, "timed_out_percent": 10.0,
                "games_left": 1, "median_turn_seconds_min": 3 * HOUR, "median_turn_seconds_max": 4 * HOUR}
    assert token_client().get("/api/users/ann/").json()["reliability"] == expected

    host = services.create_game(ann, game="coin", players=2, invite=["ben"])
    viewer = Client()
    viewer.force_login(ben)
    lobby = viewer.get("/").content.decode()
    entry = lobby.split(f'href="/games/{host.pk}/"')[1].split("</li>")[0]
    assert LINE in entry
    listed = {g["id"]: g for g in token_client(ben).get("/api/games/?status=open").json()["results"]}
    assert listed[host.pk]["host_reliability"] == expected

    invited = viewer.get(f"/games/{host.pk}/").content.decode()
    assert "You are invited to this game." in invited and LINE in invited

    with translation.override("de"):
        assert "Zuverlässigkeit: 10 % der Züge über die Zeit" in words(queries.of([ann.pk])[ann.pk])
    exported = token_client(ann).get("/api/me/export/").json()["reliability"]
    assert exported["figures"] == expected and len(exported["games"]) == 6
    assert exported["games"][-1]["turn_lengths"] == {"1800": 1, "10800": 2}  # her oldest: 30 min-1 h once, 3-4 h twice
    assert "Reliability: not enough games yet" in Client().get("/players/ben/").content.decode()
    assert token_client().get("/api/users/ben/").json()["reliability"]["enough"] is False


def test_only_the_last_100_games_count(people):
    ann, _ = people
    games = finished_games(ann, 101)
    Played.objects.bulk_create(Played(user=ann, game=g, finished_at=g.finished_at, turns=2, timed_out=int(i == 0),
                                      left_game=i == 0, b3=2) for i, g in enumerate(games))
    figures = queries.of([ann.pk])[ann.pk]
    assert (figures.games, figures.turns, figures.timed_out, figures.left) == (100, 200, 0, 0)
