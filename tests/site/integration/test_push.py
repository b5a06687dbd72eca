"""Web Push: devices, the notices they get, and what the push service receives.

A local HTTP server stands in for the browser's push service. It records what the site posts, and
the test decrypts it with the subscription's own keys (http-ece, aes128gcm) as the browser would,
and checks the VAPID signature with the site's public key, as the push service would.
"""
from __future__ import annotations

import base64
import json
import os

import http_ece
import pytest
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from django.conf import settings
from django.core import mail

from accounts.models import PushDevice
from games import rules, services
from games.entry import tasks
from games.management.commands.vapid_keys import b64url, new_pair
from games.models import Connection, Game, Seat

from .stand_in import StandIn

pytestmark = pytest.mark.django_db(transaction=True)


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class PushService(StandIn):
    """Answers each POST with `status` (201 unless told otherwise) and keeps what it got."""

    def __init__(self):
        self.received: list[dict] = []
        super().__init__(201)

    def keep(self, path, headers, body):
        self.received.append({"path": path, "headers": headers, "body": body})


class Browser:
    """A browser's side of a subscription: its key pair and auth secret, as PushManager makes them."""

    def __init__(self, service: PushService, name: str):
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)
        self.endpoint = f"{service.origin}/push/{name}"

    def subscription(self) -> dict:
        """As PushSubscription.toJSON() gives it."""
        public = self.key.public_key().public_bytes(serialization.Encoding.X962,
                                                    serialization.PublicFormat.UncompressedPoint)
        return {"endpoint": self.endpoint, "expirationTime": None,
                "keys": {"p256dh": b64url(public), "auth": b64url(self.auth)}}

    def device(self, **extra) -> dict:
        """What static/js/push.js posts to /api/me/devices/."""
        json_form = self.subscription()
        return {"endpoint": json_form["endpoint"], **json_form["keys"], **extra}

    def read(self, delivery: dict) -> dict:
        plain = http_ece.decrypt(delivery["body"], private_key=self.key, auth_secret=self.auth, version="aes128gcm")
        return json.loads(plain)


@pytest.fixture
def vapid(settings):
    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = new_pair()
    local_push_service(settings)
    return settings.VAPID_PUBLIC_KEY


def local_push_service(settings):
    """The stand-in push service is local: let it in, as development does."""
    settings.PUSH_ALLOW_HTTP = True
    settings.PUSH_SERVICE_HOSTS = [*getattr(settings, "PUSH_SERVICE_HOSTS", []), "127.0.0.1"]


@pytest.fixture
def push_service():
    service = PushService()
    yield service
    service.close()


@pytest.fixture
def players(make_user):
    return make_user("alice"), make_user("bob")


def subscribe(api_client_for, user, browser: Browser, label="Chromium · Linux"):
    answer = api_client_for(user).post("/api/me/devices/", browser.device(label=label), format="json")
    assert answer.status_code in (200, 201), answer.content
    return answer


def start_game(alice, bob) -> Game:
    game = services.create_game(alice, game="argo", players=2, hours_per_move=24)
    services.join_game(bob, game.pk)
    return Game.objects.get(pk=game.pk)


def to_move(game) -> Seat:
    game = Game.objects.get(pk=game.pk)
    return game.seats.select_related("user").get(order=game.current_seat)


def vapid_claims(delivery: dict, public_key: str) -> dict:
    """The JWT of the Authorization header, its ES256 signature checked with the site's key."""
    scheme, _, params = delivery["headers"]["authorization"].partition(" ")
    assert scheme == "vapid"
    fields = dict(part.strip().split("=", 1) for part in params.split(","))
    assert fields["k"] == public_key
    head, claims, signature = fields["t"].split(".")
    raw = unb64(signature)
    key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(public_key))
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    key.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))  # raises if forged
    return json.loads(unb64(claims))


# --- delivery ------------------------------------------------------------------------------------

def test_your_turn_arrives_encrypted_signed_and_once(vapid, push_service, players, api_client_for):
    alice, bob = players
    phones = {u.pk: Browser(push_service, u.username) for u in players}
    for user in players:
        subscribe(api_client_for, user, phones[user.pk])
    game = start_game(alice, bob)
    mover = to_move(game).user

    tasks.pending_turn_emails()
    tasks.pending_turn_emails()
    tasks.turn_email(game.pk)

    assert [d["path"] for d in push_service.received] == [f"/push/{mover.username}"], "one push, to the player to move"
    delivery = push_service.received[0]
    notice = phones[mover.pk].read(delivery)
    assert notice == {"title": "Argo Station", "body": f"Your turn in Argo #{game.pk}",
                      "url": f"{settings.SITE_URL}/games/{game.pk}/", "tag": f"game-{game.pk}"}
    assert delivery["headers"]["content-encoding"] == "aes128gcm"
    assert int(delivery["headers"]["ttl"]) > 0
    claims = vapid_claims(delivery, vapid)
    assert claims["aud"] == push_service.origin and claims["sub"].startswith("mailto:")
    # The email went as well, and the device shows when it last got something.
    assert [m.subject for m in mail.outbox] == [f"Your turn in Argo #{game.pk}"]
    assert PushDevice.objects.get(user=mover).last_push_at is not None


def begin(api_client_for, push_service, players, **profile):
    """Both players subscribe a phone (and take `profile`), then the game starts: the turn notice
    goes to the first player at once. Returns the game, the player to move, and the phones."""
    phones = {}
    for user in players:
        type(user.profile).objects.filter(user=user).update(**profile)
        user.refresh_from_db()
        phones[user.pk] = Browser(push_service, user.username)
        subscribe(api_client_for, user, phones[user.pk])
    game = start_game(*players)
    mover = to_move(game).user
    return game, mover, phones[mover.pk]


def test_the_push_carries_nothing_hidden(vapid, push_service, players, api_client_for):
    game, mover, phone = begin(api_client_for, push_service, players)
    notice = phone.read(push_service.received[0])
    assert set(notice) == {"title", "body", "url", "tag"}
    text = json.dumps(notice)
    assert str(game.seed) not in text and "seed" not in text and "deck" not in text


def test_a_device_the_push_service_calls_gone_is_deleted_and_the_email_still_goes(vapid, push_service, players, api_client_for):
    push_service.status = 410
    game, mover, phone = begin(api_client_for, push_service, players)
    assert len(push_service.received) == 1
    assert not PushDevice.objects.filter(user=mover).exists(), "a gone subscription was kept"
    assert PushDevice.objects.count() == 1, "the other player's device stays"
    assert len(mail.outbox) == 1


def test_a_failing_push_service_keeps_the_device_and_fails_nothing(vapid, push_service, players, api_client_for):
    push_service.status = 500
    game, mover, phone = begin(api_client_for, push_service, players)
    assert len(push_service.received) == 1
    assert PushDevice.objects.filter(user=mover).count() == 1
    assert len(mail.outbox) == 1


def test_a_player_without_an_email_address_still_gets_the_push(vapid, push_service, players, api_client_for):
    for user in players:
        type(user).objects.filter(pk=user.pk).update(email="")
    game, mover, phone = begin(api_client_for, push_service, players)
    assert mail.outbox == []
    assert phone.read(push_service.received[0])["body"] == f"Your turn in Argo #{game.pk}"


def test_pushes_speak_the_players_language(vapid, push_service, players, api_client_for):
    game, mover, phone = begin(api_client_for, push_service, players, language="de")
    assert phone.read(push_service.received[0])["body"] == f"Du bist am Zug in Argo #{game.pk}"


def test_no_keys_no_pushes(settings, push_service, players, api_client_for):
    settings.VAPID_PUBLIC_KEY = settings.VAPID_PRIVATE_KEY = ""
    local_push_service(settings)
    begin(api_client_for, push_service, players)
    assert push_service.received == [] and len(mail.outbox) == 1


# --- which notices, for whom -----------------------------------------------------------------------

def played_out_by_bots(push_service, game: Game, alice, bob) -> Game:
    """Bob joins alice's game, both resign and the bots play both seats to the end; only the
    notices sent from then on are kept."""
    services.join_game(bob, game.pk)
    push_service.received.clear()
    mail.outbox.clear()
    services.resign(alice, game.pk)
    services.resign(bob, game.pk)
    return Game.objects.get(pk=game.pk)


def test_invitations_and_finished_games_are_pushed_and_emailed(vapid, push_service, players, api_client_for):
    alice, bob = players
    phone = Browser(push_service, "bob")
    subscribe(api_client_for, bob, phone)
    game = services.create_game(alice, game="argo", players=2, hours_per_move=24, invite=["bob"])
    assert [phone.read(d)["body"] for d in push_service.received] == [f"alice invites you to Argo #{game.pk}"]
    assert [m.subject for m in mail.outbox if bob.email in m.to] == [f"alice invites you to Argo #{game.pk}"]

    game = played_out_by_bots(push_service, game, alice, bob)
    assert game.status == Game.Status.FINISHED
    over = [body for body in (phone.read(d)["body"] for d in push_service.received) if "is over" in body]
    ending = rules.presentation("argo").ending(game.outcome, "en")
    assert ending and over == [f"Argo #{game.pk} is over: you placed {Seat.objects.get(game=game, user=bob).rank} of 2. {ending}"]
    subjects = sorted(m.subject for m in mail.outbox if m.subject.startswith(f"Argo #{game.pk} is over"))
    assert len(subjects) == 2, "each player hears how the game ended, once"
    tasks.game_over_notices(game.pk)
    assert len([m for m in mail.outbox if "is over" in m.subject]) == 2


def test_each_kind_has_its_own_switch(vapid, push_service, players, api_client_for):
    alice, bob = players
    phone = Browser(push_service, "bob")
    subscribe(api_client_for, bob, phone)
    answer = api_client_for(bob).patch("/api/me/", {"notify_invitations": False, "notify_game_over": False}, format="json")
    assert answer.status_code == 200 and answer.json()["notify_invitations"] is False
    game = services.create_game(alice, game="argo", players=2, hours_per_move=24, invite=["bob"])
    services.join_game(bob, game.pk)
    services.resign(alice, game.pk)
    services.resign(bob, game.pk)
    assert not [m for m in mail.outbox if bob.email in m.to and ("invites" in m.subject or "is over" in m.subject)]
    assert all("invites" not in phone.read(d)["body"] and "is over" not in phone.read(d)["body"]
               for d in push_service.received)
    assert [m for m in mail.outbox if alice.email in m.to and "is over" in m.subject], "alice kept her switch on"


def test_a_muted_game_sends_nothing_and_unmuting_brings_it_back(vapid, push_service, players, api_client_for):
    for user in players:  # both have the site open: the first turn's notice is held back
        Connection.objects.create(user=user, channel_name=f"tab.{user.username}")
    game, mover, phone = begin(api_client_for, push_service, players)
    assert mail.outbox == [] and push_service.received == []
    answer = api_client_for(mover).post(f"/api/games/{game.pk}/mute/", {"muted": True}, format="json")
    assert answer.status_code == 200 and answer.json() == {"muted": True}
    Connection.objects.filter(user=mover).delete()
    tasks.user_left(mover.pk)
    tasks.pending_turn_emails()
    assert mail.outbox == [] and push_service.received == [], "a muted game sent a notice"

    api_client_for(mover).post(f"/api/games/{game.pk}/mute/", {"muted": False}, format="json")
    tasks.pending_turn_emails()
    assert len(mail.outbox) == 1 and len(push_service.received) == 1


def test_mute_refuses_strangers_and_wrong_types(players, make_user, api_client_for):
    alice, bob = players
    game = start_game(alice, bob)
    carol = make_user("carol")
    assert api_client_for(carol).post(f"/api/games/{game.pk}/mute/", {"muted": True}, format="json").status_code == 403
    bad = api_client_for(alice).post(f"/api/games/{game.pk}/mute/", {"muted": "yes"}, format="json")
    assert bad.status_code == 400 and "muted" in bad.json()["errors"]
    assert api_client_for(alice).post("/api/games/999999/mute/", {"muted": True}, format="json").status_code == 404
    assert not Seat.objects.filter(muted=True).exists()


def test_the_game_page_mutes_and_unmutes(players, client):
    alice, bob = players
    game = start_game(alice, bob)
    client.force_login(alice)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "Mute this game" in page
    client.post(f"/games/{game.pk}/mute/", {"muted": "1"})
    assert Seat.objects.get(game=game, user=alice).muted
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "No emails or notifications about this game." in page and "Notify me about this game again" in page
    client.post(f"/games/{game.pk}/mute/", {"muted": "0"})
    assert not Seat.objects.get(game=game, user=alice).muted


def test_an_open_tab_holds_the_turn_back_unless_the_player_wants_it_always(players):
    for user in players:
        Connection.objects.create(user=user, channel_name=f"tab.{user.username}")
    game = start_game(*players)
    assert mail.outbox == []
    mover = to_move(game).user
    type(mover.profile).objects.filter(user=mover).update(notify_while_online=True)
    tasks.pending_turn_emails()
    assert [m.subject for m in mail.outbox] == [f"Your turn in Argo #{game.pk}"]


def test_a_tab_that_is_away_holds_nothing_back(players):
    for user in players:
        Connection.objects.create(user=user, channel_name=f"tab.{user.username}", away=True)
    game = start_game(*players)
    assert [m.subject for m in mail.outbox] == [f"Your turn in Argo #{game.pk}"]


# --- devices ---------------------------------------------------------------------------------------

def test_devices_are_listed_renewed_and_removed(vapid, push_service, players, api_client_for, client):
    alice, bob = players
    phone, laptop = Browser(push_service, "phone"), Browser(push_service, "laptop")
    assert subscribe(api_client_for, alice, phone).status_code == 201
    assert subscribe(api_client_for, alice, laptop, label="Firefox · Windows").status_code == 201
    assert subscribe(api_client_for, alice, phone, label="Chrome · Android").status_code == 200, "a renewal is an update"
    listed = api_client_for(alice).get("/api/me/devices/").json()
    assert [d["label"] for d in listed] == ["Chrome · Android", "Firefox · Windows"]
    assert all(set(d) == {"id", "label", "created_at", "last_push_at"} for d in listed), "keys never leave the server"

    client.force_login(alice)
    page = client.get("/settings/").content.decode()
    assert "Chrome · Android" in page and "Firefox · Windows" in page and 'id="push-on"' in page
    client.post("/settings/", {"delete_device": str(listed[0]["id"])})
    assert api_client_for(bob).delete(f"/api/me/devices/{listed[1]['id']}/").status_code == 404, "not bob's"
    assert api_client_for(alice).delete(f"/api/me/devices/{listed[1]['id']}/").status_code == 204
    assert not PushDevice.objects.exists()


@pytest.mark.parametrize("change, field", [
    ({"endpoint": "not a url"}, "endpoint"),
    ({"p256dh": "AAAA"}, "p256dh"),
    ({"p256dh": None}, "p256dh"),
    ({"auth": b64url(b"x" * 15)}, "auth"),
    ({"label": 7}, "label"),
])
def test_a_bad_subscription_is_400_and_stores_nothing(vapid, push_service, players, api_client_for, change, field):
    body = {**Browser(push_service, "x").device(), **change}
    answer = api_client_for(players[0]).post("/api/me/devices/", body, format="json")
    assert answer.status_code == 400 and field in answer.json()["errors"]
    assert not PushDevice.objects.exists()


def test_push_services_are_reached_over_https_only(settings, players, api_client_for):
    settings.PUSH_ALLOW_HTTP = False
    body = Browser.__new__(Browser)
    body.key, body.auth, body.endpoint = ec.generate_private_key(ec.SECP256R1()), os.urandom(16), "http://10.0.0.1/push"
    answer = api_client_for(players[0]).post("/api/me/devices/", body.device(), format="json")
    assert answer.status_code == 400 and "https" in answer.json()["detail"]


# --- the installable site ----------------------------------------------------------------------------

def test_the_site_is_installable(client):
    manifest = client.get("/manifest.webmanifest")
    assert manifest["Content-Type"] == "application/manifest+json"
    data = manifest.json()
    assert data["display"] == "standalone" and data["start_url"] == "/games/mine/"
    sizes = {icon["sizes"] for icon in data["icons"] if icon["type"] == "image/png"}
    assert {"192x192", "512x512"} <= sizes
    from django.contrib.staticfiles import finders
    for icon in data["icons"]:
        assert finders.find(icon["src"].removeprefix("/static/")), icon["src"]
    page = client.get("/").content.decode()
    assert 'rel="manifest"' in page and "js/pwa.js" in page

    worker = client.get("/sw.js")
    assert worker["Content-Type"].startswith("text/javascript")
    assert worker["Service-Worker-Allowed"] == "/" and "no-cache" in worker["Cache-Control"]
    source = worker.content.decode()
    assert '"/offline/"' in source and "showNotification" in source and "notificationclick" in source
    offline = client.get("/offline/")
    assert offline.status_code == 200 and "You are offline" in offline.content.decode()


def test_the_twenty_first_device_is_refused_until_one_is_removed(vapid, push_service, players, api_client_for):
    alice = players[0]
    for n in range(20):
        subscribe(api_client_for, alice, Browser(push_service, f"d{n}"))
    extra = Browser(push_service, "one-too-many")
    answer = api_client_for(alice).post("/api/me/devices/", extra.device(), format="json")
    assert answer.status_code == 409 and "at most 20" in answer.json()["detail"]
    assert PushDevice.objects.filter(user=alice).count() == 20
    api_client_for(alice).delete(f"/api/me/devices/{PushDevice.objects.filter(user=alice).first().pk}/")
    assert subscribe(api_client_for, alice, extra).status_code == 201


# --- only the push services' own hosts -------------------------------------------------------------

def with_endpoint(service: PushService, endpoint: str) -> dict:
    return {**Browser(service, "x").device(), "endpoint": endpoint}


@pytest.mark.parametrize("endpoint", [
    "https://127.0.0.1/push", "https://127.0.0.1:6379/", "https://10.0.0.1/push", "https://2130706433/push",
    "https://localhost/push", "https://redis/push", "https://metadata.google.internal/computeMetadata/v1/",
    "https://db.internal.example.org/push", "https://fcm.googleapis.com:8443/fcm/send/x",
    "https://fcm.googleapis.com.attacker.example/fcm/send/x", "https://notfcm.googleapis.com/fcm/send/x",
    "https://fcm.googleapis.com@127.0.0.1/x", "https://fcm.googleapis.com./fcm/send/x",
    "http://fcm.googleapis.com/fcm/send/x", "https://[::1]/push",
])
def test_an_endpoint_that_is_not_a_push_services_is_400_and_stores_nothing(settings, push_service, players,
                                                                           api_client_for, endpoint):
    settings.PUSH_ALLOW_HTTP = False  # production
    answer = api_client_for(players[0]).post("/api/me/devices/", with_endpoint(push_service, endpoint), format="json")
    assert answer.status_code == 400 and "push service" in answer.json()["detail"]
    assert not PushDevice.objects.exists()


@pytest.mark.parametrize("endpoint", [
    "https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b",
    "https://fcm.googleapis.com:443/fcm/send/x",
    "https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk",
    "https://web.push.apple.com/QGx1Y2FzLmV4YW1wbGU",
    "https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB",
])
def test_the_push_services_browsers_use_are_taken(settings, push_service, players, api_client_for, endpoint):
    settings.PUSH_ALLOW_HTTP = False
    answer = api_client_for(players[0]).post("/api/me/devices/", with_endpoint(push_service, endpoint), format="json")
    assert answer.status_code == 201, answer.content
    assert PushDevice.objects.get().endpoint == endpoint


def test_the_list_of_push_services_is_a_setting(settings, push_service, players, api_client_for):
    settings.PUSH_ALLOW_HTTP = False
    body = with_endpoint(push_service, "https://push.example.net/s/1")
    assert api_client_for(players[0]).post("/api/me/devices/", body, format="json").status_code == 400
    settings.PUSH_SERVICE_HOSTS = ["push.example.net"]
    assert api_client_for(players[0]).post("/api/me/devices/", body, format="json").status_code == 201
    fcm = with_endpoint(push_service, "https://fcm.googleapis.com/fcm/send/x")
    assert api_client_for(players[0]).post("/api/me/devices/", fcm, format="json").status_code == 400


def test_a_device_stored_with_an_endpoint_no_longer_allowed_gets_nothing_and_is_removed(vapid, push_service, players,
                                                                                         settings):
    alice, bob = players
    for user in players:
        PushDevice.objects.create(user=user, **Browser(push_service, user.username).device())
    settings.PUSH_SERVICE_HOSTS = ["fcm.googleapis.com"]  # the stand-in is no push service now
    start_game(alice, bob)
    assert push_service.received == [], "the site posted to a host that is not a push service"
    assert PushDevice.objects.count() == 1, "only the player to move was pushed to, so only that device went"
    assert len(mail.outbox) == 1


def test_a_p256dh_key_off_the_curve_is_400(vapid, push_service, players, api_client_for):
    off_curve = b64url(b"\x04" + b"\x01" * 64)
    body = {**Browser(push_service, "x").device(), "p256dh": off_curve}
    answer = api_client_for(players[0]).post("/api/me/devices/", body, format="json")
    assert answer.status_code == 400 and "curve" in answer.json()["detail"]
    assert not PushDevice.objects.exists()


def test_a_device_whose_keys_cannot_encrypt_is_removed_and_the_email_still_goes(vapid, push_service, players):
    alice, bob = players
    for user in players:  # stored before keys were checked
        PushDevice.objects.create(user=user, endpoint=f"{push_service.origin}/push/{user.username}",
                                  p256dh=b64url(b"\x04" + b"\x01" * 64), auth=b64url(os.urandom(16)))
    start_game(alice, bob)
    assert push_service.received == []
    assert PushDevice.objects.count() == 1, "the unusable device of the player to move was kept"
    assert len(mail.outbox) == 1


@pytest.mark.parametrize("status", [400, 403, 413])
def test_a_device_the_push_service_refuses_for_good_is_removed(vapid, push_service, players, api_client_for, status):
    push_service.status = status
    game, mover, phone = begin(api_client_for, push_service, players)
    assert len(push_service.received) == 1
    assert not PushDevice.objects.filter(user=mover).exists()
    assert PushDevice.objects.count() == 1 and len(mail.outbox) == 1


@pytest.mark.parametrize("status", [429, 503])
def test_a_device_the_push_service_only_puts_off_is_kept(vapid, push_service, players, api_client_for, status):
    push_service.status = status
    game, mover, phone = begin(api_client_for, push_service, players)
    assert len(push_service.received) == 1 and PushDevice.objects.count() == 2


def test_taking_over_another_accounts_device_counts_toward_the_limit(vapid, push_service, players, api_client_for):
    alice, bob = players
    shared = Browser(push_service, "shared")
    subscribe(api_client_for, bob, shared)
    for n in range(20):
        subscribe(api_client_for, alice, Browser(push_service, f"d{n}"))
    answer = api_client_for(alice).post("/api/me/devices/", shared.device(), format="json")
    assert answer.status_code == 409 and "at most 20" in answer.json()["detail"]
    assert PushDevice.objects.filter(user=alice).count() == 20
    assert PushDevice.objects.get(endpoint=shared.endpoint).user == bob
    api_client_for(alice).delete(f"/api/me/devices/{PushDevice.objects.filter(user=alice).first().pk}/")
    assert subscribe(api_client_for, alice, shared).status_code == 200
    assert PushDevice.objects.get(endpoint=shared.endpoint).user == alice


@pytest.mark.parametrize("name", rules.names())
def test_a_finished_game_is_told_why_it_ended_in_the_players_language(vapid, push_service, players, api_client_for, name):
    """The game's own words for its end (its rules' `ending`) in the push and the email, and who
    resigned among the places: German for a German player."""
    alice, bob = players
    bob.profile.language = "de"
    bob.profile.save()
    phone = Browser(push_service, "bob")
    subscribe(api_client_for, bob, phone)
    game = played_out_by_bots(push_service, services.create_game(alice, game=name, players=2, hours_per_move=24), alice, bob)
    ending = rules.presentation(name).ending(game.outcome, "de")
    assert ending and ending != rules.presentation(name).ending(game.outcome, "en")
    pushed = [phone.read(d)["body"] for d in push_service.received]
    assert [body for body in pushed if ending in body] == [body for body in pushed if "ist zu Ende" in body] != []
    email = next(m for m in mail.outbox if bob.email in m.to and "ist zu Ende" in m.subject)
    assert ending in email.subject and ending in email.body
    assert "(aufgegeben)" in email.body and ending in email.alternatives[0][0]
