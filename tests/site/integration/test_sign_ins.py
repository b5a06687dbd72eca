"""Where an account is signed in (accounts.sign_ins): a token per device, a list of browsers and
programs, signing one of them out, and signing out everywhere, with the sockets of each."""
from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from django.test import Client
from rest_framework.test import APIClient

from .test_notifications_ws import TIMEOUT, connect
from .test_tokens import signed_in, take_token
from .test_ws_revocation import closed_signed_out, connect_with_session, still_open

pytestmark = pytest.mark.django_db(transaction=True)

FIREFOX_ON_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0"
SAFARI_ON_IPHONE = ("Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 "
                    "(KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1")


def sign_in_as(device: str, username="alice", password="pass-word-1"):
    return APIClient().post("/api/auth/token/", {"username": username, "password": password, "device": device},
                            format="json")


def browser(user_agent: str, username="alice", password="pass-word-1") -> Client:
    """A browser that signed in through the login form, as a person does."""
    client = Client(HTTP_USER_AGENT=user_agent)
    response = client.post("/accounts/login/", {"login": username, "password": password})
    assert response.status_code == 302, response.content
    return client


def signed_in_page(client) -> bool:
    return client.get("/settings/").status_code == 200


def test_each_device_keeps_its_own_token_and_signing_in_again_replaces_only_its_own(make_user):
    make_user("alice")
    phone, laptop = sign_in_as("phone").json()["token"], sign_in_as("laptop").json()["token"]
    assert signed_in(phone).get("/api/me/").status_code == 200
    assert signed_in(laptop).get("/api/me/").status_code == 200
    phone_again = sign_in_as("phone").json()["token"]
    assert signed_in(phone).get("/api/me/").status_code == 401, "the phone's old key ended"
    assert signed_in(laptop).get("/api/me/").status_code == 200, "the laptop's key did not"

    listed = signed_in(phone_again).get("/api/auth/tokens/").json()
    assert [(t["device"], t["current"]) for t in listed] == [("phone", True), ("laptop", False)]
    assert all(t["last_used"] and t["expires"] > t["since"] for t in listed)
    assert not any(phone_again in str(t) or laptop in str(t) for t in listed), "a list never shows a key"


def test_one_program_signed_out_from_another_ends_its_key_and_its_sockets(make_user):
    make_user("alice"), make_user("mallory")
    phone, laptop = sign_in_as("phone").json()["token"], sign_in_as("laptop").json()["token"]
    mallory = sign_in_as("mallory's", username="mallory").json()["token"]
    handle = next(t["handle"] for t in signed_in(phone).get("/api/auth/tokens/").json() if t["device"] == "laptop")
    theirs = signed_in(mallory).get("/api/auth/tokens/").json()[0]["handle"]

    async def scenario():
        on_laptop, on_phone = await connect("/ws/me/", laptop), await connect("/ws/me/", phone)
        refused = await database_sync_to_async(lambda: signed_in(phone).delete(f"/api/auth/tokens/{theirs}/"))()
        assert refused.status_code == 404 and refused.json()["detail"]
        ended = await database_sync_to_async(lambda: signed_in(phone).delete(f"/api/auth/tokens/{handle}/"))()
        assert ended.status_code == 204
        await closed_signed_out(on_laptop)
        await still_open(on_phone)
        await on_phone.disconnect(timeout=TIMEOUT)
    async_to_sync(scenario)()
    assert signed_in(laptop).get("/api/me/").status_code == 401
    assert signed_in(mallory).get("/api/me/").status_code == 200, "another account's token is untouched"
    assert signed_in(phone).get("/api/auth/tokens/not-a-handle/").status_code == 405
    assert signed_in(phone).delete("/api/auth/tokens/zz/").status_code == 404


def test_a_token_revoked_by_itself_ends_alone(make_user):
    make_user("alice")
    phone, laptop = sign_in_as("phone").json()["token"], sign_in_as("laptop").json()["token"]
    assert signed_in(phone).delete("/api/auth/token/").status_code == 204
    assert signed_in(phone).get("/api/me/").status_code == 401
    assert signed_in(laptop).get("/api/me/").status_code == 200


def test_past_the_limit_a_new_device_ends_the_oldest(make_user, settings):
    settings.API_TOKENS_PER_ACCOUNT = 3
    make_user("alice")
    keys = [sign_in_as(f"device {n}").json()["token"] for n in range(4)]
    assert [signed_in(k).get("/api/me/").status_code for k in keys] == [401, 200, 200, 200]
    assert len(signed_in(keys[-1]).get("/api/auth/tokens/").json()) == 3


def test_a_device_name_is_one_line(make_user):
    make_user("alice")
    refused = sign_in_as("phone\r\nX-Evil: 1")
    assert refused.status_code == 400 and "device" in refused.json()["errors"]
    assert take_token().status_code == 200, "a sign-in that names no device still works"


def test_the_settings_page_lists_browsers_and_programs_and_signs_one_out(make_user):
    make_user("alice")
    desk, phone = browser(FIREFOX_ON_LINUX), browser(SAFARI_ON_IPHONE)
    sign_in_as("chess-clock script")
    page = desk.get("/settings/").content.decode()
    assert "Firefox on Linux" in page and "Safari on iOS" in page and "chess-clock script" in page
    assert page.count("this browser") == 1

    from allauth.usersessions.models import UserSession
    theirs = UserSession.objects.get(user_agent=SAFARI_ON_IPHONE).pk
    response = desk.post("/settings/", {"end_browser": theirs}, follow=True)
    assert "That browser is signed out." in response.content.decode()
    assert not signed_in_page(phone), "the phone is signed out"
    assert signed_in_page(desk), "this browser is not"
    assert "Safari on iOS" not in desk.get("/settings/").content.decode()


def test_signing_out_everywhere_ends_every_browser_token_and_socket(make_user):
    make_user("alice")
    desk, phone = browser(FIREFOX_ON_LINUX), browser(SAFARI_ON_IPHONE)
    key = sign_in_as("script").json()["token"]

    async def scenario():
        sockets = [await connect("/ws/me/", key),
                   await connect_with_session("/ws/me/", phone.cookies["sessionid"].value),
                   await connect_with_session("/ws/me/", desk.cookies["sessionid"].value)]
        response = await database_sync_to_async(
            lambda: desk.post("/settings/", {"sign_out_everywhere": "1"}, follow=True))()
        assert response.redirect_chain[-1][0].startswith("/accounts/login/")
        assert "You are signed out everywhere, here too." in response.content.decode()
        for socket in sockets:
            await closed_signed_out(socket)
    async_to_sync(scenario)()
    assert not signed_in_page(desk) and not signed_in_page(phone)
    assert signed_in(key).get("/api/me/").status_code == 401
    again = browser(FIREFOX_ON_LINUX)
    assert signed_in_page(again), "signing in afterwards works as before"


def test_signing_out_everywhere_through_the_api_ends_this_token_too(make_user):
    make_user("alice")
    phone, desk = sign_in_as("phone").json()["token"], browser(FIREFOX_ON_LINUX)
    assert signed_in(phone).post("/api/auth/sign-out-everywhere/").status_code == 204
    assert signed_in(phone).get("/api/me/").status_code == 401
    assert not signed_in_page(desk)
    assert APIClient().post("/api/auth/sign-out-everywhere/").status_code == 401


def test_a_session_that_never_made_the_list_ends_too(make_user):
    """A browser signed in before the site kept its list (its session carries no mark of it): once
    the player signs out everywhere, its next request finds it signed out."""
    from importlib import import_module

    from django.conf import settings

    from accounts import sign_ins
    alice = make_user("alice")
    old = Client()
    old.force_login(alice)
    store = import_module(settings.SESSION_ENGINE).SessionStore(old.cookies["sessionid"].value)
    for mark in (sign_ins.LISTED, sign_ins.SIGNED_IN_AT):
        store.pop(mark, None)
    store.save()
    assert signed_in(sign_in_as("phone").json()["token"]).post("/api/auth/sign-out-everywhere/").status_code == 204
    assert not signed_in_page(old)


def test_allauths_list_of_sessions_is_the_settings_pages(make_user, client):
    client.force_login(make_user("alice"))
    assert client.get("/accounts/sessions/").url == "/settings/#sign-ins"


def test_a_session_signed_in_before_the_backends_were_renamed_stays_signed_in(make_user, client):
    """accounts/migrations/0013 gives each open session its backend's new name; the user of a session
    then comes with the profile in the same query (accounts.backends)."""
    import importlib

    from django.apps import apps
    from django.contrib.auth import BACKEND_SESSION_KEY, get_user
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    renamed = importlib.import_module("accounts.migrations.0013_sessions_read_the_profile")
    user = make_user("olga")
    client.force_login(user)
    session = client.session
    session[BACKEND_SESSION_KEY] = "allauth.account.auth_backends.AuthenticationBackend"
    session.save()
    assert client.get("/games/mine/").status_code == 302  # the old name signs nobody in
    renamed.rename(apps, None, renamed.RENAMED)
    assert client.get("/games/mine/").status_code == 200
    request = client.get("/games/mine/").wsgi_request  # its session read already
    with CaptureQueriesContext(connection) as read:
        assert get_user(request).profile.name == "olga"
    assert len(read.captured_queries) == 1  # the user with the profile
