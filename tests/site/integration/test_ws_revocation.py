"""Ending a credential ends the sockets opened with it: a revoked, replaced or expired token, a
session signed out, every session and token after a new password, an account suspended. Each
closes with 4401 and its presence row goes with it; sockets of other credentials stay open."""
from __future__ import annotations

from datetime import timedelta

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from .test_notifications_ws import ORIGIN, TIMEOUT, application, connect, token_of

pytestmark = pytest.mark.django_db(transaction=True)

CLOSED = {"type": "websocket.close", "code": 4401}


def as_api(key):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def session_of(user) -> tuple[Client, str]:
    client = Client()
    client.force_login(user)
    return client, client.cookies["sessionid"].value


async def connect_with_session(path: str, session: str) -> WebsocketCommunicator:
    comm = WebsocketCommunicator(application(), path, headers=[*ORIGIN, (b"cookie", f"sessionid={session}".encode())])
    connected, code = await comm.connect(timeout=TIMEOUT)
    assert connected, f"{path} was refused with close code {code}"
    return comm


async def closed_signed_out(comm) -> None:
    assert await comm.receive_output(timeout=TIMEOUT) == CLOSED
    await comm.disconnect(timeout=TIMEOUT)  # what the server does after a close


async def still_open(comm) -> None:
    await comm.send_json_to({"type": "ping"})
    assert await comm.receive_json_from(timeout=TIMEOUT) == {"event": "pong"}


def rows_of(user):
    from games.models import Connection
    return database_sync_to_async(lambda: Connection.objects.filter(user=user).count())()


def test_revoking_a_token_closes_its_sockets_and_those_of_its_tickets_but_not_the_browsers(make_user):
    from games import services
    alice = make_user("alice")
    game, key = services.create_game(alice, game="argo", players=2), token_of(alice)
    ticket = as_api(key).post("/api/auth/ws-ticket/").json()["ticket"]
    _, session = session_of(alice)

    async def scenario():
        by_token = [await connect("/ws/me/", key), await connect(f"/ws/games/{game.pk}/", key),
                    await connect(f"/ws/me/?ticket={ticket}")]
        browser = await connect_with_session("/ws/me/", session)
        assert await rows_of(alice) == 3
        revoked = await database_sync_to_async(lambda: as_api(key).delete("/api/auth/token/"))()
        assert revoked.status_code == 204
        for comm in by_token:
            await closed_signed_out(comm)
        await still_open(browser)
        assert await rows_of(alice) == 1, "only the browser's socket still counts as present"
        await browser.disconnect(timeout=TIMEOUT)
    async_to_sync(scenario)()


def test_taking_a_new_token_ends_the_previous_key_and_its_sockets(make_user):
    make_user("alice")
    take = lambda: APIClient().post("/api/auth/token/", {"username": "alice", "password": "pass-word-1"})  # noqa: E731
    first = take().json()["token"]

    async def scenario():
        comm = await connect("/ws/me/", first)
        second = (await database_sync_to_async(take)()).json()["token"]
        assert second != first
        await closed_signed_out(comm)
        await (await connect("/ws/me/", second)).disconnect(timeout=TIMEOUT)
    async_to_sync(scenario)()
    assert as_api(first).get("/api/me/").status_code == 401


def test_a_new_password_closes_every_session_and_token_socket(make_user):
    alice = make_user("alice")
    key, (_, session) = token_of(alice), session_of(alice)

    def new_password():
        alice.set_password("a-new-secret-7")
        alice.save()

    async def scenario():
        socks = [await connect("/ws/me/", key), await connect_with_session("/ws/me/", session)]
        await database_sync_to_async(new_password)()
        for comm in socks:
            await closed_signed_out(comm)
        assert await rows_of(alice) == 0
    async_to_sync(scenario)()


def test_signing_out_closes_the_sockets_of_that_session_only(make_user):
    alice = make_user("alice")
    (leaving, session), (_, other) = session_of(alice), session_of(alice)

    async def scenario():
        gone, staying = await connect_with_session("/ws/me/", session), await connect_with_session("/ws/me/", other)
        await database_sync_to_async(lambda: leaving.post("/accounts/logout/"))()
        await closed_signed_out(gone)
        await still_open(staying)
        await staying.disconnect(timeout=TIMEOUT)
    async_to_sync(scenario)()


def test_an_expired_token_is_refused_with_a_reason_and_opens_no_socket(make_user):
    from accounts.models import ApiToken
    alice = make_user("alice")
    key = token_of(alice)
    ApiToken.objects.of_key(key).update(created=timezone.now() - timedelta(days=91))

    async def scenario():
        comm = WebsocketCommunicator(application(), "/ws/me/", headers=[*ORIGIN, (b"authorization", f"Token {key}".encode())])
        assert await comm.connect(timeout=TIMEOUT) == (False, 4401)
    async_to_sync(scenario)()
    refused = as_api(key).get("/api/me/")
    assert refused.status_code == 401 and "expired" in refused.json()["detail"]


def test_a_socket_closes_when_its_token_outlives_its_lifetime(make_user, settings):
    import asyncio
    settings.API_TOKEN_LIFETIME = timedelta(seconds=2)
    alice = make_user("alice")
    key = token_of(alice)

    async def scenario():
        comm = await connect("/ws/me/", key)
        await still_open(comm)
        await asyncio.sleep(2.2)
        await comm.send_json_to({"type": "ping"})
        await closed_signed_out(comm)
        assert await rows_of(alice) == 0
    async_to_sync(scenario)()


def test_lifting_a_suspension_does_not_bring_the_old_token_back(make_user):
    from games import services
    alice, moderator = make_user("alice"), make_user("mod", is_staff=True)
    key = token_of(alice)
    services.set_suspended(moderator, alice, True, "spam")
    services.set_suspended(moderator, alice, False, "appeal granted")
    refused = as_api(key).get("/api/me/")
    assert refused.status_code == 401 and refused.json()["detail"]
    assert APIClient().post("/api/auth/token/", {"username": "alice", "password": "pass-word-1"}).json()["token"] != key


# A ticket taken just before its credential ended must not open a socket afterwards: the sign-out
# went out while no socket of it was there to hear it, so the ticket itself is checked.

def ticket_of(client) -> str:
    taken = client.post("/api/auth/ws-ticket/")
    assert taken.status_code == 201
    return taken.json()["ticket"]


def refused_with_ticket(ticket: str, user) -> None:
    from games import presence

    async def scenario():
        comm = WebsocketCommunicator(application(), f"/ws/me/?ticket={ticket}", headers=ORIGIN)
        assert await comm.connect(timeout=TIMEOUT) == (False, 4401)
        assert await rows_of(user) == 0
    async_to_sync(scenario)()
    assert not presence.is_online(user.pk), "a refused ticket keeps nobody online"


def token_deleted(alice):
    client = as_api(token_of(alice))
    return client, lambda: client.delete("/api/auth/token/")


def session_signed_out(alice):
    browser, _ = session_of(alice)
    return browser, lambda: browser.post("/accounts/logout/")


def password_changed(alice):
    browser, _ = session_of(alice)

    def new_password():
        alice.set_password("a-new-secret-7")
        alice.save()
    return browser, new_password


@pytest.mark.parametrize("credential_ends", [token_deleted, session_signed_out, password_changed])
def test_a_ticket_opens_nothing_once_the_credential_it_was_taken_with_ended(make_user, credential_ends):
    alice = make_user("alice")
    client, end = credential_ends(alice)
    ticket = ticket_of(client)
    end()
    refused_with_ticket(ticket, alice)


def test_a_ticket_of_a_session_that_still_holds_opens_a_socket_that_closes_with_it(make_user):
    alice = make_user("alice")
    browser, _ = session_of(alice)
    ticket = ticket_of(browser)

    async def scenario():
        comm = await connect(f"/ws/me/?ticket={ticket}")
        await still_open(comm)
        await database_sync_to_async(lambda: browser.post("/accounts/logout/"))()
        await closed_signed_out(comm)
        assert await rows_of(alice) == 0
    async_to_sync(scenario)()


def test_a_credential_that_ends_while_its_ticket_opens_a_socket_closes_it(make_user):
    """The token is revoked after the ticket was redeemed but before the socket joined the account's
    group: its sign-out went out to nobody, so the socket checks the ticket's credential again."""
    from channels.layers import get_channel_layer
    alice = make_user("alice")
    key = token_of(alice)
    ticket = ticket_of(as_api(key))
    layer = get_channel_layer()
    joining = layer.group_add

    async def revoked_meanwhile(group, channel):
        if group.startswith("account-"):
            await database_sync_to_async(lambda: as_api(key).delete("/api/auth/token/"))()
        await joining(group, channel)

    layer.group_add = revoked_meanwhile
    refused_with_ticket(ticket, alice)
