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


def test_the_database_holds_no_key_that_signs_in(make_user):
    """A read of the tokens' table (or of a backup) finds digests only: none of them is a key."""
    from django.db import connection

    from accounts.models import ApiToken
    alice = make_user("alice")
    key = take_token().json()["token"]
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT * FROM {ApiToken._meta.db_table}")
        stored = [str(value) for row in cursor.fetchall() for value in row]
    assert stored and not any(key in value for value in stored)
    digest = ApiToken.objects.get(user=alice).digest
    assert signed_in(digest).get("/api/me/").status_code == 401
    assert signed_in(key).get("/api/me/").status_code == 200

    async def scenario():
        assert await attempt("/ws/me/", digest) == (False, 4401)
        assert (await attempt("/ws/me/", key))[0] is True
    async_to_sync(scenario)()


LEGACY_TABLE = ("CREATE TABLE authtoken_token (key varchar(40) PRIMARY KEY, created timestamp with time zone NOT NULL, "
                "user_id integer NOT NULL UNIQUE)")


def test_a_key_taken_before_keys_were_hashed_still_works_until_it_expires(make_user, settings):
    """The migration that hashes the keys in place: a client keeps its key, which keeps its age
    (it ends on the day it would have), and the table of plain keys is gone."""
    from datetime import timedelta

    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor
    from django.utils import timezone

    from accounts.models import ApiToken
    alice, bob = make_user("alice"), make_user("bob")
    executor = MigrationExecutor(connection)
    latest = executor.loader.graph.leaf_nodes("accounts")
    executor.migrate([("accounts", "0006_digest_day")])
    week_ago, long_ago = timezone.now() - timedelta(days=7), timezone.now() - settings.API_TOKEN_LIFETIME
    with connection.cursor() as cursor:
        cursor.execute(LEGACY_TABLE)
        cursor.execute("INSERT INTO authtoken_token VALUES (%s, %s, %s), (%s, %s, %s)",
                       ["a" * 40, week_ago, alice.pk, "b" * 40, long_ago, bob.pk])
    MigrationExecutor(connection).migrate(latest)

    assert "authtoken_token" not in connection.introspection.table_names()
    assert signed_in("a" * 40).get("/api/me/").json()["username"] == "alice"
    assert ApiToken.objects.get(user=alice).created == week_ago
    assert signed_in("b" * 40).get("/api/me/").status_code == 401  # its 90 days are over
    assert signed_in("a" * 40).delete("/api/auth/token/").status_code == 204
    assert signed_in("a" * 40).get("/api/me/").status_code == 401


def test_an_expired_token_is_refused_and_ends(make_user, settings):
    from datetime import timedelta

    import time_machine

    from accounts.models import ApiToken
    alice = make_user("alice")
    key = take_token().json()["token"]
    with time_machine.travel(settings.API_TOKEN_LIFETIME + timedelta(minutes=1)):
        refused = signed_in(key).get("/api/me/")
    assert refused.status_code == 401 and "expired" in refused.json()["detail"]
    assert not ApiToken.objects.filter(user=alice).exists()
