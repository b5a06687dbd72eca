"""Limits a public site needs: failed logins per account and address (the login form and the token
endpoint share one count), and what one person can do in a while (chat, new games, invitations).
Each answer past a limit is 429 with a JSON `detail` and `Retry-After`; a normal player meets none."""
from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import time_machine
from django.core.cache import cache
from rest_framework.test import APIClient

from games import services
from tests.django_fixtures import in_parallel

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
    hour = datetime.now(UTC).replace(minute=0, second=0, microsecond=0) + timedelta(hours=1)
    with time_machine.travel(hour, tick=True):
        yield


def token_attempt(username, password):
    return APIClient().post("/api/auth/token/", {"username": username, "password": password}, format="json")


def test_wrong_passwords_lock_the_account_for_the_token_endpoint_and_the_login_form(make_user, client):
    make_user("alice", password=PASSWORD)
    answers = [token_attempt("alice", "wrong").status_code for _ in range(6)]
    assert answers == [401] * 5 + [429]
    refused_at_both_doors(client, "alice", "Too many failed login attempts")  # even the right password waits now


def refused_at_both_doors(client, login: str, says: str) -> None:
    """The right password, refused by the token endpoint (JSON) and the login form (its page, saying
    why), each with a 429 and Retry-After."""
    api = token_attempt(login, PASSWORD)
    assert api.status_code == 429 and int(api["Retry-After"]) > 0 and "too many" in api.json()["detail"]
    form = client.post("/accounts/login/", {"login": login, "password": PASSWORD})
    assert form.status_code == 429 and int(form["Retry-After"]) > 0 and says in form.content.decode()


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



@pytest.mark.parametrize("language, says", [("en", "at most 1 new games in 60 minutes"),
                                            ("de", "höchstens 1 neue Spiele in 60 Minuten"),
                                            ("fr", "au plus 1 nouvelles parties en 60 minutes")])
def test_the_new_game_page_past_its_limit_is_a_429_in_the_readers_language(make_user, client, settings, language, says):
    from accounts.models import Profile
    settings.USER_LIMITS = {**settings.USER_LIMITS, "create_game": (1, 3600)}
    alice = make_user("alice")
    Profile.objects.filter(user=alice).update(language=language)
    client.force_login(alice)
    form = {"players": "2", "hours_per_move": "24"}
    assert client.post("/games/new/argo/", form).status_code == 302
    refused = client.post("/games/new/argo/", form)
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0 and says in refused.content.decode()


# --- parallel requests: the counts are atomic ------------------------------------------------------

@pytest.mark.django_db(transaction=True)
def test_sixty_chat_lines_at_once_store_exactly_the_twenty_allowed(make_user, api_client_for, settings):
    alice, bob = make_user("alice"), make_user("bob")
    game = services.create_game(alice, game="argo", players=2)
    services.join_game(bob, game.pk)
    api_client_for(alice)  # the token, made before the threads start

    def post_five(index):
        client = api_client_for(alice)
        return [client.post(f"/api/games/{game.pk}/chat/", {"text": f"line {index}.{n}"}, format="json").status_code
                for n in range(5)]

    answers = [code for codes in in_parallel(12, post_five) for code in (codes if isinstance(codes, list) else [codes])]
    assert sorted(answers, key=str) == [201] * 20 + [429] * 40, answers
    assert game.chat.count() == 20


@pytest.fixture
def counted_password_checks(monkeypatch):
    """How many times the site asked the authentication backends whether a password is right."""
    import allauth.account.adapter as allauth_adapter
    checks = []
    lock = threading.Lock()
    check = allauth_adapter.authenticate

    def counting(request, **credentials):
        with lock:
            checks.append(credentials.get("username") or credentials.get("email"))
        return check(request, **credentials)
    monkeypatch.setattr(allauth_adapter, "authenticate", counting)
    return checks


@pytest.mark.django_db(transaction=True)
def test_thirty_wrong_passwords_at_once_check_at_most_five(make_user, counted_password_checks, settings):
    make_user("alice", password=PASSWORD)
    answers = in_parallel(30, lambda index: token_attempt("alice", f"guess {index}").status_code)
    assert len(counted_password_checks) <= 5, counted_password_checks
    assert answers.count(401) == len(counted_password_checks) and answers.count(429) == 30 - answers.count(401), answers


def test_the_username_and_the_email_of_one_account_share_one_count(make_user):
    make_user("alice", password=PASSWORD)
    answers = [token_attempt(login, "wrong").status_code
               for login in ["alice", "ALICE@example.org", "Alice", "alice@example.org", "alice@EXAMPLE.org",
                             "alice", "alice@example.org"]]
    assert answers == [401] * 5 + [429] * 2


def test_a_correct_password_gives_its_attempt_back_but_does_not_forget_the_guesses(make_user):
    make_user("alice", password=PASSWORD)
    assert [token_attempt("alice", "wrong").status_code for _ in range(4)] == [401] * 4
    assert [token_attempt("alice", PASSWORD).status_code for _ in range(3)] == [200] * 3
    assert [token_attempt("alice@example.org", "wrong").status_code for _ in range(2)] == [401, 429]


# --- every sign-in, whatever its result: each is a password check of about half a second of CPU ----

def test_right_passwords_too_meet_the_limit_of_sign_ins_per_account(make_user, client, settings):
    make_user("alice", password=PASSWORD)
    allowed = settings.LOGIN_LIMITS["sign_ins_account"][0]
    answers = [token_attempt("alice", PASSWORD).status_code for _ in range(allowed + 1)]
    assert answers == [200] * allowed + [429]
    # The same account named by its email address.
    refused_at_both_doors(client, "alice@example.org", "Too many sign-ins to this account or from this place")


def test_sign_ins_to_many_accounts_from_one_place_meet_its_limit(make_user, settings):
    allowed = settings.LOGIN_LIMITS["sign_ins_address"][0]
    for n in range(allowed + 1):
        make_user(f"player{n}", password=PASSWORD)
    answers = [token_attempt(f"player{n}", PASSWORD).status_code for n in range(allowed + 1)]
    assert answers == [200] * allowed + [429]
    elsewhere = APIClient().post("/api/auth/token/", {"username": "player0", "password": PASSWORD}, format="json",
                                 REMOTE_ADDR="203.0.113.7")
    assert elsewhere.status_code == 200


@pytest.mark.parametrize("language, says", [("en", "Too many sign-ins to this account or from this place"),
                                            ("de", "Zu viele Anmeldungen bei diesem Konto oder von diesem Ort"),
                                            ("fr", "Trop de connexions à ce compte ou depuis cet endroit")])
def test_the_sign_in_page_past_the_limit_is_a_429_in_the_readers_language(make_user, client, settings, language, says):
    make_user("alice", password=PASSWORD)
    for _ in range(settings.LOGIN_LIMITS["sign_ins_account"][0]):
        assert token_attempt("alice", PASSWORD).status_code == 200
    form = client.post("/accounts/login/", {"login": "alice", "password": PASSWORD}, HTTP_ACCEPT_LANGUAGE=language)
    assert form.status_code == 429 and says in form.content.decode()


# --- the client's address: what our own proxy saw --------------------------------------------------

def attempt_through(remote_addr, forwarded_for, username):
    return APIClient().post("/api/auth/token/", {"username": username, "password": "wrong"}, format="json",
                            REMOTE_ADDR=remote_addr, HTTP_X_FORWARDED_FOR=forwarded_for)


def test_behind_one_proxy_a_rotating_forwarded_header_still_meets_the_address_limit(settings):
    """The client writes its own X-Forwarded-For; our proxy adds the address it saw after it. Only
    that last entry counts, so a new made-up address on every guess gains nothing."""
    settings.TRUSTED_PROXY_COUNT, settings.TRUSTED_PROXY_ADDRESSES = 1, ["10.0.0.2"]
    allowed = settings.LOGIN_LIMITS["address"][0]
    answers = [attempt_through("10.0.0.2", f"198.51.100.{n}, 203.0.113.7", f"nobody{n}").status_code
               for n in range(allowed + 1)]
    assert answers == [401] * allowed + [429]
    # Another client behind the same proxy, or one naming the locked address as its own, is not locked out.
    assert attempt_through("10.0.0.2", "203.0.113.8", "someone").status_code == 401
    assert attempt_through("10.0.0.2", "203.0.113.7, 203.0.113.9", "someone").status_code == 401


def test_without_a_trusted_proxy_the_forwarded_header_is_ignored(settings):
    settings.TRUSTED_PROXY_COUNT = 0
    allowed = settings.LOGIN_LIMITS["address"][0]
    answers = [attempt_through("203.0.113.7", f"198.51.100.{n}", f"nobody{n}").status_code for n in range(allowed + 1)]
    assert answers == [401] * allowed + [429]


def test_a_client_that_reaches_the_application_past_the_proxy_cannot_name_its_own_address(settings):
    """The header is believed from our proxy's address only: a client connecting straight to an
    instance, writing a new X-Forwarded-For at each guess, is counted by its own address."""
    settings.TRUSTED_PROXY_COUNT, settings.TRUSTED_PROXY_ADDRESSES = 1, ["10.0.0.2"]
    allowed = settings.LOGIN_LIMITS["address"][0]
    answers = [attempt_through("203.0.113.7", f"198.51.100.{n}", f"nobody{n}").status_code for n in range(allowed + 1)]
    assert answers == [401] * allowed + [429]
    assert attempt_through("10.0.0.2", "198.51.100.1", "someone").status_code == 401  # through the proxy


def test_the_proxy_sets_the_forwarded_header_rather_than_appending_to_the_clients():
    deploy = Path(__file__).resolve().parents[3] / "deploy"
    conf = (deploy / "argo-site.conf").read_text()  # the server of nginx.conf and nginx-instances.conf
    assert "$proxy_add_x_forwarded_for" not in conf
    assert conf.count("proxy_set_header X-Forwarded-For $remote_addr;") == conf.count("proxy_pass ") == 2
    for upstreams in ("nginx.conf", "nginx-instances.conf"):
        text = (deploy / upstreams).read_text()
        assert "include argo-site.conf;" in text and "proxy_pass" not in text, upstreams


def test_the_limits_hold_while_redis_is_down(make_user, settings):
    settings.REDIS_URL = "redis://127.0.0.1:1/0"  # nothing listens there
    alice, bob = make_user("alice"), make_user("bob")
    game = services.create_game(alice, game="argo", players=2)
    services.join_game(bob, game.pk)
    allowed, _ = settings.USER_LIMITS["chat"]
    for n in range(allowed):
        services.post_chat(alice, game.pk, f"line {n}")
    with pytest.raises(services.TooMany):
        services.post_chat(alice, game.pk, "one more")


def test_a_password_reset_unlocks_the_account(make_user, client):
    from django.core import mail
    make_user("alice", password=PASSWORD)
    assert [token_attempt("alice", "wrong").status_code for _ in range(6)] == [401] * 5 + [429]
    client.post("/accounts/password/reset/", {"email": "ALICE@example.org"})
    link = next(word for word in mail.outbox[0].body.split() if "/accounts/password/reset/key/" in word)
    link = "/" + link.split("://", 1)[1].split("/", 1)[1]
    page = client.get(link, follow=True)
    new_password = "Another-Passw0rd-77"
    form_url = page.redirect_chain[-1][0] if page.redirect_chain else link
    done = client.post(form_url, {"password1": new_password, "password2": new_password})
    assert done.status_code == 302
    assert token_attempt("alice", new_password).status_code == 200


@pytest.mark.parametrize(("proxies", "remote", "forwarded", "address"), [
    (0, "203.0.113.7", "198.51.100.1", "203.0.113.7"),  # no proxy of ours: the header is the client's
    (1, "10.0.0.2", "198.51.100.1, 203.0.113.7", "203.0.113.7"),  # what our proxy appended
    (2, "10.0.0.3", "198.51.100.1, 203.0.113.7, 10.0.0.2", "203.0.113.7"),  # two of ours
    (1, "203.0.113.7", "", "203.0.113.7"),  # reached without the proxy
    (1, "10.0.0.2", "not-an-address", "10.0.0.2"),
    (1, "203.0.113.7", "198.51.100.1", "203.0.113.7"),  # no proxy of ours: the header is the client's
    (2, "10.0.0.9", "198.51.100.1, 203.0.113.7, 10.0.0.2", "10.0.0.9"),
])
def test_the_client_address_is_the_one_our_outermost_proxy_saw(settings, rf, proxies, remote, forwarded, address):
    from accounts.adapter import client_address
    settings.TRUSTED_PROXY_COUNT, settings.TRUSTED_PROXY_ADDRESSES = proxies, ["10.0.0.2", "10.0.0.3"]
    request = rf.get("/", REMOTE_ADDR=remote, HTTP_X_FORWARDED_FOR=forwarded)
    assert client_address(request) == address
