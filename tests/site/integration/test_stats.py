"""Statistics: a player's page and a game's site-wide page, and their API, read from a small known
history of finished games (one of them played in teams, one reverted by a moderator)."""
from __future__ import annotations

import re
from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from django.utils.formats import date_format

from accounts.models import Profile
from games import rules, services
from games.models import Decision, Game, Rating, RatingChange, Seat

GAME = rules.names()[0]  # any game of the site: the statistics know none


def month_start(back: int):
    """The first instant of the month `back` months before this one."""
    now = timezone.localtime()
    index = now.year * 12 + now.month - 1 - back
    return now.replace(year=index // 12, month=index % 12 + 1, day=1, hour=0, minute=0, second=0, microsecond=0)


def finish(seats, finished_at, days=10, decisions=40, undone=2):
    """A finished game of GAME: `seats` is (user, rank) in seat order; a winner scores 10, the others 5."""
    game = Game.objects.create(name=GAME, rules_version=1, players=len(seats), created_by=seats[0][0],
                               status=Game.Status.FINISHED, started_at=finished_at - timedelta(days=days),
                               finished_at=finished_at, seq=decisions + undone, rated=False)
    Seat.objects.bulk_create([Seat(game=game, user=user, order=order, rank=rank, score=10 if rank == 1 else 5,
                                   bot_account=user.profile.is_bot) for order, (user, rank) in enumerate(seats)])
    Decision.objects.bulk_create([Decision(game=game, number=n, seat=n % len(seats), data={}, undone=n <= undone)
                                  for n in range(1, decisions + 1)])
    return game


@pytest.fixture
def history(make_user):
    """Ann's games in the order they finished: won, lost, won, (reverted: lost), won, won in a team,
    lost, won against a bot. Two months ago three games, last month four (and the reverted one)."""
    ann, ben, cat, dan = (make_user(n) for n in ("ann", "ben", "cat", "dan"))
    bot = make_user("greedy-bot")
    Profile.objects.filter(user=bot).update(bot="greedy")
    bot.refresh_from_db()
    early, late = month_start(2) + timedelta(days=3), month_start(1) + timedelta(days=3)
    games = [
        finish([(ann, 1), (ben, 2)], early),
        finish([(ben, 1), (ann, 2)], early + timedelta(hours=1)),
        finish([(ann, 1), (ben, 2)], early + timedelta(hours=2)),
    ]
    reverted = finish([(ben, 1), (ann, 2)], late)
    games += [
        finish([(ann, 1), (cat, 2)], late + timedelta(hours=1)),
        # partners ann and dan (seats 1 and 3) against ben and cat: the team's win is both partners'
        finish([(ann, 1), (ben, 2), (dan, 1), (cat, 2)], late + timedelta(hours=2), days=20, decisions=60, undone=0),
        finish([(cat, 1), (ann, 2)], late + timedelta(hours=3)),
        finish([(bot, 2), (ann, 1)], late + timedelta(hours=4)),
    ]
    # the first two games and the reverted one were rated (ann and ben each moved)
    mine = Rating.objects.create(game=GAME, user=ann, mu=26, sigma=7, games=2)
    his = Rating.objects.create(game=GAME, user=ben, mu=25, sigma=7, games=3)
    for game in (games[0], games[1], reverted):
        for rating in (mine, his):
            rank = game.seats.get(user=rating.user).rank
            RatingChange.objects.create(match=game, rating=rating, rank=rank, mu_before=25, sigma_before=8,
                                        mu_after=26 if rank == 1 else 24, sigma_after=7.5)
        Game.objects.filter(pk=game.pk).update(rated=True)
    # made with the ORM, the games never said game_finished: the summary of the site-wide figures
    # is computed from them as after a restore; the revert then takes its game off through the signal
    call_command("stats_rebuild", stdout=StringIO())
    services.revert_result(ben, reverted.pk, "played against a second account")
    return {"ann": ann, "ben": ben, "bot": bot, "games": games}


def texts(html: str) -> str:
    """The page's text as a reader sees it: tags out, spaces collapsed."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def row(html: str, table_class: str, first_cell: str) -> list[str]:
    """The cells of the row of a table (by its class) whose first cell reads `first_cell`."""
    table = re.search(rf'<table class="results {table_class}">(.*?)</table>', html, re.S).group(1)
    for tr in re.findall(r"<tr>(.*?)</tr>", table, re.S):
        cells = [texts(c).strip() for c in re.findall(r"<td>(.*?)</td>", tr, re.S)]
        if cells and cells[0].split(" ")[0] == first_cell:
            return cells
    raise AssertionError(f"no row {first_cell!r} in {table_class}")


# --- a player's statistics -----------------------------------------------------------------------

@pytest.mark.django_db
def test_the_api_gives_a_players_figures_without_the_reverted_game(client, history):
    data = client.get("/api/users/ann/stats/").json()
    assert data["username"] == "ann" and [g["game"] for g in data["games"]] == [GAME]
    g = data["games"][0]
    assert (g["games"], g["wins"], g["win_rate"]) == (7, 5, 0.714)
    assert g["average_score"] == round(60 / 7, 2) and g["average_place"] == round(9 / 7, 2)
    assert g["by_seat"] == [{"seat": 1, "games": 4, "wins": 4, "win_rate": 1.0},
                            {"seat": 2, "games": 3, "wins": 1, "win_rate": 0.333}]
    assert g["by_players"] == [{"players": 2, "games": 6, "wins": 4, "win_rate": 0.667},
                               {"players": 4, "games": 1, "wins": 1, "win_rate": 1.0}]
    # the reverted game, between the third and the fifth, would cut the run of three wins in two
    assert (g["longest_win_streak"], g["longest_losing_streak"]) == (3, 1)
    assert g["opponents"] == [
        {"username": "ben", "is_bot": False, "games": 4, "wins": 3, "losses": 1, "draws": 0},
        {"username": "cat", "is_bot": False, "games": 3, "wins": 2, "losses": 1, "draws": 0},
        {"username": "dan", "is_bot": False, "games": 1, "wins": 0, "losses": 0, "draws": 1},
        {"username": "greedy-bot", "is_bot": True, "games": 1, "wins": 1, "losses": 0, "draws": 0},
    ]
    assert [p["game_id"] for p in g["rating_history"]] == [history["games"][0].pk, history["games"][1].pk]


@pytest.mark.django_db
def test_the_players_page_shows_the_figures_and_charts(client, history):
    response = client.get("/players/ann/stats/")
    assert response.status_code == 200
    html = response.content.decode()
    section = html[html.index(f'id="stats-{GAME}"'):]
    assert "71 %" in texts(section)
    assert row(section, "by-seat", "1") == ["1", "4", "4", "100 %"]
    assert row(section, "by-seat", "2") == ["2", "3", "1", "33 %"]
    assert row(section, "opponents", "ben") == ["ben", "4", "3", "1", "0"]
    assert row(section, "opponents", "greedy-bot")[1:] == ["1", "1", "0", "0"]
    assert re.search(r'<dd class="stat-win-streak">3</dd>', section)
    title = rules.title(GAME, "en")
    assert f'role="img" aria-label="Win rate by seat in {title}: seat 1 plays first"' in html
    assert f'role="img" aria-label="Rating history in {title}"' in html
    assert ' style="' not in html


@pytest.mark.django_db
def test_a_bot_accounts_statistics_and_the_links_to_them(client, history):
    data = client.get("/api/users/greedy-bot/stats/").json()
    assert data["games"][0]["games"] == 1 and data["games"][0]["wins"] == 0
    assert data["games"][0]["opponents"][0]["username"] == "ann"
    assert 'href="/players/ann/stats/"' in client.get("/players/ann/").content.decode()
    assert 'href="/stats/"' in client.get("/ratings/").content.decode()


@pytest.mark.django_db
def test_unknown_players_and_games_are_not_found(client, make_user):
    assert client.get("/players/nobody/stats/").status_code == 404
    assert client.get("/stats/no-such-game/").status_code == 404
    for path in ("/api/users/nobody/stats/", "/api/stats/no-such-game/"):
        response = client.get(path)
        assert response.status_code == 404 and "detail" in response.json()


# --- a game's statistics -------------------------------------------------------------------------

@pytest.mark.django_db
def test_the_api_gives_a_games_figures_over_the_site(client, history):
    data = client.get(f"/api/stats/{GAME}/").json()
    assert data["games"] == 7
    months = {m["month"]: m["games"] for m in data["months"]}
    assert len(data["months"]) == 24
    assert months[month_start(2).strftime("%Y-%m")] == 3 and months[month_start(1).strftime("%Y-%m")] == 4
    assert sum(months.values()) == 7
    assert data["by_seat"][:2] == [{"seat": 1, "games": 7, "wins": 6, "win_rate": 0.857},
                                   {"seat": 2, "games": 7, "wins": 1, "win_rate": 0.143}]
    two = data["by_players"][0]
    assert two["players"] == 2 and two["games"] == 6 and two["by_seat"][0]["wins"] == 5
    assert data["length"] == [{"players": 2, "games": 6, "average_decisions": 38.0, "average_days": 10.0},
                              {"players": 4, "games": 1, "average_decisions": 60.0, "average_days": 20.0}]


@pytest.mark.django_db
def test_the_games_page_draws_its_charts_and_lists_every_game(client, history):
    html = client.get(f"/stats/{GAME}/").content.decode()
    assert 'role="img" aria-label="Games finished per month' in html
    assert row(html, "lengths", "2") == ["2", "6", "38.0", "10 days"]
    assert " style=\"" not in html and "<script>" not in html
    assert row(html, "by-seat", "1") == ["1", "7", "6", "86 %"]
    index = client.get("/stats/").content.decode()
    for name in rules.names():
        assert f'href="/stats/{name}/"' in index
    assert "7 finished games" in texts(index)


@pytest.mark.django_db
def test_the_charts_have_labelled_axes_and_months_in_the_readers_language(client, history):
    """Months named with their year in the reader's language, each axis titled with its unit, the y
    axis marked, and a game's length in the unit it calls for."""
    last = month_start(0).date()
    for lang, label, titles, length in (
            ("en", date_format(last, "M Y"), ["Month", "Games finished", "Seat (seat 1 plays first)", "Games won (%)"],
             "10 days"),
            ("de", {1: "Jan", 3: "Mär", 5: "Mai", 10: "Okt", 12: "Dez"}.get(last.month), [
                "Monat", "Beendete Spiele", "Platz (Platz 1 spielt zuerst)", "Gewonnene Spiele (%)"], "10 Tage")):
        html = client.get(f"/stats/{GAME}/", HTTP_ACCEPT_LANGUAGE=lang).content.decode()
        months = re.search(r'<svg class="stats-chart"(.*?)</svg>', html, re.S).group(1)
        labels = re.findall(r'<text class="chart-label"[^>]*>([^<]+)</text>', months)
        assert len(labels) == 4 and labels[-1].endswith(f" {last.year}"), labels
        if label:
            assert labels[-1].startswith(label), labels
        assert re.findall(r'<text class="axis-title[^"]*"[^>]*>([^<]+)</text>', html) == titles
        ticks = re.findall(r'<text class="tick"[^>]*>([^<]+)</text>', html)
        assert ticks[:4] == ["0", "1", "2", "3"] and "100 %" in ticks, ticks
        assert row(html, "lengths", "2")[3] == length and row(html, "lengths", "4")[3] == length.replace("10", "20")
        player = client.get("/players/ann/stats/", HTTP_ACCEPT_LANGUAGE=lang).content.decode()
        assert len(re.findall(r'<text class="axis-title', player)) == 4  # win rate by seat, rating history
        assert "{#" not in html + player and "{%" not in html + player  # a template's comment is not read out


@pytest.mark.django_db
def test_the_pages_in_german(client, history):
    client.cookies["django_language"] = "de"
    html = client.get("/players/ann/stats/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Siegquote nach Platz in der Zugfolge" in html and "Häufigste Gegner" in html
    assert "Statistik von ann" in html
    html = client.get(f"/stats/{GAME}/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Beendete Spiele pro Monat" in html and "Dauer eines Spiels" in html


@pytest.mark.django_db
def test_the_players_page_asks_as_many_queries_for_thirty_games_as_for_three(client, make_user):
    ann, ben = make_user("ann"), make_user("ben")
    start = timezone.now() - timedelta(days=40)

    def queries_for_the_page() -> int:
        with CaptureQueriesContext(connection) as queries:
            assert client.get("/players/ann/stats/").status_code == 200
        return len(queries)

    def play(count: int) -> None:
        have = Game.objects.count()
        for i in range(have, have + count):
            seats = [(ann, 1 + i % 2), (ben, 2 - i % 2)]
            game = finish(seats, start + timedelta(hours=i), decisions=4, undone=0)
            rating, _ = Rating.objects.get_or_create(game=GAME, user=ann, defaults={"mu": 25, "sigma": 8})
            RatingChange.objects.create(match=game, rating=rating, rank=1 + i % 2, mu_before=25, sigma_before=8,
                                        mu_after=25 + i % 3, sigma_after=7)

    play(3)
    few = queries_for_the_page()
    play(27)
    assert queries_for_the_page() == few
