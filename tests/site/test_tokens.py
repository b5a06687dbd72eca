"""API tokens end with the password they were taken with, can be revoked, and never travel in a
URL: a socket signs in with the Authorization header or a single-use ticket."""
from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync
from rest_framework.test import APIClient

from .test_notifications_ws import attempt, token_of

pytestmark = pytest.mark.django_db(transaction=True)


def take_token(username="alice", password="pass-word-1"):
    return APIClient().post("/api/auth/token/", {"username": username, "password": password}, format="json")


def signed_in(key):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def test_a_new_password_ends_the_old_token_however_it_is_set(make_user, client):
    alice = make_user("alice")
    old = take_token().json()["token"]
    assert signed_in(old).get("/api/me/").status_code == 200
    client.force_login(alice)
    response = client.post("/accounts/password/change/", {
        "oldpassword": "pass-word-1", "password1": "a-new-secret-7", "password2": "a-new-secret-7"})
    assert response.status_code == 302, response.content
    assert signed_in(old).get("/api/me/").status_code == 401
    new = take_token(password="a-new-secret-7").json()["token"]
    assert new != old and signed_in(new).get("/api/me/").status_code == 200
    alice.refresh_from_db()
    alice.set_password("third-secret-9")  # as the admin's form or a reset does
    alice.save()
    assert signed_in(new).get("/api/me/").status_code == 401


def test_saving_a_profile_or_signing_in_on_a_page_keeps_the_token_and_taking_one_anew_ends_it(make_user, client):
    alice = make_user("alice")
    key = take_token().json()["token"]
    alice.first_name = "Alice"
    alice.save()
    client.login(username="alice", password="pass-word-1")
    assert signed_in(key).get("/api/me/").status_code == 200
    new = take_token().json()["token"]
    assert new != key and signed_in(key).get("/api/me/").status_code == 401
    assert signed_in(new).get("/api/me/").status_code == 200


def test_a_token_can_be_revoked(make_user):
    make_user("alice")
    key = take_token().json()["token"]
    assert signed_in(key).delete("/api/auth/token/").status_code == 204
    assert signed_in(key).get("/api/me/").status_code == 401
    assert take_token().json()["token"] != key
    refused = APIClient().delete("/api/auth/token/")
    assert refused.status_code == 401 and refused.json()["detail"]


def test_a_stale_token_header_does_not_block_taking_a_new_token(make_user):
    make_user("alice")
    client = signed_in("revoked-long-ago")
    response = client.post("/api/auth/token/", {"username": "alice", "password": "pass-word-1"}, format="json")
    assert response.status_code == 200 and response.json()["token"]


def test_a_socket_takes_no_token_from_its_url_but_a_header_or_a_ticket_once(make_user):
    alice = make_user("alice")
    key = token_of(alice)
    ticket = signed_in(key).post("/api/auth/ws-ticket/").json()
    assert ticket["expires_in"] == 60 and key not in ticket["ticket"]
    assert APIClient().post("/api/auth/ws-ticket/").status_code == 401

    async def scenario():
        assert await attempt(f"/ws/me/?token={key}") == (False, 4401)
        assert (await attempt("/ws/me/", key))[0] is True
        assert (await attempt(f"/ws/me/?ticket={ticket['ticket']}"))[0] is True
        assert await attempt(f"/ws/me/?ticket={ticket['ticket']}") == (False, 4401)  # single use
        assert await attempt("/ws/me/?ticket=made-up") == (False, 4401)
    async_to_sync(scenario)()


def test_the_same_password_hashed_anew_keeps_the_token(make_user):
    alice = make_user("alice")
    key = take_token().json()["token"]
    alice.set_password("pass-word-1")  # what Django does when a login finds an outdated hash
    alice.save(update_fields=["password"])
    assert signed_in(key).get("/api/me/").status_code == 200


def test_two_sign_ins_at_once_both_get_a_key_and_the_last_one_works(make_user, settings):
    import threading

    from django.db import connection
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # close together
    make_user("alice")
    # Fewer than LOGIN_LIMITS["account"]: every password check in flight holds one of its slots until
    # it is known to be right, so a sixth sign-in at the same instant would be told to wait.
    together = settings.LOGIN_LIMITS["account"][0] - 1
    start, answers = threading.Barrier(together), []

    def sign_in():
        start.wait()
        try:
            answers.append(take_token())
        finally:
            connection.close()
    threads = [threading.Thread(target=sign_in) for _ in range(together)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert [a.status_code for a in answers] == [200] * together, [a.content for a in answers]
    working = [a.json()["token"] for a in answers if signed_in(a.json()["token"]).get("/api/me/").status_code == 200]
    assert len(working) == 1
