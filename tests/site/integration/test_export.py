"""The data export (foundation.export, GET /api/me/export/): everything the site keeps of the player,
each app's part of it, and nothing of anyone else's private data nor any secret."""
from __future__ import annotations

import json

import pytest
from django.test import Client
from rest_framework.test import APIClient

from friends import services as friends
from games import services
from games.models import Game
from notes import services as notes
from tests.django_fixtures import api_key_of

pytestmark = pytest.mark.django_db

MINE, THEIRS = "Alice's own plan: NOTE-a1", "Bob's secret plan: NOTE-b2"


@pytest.fixture
def played(make_user):
    alice, bob = make_user("alice"), make_user("bob")
    game = services.create_game(alice, game="argo", players=2)
    services.join_game(bob, game.pk)
    notes.keep_note(alice, game.pk, MINE)
    notes.keep_note(bob, game.pk, THEIRS)
    services.post_chat(alice, game.pk, "good luck, bob")
    services.post_chat(bob, game.pk, "BOB-CHAT-9")
    friends.follow(alice, "bob")
    return alice, bob, Game.objects.get(pk=game.pk)


def exported(user) -> tuple[dict, str, str]:
    client = APIClient()
    key = api_key_of(user)
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    answer = client.get("/api/me/export/")
    assert answer.status_code == 200, answer.content
    assert answer["Content-Disposition"].startswith(f'attachment; filename="argo-station-{user.username}-')
    assert "no-store" in answer["Cache-Control"]
    return answer.json(), answer.content.decode(), key


def test_the_export_holds_what_the_site_keeps_of_the_player(played):
    alice, _, game = played
    data, _, _ = exported(alice)
    assert data["format"] == 1 and data["username"] == "alice"
    assert {"account", "friends", "games", "notes", "rematches", "tournaments"} <= set(data)
    assert data["account"]["email"] == "alice@example.org" and data["account"]["profile"]["language"] == "en"
    assert [(g["game"], g["name"], g["seat_status"]) for g in data["games"]["games"]] == [(game.pk, "argo", "active")]
    assert [m["text"] for m in data["games"]["chat"]] == ["good luck, bob"]
    assert data["notes"] == [{"game": game.pk, "text": MINE, "updated": data["notes"][0]["updated"]}]
    assert [f["username"] for f in data["friends"]["following"]] == ["bob"]
    assert len(data["account"]["programs"]) == 1, "the token this export was read with, by its device"


def test_the_export_holds_nothing_of_anyone_else_and_no_secret(played):
    alice, bob, game = played
    _, answer, key = exported(alice)
    for secret in (THEIRS, "BOB-CHAT-9", str(game.seed), alice.password, bob.email, key):
        assert secret not in answer, secret
    assert '"seed"' not in answer and "pbkdf2" not in answer and "digest" not in answer


def test_without_a_sign_in_there_is_no_export_and_the_settings_page_links_it(played):
    refused = APIClient().get("/api/me/export/")
    assert refused.status_code == 401 and refused.json()["detail"]
    client = Client()
    client.force_login(played[0])
    page = client.get("/settings/").content.decode()
    assert 'href="/api/me/export/" download' in page
    by_session = client.get("/api/me/export/")
    assert by_session.status_code == 200 and json.loads(by_session.content)["username"] == "alice"
