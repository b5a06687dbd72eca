"""Whole games played through the API only, and no hidden information in any response.

Each user asks `GET /actions/` and posts one of the listed decisions with the current `seq`; a bot
picks which (the test gives the bot the full state so that it can judge, then checks that its choice
is among the decisions the API offered).
"""
from __future__ import annotations

import json

import pytest

from games.rules import get

RULES = get("argo")

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

MAX_DECISIONS = 1500


@pytest.fixture
def eager_bots(monkeypatch, django_capture_on_commit_callbacks):
    """Bot turns run in-process after each request (the test runs inside one transaction)."""
    from argo_site.celery import app

    monkeypatch.setattr(app.conf, "task_always_eager", True)
    return lambda: django_capture_on_commit_callbacks(execute=True)


def same_decisions(listed, expected):
    """The same decisions, each once; the order is the API's own."""
    key = lambda d: json.dumps(d, sort_keys=True)  # noqa: E731
    return len(listed) == len(expected) and sorted(map(key, listed)) == sorted(map(key, expected))


def anon():
    from rest_framework.test import APIClient
    return APIClient()


def full_state(game_id):
    from games.models import Game
    game = Game.objects.get(pk=game_id)
    decisions = game.decisions.filter(undone=False).order_by("number")
    return game, RULES.replay(game.players, game.seed, game.options, [d.data for d in decisions])


class Watcher:
    """Keeps every response body and checks it for the seed and the face-down order."""

    def __init__(self, game_id):
        self.game_id = game_id
        self.bodies: list[tuple[str, bytes]] = []
        self.secrets: set[str] = set()

    def learn(self):
        """Remember the current seed and face-down order, as the secrets to look for."""
        game, state = full_state(self.game_id)
        if game.seed is not None:
            assert len(str(game.seed)) >= 6, "seed too short to look for reliably"
            self.secrets.add(str(game.seed))
        stack = state["stack"]
        # The view shows the sorted set, which is public; and three face-down tiles in order become
        # the public display once revealed, so only four or more in order are a secret.
        if len(stack) >= 4 and stack != sorted(stack):
            self.secrets.add(json.dumps(stack))
            self.secrets.add(json.dumps(stack, separators=(",", ":")))
            self.secrets.add(json.dumps(stack, ensure_ascii=False, separators=(",", ":")))

    def keep(self, what, response, expect=200):
        assert response.status_code == expect, (what, response.status_code, response.content[:400])
        self.bodies.append((what, response.content))
        self.check_keys(what, json.loads(response.content))
        return json.loads(response.content)

    def check_keys(self, what, data, path="$"):
        if isinstance(data, dict):
            for key, value in data.items():
                assert key not in ("seed", "stack"), f"{what}: key {key!r} at {path}"
                self.check_keys(what, value, f"{path}.{key}")
        elif isinstance(data, list):
            for index, value in enumerate(data):
                self.check_keys(what, value, f"{path}[{index}]")

    def check_all(self):
        assert self.secrets, "nothing learned to look for"
        for what, content in self.bodies:
            text = content.decode()
            for secret in self.secrets:
                assert secret not in text, f"{what} reveals {secret[:60]}"


def play_to_the_end(game_id, clients, bots, watcher, eager_bots, resign_at=None, resigner=None):
    """Every player decides through the API until the game is over; returns the final game detail."""
    spectator = anon()
    resigned = False
    for step in range(MAX_DECISIONS):
        watcher.learn()
        game = watcher.keep("detail(spectator)", spectator.get(f"/api/games/{game_id}/"))
        if game["status"] != "active":
            return game
        if resign_at is not None and not resigned and game["seq"] >= resign_at:
            with eager_bots():
                result = watcher.keep(f"resign({resigner})", clients[resigner].post(f"/api/games/{game_id}/resign/"))
            resigned = True
            seat = next(s for s in result["seats"] if s["username"] == resigner)
            assert seat["status"] == "resigned" and seat["played_by_bot"]
            continue
        seat = next(s for s in game["seats"] if s["order"] == game["current_seat"])
        assert not seat["played_by_bot"], "the bot did not play its seat"
        name, client = seat["username"], clients[seat["username"]]
        mine = watcher.keep(f"detail({name})", client.get(f"/api/games/{game_id}/"))
        assert mine["your_seat"] == seat["order"] and mine["view"]["you"] == seat["order"]
        for other, other_client in clients.items():
            if other != name:
                response = other_client.get(f"/api/games/{game_id}/actions/")
                assert response.status_code == 403, response.content
                watcher.bodies.append((f"actions({other})", response.content))
        actions = watcher.keep(f"actions({name})", client.get(f"/api/games/{game_id}/actions/"))
        assert actions["seq"] == game["seq"]
        _, state = full_state(game_id)
        assert same_decisions(actions["actions"], RULES.legal_actions(state))
        decision = bots[name].choose(state)
        assert decision in actions["actions"]
        with eager_bots():
            response = client.post(f"/api/games/{game_id}/moves/", {"seq": actions["seq"], "action": decision},
                                   format="json")
        result = watcher.keep(f"moves POST({name})", response, expect=201)
        assert result["seq"] == actions["seq"] + 1
        if step % 10 == 0:
            watcher.keep("moves", spectator.get(f"/api/games/{game_id}/moves/"))
            watcher.keep("moves(de)", client.get(f"/api/games/{game_id}/moves/?lang=de"))
            watcher.keep("list", spectator.get("/api/games/"))
            watcher.keep("list(mine)", client.get("/api/games/?mine=1"))
    pytest.fail(f"the game did not end within {MAX_DECISIONS} decisions")


def final_checks(game_id, clients, watcher, players):
    for name, client in clients.items():
        watcher.keep(f"detail({name}, finished)", client.get(f"/api/games/{game_id}/"))
        watcher.keep(f"moves({name}, finished)", client.get(f"/api/games/{game_id}/moves/"))
        watcher.keep(f"list({name}, finished)", client.get("/api/games/?mine=1"))
    watcher.keep("list(finished)", anon().get("/api/games/?status=finished"))
    game = watcher.keep("detail(finished)", anon().get(f"/api/games/{game_id}/"))
    assert game["status"] == "finished"
    assert game["current_seat"] is None and game["deadline"] is None and game["finished_at"]
    outcome = game["outcome"]
    assert outcome and outcome["ranking"] and outcome["scores"]
    assert len(game["seats"]) == players
    for seat in game["seats"]:
        assert isinstance(seat["score"], int), seat
        assert isinstance(seat["rank"], int) and 1 <= seat["rank"] <= len(outcome["ranking"]), seat
        assert seat["score"] == outcome["scores"][seat["colour"]]
    assert game["view"]["over"] is True and game["view"]["outcome"] == outcome
    # the game is the replay of its stored decisions: the same outcome and view from scratch
    _, replayed = full_state(game_id)
    assert RULES.outcome(replayed) == outcome
    assert json.loads(json.dumps(RULES.view(replayed, None))) == game["view"]
    moves = watcher.keep("moves(final)", anon().get(f"/api/games/{game_id}/moves/"))
    assert len(moves) == game["seq"]
    assert [m["number"] for m in moves] == list(range(1, game["seq"] + 1))
    assert all(m["log"] for m in moves)
    # a finished game takes no more decisions
    for client in clients.values():
        response = client.post(f"/api/games/{game_id}/moves/", {"seq": game["seq"], "action": {"type": "end_turn"}},
                               format="json")
        assert response.status_code == 409, response.content
    watcher.check_all()
    return game


def seated_game(make_user, api_client_for, names):
    users = [make_user(name) for name in names]
    clients = {u.username: api_client_for(u) for u in users}
    first = clients[names[0]]
    response = first.post("/api/games/", {"game": "argo", "players": len(names)}, format="json")
    assert response.status_code == 201, response.content
    game_id = response.json()["id"]
    for name in names[1:]:
        response = clients[name].post(f"/api/games/{game_id}/join/")
        assert response.status_code == 200, response.content
    assert response.json()["status"] == "active"
    return game_id, clients


def test_two_player_game_through_the_api_to_the_end(make_user, api_client_for, eager_bots):
    game_id, clients = seated_game(make_user, api_client_for, ["alice", "bob"])
    watcher = Watcher(game_id)
    bots = {"alice": RULES.bot("greedy", 11), "bob": RULES.bot("random", 12)}
    play_to_the_end(game_id, clients, bots, watcher, eager_bots)
    game = final_checks(game_id, clients, watcher, players=2)
    ranks = sorted(s["rank"] for s in game["seats"])
    assert len(set(ranks)) == 2 or ranks[0] == ranks[1]  # distinct, or tied
    assert all(s["status"] == "active" for s in game["seats"])


def test_three_player_game_with_a_resignation_finished_by_the_bot(make_user, api_client_for, eager_bots):
    game_id, clients = seated_game(make_user, api_client_for, ["alice", "bob", "carol"])
    watcher = Watcher(game_id)
    bots = {name: RULES.bot("greedy", seed) for seed, name in enumerate(clients, start=21)}
    play_to_the_end(game_id, clients, bots, watcher, eager_bots, resign_at=25, resigner="bob")
    game = final_checks(game_id, clients, watcher, players=3)
    bob = next(s for s in game["seats"] if s["username"] == "bob")
    assert bob["status"] == "resigned" and bob["played_by_bot"]
    assert bob["rank"] == len(game["outcome"]["ranking"])  # a resigned seat ranks last
    moves = json.loads(anon().get(f"/api/games/{game_id}/moves/").content)
    bot_moves = [m for m in moves if m["by_bot"]]
    assert bot_moves and all(m["seat"] == bob["order"] for m in bot_moves)
    assert all(m["seat"] != bob["order"] for m in moves if m["number"] > 30 and not m["by_bot"])
