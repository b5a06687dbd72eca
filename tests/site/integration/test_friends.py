"""Friends, follows and blocks, as players meet them: the /friends/ page, the player page's buttons,
the API, and the games refusing what a block or a "friends only" choice forbids."""
from __future__ import annotations

import re

import pytest
from django.core import mail

from games import services
from games.models import Connection, Game
from tests.django_fixtures import POSTGRES, in_parallel
from tests.site.unit.test_layers import ROOT, imported, module_name

pytestmark = pytest.mark.django_db


@pytest.fixture
def players(make_user):
    return {name: make_user(name) for name in ("alice", "bob", "carol")}


@pytest.fixture
def api(players, api_client_for):
    return {name: api_client_for(user) for name, user in players.items()}


def befriend(api, a: str, b: str) -> None:
    assert api[a].post(f"/api/friends/request/{b}/").status_code == 200
    assert api[b].post(f"/api/friends/accept/{a}/").json()["friends"] is True


def names(entries) -> list[str]:
    return [e["username"] for e in entries]


def test_following_is_one_way_and_can_be_undone(api):
    answer = api["alice"].post("/api/friends/follow/bob/")
    assert answer.status_code == 200 and answer.json()["following"] is True
    assert names(api["alice"].get("/api/friends/").json()["following"]) == ["bob"]
    assert api["bob"].get("/api/friends/").json()["following"] == []
    assert api["bob"].get("/api/friends/").json()["friends"] == []
    assert api["alice"].delete("/api/friends/follow/bob/").json()["following"] is False
    assert api["alice"].get("/api/friends/").json()["following"] == []


def test_an_accepted_request_makes_both_friends_a_declined_one_none(api):
    assert api["alice"].post("/api/friends/request/bob/").json()["request_sent"] is True
    assert names(api["bob"].get("/api/friends/").json()["requests_received"]) == ["alice"]
    befriend_answer = api["bob"].post("/api/friends/accept/alice/")
    assert befriend_answer.json()["friends"] is True
    assert names(api["alice"].get("/api/friends/").json()["friends"]) == ["bob"]
    assert names(api["bob"].get("/api/friends/").json()["friends"]) == ["alice"]

    api["alice"].post("/api/friends/request/carol/")
    assert api["carol"].post("/api/friends/decline/alice/").json()["friends"] is False
    for name in ("alice", "carol"):
        overview = api[name].get("/api/friends/").json()
        assert "carol" not in names(overview["friends"]) and "alice" not in names(overview["friends"])
        assert overview["requests_received"] == [] and overview["requests_sent"] == []

    assert api["bob"].post("/api/friends/unfriend/alice/").json()["friends"] is False  # either may end it
    assert api["alice"].get("/api/friends/").json()["friends"] == []


def test_the_api_says_why_in_detail(api):
    unknown = api["alice"].post("/api/friends/follow/nobody/")
    assert unknown.status_code == 404 and unknown.json()["detail"] == "no such player"
    yourself = api["alice"].post("/api/friends/request/alice/")
    assert yourself.status_code == 400 and "you" in yourself.json()["detail"]
    befriend(api, "alice", "bob")
    again = api["alice"].post("/api/friends/request/bob/")
    assert again.status_code == 409 and again.json()["detail"] == "you are already friends with bob"
    assert api["alice"].post("/api/friends/accept/carol/").status_code == 409
    bad = api["alice"].patch("/api/friends/preferences/", {"chat_from_friends_only": "yes"}, format="json")
    assert bad.status_code == 400 and "detail" in bad.json()
    from rest_framework.test import APIClient
    assert APIClient().get("/api/friends/").status_code == 401


def test_crossing_requests_end_as_one_friendship(transactional_db, make_user, api_client_for):
    alice, bob = make_user("alice"), make_user("bob")
    clients = [api_client_for(alice), api_client_for(bob)]
    results = in_parallel(2, lambda i: clients[i].post(f"/api/friends/request/{['bob', 'alice'][i]}/").status_code)
    assert sorted(results) in ([200, 200], [200, 409]), results  # never a 500
    from friends.models import Friendship
    rows = list(Friendship.objects.all())
    assert len(rows) == 1 and rows[0].accepted_at is not None
    assert names(clients[0].get("/api/friends/").json()["friends"]) == ["bob"]


@pytest.mark.skipif(not POSTGRES, reason="the race needs PostgreSQL's row locks (SQLite runs one write at a time)")
def test_a_block_at_the_moment_of_a_follow_and_a_request_leaves_neither(transactional_db, make_user, api_client_for):
    """Alice blocks Bob while Bob follows her and asks to be her friend, all at once, again and again:
    whichever goes first, once all three are done nothing joins him to her but the block."""
    from friends.models import Block, Follow, Friendship
    alice, bob = make_user("alice"), make_user("bob")
    her, his = api_client_for(alice), api_client_for(bob)
    requests = [lambda: her.post("/api/friends/block/bob/"), lambda: his.post("/api/friends/follow/alice/"),
                lambda: his.post("/api/friends/request/alice/")]
    for trial in range(12):
        codes = in_parallel(3, lambda i: requests[i]().status_code)
        assert codes[0] == 200 and set(codes[1:]) <= {200, 403}, (trial, codes)  # never a 500
        assert Block.objects.filter(blocker=alice, blocked=bob).exists()
        assert not Follow.objects.exists() and not Friendship.objects.exists(), (trial, codes)
        relation = his.get("/api/friends/").json()
        assert relation["following"] == [] and relation["requests_sent"] == [], (trial, relation)
        assert her.delete("/api/friends/block/bob/").status_code == 200


def test_a_block_keeps_the_blocked_player_out_of_the_blockers_game(api, players):
    befriend(api, "alice", "bob")
    api["bob"].post("/api/friends/follow/alice/")
    assert api["alice"].post("/api/friends/block/bob/").json()["blocked"] is True
    overview = api["bob"].get("/api/friends/").json()
    assert overview["friends"] == [] and overview["following"] == []  # a block ends both, both ways

    game = api["alice"].post("/api/games/", {"game": "argo", "players": 3}, format="json").json()
    join = api["bob"].post(f"/api/games/{game['id']}/join/", {}, format="json")
    assert join.status_code == 403 and join.json()["detail"] == "this game is not open to you"
    after = api["carol"].get(f"/api/games/{game['id']}/").json()
    assert after["status"] == "open" and [s["username"] for s in after["seats"]] == ["alice"]
    assert api["carol"].post(f"/api/games/{game['id']}/join/", {}, format="json").status_code == 200

    invite = api["bob"].post("/api/games/", {"game": "argo", "players": 2, "invite": ["alice"]}, format="json")
    assert invite.status_code == 403
    assert invite.json()["detail"] == "alice: this player does not accept invitations from you"
    assert not Game.objects.filter(created_by=players["bob"]).exists()


def test_a_block_refuses_the_blocked_players_chat(api, players):
    game = services.create_game(players["alice"], game="argo", players=2)
    services.join_game(players["bob"], game.pk)
    assert api["bob"].post(f"/api/games/{game.pk}/chat/", {"text": "hello"}, format="json").status_code == 201
    api["alice"].post("/api/friends/block/bob/")
    refused = api["bob"].post(f"/api/games/{game.pk}/chat/", {"text": "hello again"}, format="json")
    assert refused.status_code == 403
    assert refused.json()["detail"] == "a player of this game does not accept messages from you"
    assert api["alice"].post(f"/api/games/{game.pk}/chat/", {"text": "bye"}, format="json").status_code == 201
    assert api["alice"].delete("/api/friends/block/bob/").json()["blocked"] is False
    assert api["bob"].post(f"/api/games/{game.pk}/chat/", {"text": "back"}, format="json").status_code == 201


def test_the_game_page_offers_the_chat_box_only_where_a_line_could_be_sent(client, api, players):
    """A block or a "friends only" choice: no box to type into, the reason in its place, in the
    reader's language; the player who may still write keeps the box."""
    alice, bob, carol = players["alice"], players["bob"], players["carol"]
    game = services.create_game(alice, game="argo", players=3)
    services.join_game(bob, game.pk)
    services.join_game(carol, game.pk)

    def chat_of(user):
        client.force_login(user)
        page = client.get(f"/games/{game.pk}/").content.decode()
        return page[page.index('class="chat-area'):page.index("</section>", page.index('class="chat-area'))]

    assert 'id="chat-form"' in chat_of(bob) and 'id="chat-gated"' not in chat_of(bob)
    api["alice"].post("/api/friends/block/bob/")
    refused = chat_of(bob)
    assert 'id="chat-form"' not in refused
    assert '<p class="muted" id="chat-gated">A player of this game does not accept messages from you.</p>' in refused
    assert 'id="chat-form"' in chat_of(alice)  # the blocker may still write
    bob.profile.language = "de"
    bob.profile.save()
    assert "Ein Spieler dieser Partie nimmt keine Nachrichten von dir an." in chat_of(bob)
    api["alice"].delete("/api/friends/block/bob/")
    api["carol"].patch("/api/friends/preferences/", {"chat_from_friends_only": True}, format="json")
    assert "Ein Spieler dieser Partie nimmt nur Nachrichten von Freunden an." in chat_of(bob)
    assert 'id="chat-form"' not in chat_of(bob)
    befriend(api, "bob", "carol")
    assert 'id="chat-form"' in chat_of(bob) and 'id="chat-gated"' not in chat_of(bob)


def test_friends_only_invitations_refuse_a_stranger_and_accept_a_friend(api):
    prefs = api["carol"].patch("/api/friends/preferences/", {"invites_from_friends_only": True}, format="json")
    assert prefs.json() == {"invites_from_friends_only": True, "chat_from_friends_only": False,
                            "messages_from_friends_only": False}
    stranger = api["alice"].post("/api/games/", {"game": "argo", "players": 2, "invite": ["carol"]}, format="json")
    assert stranger.status_code == 403 and "friends only" in stranger.json()["detail"]
    befriend(api, "bob", "carol")
    friend = api["bob"].post("/api/games/", {"game": "argo", "players": 2, "invite": ["carol"]}, format="json")
    assert friend.status_code == 201 and friend.json()["invited"] == ["carol"]


def test_friends_only_chat_refuses_a_stranger_and_accepts_a_friend(api, players):
    game = services.create_game(players["alice"], game="argo", players=2)
    services.join_game(players["carol"], game.pk)
    api["carol"].patch("/api/friends/preferences/", {"chat_from_friends_only": True}, format="json")
    stranger = api["alice"].post(f"/api/games/{game.pk}/chat/", {"text": "hi"}, format="json")
    assert stranger.status_code == 403 and "friends only" in stranger.json()["detail"]
    befriend(api, "alice", "carol")
    assert api["alice"].post(f"/api/games/{game.pk}/chat/", {"text": "hi"}, format="json").status_code == 201


def test_the_friends_page_shows_who_is_online_and_their_games(client, api, players):
    befriend(api, "alice", "bob")
    befriend(api, "alice", "carol")
    game = services.create_game(players["bob"], game="argo", players=2)
    services.join_game(players["carol"], game.pk)
    Connection.objects.create(user=players["bob"], channel_name="tab.bob")
    client.force_login(players["alice"])
    response = client.get("/friends/")
    assert response.status_code == 200
    assert "unsafe-inline" not in response["Content-Security-Policy"]
    html = response.content.decode()
    friends = re.search(r'id="friends-list".*?</section>', html, re.S).group(0)
    bob = re.search(r'data-player="bob".*?</li>', friends, re.S).group(0)
    carol = re.search(r'data-player="carol".*?</li>', friends, re.S).group(0)
    assert "online" in bob and "offline" in carol
    assert f'href="/games/{game.pk}/"' in bob and f'href="/games/{game.pk}/"' in carol
    assert not re.search(r"""\sstyle=["']""", html)


def test_inviting_friends_with_a_message_shows_it_to_them(client, api, players, django_capture_on_commit_callbacks):
    befriend(api, "alice", "bob")
    client.force_login(players["alice"])
    with django_capture_on_commit_callbacks(execute=True):  # the invitation email goes after the commit
        response = client.post("/friends/invite/", {"game": "argo", "players": 2, "friends": ["bob"],
                                                    "message": "A rematch?"})
    game = Game.objects.get(created_by=players["alice"])
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/"
    assert [i.user.username for i in game.invitations.all()] == ["bob"]
    email = next(m for m in mail.outbox if m.to == ["bob@example.org"])
    assert '"A rematch?"' in email.body and "<q>A rematch?</q>" in email.alternatives[0][0]
    client.force_login(players["bob"])
    assert "A rematch?" in client.get("/friends/").content.decode()
    assert "A rematch?" in client.get("/games/mine/").content.decode()
    services.join_game(players["bob"], game.pk)  # answered: the note goes
    assert "A rematch?" not in client.get("/friends/").content.decode()

    client.force_login(players["alice"])
    stranger = client.post("/friends/invite/", {"game": "argo", "players": 2, "friends": ["carol"], "message": ""})
    assert stranger.status_code == 400


def test_the_player_page_buttons_follow_befriend_and_block(client, players):
    client.force_login(players["alice"])
    page = client.get("/players/bob/").content.decode()
    assert 'action="/friends/bob/follow/"' in page and 'action="/friends/bob/ask/"' in page
    client.post("/friends/bob/ask/", {"next": "/players/bob/"})
    client.force_login(players["bob"])
    assert 'action="/friends/alice/accept/"' in client.get("/players/alice/").content.decode()
    followed = client.post("/friends/alice/accept/", {"next": "https://evil.example/"})
    assert followed["Location"] == "/players/alice/"  # never back to another site
    assert "You and alice are friends." in client.get("/friends/").content.decode()
    client.post("/friends/alice/block/")
    assert "You have blocked this player." in client.get("/players/alice/").content.decode()
    assert client.post("/friends/nobody/follow/").status_code == 404
    assert 'action="/friends/' not in client.get("/players/bob/").content.decode()  # not on one's own page


def test_the_friends_page_speaks_german(client, players):
    players["alice"].profile.language = "de"
    players["alice"].profile.save()
    client.force_login(players["alice"])
    html = client.get("/friends/").content.decode()
    assert "Deine Freunde" in html and "Wer dich erreichen darf" in html
    client.post("/friends/preferences/", {"chat_from_friends_only": "on"})
    from friends.models import Preferences
    assert Preferences.objects.get(user=players["alice"]).chat_from_friends_only is True


def test_the_games_app_never_imports_friends():
    paths = [p for p in (ROOT / "games").rglob("*.py") if "migrations" not in p.parts]
    assert [module_name(p) for p in paths if any(n.startswith("friends") for n in imported(p))] == []


def _told(monkeypatch) -> list:
    """What the live layer is asked to send, (group, payload) each."""
    from games.reactions import notify
    sent = []
    monkeypatch.setattr(notify, "send_all", lambda messages, wait=True: sent.extend(messages) or True)
    return sent


def test_a_block_withdraws_the_invitations_between_the_two_at_once(api, players, monkeypatch,
                                                                   django_capture_on_commit_callbacks):
    alice, bob, carol = players["alice"], players["bob"], players["carol"]
    hers = services.create_game(alice, game="argo", players=3, invite=["bob", "carol"])
    his = services.create_game(bob, game="argo", players=2, invite=["alice"])
    other = services.create_game(carol, game="argo", players=2, invite=["bob"])
    assert services.waiting_count(bob) == 2 and services.waiting_count(alice) == 1
    sent = _told(monkeypatch)
    with django_capture_on_commit_callbacks(execute=True):
        assert api["alice"].post("/api/friends/block/bob/").json()["blocked"] is True
    # the blocker's invitation to him, and his to her, are gone; carol's stand, and alice's to carol
    assert services.waiting_count(bob) == 1 and services.waiting_count(alice) == 0
    assert api["bob"].get(f"/api/games/{hers.pk}/").json()["invited"] == ["carol"]
    assert api["alice"].get(f"/api/games/{his.pk}/").json()["invited"] == []
    assert api["bob"].get(f"/api/games/{other.pk}/").json()["invited"] == ["bob"]
    assert api["bob"].get("/api/me/").json()["games_waiting"] == 1
    # live: each invitee's badge and each game's lobby hear it, nobody else
    from games.reactions.notify import game_group, user_group
    told = {(group, payload["event"]) for group, payload in sent}
    assert {(user_group(bob.pk), "invitation_closed"), (user_group(alice.pk), "invitation_closed"),
            (game_group(hers.pk), "lobby"), (game_group(his.pk), "lobby")} <= told, told
    assert not [g for g, _ in told if g in (game_group(other.pk), user_group(carol.pk))], told
    closed = [p for g, p in sent if g == user_group(bob.pk)]
    assert closed == [{"event": "invitation_closed", "game": hers.pk}]
    # he may not take the seat she had kept for him
    join = api["bob"].post(f"/api/games/{hers.pk}/join/", {}, format="json")
    assert join.status_code == 403 and [s.user for s in Game.objects.get(pk=hers.pk).seats.all()] == [alice]


def test_a_blocked_player_is_offered_no_join_and_told_why_in_their_language(client, players):
    bob = players["bob"]
    bob.profile.language = "de"
    bob.profile.save()
    game = services.create_game(players["alice"], game="argo", players=3, invite=["bob"])
    client.force_login(bob)
    assert 'id="join"' in client.get(f"/games/{game.pk}/").content.decode()
    from friends import services as friends
    friends.block(players["alice"], "bob")
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert 'id="join"' not in page and 'id="decline"' not in page
    assert "Dieses Spiel steht dir nicht offen." in page
    mine = client.get("/games/mine/").content.decode()
    assert f"/games/{game.pk}/" not in mine  # the invitation left his list
    refused = client.post(f"/games/{game.pk}/join/", follow=True).content.decode()
    assert "dieses Spiel steht dir nicht offen" in refused and "not open to you" not in refused


def test_a_refusal_of_a_block_is_said_in_the_readers_language(api, players):
    players["bob"].profile.language = "de"
    players["bob"].profile.save()
    game = services.create_game(players["alice"], game="argo", players=2)
    services.join_game(players["bob"], game.pk)
    api["alice"].post("/api/friends/block/bob/")
    refused = api["bob"].post(f"/api/games/{game.pk}/chat/", {"text": "hallo"}, format="json")
    assert refused.status_code == 403
    assert refused.json()["detail"] == "ein Spieler dieser Partie nimmt keine Nachrichten von dir an"
    invite = api["bob"].post("/api/games/", {"game": "argo", "players": 2, "invite": ["alice"]}, format="json")
    assert invite.json()["detail"] == "alice: dieser Spieler nimmt keine Einladungen von dir an"


@pytest.mark.parametrize("blocker, blocked", [("alice", "bob"), ("bob", "alice")])
def test_a_block_leaves_the_others_open_games_out_of_the_lobby(client, api, players, blocker, blocked):
    """Either way round: the game of alice's would refuse bob's join, so neither list offers it to him;
    carol, blocked by nobody, still sees it, and bob still sees a game he already sits in."""
    from friends import services as friends
    hers = services.create_game(players["alice"], game="argo", players=3)
    shared = services.create_game(players["carol"], game="argo", players=4)
    for name in ("bob", "alice"):
        services.join_game(players[name], shared.pk)
    friends.block(players[blocker], blocked)
    listed = lambda name: [g["id"] for g in api[name].get("/api/games/?status=open").json()["results"]]  # noqa: E731
    assert listed("bob") == [shared.pk] and sorted(listed("carol")) == sorted([hers.pk, shared.pk])
    client.force_login(players["bob"])
    home = client.get("/").content.decode()
    assert f"/games/{hers.pk}/" not in home and f"/games/{shared.pk}/" in home
    client.force_login(players["carol"])
    assert f"/games/{hers.pk}/join/" in client.get("/").content.decode()
