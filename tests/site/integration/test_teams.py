"""Team play, as the players of a game played two against two meet it: the create form and the API
take the mode as a game option, the lobby shows the teams and lets a player choose one, every list
of seats names each seat's team, partners share their place, win and lose their ratings together
(openskill's own team model), count a team's win as each partner's, and hear "your team won".

The game is Relay (tests/site/integration/team_game.py), registered for these tests only: seats 0 and 2 against
1 and 3 with its option "teams"; the seat to decide passes or finishes, and a finish wins for the
finisher's team. Every expected rating is computed here straight from openskill.
"""
from __future__ import annotations

import json
import re

import pytest
from django.core import mail
from django.test import Client
from openskill.models import ThurstoneMostellerFull
from rest_framework.test import APIClient

from games import ratings, rules, services
from games.models import Game, Rating, RatingChange
from games.reactions import push

OS = ThurstoneMostellerFull()
PASS, FINISH = {"type": "pass"}, {"type": "finish"}

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def relay(monkeypatch):
    """Relay in the registry for the test, as one line in games/rules/__init__.py would put it."""
    monkeypatch.setitem(rules._PACKAGES, "relay", "tests.site.integration.team_game")
    return rules.get("relay")


@pytest.fixture
def people(make_user):
    """Ann, Ben, Cat and Dan, with their names as pages show them."""
    made = {}
    for name in ("ann", "ben", "cat", "dan"):
        user = made[name] = make_user(name)
        user.profile.display_name = name.title()
        user.profile.save()
    return made


def api(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def page(user=None, path="/") -> str:
    client = Client()
    if user is not None:
        client.force_login(user)
    response = client.get(path)
    assert response.status_code == 200, (path, response.status_code)
    return response.content.decode()


def text_of(html: str) -> str:
    """What a reader sees of a piece of a page: its words, without tags, on one line."""
    inline = re.sub(r"</?(strong|span|a|em|small|abbr)\b[^>]*>", "", html)
    return " ".join(re.sub(r"<[^>]+>", " ", inline).split())


def detail(game_id, user=None) -> dict:
    client = api(user) if user else APIClient()
    response = client.get(f"/api/games/{game_id}/")
    assert response.status_code == 200, response.content
    return response.json()


def team_game(people, **extra) -> int:
    """Ann's open team game: four seats, the option "teams" on."""
    response = api(people["ann"]).post("/api/games/", {"game": "relay", "players": 4, "options": {"teams": True}, **extra},
                                       format="json")
    assert response.status_code == 201, response.content
    return response.json()["id"]


def join(people, game_id, name, team=None):
    return api(people[name]).post(f"/api/games/{game_id}/join/", {} if team is None else {"team": team}, format="json")


def started(people) -> int:
    """Ann and Ben (team A: seats 0 and 2) against Cat and Dan (team B: seats 1 and 3)."""
    game_id = team_game(people)
    assert join(people, game_id, "ben", team=0).status_code == 200
    assert join(people, game_id, "cat").status_code == 200
    assert join(people, game_id, "dan").status_code == 200
    return game_id


def decide(game_id, decision) -> Game:
    game = services.game_with_seats(game_id)
    seat = game.deciding_seat
    services.submit_decision(seat.user, game_id, game.seq, decision)
    return Game.objects.get(pk=game_id)


def won_by_team_a(people) -> Game:
    """Every seat passes once (a rated game: each seat decided), then Ann finishes: team A wins."""
    game_id = started(people)
    for _ in range(4):
        decide(game_id, PASS)
    return decide(game_id, FINISH)


def seats_of(data: dict) -> dict[str, tuple[int, int | None]]:
    return {s["username"]: (s["order"], s["team"]) for s in data["seats"]}


# --- creating a team game ---------------------------------------------------------------------

def test_the_create_form_offers_the_mode_and_says_which_seats_play_together(people):
    form = page(people["ann"], "/games/new/relay/")
    assert 'name="option_teams"' in form and "Teams" in form and "two against two" in form
    assert "Teams with 4 players: 1+3 · 2+4." in form
    client = Client()
    client.force_login(people["ann"])
    answer = client.post("/games/new/relay/", {"players": 4, "option_teams": 1, "hours_per_move": 72,
                                               "seat_3": "greedy", "invite": ""})
    assert answer.status_code == 302, answer.content.decode()[:2000]
    game = Game.objects.get(pk=int(answer["Location"].strip("/").split("/")[-1]))
    assert game.options == {"teams": True}
    data = detail(game.pk)
    assert data["teams"] == [[0, 2], [1, 3]]
    # the bot took the seat chosen for it: seat 3 of the form, Ann's partner
    assert [(s["order"], s["team"], s["is_bot"]) for s in data["seats"]] == [(0, 0, False), (2, 0, True)]


def test_the_german_form_and_a_mode_the_player_count_does_not_allow(people):
    people["ann"].profile.language = "de"
    people["ann"].profile.save()
    assert "Teams bei 4 Spielern: 1+3 · 2+4." in page(people["ann"], "/games/new/relay/")
    refused = api(people["ann"]).post("/api/games/", {"game": "relay", "players": 3, "options": {"teams": True}},
                                      format="json")
    assert refused.status_code == 400 and "in teams by 4 players only" in refused.json()["detail"]


def test_a_game_without_the_mode_has_no_teams(people):
    response = api(people["ann"]).post("/api/games/", {"game": "relay", "players": 4}, format="json")
    data = response.json()
    assert data["teams"] is None and data["seats"][0]["team"] is None
    assert "Team A" not in page(people["ann"], f"/games/{data['id']}/")
    refused = join(people, data["id"], "ben", team=0)
    assert refused.status_code == 409 and "not played in teams" in refused.json()["detail"]


# --- the lobby --------------------------------------------------------------------------------

def test_joining_a_team_of_ones_choice(people):
    game_id = team_game(people)
    joined = join(people, game_id, "ben", team=0)
    assert joined.status_code == 200
    assert seats_of(joined.json()) == {"ann": (0, 0), "ben": (2, 0)}
    full = join(people, game_id, "cat", team=0)
    assert full.status_code == 409 and "team A is full" in full.json()["detail"]
    assert join(people, game_id, "cat", team=2).status_code == 409, "a team this game does not have"
    assert join(people, game_id, "cat", team=-1).status_code == 400
    assert api(people["cat"]).post(f"/api/games/{game_id}/join/", {"team": "B"}, format="json").status_code == 400
    # Without a team: the first free seat, whichever team it is in.
    assert seats_of(join(people, game_id, "cat").json())["cat"] == (1, 1)
    assert seats_of(join(people, game_id, "dan", team=1).json())["dan"] == (3, 1)
    data = detail(game_id)
    assert data["status"] == "active"
    assert seats_of(data) == {"ann": (0, 0), "cat": (1, 1), "ben": (2, 0), "dan": (3, 1)}


def test_a_team_game_starts_only_full(people):
    game_id = team_game(people)
    join(people, game_id, "ben")
    refused = api(people["ann"]).post(f"/api/games/{game_id}/start/")
    assert refused.status_code == 409 and "every seat is taken" in refused.json()["detail"]
    assert 'id="start"' not in page(people["ann"], f"/games/{game_id}/")


def test_the_lobby_page_shows_the_teams_and_a_button_for_each_team_with_room(people):
    game_id = team_game(people)
    join(people, game_id, "cat")
    html = page(people["ben"], f"/games/{game_id}/")
    seats = text_of(re.search(r'<ul id="lobby-seats".*?</ul>', html, re.S).group(0))
    assert "Team A: Ann (created the game), a free seat" in seats
    assert "Team B: Cat, a free seat" in seats
    assert 'id="join-team-0"' in html and 'id="join-team-1"' in html and 'id="join"' not in html
    assert "partners win or lose together" in html
    # The button joins that team.
    client = Client()
    client.force_login(people["ben"])
    assert client.post(f"/games/{game_id}/join/", {"team": "1"}).status_code == 302
    assert seats_of(detail(game_id))["ben"] == (3, 1)
    html = page(people["dan"], f"/games/{game_id}/")
    assert 'id="join-team-0"' in html and 'id="join-team-1"' not in html  # team B is full now
    # In German.
    people["dan"].profile.language = "de"
    people["dan"].profile.save()
    html = page(people["dan"], f"/games/{game_id}/")
    assert "Team A beitreten" in html and "ein freier Platz" in html and "Partner gewinnen oder verlieren" in html


def test_the_lobby_list_names_the_teams(people):
    game_id = team_game(people)
    join(people, game_id, "cat")
    home = page(None, "/")
    item = text_of(re.search(rf'<li data-game="relay"><a href="/games/{game_id}/">.*?</li>', home, re.S).group(0))
    assert "Team A: Ann · Team B: Cat" in item


# --- the game in play -------------------------------------------------------------------------

def test_every_list_of_seats_names_the_teams(people):
    game_id = started(people)
    listed = APIClient().get("/api/games/?status=active").json()["results"]
    mine = next(g for g in listed if g["id"] == game_id)
    assert mine["teams"] == [[0, 2], [1, 3]] and [s["team"] for s in mine["seats"]] == [0, 1, 0, 1]
    html = page(people["cat"], f"/games/{game_id}/")
    assert text_of(re.search(r'<p class="meta teams" id="teams">.*?</p>', html, re.S).group(0)) == \
        "Team A: Ann, Ben · Team B: Cat, Dan"
    texts = json.loads(re.search(r'<script id="texts" type="application/json">(.*?)</script>', html, re.S).group(1))
    assert texts["team"] == "Team" and texts["teamName"] == "Team %(letter)s"  # the players table's column
    home = text_of(re.search(rf'<a href="/games/{game_id}/">.*?</li>', page(None, "/"), re.S).group(0))
    assert "Team A: Ann, Ben · Team B: Cat, Dan" in home


def test_the_turn_email_says_which_team_the_player_plays_for(people, monkeypatch, django_capture_on_commit_callbacks):
    pushed = []
    monkeypatch.setattr(push, "send", lambda user, payload: pushed.append((user.username, payload["body"])))
    people["cat"].profile.language = "de"
    people["cat"].profile.save()
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        game_id = started(people)  # Ann's turn first
    to_ann = [m for m in mail.outbox if m.to == [people["ann"].email]]
    assert [m.subject for m in to_ann] == [f"Your turn in Relay Race #{game_id} (your team: Team A)"]
    assert "Your team: Team A, with Ben." in to_ann[0].body
    assert ("ann", to_ann[0].subject) in pushed
    with django_capture_on_commit_callbacks(execute=True):
        decide(game_id, PASS)  # Cat's turn, in German
    to_cat = [m for m in mail.outbox if m.to == [people["cat"].email]]
    assert [m.subject for m in to_cat] == [f"Du bist am Zug in Staffellauf #{game_id} (dein Team: Team B)"]
    assert "Dein Team: Team B, mit Dan." in to_cat[0].body


# --- the end: places, ratings, wins, emails ---------------------------------------------------

def test_partners_share_their_place_and_the_outcome_names_the_winning_team(people):
    game = won_by_team_a(people)
    assert game.status == "finished"
    data = detail(game.pk)
    assert {s["username"]: s["rank"] for s in data["seats"]} == {"ann": 1, "ben": 1, "cat": 3, "dan": 3}
    assert data["outcome"]["winners"] == ["red", "green"]
    assert "your team won" in text_of(page(people["ben"], "/games/mine/"))
    assert "won by Ann, Ben (Team A)" in text_of(page(people["cat"], "/games/mine/"))


def test_ratings_move_as_teams_with_openskills_team_model(people):
    game = won_by_team_a(people)
    assert game.rated is True
    new = fresh(4)
    (winner, _), (loser, _) = OS.rate([[new[0], new[1]], [new[2], new[3]]], ranks=[1, 3])
    alone = OS.rate([[r] for r in fresh(4)], ranks=[1, 1, 3, 3])[0][0]
    assert abs(winner.mu - alone.mu) > 1, "the team model differs from rating the four apart"
    after = {r.user.username: r for r in Rating.objects.filter(game="relay").select_related("user")}
    for name in ("ann", "ben"):
        assert after[name].mu == pytest.approx(winner.mu) and after[name].sigma == pytest.approx(winner.sigma)
    for name in ("cat", "dan"):
        assert after[name].mu == pytest.approx(loser.mu) and after[name].sigma == pytest.approx(loser.sigma)
    changes = {c["who"]: c for c in detail(game.pk)["rating_changes"]}
    assert changes["ann"]["change"] == changes["ben"]["change"] > 0
    assert changes["cat"]["change"] == changes["dan"]["change"] < 0
    assert {who: c["rank"] for who, c in changes.items()} == {"ann": 1, "ben": 1, "cat": 3, "dan": 3}


def test_recomputed_ratings_keep_the_teams(people, admin_user):
    game = won_by_team_a(people)
    before = {r.user_id: (r.mu, r.sigma) for r in Rating.objects.filter(game="relay")}
    second = won_by_team_a(people)
    services.revert_result(admin_user, second.pk, "a test of the recomputation")
    assert {r.user_id: (r.mu, r.sigma) for r in Rating.objects.filter(game="relay")} == pytest.approx(before)
    assert RatingChange.objects.filter(match=game, reverted=False).count() == 4


def fresh(count: int) -> list:
    """New players' ratings, each its own object (openskill is given each player once)."""
    return [OS.create_rating([OS.mu, OS.sigma]) for _ in range(count)]


def test_a_partner_who_resigned_rates_alone_and_last(people):
    game_id = started(people)
    for _ in range(4):
        decide(game_id, PASS)
    services.resign(people["ben"], game_id)  # Ann's partner leaves; Ann finishes for team A
    decide(game_id, FINISH)
    new = fresh(4)
    (ann,), (cat, dan), (ben,) = OS.rate([[new[0]], [new[1], new[2]], [new[3]]], ranks=[1, 2, 4])
    after = {r.user.username: r.mu for r in Rating.objects.filter(game="relay").select_related("user")}
    assert after == pytest.approx({"ann": ann.mu, "cat": cat.mu, "dan": dan.mu, "ben": ben.mu})
    assert after["ann"] > OS.mu > after["ben"]


def test_a_team_win_counts_for_both_partners_on_the_leaderboard_and_the_player_page(people):
    game = won_by_team_a(people)
    board = APIClient().get("/api/ratings/relay/").json()["results"]
    assert [row["username"] for row in board][:2] in (["ann", "ben"], ["ben", "ann"])
    assert board[0]["rating"] == board[1]["rating"] > board[2]["rating"] == board[3]["rating"]
    table = re.search(r'<table class="results" id="leaderboard">.*?</table>', page(None, "/ratings/relay/"), re.S).group(0)
    names = re.findall(r'<a href="/players/(\w+)/">', table)
    assert sorted(names[:2]) == ["ann", "ben"] and sorted(names[2:]) == ["cat", "dan"]
    for name in ("ann", "ben"):
        row = text_of(re.search(rf'<tr><td><a href="/games/{game.pk}/">.*?</tr>', page(None, f"/players/{name}/"), re.S).group(0))
        assert "Team A: Ann, Ben · Team B: Cat, Dan" in row
        change = next(c for c in detail(game.pk)["rating_changes"] if c["who"] == name)["change"]
        assert row.endswith(f" 1 1 +{change}"), row  # score 1, first place, the rating's gain


def test_the_game_over_email_says_whether_ones_team_won(people, monkeypatch, django_capture_on_commit_callbacks):
    pushed = []
    monkeypatch.setattr(push, "send", lambda user, payload: pushed.append((user.username, payload["body"])))
    people["dan"].profile.language = "de"
    people["dan"].profile.save()
    with django_capture_on_commit_callbacks(execute=True):
        game = won_by_team_a(people)
    over = {m.to[0].split("@")[0]: m for m in mail.outbox if "over" in m.subject or "Ende" in m.subject}
    title = f"Relay Race #{game.pk}"
    assert over["ann"].subject == over["ben"].subject == f"{title} is over: your team won"
    assert over["cat"].subject == f"{title} is over: your team lost"
    assert over["dan"].subject == f"Staffellauf #{game.pk} ist zu Ende: dein Team hat verloren"
    assert "Your team: Team A, with Ann. Your team won." in over["ben"].body
    assert "Your team: Team B, with Dan. Your team lost." in over["cat"].body
    assert "1. Ann (Team A)" in over["cat"].body and "3. Dan (Team B)" in over["cat"].body
    html = over["ben"].alternatives[0][0]
    assert "Your team won." in html and "(Team A)" in html
    assert ("ben", f"{title} is over: your team won") in pushed


def test_a_game_without_teams_rates_and_tells_each_player_alone(people, django_capture_on_commit_callbacks):
    response = api(people["ann"]).post("/api/games/", {"game": "relay", "players": 2}, format="json")
    game_id = response.json()["id"]
    join(people, game_id, "ben")
    decide(game_id, PASS)
    decide(game_id, PASS)
    with django_capture_on_commit_callbacks(execute=True):
        game = decide(game_id, FINISH)
    new = fresh(2)
    (winner,), (loser,) = OS.rate([[new[0]], [new[1]]], ranks=[1, 2])
    assert Rating.objects.get(game="relay", user=people["ann"]).mu == pytest.approx(winner.mu)
    assert ratings.sides(game) is None
    subjects = [m.subject for m in mail.outbox if "over" in m.subject]
    assert sorted(subjects) == [f"Relay Race #{game.pk} is over: you placed 1 of 2",
                                f"Relay Race #{game.pk} is over: you placed 2 of 2"]


def test_the_moderators_desk_shows_each_seats_team(people, admin_client):
    game_id = started(people)
    html = admin_client.get(f"/admin/games/game/{game_id}/change/").content.decode()
    teams = re.findall(r'<td class="field-team">\s*<p>(\w)</p>\s*</td>', html)
    assert teams == ["A", "B", "A", "B"]
    listed = admin_client.get("/admin/games/seat/").content.decode()
    assert len(re.findall(r'<td class="field-team">[AB]</td>', listed)) == 4


def test_a_team_game_against_one_bot_account_on_every_side_ends_unrated_not_in_an_error(
        people, django_capture_on_commit_callbacks):
    """One bot account may hold a person's partner seat and both opponents' seats. When the person's
    team wins, that account's best place is on the winning side, so every player is on one side and
    nobody can be rated against anybody: the decision that ends the game stores it, unrated, where
    openskill used to refuse a single team and the decision failed."""
    with django_capture_on_commit_callbacks(execute=True):
        game_id = team_game(people, bots=["random", "random", "random"])
    with django_capture_on_commit_callbacks(execute=True):
        decide(game_id, PASS)  # Ann; the bot's three seats pass after her, each a decision of its own
    assert Game.objects.get(pk=game_id).current_seat == 0
    with django_capture_on_commit_callbacks(execute=True):
        game = decide(game_id, FINISH)
    assert game.status == "finished" and game.rated is False
    assert not RatingChange.objects.filter(match=game).exists()
    assert {s["rank"] for s in detail(game_id)["seats"] if s["username"] == "ann"} == {1}
