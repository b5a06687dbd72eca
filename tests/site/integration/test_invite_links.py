"""Invitation links (invites/, docs/invites.md): the creator of an open game makes a secret link, a new one
in its place, or revokes it; whoever has a working link takes a free seat, signed in or after signing in;
a link stops when the game starts, is full or the link is revoked, and a link that does not work (or a
game the holder may not join) answers without a word about the game."""
from __future__ import annotations

import pytest
from django.test import Client

from friends import services as friends
from games import rules, services
from games.models import Game, Seat
from invites.models import InviteLink
from tests.django_fixtures import token_client as api

GAME = rules.names()[0]
pytestmark = pytest.mark.django_db




def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def table(make_user):
    names = ("alice", "bob", "carol", "dave")
    users = {n: make_user(n) for n in names}
    game = services.create_game(users["alice"], game=GAME, players=3)
    return users, game


def link_path(game) -> str:
    return f"/invite/{InviteLink.objects.get(game=game).token}/"


def test_only_the_creator_makes_sees_and_revokes_the_link(table):
    users, game = table
    made = api(users["alice"]).post(f"/api/games/{game.pk}/invite-link/")
    assert made.status_code == 201 and "/invite/" in made.json()["url"]
    assert api(users["alice"]).get(f"/api/games/{game.pk}/invite-link/").json()["url"] == made.json()["url"]
    for other in ("bob",):
        assert api(users[other]).post(f"/api/games/{game.pk}/invite-link/").status_code == 403
        assert api(users[other]).get(f"/api/games/{game.pk}/invite-link/").status_code == 404
        assert api(users[other]).delete(f"/api/games/{game.pk}/invite-link/").status_code == 403
        assert made.json()["url"] not in signed_in(users[other]).get(f"/games/{game.pk}/").content.decode()
    assert made.json()["url"] in signed_in(users["alice"]).get(f"/games/{game.pk}/").content.decode()
    again = api(users["alice"]).post(f"/api/games/{game.pk}/invite-link/").json()["url"]
    assert again != made.json()["url"], "a new link replaces the secret"
    old = made.json()["url"].split("/invite/")[1]
    assert api(users["bob"]).post(f"/api/invite/{old}join/").status_code == 404, "the old link stopped"
    assert api(users["alice"]).delete(f"/api/games/{game.pk}/invite-link/").status_code == 204
    assert not InviteLink.objects.filter(game=game).exists()
    assert api().post(f"/api/games/{game.pk}/invite-link/").status_code in (401, 403)
    assert api(users["alice"]).post("/api/games/99999999/invite-link/").status_code == 404


def test_a_link_seats_whoever_has_it_until_the_table_is_full(table):
    users, game = table
    services_link = api(users["alice"]).post(f"/api/games/{game.pk}/invite-link/").json()["url"]
    token = services_link.split("/invite/")[1].rstrip("/")
    page = signed_in(users["bob"]).get(f"/invite/{token}/")
    assert page.status_code == 200 and "alice" in page.content.decode()
    joined = signed_in(users["bob"]).post(f"/invite/{token}/")
    assert joined.status_code == 302 and joined["Location"] == f"/games/{game.pk}/"
    assert api(users["bob"]).post(f"/api/invite/{token}/join/").json()["game"] == game.pk  # seated: the same
    answer = api(users["carol"]).post(f"/api/invite/{token}/join/")
    assert answer.status_code == 200 and answer.json()["status"] == "active", "the last seat starts the game"
    late = signed_in(users["dave"]).get(f"/invite/{token}/")
    assert late.status_code == 404
    assert "alice" not in late.content.decode(), "a link that stopped names no game, nor its creator"
    assert api(users["dave"]).post(f"/api/invite/{token}/join/").status_code == 404
    assert Seat.objects.filter(game=game).count() == 3 and Game.objects.get(pk=game.pk).status == "active"


def test_a_signed_out_visitor_signs_in_and_comes_back_to_the_invitation(table):
    users, game = table
    api(users["alice"]).post(f"/api/games/{game.pk}/invite-link/")
    path = link_path(game)
    answer = Client().get(path)
    assert answer.status_code == 302 and "/accounts/login/" in answer["Location"] and "next=" in answer["Location"]
    assert path.replace("/", "%2F") in answer["Location"] or path in answer["Location"]


def test_a_blocked_player_or_an_unknown_link_learns_nothing_of_the_game(table):
    users, game = table
    api(users["alice"]).post(f"/api/games/{game.pk}/invite-link/")
    friends.block(users["alice"], "dave")
    path = link_path(game)
    page = signed_in(users["dave"]).get(path)
    assert page.status_code == 403 and "alice" not in page.content.decode()
    assert signed_in(users["dave"]).post(path).status_code == 403
    assert not Seat.objects.filter(game=game, user=users["dave"]).exists()
    unknown = signed_in(users["bob"]).get("/invite/not-a-real-secret/")
    assert unknown.status_code == 404 and "alice" not in unknown.content.decode()
    assert api(users["bob"]).post("/api/invite/not-a-real-secret/join/").json()["detail"]


def test_a_started_game_has_no_link_to_make(table):
    users, game = table
    for name in ("bob", "carol"):
        services.join_game(users[name], game.pk)
    assert api(users["alice"]).post(f"/api/games/{game.pk}/invite-link/").status_code == 409
