"""What a client may send on a socket: a ping, answered; anything else, an error, and the socket
stays open. Presence ends with the socket or with its silence, and a suspended player's sockets
close at once."""
from __future__ import annotations

from datetime import timedelta

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async

from .test_notifications_ws import TIMEOUT, attempt, connect, token_of

pytestmark = pytest.mark.django_db(transaction=True)

GARBAGE = ["not json", '{"type": "move"}', "[1, 2]", "[" * 5000 + "]" * 5000, '{"type": "ping", "x": "' + "y" * 5000 + '"}']


def online(user_id):
    from games import presence
    return database_sync_to_async(presence.is_online)(user_id)


@pytest.mark.parametrize("path", ["/ws/me/", "/ws/games/{game}/"])
def test_bad_frames_get_an_error_and_the_socket_stays_open(make_user, path):
    from games import services
    alice = make_user("alice")
    game, key = services.create_game(alice, game="argo", players=2), token_of(alice)

    async def scenario():
        comm = await connect(path.format(game=game.pk), key)
        for frame in GARBAGE:
            await comm.send_to(text_data=frame)
            answer = await comm.receive_json_from(timeout=TIMEOUT)
            assert answer["event"] == "error" and "ping" in answer["detail"]
        await comm.send_to(bytes_data=b"\x00\xff binary")
        assert (await comm.receive_json_from(timeout=TIMEOUT))["event"] == "error"
        await comm.send_json_to({"type": "ping"})
        assert await comm.receive_json_from(timeout=TIMEOUT) == {"event": "pong"}
        await comm.disconnect(timeout=TIMEOUT)
    async_to_sync(scenario)()


def test_presence_ends_with_the_socket_and_with_its_silence(make_user):
    import time_machine
    from django.utils import timezone

    from games.models import Connection
    alice = make_user("alice")
    key = token_of(alice)

    async def scenario():
        comm = await connect("/ws/me/", key)
        assert await online(alice.pk)
        await comm.send_to(text_data="garbage")
        await comm.receive_json_from(timeout=TIMEOUT)
        assert await online(alice.pk)  # a bad frame does not end presence
        later = timezone.now() + timedelta(minutes=4)
        with time_machine.travel(later, tick=False):
            assert not await online(alice.pk)  # silent for longer than a page's ping
        await database_sync_to_async(Connection.objects.update)(seen_at=timezone.now() - timedelta(minutes=10))
        assert not await online(alice.pk)
        await comm.send_json_to({"type": "ping"})  # heard: presence is fresh again
        await comm.receive_json_from(timeout=TIMEOUT)
        assert await online(alice.pk)
        await comm.disconnect(timeout=TIMEOUT)
        assert not await online(alice.pk)
    async_to_sync(scenario)()


def test_a_suspended_players_open_sockets_close(make_user):
    from games import services
    alice, moderator = make_user("alice"), make_user("mod", is_staff=True)
    game, key = services.create_game(alice, game="argo", players=2), token_of(alice)

    async def scenario():
        me = await connect("/ws/me/", key)
        watching = await connect(f"/ws/games/{game.pk}/", key)
        await database_sync_to_async(services.set_suspended)(moderator, alice, True, "spam")
        for comm in (me, watching):
            closed = await comm.receive_output(timeout=TIMEOUT)
            assert closed == {"type": "websocket.close", "code": 4401}
            await comm.disconnect(timeout=TIMEOUT)  # what the server does after a close
        assert not await online(alice.pk)
    async_to_sync(scenario)()


def test_a_tab_that_says_it_is_away_lets_the_turn_notice_go_and_coming_back_holds_the_next(make_user):
    """A forgotten tab (hidden, or idle for minutes: static/js/live.js) must not keep a player from
    hearing it is their turn."""
    from django.core import mail

    from games import services
    from games.models import Game
    alice, bob = make_user("alice"), make_user("bob")
    keys = {u.pk: token_of(u) for u in (alice, bob)}

    async def scenario():
        socks = {pk: await connect("/ws/me/", key) for pk, key in keys.items()}
        game = await database_sync_to_async(lambda: services.join_game(bob, services.create_game(alice, game="argo", players=2).pk))()
        game = await database_sync_to_async(lambda: Game.objects.get(pk=game.pk))()
        mover = await database_sync_to_async(lambda: game.deciding_seat.user_id)()
        assert mail.outbox == [], "the open tab holds the notice back"
        await socks[mover].send_json_to({"type": "ping", "away": True})
        while (await socks[mover].receive_json_from(timeout=TIMEOUT)) != {"event": "pong"}:
            pass  # the game's own announcements come first
        assert not await online(mover)
        assert [m.subject for m in mail.outbox] == [f"Your turn in Argo #{game.pk}"], "away: the notice goes now"
        await socks[mover].send_json_to({"type": "ping", "away": False})
        while (await socks[mover].receive_json_from(timeout=TIMEOUT)) != {"event": "pong"}:
            pass  # an announcement still on its way may come before the answer to this ping
        assert await online(mover), "back at the tab: on the site again"
        for comm in socks.values():
            await comm.disconnect(timeout=TIMEOUT)
    async_to_sync(scenario)()


@pytest.mark.parametrize("query", ["ticket=%00", "ticket=%00%ff", "ticket=" + "a" * 100_000, "ticket=%ff" * 32,
                                   "ticket=a%2Fb%2Bc%3D" + "d" * 26])
def test_a_ticket_that_could_not_have_been_issued_is_no_ticket_not_an_error(make_user, query):
    from games import services
    game = services.create_game(make_user("alice"), game="argo", players=2)

    async def scenario():
        assert await attempt(f"/ws/me/?{query}") == (False, 4401)
        watcher = await connect(f"/ws/games/{game.pk}/?{query}")  # a spectator, as anyone may be
        await watcher.disconnect(timeout=TIMEOUT)
    async_to_sync(scenario)()


@pytest.mark.parametrize("origin", [b"http://[", b"http://[::1", b"http://testserver:99999", b"http://[zz]:80"])
def test_an_origin_that_is_no_url_is_refused_not_an_error(make_user, origin):
    from channels.testing import WebsocketCommunicator

    from .test_notifications_ws import application
    key = token_of(make_user("alice"))

    async def scenario():
        comm = WebsocketCommunicator(application(), "/ws/me/",
                                     headers=[(b"origin", origin), (b"authorization", f"Token {key}".encode())])
        connected, _ = await comm.connect(timeout=TIMEOUT)
        assert not connected
    async_to_sync(scenario)()


@pytest.mark.parametrize("ending", ["pong", "suspended"])
def test_a_socket_whose_client_is_gone_leaves_no_presence_whatever_the_server_sent_last(make_user, ending):
    """uvicorn raises on a send to a socket its client closed (ClientDisconnected; a RuntimeError
    from the sans-I/O protocol on uvloop); the consumer then never sees websocket.disconnect, and
    its cleanup must run all the same, without an error: after a ping's answer, or a close."""
    import asyncio

    from uvicorn.protocols.utils import ClientDisconnected

    from games import services

    from .test_notifications_ws import ORIGIN, application
    alice, moderator = make_user("alice"), make_user("mod", is_staff=True)
    key = token_of(alice)
    scope = {"type": "websocket", "path": "/ws/me/", "raw_path": b"/ws/me/", "query_string": b"",
             "headers": [*ORIGIN, (b"authorization", f"Token {key}".encode())], "subprotocols": [],
             "client": ("127.0.0.1", 5000), "server": ("testserver", 80)}
    last, failure = {"pong": ("websocket.send", ClientDisconnected), "suspended": ("websocket.close", RuntimeError)}[ending]
    sent = []

    async def scenario():
        frames = asyncio.Queue()
        frames.put_nowait({"type": "websocket.connect"})
        if ending == "pong":
            frames.put_nowait({"type": "websocket.receive", "text": '{"type": "ping"}'})

        async def receive():
            return await frames.get()  # the client is gone: nothing more comes, not even a disconnect

        async def send(message):
            sent.append(message["type"])
            if message["type"] == last:
                raise failure

        app = asyncio.ensure_future(application()(scope, receive, send))
        if ending == "suspended":
            while await rows() == 0:
                await asyncio.sleep(0.02)
            await database_sync_to_async(services.set_suspended)(moderator, alice, True, "spam")
        await asyncio.wait_for(asyncio.shield(app), TIMEOUT * 2)
        assert sent == ["websocket.accept", last]
        assert not await online(alice.pk)
        assert await rows() == 0

    def rows():
        from games.models import Connection
        return database_sync_to_async(Connection.objects.filter(user=alice).count)()
    async_to_sync(scenario)()
