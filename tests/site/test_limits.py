"""Limits a public site needs: failed logins per account and address (the login form and the token
endpoint share one count), and what one person can do in a while (chat, new games, invitations).
Each answer past a limit is 429 with a JSON `detail` and `Retry-After`; a normal player meets none."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest
import time_machine
from django.core.cache import cache
from rest_framework.test import APIClient

from games import services

pytestmark = pytest.mark.django_db
PASSWORD = "Sturdy-Passw0rd-42"


@pytest.fixture(autouse=True)
def clean_counts():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture(autouse=True)
def at_the_start_of_a_window():
    """The counts are kept in fixed windows (a minute, an hour): each test begins on the hour, so
    that its requests, however slow the machine, all fall in one window of each kind."""
    hour = datetime.now(timezone.utc).replace(minute=0, second=0, microsecond=0) + timedelta(hours=1)
    with time_machine.travel(hour, tick=True):
        yield


def token_attempt(username, password):
    return APIClient().post("/api/auth/token/", {"username": username, "password": password}, format="json")


def test_wrong_passwords_lock_the_account_for_the_token_endpoint_and_the_login_form(make_user, client):
    make_user("alice", password=PASSWORD)
    answers = [token_attempt("alice", "wrong").status_code for _ in range(6)]
    assert answers == [401] * 5 + [429]
    locked = token_attempt("alice", PASSWORD)  # even the right password waits now
    assert locked.status_code == 429 and int(locked["Retry-After"]) > 0 and "too many" in locked.json()["detail"]
    form = client.post("/accounts/login/", {"login": "alice", "password": PASSWORD})
    assert form.status_code == 200 and "Too many failed login attempts" in form.content.decode()


def test_failures_on_the_login_form_count_for_the_token_endpoint(make_user, client):
    make_user("bob", password=PASSWORD)
    for _ in range(5):
        client.post("/accounts/login/", {"login": "bob", "password": "wrong"})
    assert token_attempt("bob", PASSWORD).status_code == 429


def test_a_normal_player_gets_a_token_and_mistypes_without_harm(make_user):
    make_user("carol", password=PASSWORD)
    assert token_attempt("carol", "typo").status_code == 401
    answer = token_attempt("carol", PASSWORD)
    assert answer.status_code == 200 and answer.json()["token"]
    assert token_attempt("carol@example.org", PASSWORD).status_code == 200  # by email too


def test_chat_is_limited_to_what_a_person_types(make_user, api_client_for, settings):
    alice, bob = make_user("alice"), make_user("bob")
    game = services.create_game(alice, game="argo", players=2)
    services.join_game(bob, game.pk)
    client = api_client_for(alice)
    allowed, _ = settings.USER_LIMITS["chat"]
    for n in range(allowed):
        assert client.post(f"/api/games/{game.pk}/chat/", {"text": f"line {n}"}, format="json").status_code == 201
    refused = client.post(f"/api/games/{game.pk}/chat/", {"text": "one more"}, format="json")
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert "at most 20 chat messages" in refused.json()["detail"]
    assert game.chat.count() == allowed  # the refused line was not stored
    other = api_client_for(bob).post(f"/api/games/{game.pk}/chat/", {"text": "hi"}, format="json")
    assert other.status_code == 201  # one player's count is his own


def test_new_games_and_invitations_are_limited(make_user, api_client_for, settings):
    settings.USER_LIMITS = {**settings.USER_LIMITS, "create_game": (3, 3600), "invite": (4, 3600)}
    alice, _, _ = make_user("alice"), make_user("bob"), make_user("carol")
    client = api_client_for(alice)
    made = [client.post("/api/games/", {"game": "argo", "players": 3, "invite": ["bob", "carol"]}, format="json").status_code
            for _ in range(3)]
    assert made == [201, 201, 429]  # the third would send invitations five and six
    assert client.post("/api/games/", {"game": "argo", "players": 3}, format="json").status_code == 201
    refused = client.post("/api/games/", {"game": "argo", "players": 3}, format="json")
    assert refused.status_code == 429 and "new games" in refused.json()["detail"]
