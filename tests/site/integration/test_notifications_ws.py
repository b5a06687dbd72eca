"""Live notifications over WebSockets, through the real ASGI application.

Two players' clients watch one game on /ws/games/<id>/ (signed in with their API token in the
`Authorization` header) and each sees every decision, turn change and the end of the game with the
new seq; /ws/me/ tells a player that it is their turn, that they were invited and that the game
ended. Nothing in a message gives away the seed, the face-down stack or any part of the state.

The same tests run on the in-memory channel layer by default and on the real Redis channel layer
whenever REDIS_URL is set (as in CI).
"""
from __future__ import annotations

import copy
import json
import time
import uuid

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.layers import channel_layers, get_channel_layer
from channels.testing import WebsocketCommunicator

from games.reactions import notify
from tests.django_fixtures import REDIS, api_key_of

pytestmark = pytest.mark.django_db(transaction=True)

ORIGIN = [(b"origin", b"http://testserver")]
TIMEOUT = 5
ALLOWED_KEYS = {"event", "game", "seq", "seat"}
# Only a player's own /ws/me/ may also carry their own rating change when a game ends.
PERSONAL_KEYS = {"title", "rating"}
MAX_DECISIONS = 2000


@pytest.fixture(autouse=True)
def fresh_channel_layer(settings):
    """Each test builds its channel layer anew (its event loop is new too). On Redis, the groups
    of this test run get their own prefix: another run sharing the server (game 1 is everybody's
    first game) must not talk into this one."""
    if REDIS:
        layer = copy.deepcopy(settings.CHANNEL_LAYERS)
        layer["default"].setdefault("CONFIG", {})["prefix"] = f"argo-test-{uuid.uuid4().hex[:12]}"
        settings.CHANNEL_LAYERS = layer
    channel_layers.backends = {}
    yield
    channel_layers.backends = {}


def application():
    from argo_site.asgi import application as app
    return app


def token_of(user) -> str:
    return api_key_of(user)


def _headers(token: str | None):
    return ORIGIN + ([(b"authorization", f"Token {token}".encode())] if token else [])


async def connect(path: str, token: str | None = None) -> WebsocketCommunicator:
    comm = WebsocketCommunicator(application(), path, headers=_headers(token))
    connected, code = await comm.connect(timeout=TIMEOUT)
    assert connected, f"{path} was refused with close code {code}"
    return comm


async def attempt(path: str, token: str | None = None):
    """(connected, close code) for a client that may be refused."""
    comm = WebsocketCommunicator(application(), path, headers=_headers(token))
    connected, code = await comm.connect(timeout=TIMEOUT)
    if connected:
        await comm.disconnect(timeout=TIMEOUT)
    return connected, code


class Secrets:
    """The hidden information of a game: no WebSocket message may contain any of it."""

    def __init__(self, game_id: int):
        self.game_id = game_id
        self.texts: set[str] = set()

    def learn(self):
        from games import services
        from games.models import Game
        game = Game.objects.get(pk=self.game_id)
        if game.seed is not None:
            self.texts.add(str(game.seed))
            state = services.replay(game)
            stack = state.get("stack") or []
            if len(stack) >= 2:
                self.texts.add(json.dumps(stack))
                self.texts.add(json.dumps(stack, separators=(",", ":")))

    def check(self, message: dict, where: str, personal: bool = False):
        assert isinstance(message, dict), (where, message)
        allowed = ALLOWED_KEYS | (PERSONAL_KEYS if personal else set())
        assert set(message) <= allowed, f"{where}: unexpected keys {set(message) - allowed} in {message}"
        for key, value in message.items():
            if key == "rating":
                assert value is None or (set(value) == {"before", "after"}
                                         and all(isinstance(v, int) for v in value.values())), (where, message)
            else:
                assert isinstance(value, (int, str)) or value is None, (where, message)
        text = json.dumps(message)
        for secret in self.texts:
            assert secret not in text, f"{where}: message carries hidden information: {message}"


async def receive(comm: WebsocketCommunicator, secrets: Secrets, where: str) -> dict:
    personal = "/ws/me/" in where  # every `where` of a user socket names it
    try:
        message = await comm.receive_json_from(timeout=TIMEOUT)
    except Exception as exc:  # asyncio.TimeoutError: name the socket that stayed silent
        raise AssertionError(f"{where}: no message within {TIMEOUT}s ({exc!r})") from None
    secrets.check(message, where, personal)
    return message


async def drain(group: str, sockets: dict[str, WebsocketCommunicator], secrets: Secrets) -> dict[str, list[dict]]:
    """What each socket of `group` (by its `where`) hears before a mark sent to the group once all the
    site sent so far is out: the layer keeps the order of what reaches a group, so anything the site
    sent, once more or one too many, comes before the mark. No wait for silence."""
    await database_sync_to_async(notify.flush_published)()
    mark = {"event": f"mark-{uuid.uuid4().hex}"}
    await get_channel_layer().group_send(group, {"type": "announce", "payload": mark})
    heard = {}
    for where, comm in sockets.items():
        heard[where] = []
        while (message := await receive(comm, secrets, where)) != mark:
            heard[where].append(message)
    return heard


# --- driving the game from async code ------------------------------------------------------------

@database_sync_to_async
def create_game(user, invite=()):
    from games import services
    return services.create_game(user, game="argo", players=2, hours_per_move=24, invite=list(invite)).pk


@database_sync_to_async
def join_game(user, game_id):
    from games import services
    services.join_game(user, game_id)


@database_sync_to_async
def learn(secrets: Secrets):
    secrets.learn()


@database_sync_to_async
def who_decides(game_id):
    from games.models import Game
    game = Game.objects.get(pk=game_id)
    seat = game.seats.get(order=game.current_seat)
    return seat.user_id, seat.order


@database_sync_to_async
def decide_once(game_id):
    """The player to move decides (the greedy bot chooses for them) through services.submit_decision."""
    from games import services
    from games.models import Game
    game = Game.objects.get(pk=game_id)
    seat = game.seats.select_related("user").get(order=game.current_seat)
    state = services.current_state(game)
    decision = services.rules_of(game).bot("greedy", 1).choose(state)
    applied = services.submit_decision(seat.user, game.pk, game.seq, decision)
    after = Game.objects.get(pk=game_id)
    next_user = None
    if after.status == Game.Status.ACTIVE:
        next_user = after.seats.get(order=after.current_seat).user_id
    return {"seq": applied.game.seq, "finished": after.status == Game.Status.FINISHED,
            "turn_changed": after.current_seat != seat.order, "seat": after.current_seat,
            "decider": seat.user_id, "next_user": next_user}


# --- tests ---------------------------------------------------------------------------------------

def test_the_configured_channel_layer_is_used():
    layer = get_channel_layer()
    expected = "RedisPubSubChannelLayer" if REDIS else "InMemoryChannelLayer"
    assert type(layer).__name__ == expected


def test_two_players_see_each_others_decisions_turns_and_the_end(make_user):
    alice, bob = make_user("alice"), make_user("bob")
    tokens = {alice.pk: token_of(alice), bob.pk: token_of(bob)}

    async def scenario():
        me = {alice.pk: await connect("/ws/me/", tokens[alice.pk]),
              bob.pk: await connect("/ws/me/", tokens[bob.pk])}

        # An invitation reaches the invited player's /ws/me/, and only theirs.
        game_id = await create_game(alice, invite=["bob"])
        secrets = Secrets(game_id)
        invited = await receive(me[bob.pk], secrets, "bob /ws/me/")
        assert invited == {"event": "invited", "game": game_id}
        told = await drain(notify.user_group(alice.pk), {"alice /ws/me/": me[alice.pk]}, secrets)
        assert told == {"alice /ws/me/": []}, "alice was told about her own invitation"

        watch = {alice.pk: await connect(f"/ws/games/{game_id}/", tokens[alice.pk]),
                 bob.pk: await connect(f"/ws/games/{game_id}/", tokens[bob.pk])}

        await join_game(bob, game_id)
        await learn(secrets)
        first_user, first_seat = await who_decides(game_id)
        heard = await drain(notify.game_group(game_id),
                            {f"game socket of user {uid} at the start": comm for uid, comm in watch.items()}, secrets)
        for got in heard.values():
            events = [m["event"] for m in got]
            assert "started" in events, got
            assert {"event": "turn_changed", "game": game_id, "seq": 0, "seat": first_seat} in got, got
        for uid, comm in me.items():
            where = f"/ws/me/ of user {uid} at the start"
            got = (await drain(notify.user_group(uid), {where: comm}, secrets))[where]
            assert {"event": "game_started", "game": game_id, "seq": 0} in got, got
            your_turn = [m for m in got if m["event"] == "your_turn"]
            if uid == first_user:
                assert your_turn == [{"event": "your_turn", "game": game_id, "seq": 0, "title": "Argo"}], got
            else:
                assert your_turn == [], got

        seen = {"decision": 0, "turn_changed": 0, "game_over": 0}
        deciders = set()
        for _ in range(MAX_DECISIONS):
            step = await decide_once(game_id)
            await learn(secrets)  # the stack as it is now must not leak either
            deciders.add(step["decider"])
            expected = ("game_over" if step["finished"] else
                        "turn_changed" if step["turn_changed"] else "decision")
            for uid, comm in watch.items():
                message = await receive(comm, secrets, f"game socket of user {uid} after seq {step['seq']}")
                assert message["event"] == expected, (uid, step, message)
                assert message["game"] == game_id and message["seq"] == step["seq"], (uid, step, message)
                if expected != "game_over":
                    assert message["seat"] == step["seat"], (uid, step, message)
            seen[expected] += 1
            if step["finished"]:
                for uid, comm in me.items():
                    message = await receive(comm, secrets, f"/ws/me/ of user {uid} at the end")
                    message.pop("rating", None)  # the player's own rating change, checked in check()
                    assert message == {"event": "game_over", "game": game_id, "seq": step["seq"], "title": "Argo"}
                break
            if step["turn_changed"]:
                message = await receive(me[step["next_user"]], secrets, f"/ws/me/ of user {step['next_user']}")
                assert message == {"event": "your_turn", "game": game_id, "seq": step["seq"], "title": "Argo"}
                for uid in set(me) - {step["next_user"]}:  # the others' badges follow the turn
                    message = await receive(me[uid], secrets, f"/ws/me/ of user {uid} after the turn")
                    assert message == {"event": "turn_changed", "game": game_id, "seq": step["seq"]}
        else:
            raise AssertionError(f"the game did not end within {MAX_DECISIONS} decisions")

        assert deciders == {alice.pk, bob.pk}
        assert seen["decision"] > 0 and seen["turn_changed"] > 0 and seen["game_over"] == 1, seen
        # Nobody was told anything twice, or anything more.
        for group, sockets in [(notify.game_group(game_id), {"alice game": watch[alice.pk], "bob game": watch[bob.pk]}),
                               (notify.user_group(alice.pk), {"alice /ws/me/": me[alice.pk]}),
                               (notify.user_group(bob.pk), {"bob /ws/me/": me[bob.pk]})]:
            for name, extra in (await drain(group, sockets, secrets)).items():
                assert extra == [], f"{name}: unexpected extra message"
        for comm in [*watch.values(), *me.values()]:
            await comm.disconnect(timeout=TIMEOUT)

    async_to_sync(scenario)()


def test_missing_or_aborted_game_and_anonymous_me_are_refused(make_user):
    from games import services
    alice, bob = make_user("alice"), make_user("bob")
    token = token_of(alice)
    aborted = services.create_game(alice, game="argo", players=2)
    services.leave_game(alice, aborted.pk)  # the only player left: the game is aborted
    running = services.create_game(alice, game="argo", players=2)
    services.join_game(bob, running.pk)

    async def scenario():
        assert await attempt("/ws/games/999999/", token) == (False, 4403)
        assert await attempt(f"/ws/games/{aborted.pk}/", token) == (False, 4403)
        assert await attempt(f"/ws/games/{aborted.pk}/") == (False, 4403)
        assert await attempt("/ws/me/") == (False, 4401)
        assert await attempt("/ws/me/", "not-a-token") == (False, 4401)
        for path in ("/ws/games/abc/", "/ws/nothing/", "/ws/games/1/extra/"):  # no route: no traceback
            assert await attempt(path) == (False, 4404), path
        # The refusals are specific: a game in progress may be watched, a token opens /ws/me/.
        assert (await attempt(f"/ws/games/{running.pk}/", token))[0] is True
        assert (await attempt("/ws/me/", token))[0] is True

    async_to_sync(scenario)()


def test_no_email_while_a_tab_is_open_and_it_follows_when_the_last_one_closes(make_user, mailoutbox):
    from games import services
    from games.models import Game
    alice, bob = make_user("alice"), make_user("bob")
    tokens = {alice.pk: token_of(alice), bob.pk: token_of(bob)}

    async def scenario():
        tabs = {uid: [await connect("/ws/me/", key), await connect("/ws/me/", key)]
                for uid, key in tokens.items()}
        game = await database_sync_to_async(lambda: services.create_game(alice, game="argo", players=2))()
        await database_sync_to_async(services.join_game)(bob, game.pk)
        first, _ = await who_decides(game.pk)
        user = alice if first == alice.pk else bob
        assert mailoutbox == [], "a 'your turn' email to a player with the site open"
        for tab in tabs[first]:
            assert not await tab.receive_nothing(timeout=TIMEOUT)  # the socket told them instead

        await tabs[first][0].disconnect(timeout=TIMEOUT)
        assert mailoutbox == [], "an email while another tab is still open"
        await tabs[first][1].disconnect(timeout=TIMEOUT)
        assert [(m.to, m.subject) for m in mailoutbox] == [([user.email], f"Your turn in Argo #{game.pk}")]
        still = await database_sync_to_async(lambda: Game.objects.get(pk=game.pk).status)()
        assert still == Game.Status.ACTIVE
        for tab in tabs[bob.pk if first == alice.pk else alice.pk]:
            await tab.disconnect(timeout=TIMEOUT)
        assert len(mailoutbox) == 1, "the other player left too: nothing is waiting for them"

    async_to_sync(scenario)()


def test_with_the_channel_layer_unreachable_a_decision_is_stored_and_answered_201(
        settings, make_user, api_client_for):
    from games import services
    from games.models import Decision, Game

    working = settings.CHANNEL_LAYERS
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
                                           "CONFIG": {"hosts": ["redis://127.0.0.1:1/0"]}}}
    channel_layers.backends = {}
    from games.reactions import notify
    assert notify.send("game-0", {"event": "probe"}) is False, "the channel layer should be unreachable here"

    alice, bob = make_user("alice"), make_user("bob")
    clients = {alice.pk: api_client_for(alice), bob.pk: api_client_for(bob)}
    created = clients[alice.pk].post("/api/games/", {"game": "argo", "players": 2}, format="json")
    assert created.status_code == 201, created.content
    game_id = created.json()["id"]
    joined = clients[bob.pk].post(f"/api/games/{game_id}/join/")
    assert joined.status_code == 200 and joined.json()["status"] == "active", joined.content

    def post_one_decision():
        game = Game.objects.get(pk=game_id)
        seat = game.seats.get(order=game.current_seat)
        decision = services.rules_of(game).bot("greedy", 1).choose(services.current_state(game))
        began = time.monotonic()
        response = clients[seat.user_id].post(f"/api/games/{game_id}/moves/",
                                              {"seq": game.seq, "action": decision}, format="json")
        return game.seq, response, time.monotonic() - began

    seq, response, took = post_one_decision()
    assert response.status_code == 201, response.content
    assert response.json()["seq"] == seq + 1
    assert Game.objects.get(pk=game_id).seq == seq + 1
    assert Decision.objects.filter(game_id=game_id, number=seq + 1).exists()
    assert took < 15, f"the player waited {took:.1f}s for the broken channel layer"

    # The channel layer is back: the next decision is announced again.
    settings.CHANNEL_LAYERS = working
    channel_layers.backends = {}

    async def scenario():
        secrets = Secrets(game_id)
        await learn(secrets)
        comm = await connect(f"/ws/games/{game_id}/")
        step = await database_sync_to_async(post_one_decision)()
        assert step[1].status_code == 201, step[1].content
        message = await receive(comm, secrets, "spectator after the layer came back")
        assert message["game"] == game_id and message["seq"] == step[0] + 1, message
        await comm.disconnect(timeout=TIMEOUT)

    async_to_sync(scenario)()


def test_with_redis_down_for_layer_and_broker_a_decision_is_stored_and_answered_201(
        settings, make_user, api_client_for, monkeypatch, mailoutbox):
    """Redis is both the channel layer and the Celery broker: when it is down, sending the
    follow-up tasks (the next player's email, the bot's turns) fails as well. The move must still
    be stored and answered 201; the periodic catch-up sends the email later."""
    from kombu.exceptions import OperationalError

    from argo_site.celery import app
    from games import services
    from games.entry import tasks
    from games.models import Decision, Game
    from tests.django_fixtures import set_eager

    alice, bob = make_user("alice"), make_user("bob")
    game = services.create_game(alice, game="argo", players=2, hours_per_move=24)
    services.join_game(bob, game.pk)
    game = Game.objects.get(pk=game.pk)

    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
                                           "CONFIG": {"hosts": ["redis://127.0.0.1:1/0"]}}}
    channel_layers.backends = {}

    def send_to_unreachable_broker(*args, **kwargs):
        with app.connection_for_write("redis://127.0.0.1:1/0") as connection:
            connection.ensure_connection(max_retries=1)  # raises, as a send to a dead broker does
        raise AssertionError("the broker at 127.0.0.1:1 answered")

    with pytest.raises(OperationalError):
        send_to_unreachable_broker()
    monkeypatch.setattr(app, "send_task", send_to_unreachable_broker)
    eager = app.conf.task_always_eager
    set_eager(app, False)
    try:
        client = api_client_for(game.seats.get(order=game.current_seat).user)
        client.raise_request_exception = False  # see what the player sees
        decided = 0
        # Decide until the turn passes: that is when the next player's email is sent for.
        while True:
            game = Game.objects.get(pk=game.pk)
            mover = game.current_seat
            decision = services.rules_of(game).bot("greedy", 1).choose(services.current_state(game))
            response = client.post(f"/api/games/{game.pk}/moves/", {"seq": game.seq, "action": decision},
                                   format="json")
            assert Decision.objects.filter(game=game, number=game.seq + 1).exists(), "the move was lost"
            assert response.status_code == 201, (response.status_code, response.content[:300])
            decided += 1
            after = Game.objects.get(pk=game.pk)
            if after.status != Game.Status.ACTIVE or after.current_seat != mover or decided > 200:
                break
        assert after.seq == game.seq + 1
        tasks.sent_all()  # every send was tried (and failed) off the request
    finally:
        set_eager(app, eager)
    if after.status == Game.Status.ACTIVE:
        # Nothing was sent during the outage; once Redis is back the catch-up sends the turn email once.
        next_player = after.seats.get(order=after.current_seat).user
        assert [m for m in mailoutbox if next_player.email in m.to] == []
        for _ in range(2):
            tasks.pending_turn_emails()
        assert [m.subject for m in mailoutbox if next_player.email in m.to] == [f"Your turn in Argo #{after.pk}"]


def test_an_invitation_closed_by_the_start_recounts_the_invited_players_badge(make_user):
    """carol invites bob to a game for two; dave takes the free seat and the game starts: bob's
    /ws/me/ hears it (his page counts the games waiting for him again), and nothing waits for him."""
    from games import services
    carol, bob, dave = make_user("carol"), make_user("bob"), make_user("dave")
    token = token_of(bob)

    async def scenario():
        me = await connect("/ws/me/", token)
        game_id = await create_game(carol, invite=["bob"])
        secrets = Secrets(game_id)
        assert (await receive(me, secrets, "bob /ws/me/"))["event"] == "invited"
        await join_game(dave, game_id)
        got = (await drain(notify.user_group(bob.pk), {"bob /ws/me/": me}, secrets))["bob /ws/me/"]
        await me.disconnect(timeout=TIMEOUT)
        return game_id, got

    game_id, got = async_to_sync(scenario)()
    assert {"event": "invitation_closed", "game": game_id} in got, got
    assert services.waiting_count(bob) == 0
