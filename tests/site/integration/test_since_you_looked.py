"""What the player has seen (Seat.last_seen_seq, POST /api/games/<id>/seen/): the game page's "Since
you last looked" tells what the others did after it, My games counts it. Per game over the registry."""
from __future__ import annotations

import re

import pytest
from django.test import Client
from rest_framework.test import APIClient

from games import rules, services
from games.models import Game, Seat
from tests.django_fixtures import api_key_of

GAMES = rules.names()
pytestmark = pytest.mark.django_db


def api(user) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {api_key_of(user)}")
    return client


def end_turn_of(user, game_id: int) -> int:
    """Decide in `user`'s place until another seat decides; how many decisions that took."""
    made = 0
    while True:
        game = Game.objects.get(pk=game_id)
        if game.status != Game.Status.ACTIVE or game.seats.get(order=game.current_seat).user_id != user.pk:
            return made
        services.submit_decision(user, game_id, game.seq, services.legal_for(game, user)["actions"][0])
        made += 1


@pytest.fixture
def pair(make_user):
    alice, bob = make_user("alice"), make_user("bob")
    for user in (alice, bob):
        user.profile.display_name = user.username.capitalize()
        user.profile.save()
    return alice, bob


def started(pair, name: str) -> Game:
    alice, bob = pair
    game = services.create_game(alice, game=name, players=2)
    services.join_game(bob, game.pk)
    return Game.objects.get(pk=game.pk)


def page_of(user, path: str) -> str:
    client = Client()
    client.force_login(user)
    return client.get(path).content.decode()


@pytest.mark.parametrize("name", GAMES)
def test_what_the_others_did_is_told_once_and_counted_in_my_games(pair, name):
    alice, bob = pair
    game = started(pair, name)
    first = game.seats.get(order=game.current_seat).user
    other = bob if first == alice else alice
    assert api(other).post(f"/api/games/{game.pk}/seen/", {"seq": game.seq}, format="json").json()["last_seen_seq"] == game.seq
    assert 'id="news"' not in page_of(other, f"/games/{game.pk}/"), "nothing new yet"
    made = end_turn_of(first, game.pk)
    assert made >= 1
    page = page_of(other, f"/games/{game.pk}/")
    news = re.search(r'<section class="card news" id="news".*?</section>', page, re.S)
    assert news and "Since you last looked" in news.group(0) and first.profile.display_name in news.group(0)
    assert f"{made} new since you looked" in page_of(other, "/games/mine/")
    assert "new since you looked" not in page_of(first, "/games/mine/"), "their own decisions are no news to them"
    present = Game.objects.get(pk=game.pk).seq
    assert api(other).post(f"/api/games/{game.pk}/seen/", {"seq": present}, format="json").status_code == 200
    assert 'id="news"' not in page_of(other, f"/games/{game.pk}/")
    assert "new since you looked" not in page_of(other, "/games/mine/")


def test_what_was_seen_never_goes_back_nor_past_the_present(pair):
    alice, bob = pair
    game = started(pair, GAMES[0])
    end_turn_of(game.seats.get(order=game.current_seat).user, game.pk)
    present = Game.objects.get(pk=game.pk).seq
    assert api(bob).post(f"/api/games/{game.pk}/seen/", {"seq": present + 50}, format="json").json()["last_seen_seq"] == present
    assert api(bob).post(f"/api/games/{game.pk}/seen/", {"seq": 0}, format="json").json()["last_seen_seq"] == present
    assert Seat.objects.get(game=game, user=bob).last_seen_seq == present


def test_a_seen_refused_changes_nothing(pair, make_user):
    alice, bob = pair
    game = started(pair, GAMES[0])
    carol = make_user("carol")
    cases = [(api(bob), game.pk, {"seq": -1}, 400), (api(bob), game.pk, {"seq": "3"}, 400),
             (api(bob), game.pk, {"seq": True}, 400), (api(bob), game.pk, {}, 400),
             (api(carol), game.pk, {"seq": 1}, 403), (APIClient(), game.pk, {"seq": 1}, 401),
             (api(bob), 999999, {"seq": 1}, 404)]
    for client, game_id, body, status in cases:
        answer = client.post(f"/api/games/{game_id}/seen/", body, format="json")
        assert answer.status_code == status and answer.json()["detail"], (body, answer.content)
    assert set(Seat.objects.filter(game=game).values_list("last_seen_seq", flat=True)) == {0}


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("language, heading", [("en", "Since you last looked:"), ("de", "Seit du zuletzt geschaut hast:")])
def test_the_turn_email_tells_what_the_other_did_in_the_readers_language(pair, name, language, heading, mailoutbox):
    from games.entry import tasks
    alice, bob = pair
    game = started(pair, name)
    first = game.seats.get(order=game.current_seat).user
    other = bob if first == alice else alice
    other.profile.language = language
    other.profile.save()
    services.seen(other, game.pk, game.seq)
    end_turn_of(first, game.pk)
    game = Game.objects.get(pk=game.pk)
    news = services.news_for(game, game.seat_of(other), language)
    assert news and news[-1]["name"] == first.profile.display_name and news[-1]["lines"]

    assert tasks.turn_email(game.pk)
    (message,) = [m for m in mailoutbox if m.to == [other.email]]
    told = f"{first.profile.display_name}: {' · '.join(news[-1]['lines'])}"
    assert heading in message.body and told in message.body, message.body
    html = message.alternatives[0][0]
    assert heading in html and first.profile.display_name in html


@pytest.mark.parametrize("name", GAMES)
def test_the_digest_tells_each_waiting_games_last_turn(pair, name, mailoutbox):
    from datetime import UTC, datetime

    from games.reactions import emails
    alice, bob = pair
    game = started(pair, name)
    first = game.seats.get(order=game.current_seat).user
    other = bob if first == alice else alice
    services.seen(other, game.pk, game.seq)
    end_turn_of(first, game.pk)
    (turn,) = services.news_for(Game.objects.get(pk=game.pk), game.seat_of(other))

    assert emails.batch_email(other, datetime(2026, 3, 2, 12, tzinfo=UTC))
    (message,) = [m for m in mailoutbox if m.to == [other.email]]
    assert f"{turn['name']}: {' · '.join(turn['lines'])}" in message.body, message.body
