"""The lobby's filters (games.services.lists.lobby_choice): the open games kept to a game, the hours a
move, the creator's rating at the game, their language and the player's friends, with the same
parameters on the page's URL and in GET /api/games/; each entry says its creator's rating (with the
provisional mark) and how many of their games they lost on time. A filter that cannot be read is a 400
naming it (the page's in the reader's language), and shows nothing in its place."""
from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.test import Client

from friends import services as friends
from games import rules, services
from games.models import Game, Rating, Seat
from tests.django_fixtures import token_client as api

pytestmark = pytest.mark.django_db




def page(user=None, query: str = ""):
    client = Client()
    if user is not None:
        client.force_login(user)
    return client.get(f"/{query}")


def listed_on_page(response) -> set[int]:
    """The open games the lobby lists (its "Open games" list only)."""
    block = response.content.decode().split('id="open-games"')[1].split("</ul>")[0]
    return {int(n) for n in re.findall(r'href="/games/(\d+)/"', block)}


def listed_by_api(user, query: str) -> set[int]:
    answer = api(user).get(f"/api/games/?status=open&{query}")
    assert answer.status_code == 200, answer.content
    return {g["id"] for g in answer.json()["results"]}


@pytest.fixture
def lobby(make_user):
    users = {n: make_user(n) for n in ("ann", "ben", "cleo", "dan")}
    users["cleo"].profile.language = "de"
    users["cleo"].profile.save()
    first, second = rules.names()[0], rules.names()[-1]
    games = {
        "ann_fast": services.create_game(users["ann"], game=first, players=2, hours_per_move=12),
        "ben_slow": services.create_game(users["ben"], game=second, players=2, hours_per_move=96),
        "cleo_day": services.create_game(users["cleo"], game=first, players=2, hours_per_move=24),
    }
    Rating.objects.create(user=users["ben"], game=second, mu=40.0, sigma=2.0, games=12)  # shown as 2360
    return users, games, first, second


@pytest.mark.parametrize("where", ["page", "api"])
def test_each_filter_keeps_the_open_games_it_names(lobby, where):
    users, games, first, second = lobby
    dan = users["dan"]
    friends.ask(dan, "ann")
    friends.accept(users["ann"], "dan")
    ids = {name: g.pk for name, g in games.items()}
    chosen = {
        f"game={first}": {"ann_fast", "cleo_day"},
        f"game={second}": {"ben_slow"},
        "max_hours=24": {"ann_fast", "cleo_day"},
        "min_hours=13&max_hours=100": {"ben_slow", "cleo_day"},
        "rating_min=1500": {"ben_slow"},
        "rating_max=1000": {"ann_fast", "cleo_day"},  # a new player counts as 1000
        "lang=de": {"cleo_day"},
        "friends=1": {"ann_fast"},
        f"game={first}&lang=en": {"ann_fast"},
        "min_hours=48&max_hours=12": set(),  # a range upside down holds no game
    }
    if where == "page":
        chosen["game=&max_hours="] = {"ann_fast", "ben_slow", "cleo_day"}  # the form's empty fields: any
    for query, expected in chosen.items():
        found = listed_on_page(page(dan, f"?{query}")) if where == "page" else listed_by_api(dan, query)
        assert found == {ids[n] for n in expected}, query


def test_the_filters_stay_in_the_form_so_the_url_can_be_shared(lobby):
    users, _, first, _ = lobby
    html = page(users["dan"], f"?game={first}&max_hours=48&friends=1").content.decode()
    assert f'<option value="{first}" selected>' in html
    assert 'name="max_hours" min="1" max="720" inputmode="numeric" value="48"' in html
    assert 'name="friends" value="1" checked' in html
    assert "Every open game" in html


def test_each_entry_says_its_creators_rating_and_games_lost_on_time(lobby):
    users, games, first, _ = lobby
    ben = users["ben"]
    for status in (Seat.Status.TIMED_OUT, Seat.Status.ACTIVE, Seat.Status.RESIGNED):
        ended = Game.objects.create(name=first, players=2, created_by=ben, status=Game.Status.FINISHED,
                                    rules_version=rules.get(first).version)
        Seat.objects.create(game=ended, user=ben, order=0, status=status)
    html = page(users["dan"]).content.decode()
    entry = {pk: html.split(f'href="/games/{pk}/"')[1].split("</li>")[0] for pk in (games["ann_fast"].pk, games["ben_slow"].pk)}
    assert "created by ben · rating 2360 · lost 1 of 3 games on time" in entry[games["ben_slow"].pk]
    assert 'class="provisional-mark"' not in entry[games["ben_slow"].pk]
    assert "created by ann · rating 1000" in entry[games["ann_fast"].pk]
    assert 'class="provisional-mark"' in entry[games["ann_fast"].pk], "a new player's rating is provisional"
    assert "no finished game yet" in entry[games["ann_fast"].pk]


@pytest.mark.parametrize("query, words", [
    ("game=nochess", "no game is called nochess"),
    ("min_hours=0", "min_hours must be a whole number from 1 to 720"),
    ("max_hours=ten", "max_hours must be a whole number from 1 to 720"),
    ("lang=xx", f"lang must be one of {', '.join(code for code, _ in settings.LANGUAGES)}"),
    ("friends=maybe", "friends must be true or false (1 or 0)"),
    ("game=a&game=b", "game may be given once"),
])
def test_a_filter_that_cannot_be_read_is_refused_naming_it(lobby, query, words):
    users = lobby[0]
    answer = api(users["dan"]).get(f"/api/games/?{query}")
    assert answer.status_code == 400 and answer.json() == {"detail": words}
    empty = api(users["dan"]).get("/api/games/?lang=")
    assert empty.status_code == 400 and empty.json() == {"detail": "lang may not be empty"}, "the API says what it wants"
    shown = page(users["dan"], f"?{query}")
    assert shown.status_code == 400 and words in shown.content.decode()
    assert listed_on_page(shown) == set(), "a refused filter lists no game in its place"


def test_a_refusal_on_the_page_is_in_the_readers_language(lobby):
    dan = lobby[0]["dan"]
    dan.profile.language = "de"
    dan.profile.save()
    shown = page(dan, "?min_hours=0").content.decode()
    assert "min_hours muss eine ganze Zahl von 1 bis 720 sein" in shown
    assert "Stunden pro Zug" in shown and "Alle offenen Spiele" in shown


def test_friends_only_needs_a_signed_in_player(lobby):
    assert api().get("/api/games/?friends=1").status_code == 401
    assert page(None, "?friends=1").status_code == 400
    assert 'name="friends"' not in page(None).content.decode(), "a visitor is not offered the choice"
