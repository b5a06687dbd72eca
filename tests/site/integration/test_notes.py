"""Private notes (notes/): a player keeps one per game, and nobody else reads it in any answer of
the API, any page, record, email or live message. Nor anything of a player's standing orders (orders/):
their lines' digests, their deal, that an order made a decision."""
from __future__ import annotations

import json
import re

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from django.core import mail
from django.test import Client
from rest_framework.test import APIClient

from games import services
from orders import services as orders

from .test_notifications_ws import TIMEOUT, connect

pytestmark = pytest.mark.django_db

SECRET = "Bob bluffs with the red card: NOTE-7f3a"
DEAL = 1357924680  # an order's deal: nobody but its player reads it


@pytest.fixture
def game(make_user):
    alice, bob = make_user("alice"), make_user("bob")
    made = services.create_game(alice, game="argo", players=2)
    services.join_game(bob, made.pk)
    return made


def player(username):
    from django.contrib.auth import get_user_model
    client = APIClient()
    client.force_authenticate(get_user_model().objects.get(username=username))
    return client


def test_a_player_keeps_a_note_and_reads_it_back(game):
    alice = player("alice")
    assert alice.get(f"/api/games/{game.pk}/note/").json() == {"text": "", "updated": None}
    kept = alice.put(f"/api/games/{game.pk}/note/", {"text": SECRET}, format="json")
    assert kept.status_code == 200 and kept.json()["text"] == SECRET and kept.json()["updated"]
    assert alice.get(f"/api/games/{game.pk}/note/").json()["text"] == SECRET
    assert player("bob").get(f"/api/games/{game.pk}/note/").json()["text"] == "", "each player has their own"


def test_a_note_refused_changes_nothing(game, make_user):
    make_user("carol")
    alice = player("alice")
    alice.put(f"/api/games/{game.pk}/note/", {"text": SECRET}, format="json")
    too_long = alice.put(f"/api/games/{game.pk}/note/", {"text": "x" * 4001}, format="json")
    assert too_long.status_code == 400 and too_long.json()["detail"]
    for refused, status in [(player("carol").put(f"/api/games/{game.pk}/note/", {"text": "mine"}, format="json"), 403),
                            (player("carol").get(f"/api/games/{game.pk}/note/"), 403),
                            (APIClient().get(f"/api/games/{game.pk}/note/"), 401),
                            (alice.put("/api/games/999999/note/", {"text": "x"}, format="json"), 404),
                            (alice.put(f"/api/games/{game.pk}/note/", {"words": "x"}, format="json"), 400)]:
        assert refused.status_code == status and refused.json()["detail"], refused.content
    assert alice.get(f"/api/games/{game.pk}/note/").json()["text"] == SECRET


def _filled(path: str, game, username: str) -> str:
    values = {"id": game.pk, "game_id": game.pk, "pk": game.pk, "username": username, "game": game.name,
              "name": game.name}
    return re.sub(r"\{(\w+)\}", lambda m: str(values.get(m.group(1), game.pk)), path)


def test_no_answer_page_or_message_of_anyone_else_carries_the_note(game, make_user, django_user_model):
    """Every GET of the API's schema, filled in with the game and its players, and the pages that
    show a game, read as the opponent, a watcher, a moderator and nobody signed in."""
    make_user("carol")
    make_user("mod", is_staff=True, is_superuser=True)
    alice = player("alice")
    alice.put(f"/api/games/{game.pk}/note/", {"text": SECRET}, format="json")
    order = alices_order(game)
    # The game goes on and ends a turn or two after the note (and past Alice's standing order, which
    # plays its last decision): emails and records have something to say.
    for _ in range(len(order.line) + 1):
        stored = services.game_with_seats(game.pk)
        mover = next(s.user for s in stored.seats.all() if s.order == stored.current_seat)
        legal = services.legal_for(stored, mover)
        services.submit_decision(mover, game.pk, stored.seq, legal["actions"][0])
        orders.fire(game.pk)
    order.refresh_from_db()
    assert order.status == "fired", order.reason
    hidden = [SECRET, str(DEAL), "(standing order)", '"by_order":true', '"by_order": true', *(d for _, d in order.expected)]

    schema = json.loads(APIClient().get("/api/schema/?format=json").content)
    gets = [path for path, operations in schema["paths"].items() if "get" in operations]
    pages = [f"/games/{game.pk}/", "/games/mine/", "/players/alice/", "/",
             f"/admin/games/game/{game.pk}/change/", f"/admin/games/game/{game.pk}/replay/", "/admin/"]
    read = 0
    for username in ("bob", "carol", "mod", None):
        api, browser = APIClient(), Client()
        if username:
            user = django_user_model.objects.get(username=username)
            api.force_authenticate(user)
            browser.force_login(user)
        for path in gets:
            answer = api.get(_filled(path, game, "alice"))
            assert answer.status_code < 500, (username, path)
            assert not any(h in answer.content.decode(errors="replace") for h in hidden), (username, path)
            read += 1
        for path in pages:
            answer = browser.get(path, follow=True)
            assert answer.status_code < 500, (username, path)
            assert not any(h in answer.content.decode(errors="replace") for h in hidden), (username, path)
            read += 1
    assert read > 40
    assert not any(h in m.body or h in m.subject for m in mail.outbox for h in hidden)
    owner = Client()
    owner.force_login(django_user_model.objects.get(username="alice"))
    assert SECRET in owner.get(f"/games/{game.pk}/").content.decode(), "the owner sees it beside the board"
    assert '"by_order":true' in alice.get(f"/api/games/{game.pk}/moves/").content.decode(), "and her order's decision"


def alices_order(game):
    """Alice's standing order built from the game's true future: each player's first legal decision,
    from the present up to Alice's first decision after one of Bob's; its answer that decision."""
    stored = services.game_with_seats(game.pk)
    module, state = services.rules_of(stored), services.current_state(stored)
    alice = next(s for s in stored.seats.all() if s.user.username == "alice")
    line, others = [], False
    while not (others and module.current_seat(state) == alice.order):
        others = others or module.current_seat(state) != alice.order
        line.append(module.legal_actions(state)[0])
        state, _ = module.apply(state, line[-1])
    line.append(module.legal_actions(state)[0])
    return orders.place(alice.user, game.pk, line, DEAL, world=services.current_state(stored))


@pytest.mark.django_db(transaction=True)
def test_saving_a_note_sends_no_live_message(make_user):
    from tests.django_fixtures import api_key_of
    alice, bob = make_user("alice"), make_user("bob")
    game = services.create_game(alice, game="argo", players=2)
    services.join_game(bob, game.pk)
    key = api_key_of(bob)

    async def scenario():
        watching = await connect(f"/ws/games/{game.pk}/", key)
        kept = await database_sync_to_async(
            lambda: player("alice").put(f"/api/games/{game.pk}/note/", {"text": SECRET}, format="json"))()
        assert kept.status_code == 200
        await watching.send_json_to({"type": "ping"})
        while True:  # whatever came before the pong carries no note
            message = await watching.receive_json_from(timeout=TIMEOUT)
            assert SECRET not in json.dumps(message)
            if message.get("event") == "pong":
                break
        await watching.disconnect(timeout=TIMEOUT)
    async_to_sync(scenario)()


def test_my_games_shows_the_first_line_of_my_note_and_no_one_elses(game, django_user_model):
    player("alice").put(f"/api/games/{game.pk}/note/", {"text": "\n  Trade with Bob first.\nthen the rest"}, format="json")
    for username, shown in (("alice", True), ("bob", False)):
        browser = Client()
        browser.force_login(django_user_model.objects.get(username=username))
        page = browser.get("/games/mine/").content.decode()
        assert ("My notes: Trade with Bob first." in page) is shown, username
        assert "then the rest" not in page
