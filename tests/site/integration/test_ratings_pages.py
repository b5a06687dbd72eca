"""Ratings on the site: the API leaderboard, the user endpoints, the leaderboard page, the
player page's history chart, the finished game's detail, the game_over WebSocket message, the schema."""
from __future__ import annotations

import json
import re
from datetime import timedelta

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.utils import timezone
from rest_framework.test import APIClient

from games import ratings, services
from games.models import Game, Rating
from tests.django_fixtures import api_key_of
from tests.site.integration import test_ratings as base

ALIENS = base.ALIENS


@pytest.fixture(autouse=True)
def eager_celery(monkeypatch):
    """Tasks (the bot's turns) run in the test, also when REDIS_URL is set: conftest's session-wide
    setting is overwritten when the Celery app loads its configuration from Django's settings."""
    from argo_site.celery import app
    monkeypatch.setattr(app.conf, "task_always_eager", True)
    monkeypatch.setattr(app.conf, "task_eager_propagates", True)


def anon():
    return APIClient()


def display_of(figures: dict) -> dict:
    return {k: ratings.display(mu, sigma) for k, (mu, sigma) in figures.items()}


# --- a whole game through the API ---------------------------------------------------------------

def play_through_the_api(make_user, api_client_for, names, seed=0):
    users = [make_user(n) for n in names]
    clients = {u.username: api_client_for(u) for u in users}
    response = clients[names[0]].post("/api/games/", {"game": "argo", "players": len(names)}, format="json")
    assert response.status_code == 201, response.content
    gid = response.json()["id"]
    for n in names[1:]:
        assert clients[n].post(f"/api/games/{gid}/join/").status_code == 200
    module = base.RULES
    for step in range(3000):
        game = anon().get(f"/api/games/{gid}/").json()
        if game["status"] != "active":
            return Game.objects.get(pk=gid), users, clients
        seat = next(s for s in game["seats"] if s["order"] == game["current_seat"])
        decision = module.bot("greedy", seed + step).choose(services.current_state(Game.objects.get(pk=gid)))
        response = clients[seat["username"]].post(f"/api/games/{gid}/moves/",
                                                  {"seq": game["seq"], "action": decision}, format="json")
        assert response.status_code == 201, response.content
    pytest.fail("the game did not end")


@pytest.mark.django_db
def test_finishing_a_game_through_the_api_rates_everyone_once(make_user, api_client_for):
    game, users, clients = play_through_the_api(make_user, api_client_for, ["ann", "ben", "cat"], seed=50)
    assert game.status == Game.Status.FINISHED and game.rated is True
    wanted = base.ranks_by_rules(game)
    figures = base.expected({}, wanted)
    base.assert_ratings(figures, dict.fromkeys(wanted, 1))
    shown = display_of(figures)

    board = anon().get("/api/ratings/argo/")
    assert board.status_code == 200
    data = board.json()
    assert data["count"] == 3 and {"next", "previous", "results"} <= set(data)
    rows = data["results"]
    assert [r["rank"] for r in rows] == [1, 2, 3]
    assert {r["username"] for r in rows} == {"ann", "ben", "cat"}, "the Aliens are not among the players"
    assert all(r["username"] for r in rows)
    assert [r["rating"] for r in rows] == sorted((r["rating"] for r in rows), reverse=True)
    for r in rows:
        u = next(u for u in users if u.username == r["username"])
        assert r["rating"] == shown[u] and r["games"] == 1 and r["provisional"] is True
        assert r["mu"] == pytest.approx(figures[u][0]) and r["sigma"] == pytest.approx(figures[u][1])
        assert r["last_played"]

    detail = clients["ann"].get(f"/api/games/{game.pk}/").json()
    assert detail["rated"] is True
    changes = {c["who"]: c for c in detail["rating_changes"]}
    assert set(changes) == {"ann", "ben", "cat", ALIENS}
    for who, c in changes.items():
        key = ALIENS if who == ALIENS else next(u for u in users if u.username == who)
        assert c["before"] == 1000 and c["after"] == shown[key] and c["change"] == shown[key] - 1000
        assert c["reverted"] is False
    ranks = {who: c["rank"] for who, c in changes.items()}
    base.same_order(ranks, {(ALIENS if k == ALIENS else k.username): r for k, r in wanted.items()})

    # nothing more happens afterwards: a late move is refused and the ratings stay
    again = clients["ann"].post(f"/api/games/{game.pk}/moves/", {"seq": detail["seq"], "action": {"type": "end_turn"}},
                                format="json")
    assert again.status_code == 409
    assert anon().get("/api/ratings/argo/").json()["results"] == rows
    assert Rating.objects.get(user__isnull=True).games == 1


@pytest.mark.django_db
def test_unrated_game_detail(make_user, api_client_for, django_capture_on_commit_callbacks):
    users = [make_user(n) for n in ("ann", "ben")]
    game = base.start(users)
    detail = api_client_for(users[0]).get(f"/api/games/{game.pk}/").json()
    assert detail["rated"] is None and detail["rating_changes"] == []
    game = base.play_with_an_early_resignation(users, users[1], seed=5,
                                               django_capture_on_commit_callbacks=django_capture_on_commit_callbacks)
    assert game.status == Game.Status.FINISHED
    detail = anon().get(f"/api/games/{game.pk}/").json()
    assert detail["rated"] is False and detail["rating_changes"] == []
    assert anon().get("/api/ratings/argo/").json()["count"] == 0


# --- the leaderboard API -----------------------------------------------------------------------

@pytest.mark.django_db
def test_leaderboard_is_paginated(make_user):
    users = [make_user(f"p{i:02d}") for i in range(56)]
    start = timezone.now() - timedelta(days=20)
    for i in range(0, 56, 2):
        g = base.finished_game(users[i:i + 2], [(0, 1, 20), (1, 2, 10), (ALIENS, 3, 5)],
                               finished_at=start + timedelta(hours=i))
        assert ratings.rate_game(g)
    first = anon().get("/api/ratings/argo/").json()
    assert first["count"] == 56 and len(first["results"]) == 50 and first["next"] and first["previous"] is None
    second = anon().get(first["next"]).json()
    assert len(second["results"]) == 6 and second["next"] is None
    rows = first["results"] + second["results"]
    assert [r["rank"] for r in rows] == list(range(1, 57))
    assert {r["username"] for r in rows} == {u.username for u in users}
    assert [r["rating"] for r in rows] == sorted((r["rating"] for r in rows), reverse=True)


@pytest.mark.django_db
def test_active_filter_drops_players_whose_last_game_is_older_than_90_days(make_user):
    old, recent, both, fresh = (make_user(n) for n in ("old", "recent", "both", "fresh"))
    now = timezone.now()
    ratings.rate_game(base.finished_game([old, both], [(0, 1, 20), (1, 2, 10), (ALIENS, 3, 5)],
                                         finished_at=now - timedelta(days=120)))
    ratings.rate_game(base.finished_game([recent, both], [(0, 1, 20), (1, 2, 10), (ALIENS, 3, 5)],
                                         finished_at=now - timedelta(days=89)))
    ratings.rate_game(base.finished_game([fresh, recent], [(ALIENS, 1, 30), (0, 2, 10), (1, 3, 5)],
                                         alien_victory=True, finished_at=now - timedelta(days=1)))
    everyone = {r["username"] for r in anon().get("/api/ratings/argo/").json()["results"]}
    assert everyone == {"old", "recent", "both", "fresh"}
    active = anon().get("/api/ratings/argo/?active=1").json()
    assert {r["username"] for r in active["results"]} == {"recent", "both", "fresh"}
    assert active["count"] == 3
    assert [r["rank"] for r in active["results"]] == [1, 2, 3]
    page = anon().get("/ratings/argo/?active=1").content.decode()
    table = page[page.index('id="leaderboard"'):page.index("</table>", page.index('id="leaderboard"'))]
    assert "/players/old/" not in table and "/players/both/" in table
    assert "/players/old/" in anon().get("/ratings/argo/").content.decode()


@pytest.mark.django_db
def test_unknown_game_is_a_json_404():
    response = anon().get("/api/ratings/chess/")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("application/json")
    assert "detail" in response.json()
    assert anon().get("/ratings/chess/").status_code == 404


# --- the user endpoints ---------------------------------------------------------------------

@pytest.mark.django_db
def test_user_endpoints_show_the_rating(make_user, api_client_for):
    ann, ben = make_user("ann"), make_user("ben")
    assert api_client_for(ann).get("/api/me/").json()["ratings"] == []
    g = base.finished_game([ann, ben], [(0, 1, 20), (1, 2, 10), (ALIENS, 3, 5)])
    ratings.rate_game(g)
    figures = base.expected({}, {ann: 1, ben: 2, ALIENS: 3})
    me = api_client_for(ann).get("/api/me/").json()
    assert me["ratings"] == [{"game": "argo", "rating": ratings.display(*figures[ann]), "games": 1,
                              "provisional": True}]
    public = anon().get("/api/users/ben/").json()
    assert public["ratings"] == [{"game": "argo", "rating": ratings.display(*figures[ben]), "games": 1,
                                  "provisional": True}]


# --- pages ---------------------------------------------------------------------------------------

@pytest.mark.django_db
def test_leaderboard_page(make_user, client):
    ann, ben, cat = make_user("ann"), make_user("ben"), make_user("cat")
    g1 = base.finished_game([ann, ben, cat], [(0, 1, 20), (1, 2, 12), (ALIENS, 3, 10), (2, 4, 5)],
                            finished_at=timezone.now() - timedelta(days=3))
    ratings.rate_game(g1)
    g2 = base.finished_game([ann, cat], [(ALIENS, 1, 30), (1, 2, 20), (0, 3, 3)], alien_victory=True)
    ratings.rate_game(g2)
    response = client.get("/ratings/argo/")
    assert response.status_code == 200
    html = response.content.decode()
    start = html.index('id="leaderboard"')
    table = html[start:html.index("</table>", start)]
    header = table[:table.index("</tr>")]
    for title in ("Rank", "Player", "Rating", "Games", "Last played"):
        assert title in header
    body_rows = re.findall(r"<tr>(.*?)</tr>", table[table.index("</tr>") + 5:], re.S)
    assert len(body_rows) == 3
    by_rating = sorted(Rating.objects.filter(user__isnull=False), key=lambda r: -r.display)
    for i, (row, r) in enumerate(zip(body_rows, by_rating), start=1):
        cells = [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td>(.*?)</td>", row, re.S)]
        assert cells[0] == str(i)
        assert cells[1] == r.user.username or f"/players/{r.user.username}/" in row
        assert cells[2].startswith(str(r.display))
        assert cells[3] == str(r.games)
        assert cells[4] == timezone.localtime(r.last_played).strftime("%-d %b %Y")
    assert "Aliens" not in table and "aliens" not in table.lower()
    aliens = Rating.objects.get(user__isnull=True)
    apart = html[html.index('id="participant-rating"'):]
    apart = apart[:apart.index("</p>")]
    assert str(aliens.display) in apart and "Aliens" in apart


@pytest.mark.django_db
def test_player_page_has_a_rating_chart_linking_each_rated_game(make_user, client, admin_user):
    ann, ben, cat = make_user("ann"), make_user("ben"), make_user("cat")
    now = timezone.now()
    games = []
    for i, (others, line) in enumerate([
        ([ann, ben], [(0, 1, 20), (1, 2, 10), (ALIENS, 3, 5)]),
        ([cat, ann], [(0, 1, 20), (ALIENS, 2, 15), (1, 3, 10)]),
        ([ann, ben, cat], [(1, 1, 20), (0, 2, 18), (ALIENS, 3, 5), (2, 4, 1)]),
    ]):
        g = base.finished_game(others, line, finished_at=now - timedelta(days=5 - i))
        ratings.rate_game(g)
        games.append(g)
    unrated = base.finished_game([ann, cat], [(0, 1, 20), (1, 2, 10), (ALIENS, 3, 5)], own={0})
    ratings.rate_game(unrated)

    html = client.get("/players/ann/").content.decode()
    assert 'class="rating-chart"' in html
    svg = html[html.index("<svg"):html.index("</svg>") + 6]
    linked = [int(x) for x in re.findall(r'href="/games/(\d+)/"', svg)]
    assert linked == [g.pk for g in games]
    assert str(Rating.objects.get(user=ann).display) in html

    services.revert_result(admin_user, games[1].pk, "cheating")
    html = client.get("/players/ann/").content.decode()
    svg = html[html.index("<svg"):html.index("</svg>") + 6]
    assert [int(x) for x in re.findall(r'href="/games/(\d+)/"', svg)] == [games[0].pk, games[2].pk]

    assert "<svg" not in client.get("/players/" + make_user("newbie").username + "/").content.decode()


# --- separate ratings per game ---------------------------------------------------------------------

def finished_game_of(name: str, users, finished_at) -> Game:
    """A finished, rated game of any registered game: users[0] wins, then the game's own participants
    (if it has any), then the others; every seat decided itself."""
    from games import rules
    from games.models import Decision, Seat
    module = rules.get(name)
    shown = rules.presentation(name)
    colours = module.seat_names(module.new_game(len(users), 0))
    order = [colours[0], *shown.participants, *colours[1:]]
    ranking = [{"who": who, "rank": i + 1, "score": 10 - i} for i, who in enumerate(order)]
    outcome = {"scores": {e["who"]: e["score"] for e in ranking if e["who"] in colours},
               "winners": [colours[0]], "ranking": ranking}
    game = Game.objects.create(name=name, rules_version=module.version, players=len(users), created_by=users[0],
                               seed=1, status=Game.Status.FINISHED, started_at=finished_at - timedelta(days=1),
                               finished_at=finished_at, last_move_at=finished_at, seq=len(users), outcome=outcome)
    for i, user in enumerate(users):
        Seat.objects.create(game=game, user=user, order=i, colour=colours[i], rank=order.index(colours[i]) + 1)
        Decision.objects.create(game=game, number=i + 1, seat=i, data={"type": "made-up"})
    assert ratings.rate_game(game)
    return game


@pytest.mark.django_db
def test_every_game_has_its_own_leaderboard_and_the_player_page_shows_each(make_user, client):
    from games import rules
    ann, ben = make_user("ann"), make_user("ben")
    names = rules.names()
    played = {}
    for i, name in enumerate(names):
        played[name] = [finished_game_of(name, [ann, ben], timezone.now() - timedelta(days=10 - i))]
    played[names[0]].append(finished_game_of(names[0], [ben, ann], timezone.now()))

    index = client.get("/ratings/").content.decode()
    for name in names:
        shown = rules.presentation(name)
        assert f'href="/ratings/{name}/"' in index and shown.title["en"] in index
        html = client.get(f"/ratings/{name}/").content.decode()
        assert f"<h1>{shown.title['en']}: ratings</h1>" in html
        board = html[html.index('id="leaderboard"'):html.index("</table>", html.index('id="leaderboard"'))]
        assert "/players/ann/" in board and "/players/ben/" in board
        ratings_here = {r.user.username: r for r in Rating.objects.filter(game=name, user__isnull=False)}
        assert ratings_here["ann"].games == len(played[name])
        rows = client.get(f"/api/ratings/{name}/").json()["results"]
        assert {r["username"]: r["rating"] for r in rows} == {u: r.display for u, r in ratings_here.items()}
        if shown.participants:  # shown apart, with the name the rules give
            apart = html[html.index('id="participant-rating"'):]
            assert next(iter(shown.participants.values()))["en"] in apart[:apart.index("</p>")]
        else:
            assert 'id="participant-rating"' not in html

    page = client.get("/players/ann/").content.decode()
    cards = re.findall(r'<section class="card rating-card" data-game="(\w+)">(.*?)</section>', page, re.S)
    assert [name for name, _ in cards] == names
    for name, card in cards:
        rating = Rating.objects.get(game=name, user=ann)
        assert rules.presentation(name).title["en"] in card
        assert re.search(rf'<strong class="rating">{rating.display}(<abbr [^>]*>\?</abbr>)?</strong>', card)
        linked = [int(x) for x in re.findall(r'href="/games/(\d+)/"', card[card.index("<svg"):])]
        assert linked == [g.pk for g in played[name]], "each game's chart links that game's own matches"


# --- the game_over message ----------------------------------------------------------------------

def planned_decisions(game: Game, seed: int) -> list[tuple[int, dict]]:
    """(seat, decision) to the end of the game, simulated on the rules module from the current state."""
    module = services.rules_of(game)
    state = services.current_state(game)
    out = []
    for step in range(3000):
        seat = module.current_seat(state)
        if seat is None:
            return out
        decision = module.bot("greedy", seed + step).choose(state)
        out.append((seat, decision))
        state, _ = module.apply(state, decision)
    pytest.fail("the simulated game did not end")


@pytest.mark.django_db(transaction=True)
def test_game_over_message_carries_the_rating_change(make_user):
    from argo_site.asgi import application

    users = [make_user(n) for n in ("ann", "ben")]
    tokens = {u.pk: api_key_of(u) for u in users}
    game = base.start(users)
    plan = planned_decisions(game, seed=70)
    by_order = {s.order: s.user for s in game.seats.all()}
    for seat, decision in plan[:-1]:
        game = Game.objects.get(pk=game.pk)
        services.submit_decision(by_order[seat], game.pk, game.seq, decision)
    game = Game.objects.get(pk=game.pk)
    assert game.status == Game.Status.ACTIVE

    def last_move():
        g = Game.objects.get(pk=game.pk)
        seat, decision = plan[-1]
        services.submit_decision(by_order[seat], g.pk, g.seq, decision)

    async def scenario():
        comms = {}
        for u in users:
            c = WebsocketCommunicator(application, "/ws/me/",
                                      headers=[(b"origin", b"http://localhost"), (b"host", b"localhost"),
                                               (b"authorization", f"Token {tokens[u.pk]}".encode())])
            connected, _ = await c.connect()
            assert connected
            comms[u.pk] = c
        await database_sync_to_async(last_move)()
        got = {}
        for pk, c in comms.items():
            for _ in range(50):
                message = await c.receive_json_from(timeout=5)
                if message.get("event") == "game_over":
                    got[pk] = message
                    break
        for c in comms.values():
            await c.disconnect()
        return got

    got = async_to_sync(scenario)()
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.rated is True
    figures = base.expected({}, base.ranks_by_rules(game))
    for u in users:
        message = got[u.pk]
        assert message["game"] == game.pk
        assert message["rating"] == {"before": 1000, "after": ratings.display(*figures[u])}
        json.dumps(message)


# --- the schema -----------------------------------------------------------------------------

@pytest.mark.django_db
def test_schema_lists_the_ratings_endpoint():
    response = anon().get("/api/schema/?format=json")
    assert response.status_code == 200
    schema = json.loads(response.content)
    assert "/api/ratings/{game}/" in schema["paths"]
    operation = schema["paths"]["/api/ratings/{game}/"]["get"]
    assert any(p["name"] == "active" for p in operation.get("parameters", []))
    assert any(p["name"] == "page" for p in operation.get("parameters", []))


# --- provisional ratings, marked and explained ------------------------------------------------------

def rating_cell(html: str, username: str) -> str:
    row = html[html.index(f"/players/{username}/"):]
    return re.sub(r"<[^>]+>", "", row[:row.index("</tr>")].split("<td>")[1]).strip()


@pytest.mark.django_db
def test_a_provisional_rating_is_marked_with_a_question_mark_and_explained(make_user, client):
    """After one game ann's rating reads "1234?" on the leaderboard and her page, the "?" has a title
    saying why, and every ratings page explains μ − 3σ and that new ratings move a lot; after five
    games the mark is gone, and the game's rating changes say which figure was still provisional."""
    ann, ben = make_user("ann"), make_user("ben")
    games = []
    for day in range(5):
        g = base.finished_game([ann, ben], [(0, 1, 20), (1, 2, 10), (ALIENS, 3, 5)],
                               finished_at=timezone.now() - timedelta(days=10 - day))
        ratings.rate_game(g)
        games.append(g)
        if day == 0:
            shown = Rating.objects.get(user=ann).display
            board = client.get("/ratings/argo/").content.decode()
            assert rating_cell(board, "ann") == f"{shown}?"
            assert re.search(r'<abbr class="provisional-mark" title="provisional: fewer than 5 rated games[^"]*">\?</abbr>', board)
            page = client.get("/players/ann/").content.decode()
            assert re.search(rf'class="rating">{shown}<abbr class="provisional-mark"', page)
    for path in ("/ratings/argo/", "/players/ann/", "/ratings/"):
        legend = client.get(path).content.decode()
        legend = legend[legend.index('id="rating-legend"'):]
        assert "1000 + 40 × (μ − 3σ)" in legend and "hundreds of points" in legend, path
    settled = Rating.objects.get(user=ann)
    assert settled.games == 5
    assert rating_cell(client.get("/ratings/argo/").content.decode(), "ann") == str(settled.display)
    first = {c["who"]: c["provisional"] for c in ratings.changes_for(games[0])}
    fifth = {c["who"]: c["provisional"] for c in ratings.changes_for(games[4])}
    assert first == {"ann": True, "ben": True, "aliens": True}
    assert fifth == {"ann": False, "ben": False, "aliens": False}
