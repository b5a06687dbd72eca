"""Webhooks for turn notices: the signal a turn notice sends, the addresses a hook may have, the
test message, the post of a notice and what a failure does (docs/webhooks.md)."""
from __future__ import annotations

import json
import socket

import pytest
from django.conf import settings

from games import services as game_services, signals
from games.models import Game
from games.reactions import emails
from tests.django_fixtures import token_client
from webhooks import delivery, services
from webhooks.models import Webhook

from .stand_in import StandIn


@pytest.fixture
def players(make_user):
    return make_user("alice"), make_user("bob")


def start_game(alice, bob) -> Game:
    game = game_services.create_game(alice, game="argo", players=2, hours_per_move=24)
    game_services.join_game(bob, game.pk)
    return Game.objects.get(pk=game.pk)


@pytest.mark.django_db
def test_a_turn_notice_sends_turn_notice_sent_with_the_push_payload(players):
    heard = []

    def listen(sender, **kwargs):
        heard.append(kwargs)

    signals.turn_notice_sent.connect(listen)
    try:
        game = start_game(*players)
        assert emails.turn_email(game)
        assert not emails.turn_email(game), "a notice goes once"
    finally:
        signals.turn_notice_sent.disconnect(listen)
    mover = game.seats.get(order=game.current_seat).user
    assert [(h["user"], h["game"].pk, h["kind"]) for h in heard] == [(mover, game.pk, "turn")]
    assert heard[0]["payload"] == {"title": "Argo Station", "body": f"Your turn in Argo #{game.pk}",
                                   "url": f"{settings.SITE_URL}/games/{game.pk}/", "tag": f"game-{game.pk}"}


# --- the stand-in chat service, and what it may be asked -----------------------------------------------

class ChatService(StandIn):
    """A local HTTP server standing in for a chat service's webhook: answers each POST with `status`
    (and `location`, for a redirect) and keeps the path and JSON body of each request."""

    def __init__(self):
        self.received: list[tuple[str, dict]] = []
        super().__init__(200)

    def keep(self, path, headers, body):
        self.received.append((path, json.loads(body)))


@pytest.fixture
def chat(settings):
    settings.WEBHOOKS_ALLOW_LOCAL = True  # the stand-in listens on loopback, over http
    service = ChatService()
    yield service
    service.close()


@pytest.fixture
def names(monkeypatch):
    """Host names resolved as the test says; any other name as the machine resolves it."""
    table: dict[str, str] = {}
    real = socket.getaddrinfo

    def fake(host, port, *args, **kwargs):
        if host in table:
            family = socket.AF_INET6 if ":" in table[host] else socket.AF_INET
            return [(family, socket.SOCK_STREAM, 6, "", (table[host], port))]
        return real(host, port, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", fake)
    return table


def add(client, url, **extra):
    return client.post("/api/me/webhooks/", {"url": url, **extra}, format="json")


@pytest.mark.django_db
@pytest.mark.parametrize("url", [
    "http://hooks.example.com/in/1",        # not https
    "https://hooks.example.com:8443/in/1",  # not https's port
    "https://127.0.0.1/in/1",               # loopback
    "https://10.1.2.3/in/1",                # a private network
    "https://169.254.169.254/latest/",      # link-local: a cloud's metadata service
    "https://[::1]/in/1",                   # an IPv6 literal is not a host name
    "https://loopback6.example.com/in/1",   # a name for ::1
    "https://lan.example.com/in/1",         # a name for a private address
    "https://user:secret@hooks.example.com/in/1",
    "ftp://hooks.example.com/in/1",
])
def test_refused_addresses_are_a_400_with_a_detail_and_nothing_is_posted(players, names, monkeypatch, url):
    names.update({"loopback6.example.com": "::1", "lan.example.com": "192.168.1.20"})
    posted = []
    monkeypatch.setattr(delivery, "post", lambda *a: posted.append(a) or delivery.Outcome(200))
    answer = add(token_client(players[0]), url)
    assert answer.status_code == 400, answer.content
    assert answer.json()["detail"]
    assert posted == [] and not Webhook.objects.exists()


@pytest.mark.django_db
def test_a_name_with_any_private_address_is_refused(players, monkeypatch):
    real = socket.getaddrinfo

    def two(host, port, *args, **kwargs):
        if host == "mixed.example.com":
            return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("93.184.216.34", port)),
                    (socket.AF_INET, socket.SOCK_STREAM, 6, "", ("10.0.0.7", port))]
        return real(host, port, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", two)
    answer = add(token_client(players[0]), "https://mixed.example.com/in/1")
    assert answer.status_code == 400 and "private network" in answer.json()["detail"]


@pytest.mark.django_db
def test_the_post_goes_to_the_address_checked_with_the_name_for_host_and_tls(players, names, monkeypatch):
    names["hooks.example.com"] = "93.184.216.34"
    pools = []

    class Pool:
        def __init__(self, host, port, **kwargs):
            pools.append({"host": host, "port": port, **kwargs})

        def urlopen(self, method, path, **kwargs):
            pools[-1].update(method=method, path=path, **kwargs)
            return type("Answer", (), {"status": 204, "close": lambda self: None})()

        def close(self):
            pass

    monkeypatch.setattr(delivery.urllib3, "HTTPSConnectionPool", Pool)
    answer = add(token_client(players[0]), "https://hooks.example.com/in/1?wait=true", format="discord")
    assert answer.status_code == 201, answer.content
    (pool,) = pools
    assert (pool["host"], pool["port"], pool["server_hostname"], pool["cert_reqs"]) == (
        "93.184.216.34", 443, "hooks.example.com", "CERT_REQUIRED")
    assert pool["headers"]["Host"] == "hooks.example.com" and pool["path"] == "/in/1?wait=true"
    assert pool["redirect"] is False and pool["retries"] is False
    assert json.loads(pool["body"]) == {"content": "Argo Station: your turn notices come to this address from now on.\n"
                                                   f"{settings.SITE_URL}/settings/", "allowed_mentions": {"parse": []}}

    # Before each post the name is resolved and checked again: now private, nothing is sent.
    names["hooks.example.com"] = "10.9.9.9"
    hook = Webhook.objects.get()
    assert not services.deliver(hook.pk, {"body": "Your turn", "url": "https://x/"})
    assert len(pools) == 1 and Webhook.objects.get().failures == 1


@pytest.mark.django_db
def test_an_address_that_takes_the_test_message_is_kept_and_gets_the_turn_notices(
        players, chat, django_capture_on_commit_callbacks):
    alice, bob = players
    client = token_client(alice)
    answer = add(client, f"{chat.origin}/hooks/alice")
    assert answer.status_code == 201, answer.content
    assert chat.received == [("/hooks/alice", {"text": "Argo Station: your turn notices come to this address from now on.\n"
                                                       f"{settings.SITE_URL}/settings/",
                                               "url": f"{settings.SITE_URL}/settings/"})]
    listed = client.get("/api/me/webhooks/").json()
    assert [(h["url"], h["format"], h["failures"]) for h in listed] == [(f"{chat.origin}/hooks/alice", "text", 0)]

    chat.received.clear()
    Webhook.objects.create(user=bob, url=f"{chat.origin}/hooks/bob", format="discord")
    game = start_game(alice, bob)
    mover = game.seats.get(order=game.current_seat).user
    with django_capture_on_commit_callbacks(execute=True):
        assert emails.turn_email(game)
    link = f"{settings.SITE_URL}/games/{game.pk}/"
    text = f"Your turn in Argo #{game.pk}\n{link}"
    expected = ({"text": text, "url": link} if mover == alice else {"content": text, "allowed_mentions": {"parse": []}})
    assert chat.received == [(f"/hooks/{mover.username}", expected)], "the player to move's hook, the push's words"


@pytest.mark.django_db
@pytest.mark.parametrize("status", [301, 302, 404, 500])
def test_an_address_that_refuses_the_test_message_is_not_kept(players, chat, status):
    chat.status = status
    chat.location = f"{chat.origin}/elsewhere" if status < 400 else ""
    answer = add(token_client(players[0]), f"{chat.origin}/hooks/a")
    assert answer.status_code == 400 and str(status) in answer.json()["detail"]
    assert [path for path, _ in chat.received] == ["/hooks/a"], "a redirect is never followed"
    assert not Webhook.objects.exists()


@pytest.mark.django_db
def test_lasting_refusals_remove_the_hook_and_passing_ones_keep_it(players, chat):
    hook = Webhook.objects.create(user=players[0], url=f"{chat.origin}/hooks/a")
    notice = {"body": "Your turn in Argo #1", "url": f"{settings.SITE_URL}/games/1/"}
    chat.status = 429
    for _ in range(4):
        assert not services.deliver(hook.pk, notice)
    assert Webhook.objects.get().failures == 0, "a 429 says later, not never"
    chat.status = 410
    services.deliver(hook.pk, notice)
    services.deliver(hook.pk, notice)
    assert Webhook.objects.get().failures == 2
    chat.status = 200
    assert services.deliver(hook.pk, notice) and Webhook.objects.get().failures == 0, "a success starts the count afresh"
    chat.status = 302
    for _ in range(3):
        services.deliver(hook.pk, notice)
    assert not Webhook.objects.exists(), "three lasting refusals in a row remove it"
    assert len(chat.received) == 10


@pytest.mark.django_db
def test_a_players_hooks_are_theirs_alone_and_limited(players, chat):
    alice, bob = players
    hook = Webhook.objects.create(user=alice, url=f"{chat.origin}/hooks/a")
    assert token_client(bob).get("/api/me/webhooks/").json() == []
    answer = token_client(bob).delete(f"/api/me/webhooks/{hook.pk}/")
    assert answer.status_code == 404 and answer.json()["detail"]
    assert Webhook.objects.filter(pk=hook.pk).exists()

    client = token_client(alice)
    answer = add(client, f"{chat.origin}/hooks/a")
    assert answer.status_code == 409 and answer.json()["detail"]
    for n in (2, 3):
        assert add(client, f"{chat.origin}/hooks/{n}").status_code == 201
    answer = add(client, f"{chat.origin}/hooks/4")
    assert answer.status_code == 409 and "at most 3" in answer.json()["detail"]
    for body in ({}, {"url": 7}, {"url": f"{chat.origin}/x", "format": "telex"}):
        answer = client.post("/api/me/webhooks/", body, format="json")
        assert answer.status_code == 400 and answer.json()["detail"]
    exported = client.get("/api/me/export/").json()["webhooks"]
    assert [h["host"] for h in exported] == ["127.0.0.1"] * 3, "the host of each, never the path (its secret)"
    assert "/hooks/" not in json.dumps(exported)
    assert client.delete(f"/api/me/webhooks/{hook.pk}/").status_code == 204
    assert token_client().get("/api/me/webhooks/").status_code in (401, 403)


@pytest.mark.django_db
def test_the_settings_page_adds_and_removes_a_hook_showing_its_host_alone(players, chat, client, settings):
    alice, _ = players
    type(alice.profile).objects.filter(user=alice).update(language="de")
    client.force_login(alice)
    answer = client.post("/settings/webhooks/", {"url": f"{chat.origin}/hooks/secret-path", "format": "text"}, follow=True)
    assert answer.redirect_chain[-1][0] == "/settings/#webhooks"
    page = answer.content.decode()
    assert 'id="webhooks"' in page and "127.0.0.1" in page and "secret-path" not in page
    assert "Webhook-Adresse" in page, "the section speaks the player's language"
    assert chat.received[0][1]["text"].startswith("Argo Station: Deine Zug-Benachrichtigungen")
    hook = Webhook.objects.get()
    client.post(f"/settings/webhooks/{hook.pk}/remove/")
    assert not Webhook.objects.exists()
    settings.WEBHOOKS_ALLOW_LOCAL = False
    answer = client.post("/settings/webhooks/", {"url": "https://10.0.0.1/x"}, follow=True)
    assert not Webhook.objects.exists() and "privaten Netz" in answer.content.decode()
