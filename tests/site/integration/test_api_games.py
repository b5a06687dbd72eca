"""The REST API, endpoint by endpoint: the happy path and every refusal with its `detail`.

Everything is asserted as a client sees it (status, JSON, detail text); the database is read only to
check that a refused request left the stored game untouched, and to let a bot pick a decision.
"""
from __future__ import annotations

import json
import re

import pytest

from games.models import Invitation
from games.rules import IllegalAction, get

RULES = get("argo")

pytestmark = pytest.mark.django_db

AUTH_REFUSED = (401, 403)


# --- helpers ---------------------------------------------------------------------------------


@pytest.fixture
def eager_bots(monkeypatch, django_capture_on_commit_callbacks):
    """Run the bot task in-process, as the embedded defaults do, even when REDIS_URL is set.

    Tests run inside a transaction, so after-commit work (bot turns, notifications) is captured and
    run when a request is over: use `with eager_bots(): client.post(...)`.
    """
    from argo_site.celery import app

    monkeypatch.setattr(app.conf, "task_always_eager", True)

    def run():
        return django_capture_on_commit_callbacks(execute=True)
    return run


def same_decisions(listed, expected):
    """The same decisions, each once; the order is the API's own."""
    key = lambda d: json.dumps(d, sort_keys=True)  # noqa: E731
    return len(listed) == len(expected) and sorted(map(key, listed)) == sorted(map(key, expected))


def anon():
    from rest_framework.test import APIClient
    return APIClient()


def body(response):
    return json.loads(response.content)


def assert_error(response, status, contains=None):
    """An error is JSON with a human-readable `detail` (never a page, never a 5xx)."""
    assert response.status_code == status, (response.status_code, response.content[:500])
    assert response["Content-Type"].startswith("application/json"), response["Content-Type"]
    data = body(response)
    assert isinstance(data.get("detail"), str) and data["detail"].strip(), data
    if contains is not None:
        assert contains in data["detail"], data["detail"]
    return data["detail"]


def assert_auth_refused(response):
    assert response.status_code in AUTH_REFUSED, (response.status_code, response.content[:300])
    assert_error(response, response.status_code)


def create(client, **payload):
    payload.setdefault("players", 2)
    payload.setdefault("game", "argo")
    response = client.post("/api/games/", payload, format="json")
    assert response.status_code == 201, response.content
    return body(response)


def detail(client, game_id):
    response = client.get(f"/api/games/{game_id}/")
    assert response.status_code == 200, response.content
    return body(response)


def stored(game_id):
    """The stored game's seq and its number of decisions (undone ones included)."""
    from games.models import Decision, Game
    return Game.objects.get(pk=game_id).seq, Decision.objects.filter(game_id=game_id).count()


def state_of(game_id):
    """The full state, replayed from the stored decisions (the test's bots need it to choose)."""
    from games.models import Game
    game = Game.objects.get(pk=game_id)
    decisions = game.decisions.filter(undone=False).order_by("number")
    return RULES.replay(game.players, game.seed, game.options, [d.data for d in decisions])


@pytest.fixture
def players(make_user, api_client_for):
    """alice, bob, carol, dave and their token clients."""
    users = {name: make_user(name) for name in ("alice", "bob", "carol", "dave")}
    clients = {name: api_client_for(user) for name, user in users.items()}
    return users, clients


@pytest.fixture
def started(players):
    """A started 2-player game: alice created it, bob joined (so it started by itself)."""
    _, clients = players
    game = create(clients["alice"], players=2)
    response = clients["bob"].post(f"/api/games/{game['id']}/join/")
    assert response.status_code == 200, response.content
    return game["id"], clients


def mover(game_id, clients):
    """The name and client of the player who must decide now."""
    game = detail(clients["alice"], game_id)
    seat = next(s for s in game["seats"] if s["order"] == game["current_seat"])
    return seat["username"], clients[seat["username"]]


def play_one(game_id, clients, choose=None):
    """The player to move asks for the legal decisions and posts one of them; returns the 201 body."""
    name, client = mover(game_id, clients)
    actions = client.get(f"/api/games/{game_id}/actions/")
    assert actions.status_code == 200, actions.content
    actions = body(actions)
    decision = choose(actions) if choose else actions["actions"][0]
    response = client.post(f"/api/games/{game_id}/moves/", {"seq": actions["seq"], "action": decision},
                           format="json")
    assert response.status_code == 201, response.content
    return body(response)


def greedy(game_id, seed=7):
    bot = RULES.bot("greedy", seed)

    def choose(actions):
        decision = bot.choose(state_of(game_id))
        assert decision in actions["actions"]
        return decision
    return choose


def assert_untouched(game_id, before):
    assert stored(game_id) == before, "a refused request changed the stored game"


# --- POST /api/auth/token/ ------------------------------------------------------------------


def test_token_for_good_credentials_works_as_authorization(make_user):
    make_user("alice", password="s3cret-pass-1")
    response = anon().post("/api/auth/token/", {"username": "alice", "password": "s3cret-pass-1"}, format="json")
    assert response.status_code == 200, response.content
    token = body(response)["token"]
    assert isinstance(token, str) and len(token) >= 20
    client = anon()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    me = client.get("/api/me/")
    assert me.status_code == 200
    assert body(me)["username"] == "alice"


@pytest.mark.parametrize("payload", [
    {"username": "alice", "password": "wrong-password"},
    {"username": "nobody", "password": "s3cret-pass-1"},
])
def test_token_refused_for_bad_credentials(make_user, payload):
    make_user("alice", password="s3cret-pass-1")
    response = anon().post("/api/auth/token/", payload, format="json")
    assert_error(response, 401, "Unable to log in with provided credentials.")
    assert "token" not in body(response)


def test_token_refused_without_password(make_user):
    make_user("alice")
    response = anon().post("/api/auth/token/", {"username": "alice"}, format="json")
    assert_error(response, 400, "password")


def test_token_refused_for_suspended_user(make_user):
    make_user("alice", password="s3cret-pass-1", is_active=False)
    response = anon().post("/api/auth/token/", {"username": "alice", "password": "s3cret-pass-1"}, format="json")
    assert_error(response, 401)


def test_bad_token_is_refused_with_json(make_user):
    client = anon()
    client.credentials(HTTP_AUTHORIZATION="Token not-a-real-token")
    response = client.get("/api/me/")
    assert_auth_refused(response)
    assert "Invalid token" in body(response)["detail"]


# --- GET /api/games/ -------------------------------------------------------------------------


def test_list_games_with_status_and_mine_filters(players):
    _, c = players
    open_game = create(c["alice"], players=3)
    active = create(c["bob"], players=2)
    assert c["carol"].post(f"/api/games/{active['id']}/join/").status_code == 200
    invited = create(c["dave"], players=2, invite=["alice"])

    everything = body(anon().get("/api/games/"))
    ids = [g["id"] for g in everything["results"]]
    assert set(ids) == {open_game["id"], active["id"], invited["id"]}
    assert everything["count"] == 3

    only_open = body(anon().get("/api/games/?status=open"))["results"]
    assert {g["id"] for g in only_open} == {open_game["id"], invited["id"]}
    assert all(g["status"] == "open" for g in only_open)
    only_active = body(anon().get("/api/games/?status=active"))["results"]
    assert [g["id"] for g in only_active] == [active["id"]]
    assert body(anon().get("/api/games/?status=finished"))["results"] == []

    # mine: a seat or an invitation
    mine = body(c["alice"].get("/api/games/?mine=1"))["results"]
    assert {g["id"] for g in mine} == {open_game["id"], invited["id"]}
    mine_active = body(c["carol"].get("/api/games/?mine=true&status=active"))["results"]
    assert [g["id"] for g in mine_active] == [active["id"]]
    assert body(c["carol"].get("/api/games/?mine=1&status=open"))["results"] == []

    listed = next(g for g in everything["results"] if g["id"] == active["id"])
    assert listed["status"] == "active"
    assert [s["username"] for s in listed["seats"]] == ["bob", "carol"]
    assert listed["current_seat"] in (0, 1)


def test_list_games_bad_status_is_400(players):
    response = anon().get("/api/games/?status=running")
    detail_text = assert_error(response, 400, "status")
    for status in ("open", "active", "finished", "aborted"):
        assert status in detail_text


def test_list_mine_anonymous_is_refused(players):
    assert_auth_refused(anon().get("/api/games/?mine=1"))


# --- POST /api/games/ ------------------------------------------------------------------------


def test_create_game_with_full_body(players):
    _, c = players
    response = c["alice"].post("/api/games/", {
        "game": "argo", "players": 3, "options": {"difficulty": "hard", "mean_teleporters": True},
        "hours_per_move": 48, "invite": ["bob"]}, format="json")
    assert response.status_code == 201, response.content
    game = body(response)
    assert game["game"] == "argo"
    assert game["players"] == 3
    assert game["options"] == {"difficulty": "hard", "mean_teleporters": True}
    assert game["hours_per_move"] == 48
    assert game["invited"] == ["bob"]
    assert game["status"] == "open"
    assert game["created_by"] == "alice"
    assert [(s["order"], s["username"]) for s in game["seats"]] == [(0, "alice")]
    assert game["your_seat"] == 0
    assert game["seq"] == 0
    assert game["view"] is None and game["outcome"] is None
    # bob sees it among his games through the invitation
    assert [g["id"] for g in body(c["bob"].get("/api/games/?mine=1"))["results"]] == [game["id"]]


def test_create_game_defaults(players):
    _, c = players
    game = create(c["alice"], players=2)
    assert game["game"] == "argo"
    assert game["options"] == {"difficulty": "medium", "mean_teleporters": False}
    assert game["hours_per_move"] == 72
    assert game["invited"] == []
    assert game["deadline"] is None and game["current_seat"] is None


@pytest.mark.parametrize("payload, fragment", [
    ({"game": "argo"}, "players"),
    ({"players": 2}, "game"),
    ({"game": "argo", "players": 1}, "2 to 4 players"),
    ({"game": "argo", "players": 5}, "2 to 4 players"),
    ({"game": "argo", "players": "many"}, "players"),
    ({"game": "argo", "players": None}, "players"),
    ({"game": "argo", "players": [2]}, "players"),
    ({"game": "chess", "players": 2}, "no game named 'chess'"),
    ({"game": "argo", "players": 2, "options": {"difficulty": "insane"}}, "difficulty"),
    ({"game": "argo", "players": 2, "options": {"mean_teleporters": "yes"}}, "mean_teleporters"),
    ({"game": "argo", "players": 2, "options": {"colour": "red"}}, "unknown option 'colour'"),
    ({"game": "argo", "players": 2, "options": ["medium"]}, "options"),
    ({"game": "argo", "players": 2, "hours_per_move": 0}, "hours_per_move"),
    ({"game": "argo", "players": 2, "hours_per_move": 10000}, "hours_per_move"),
    ({"game": "argo", "players": 2, "invite": "bob"}, "invite"),
    ({"game": "argo", "players": 2, "invite": ["bob", "carol"]}, "room for 1 invited"),
])
def test_create_game_invalid_is_400(players, payload, fragment):
    from games.models import Game
    _, c = players
    response = c["alice"].post("/api/games/", payload, format="json")
    assert_error(response, 400, fragment)
    assert not Game.objects.exists()


def test_inviting_someone_who_is_not_a_player_is_404(players):
    from games.models import Game
    _, c = players
    response = c["alice"].post("/api/games/", {"game": "argo", "players": 2, "invite": ["zed"]}, format="json")
    assert_error(response, 404, "no active player named zed")
    assert not Game.objects.exists()


def test_create_game_malformed_json_is_400(players):
    _, c = players
    response = c["alice"].post("/api/games/", data='{"players": 2', content_type="application/json")
    assert_error(response, 400, "JSON parse error")


def test_create_game_anonymous_is_refused(players):
    from games.models import Game
    assert_auth_refused(anon().post("/api/games/", {"players": 2}, format="json"))
    assert not Game.objects.exists()


# --- GET /api/games/{id}/ --------------------------------------------------------------------


def test_game_detail_of_started_game(started):
    game_id, c = started
    game = detail(c["alice"], game_id)
    assert game["status"] == "active"
    assert [(s["order"], s["username"], s["status"]) for s in game["seats"]] == [
        (0, "alice", "active"), (1, "bob", "active")]
    assert all(s["colour"] for s in game["seats"])
    assert game["seq"] == 0
    assert game["current_seat"] in (0, 1)
    assert game["deadline"] is not None and game["started_at"] is not None
    assert game["outcome"] is None
    assert game["your_seat"] == 0
    view = game["view"]
    assert view["you"] == 0
    assert view["colours"] == [s["colour"] for s in game["seats"]]
    assert view["turn"]["seat"] == game["current_seat"]

    bob = detail(c["bob"], game_id)
    assert bob["your_seat"] == 1 and bob["view"]["you"] == 1
    spectator = detail(c["carol"], game_id)
    assert spectator["your_seat"] is None and spectator["view"]["you"] is None
    anonymous = detail(anon(), game_id)
    assert anonymous["your_seat"] is None and anonymous["view"]["you"] is None


def test_game_detail_shows_outcome_when_finished(started, eager_bots):
    game_id, c = started
    choose = greedy(game_id)
    for _ in range(600):
        if detail(c["alice"], game_id)["status"] != "active":
            break
        play_one(game_id, c, choose)
    game = detail(c["carol"], game_id)
    assert game["status"] == "finished"
    assert game["current_seat"] is None and game["deadline"] is None
    assert game["finished_at"] is not None
    outcome = game["outcome"]
    assert set(outcome) >= {"scores", "ranking"}
    for seat in game["seats"]:
        assert seat["score"] == outcome["scores"][seat["colour"]]
        assert isinstance(seat["rank"], int) and seat["rank"] >= 1
    assert game["view"]["over"] is True


@pytest.mark.parametrize("path", ["/api/games/999999/", "/api/games/abc/"])
def test_game_detail_unknown_is_404(players, path):
    assert_error(anon().get(path), 404)


# --- join / leave / start --------------------------------------------------------------------


def test_full_game_starts_by_itself(players):
    _, c = players
    game = create(c["alice"], players=3)
    joined = c["bob"].post(f"/api/games/{game['id']}/join/")
    assert joined.status_code == 200
    assert body(joined)["status"] == "open"
    assert [s["username"] for s in body(joined)["seats"]] == ["alice", "bob"]
    full = c["carol"].post(f"/api/games/{game['id']}/join/")
    assert full.status_code == 200, full.content
    game = body(full)
    assert game["status"] == "active"
    assert [s["username"] for s in game["seats"]] == ["alice", "bob", "carol"]
    assert game["your_seat"] == 2 and game["view"]["you"] == 2


def test_join_refusals(players):
    _, c = players
    game = create(c["alice"], players=2)
    gid = game["id"]
    assert_error(c["alice"].post(f"/api/games/{gid}/join/"), 409, "already have a seat")
    assert c["bob"].post(f"/api/games/{gid}/join/").status_code == 200
    # full, and so started
    assert_error(c["carol"].post(f"/api/games/{gid}/join/"), 409, "cannot be joined")
    assert_error(c["bob"].post(f"/api/games/{gid}/join/"), 409)
    assert_error(c["carol"].post("/api/games/999999/join/"), 404, "no such game")
    assert_error(c["carol"].post("/api/games/abc/join/"), 404)
    assert_auth_refused(anon().post(f"/api/games/{gid}/join/"))
    assert [s["username"] for s in detail(c["alice"], gid)["seats"]] == ["alice", "bob"]


def test_join_game_started_by_creator_is_409(players):
    _, c = players
    gid = create(c["alice"], players=4)["id"]
    c["bob"].post(f"/api/games/{gid}/join/")
    started = c["alice"].post(f"/api/games/{gid}/start/")
    assert started.status_code == 200
    assert_error(c["carol"].post(f"/api/games/{gid}/join/"), 409, "active")


def test_leave_open_game(players):
    _, c = players
    gid = create(c["alice"], players=3)["id"]
    c["bob"].post(f"/api/games/{gid}/join/")
    response = c["bob"].post(f"/api/games/{gid}/leave/")
    assert response.status_code == 200, response.content
    assert [s["username"] for s in body(response)["seats"]] == ["alice"]
    assert body(response)["your_seat"] is None
    # the last one out: the game is aborted
    response = c["alice"].post(f"/api/games/{gid}/leave/")
    assert response.status_code == 200
    assert body(response)["status"] == "aborted"
    assert_error(c["bob"].post(f"/api/games/{gid}/join/"), 409, "aborted")


def test_leave_refusals(started, players):
    game_id, c = started
    assert_error(c["alice"].post(f"/api/games/{game_id}/leave/"), 409, "resign instead")
    gid = create(c["alice"], players=3)["id"]
    assert_error(c["bob"].post(f"/api/games/{gid}/leave/"), 409, "no seat")
    assert_error(c["bob"].post("/api/games/999999/leave/"), 404)
    assert_auth_refused(anon().post(f"/api/games/{gid}/leave/"))


def test_creator_starts_with_fewer_players(players):
    _, c = players
    gid = create(c["alice"], players=4)["id"]
    c["bob"].post(f"/api/games/{gid}/join/")
    c["carol"].post(f"/api/games/{gid}/join/")
    response = c["alice"].post(f"/api/games/{gid}/start/")
    assert response.status_code == 200, response.content
    game = body(response)
    assert game["status"] == "active"
    assert game["players"] == 3
    assert [s["order"] for s in game["seats"]] == [0, 1, 2]
    assert len(game["view"]["colours"]) == 3


def test_start_refusals(players):
    _, c = players
    gid = create(c["alice"], players=3)["id"]
    assert_error(c["alice"].post(f"/api/games/{gid}/start/"), 409, "at least 2 players")
    c["bob"].post(f"/api/games/{gid}/join/")
    assert_error(c["bob"].post(f"/api/games/{gid}/start/"), 403, "only the game's creator")
    assert_error(c["carol"].post(f"/api/games/{gid}/start/"), 403, "only the game's creator")
    assert_auth_refused(anon().post(f"/api/games/{gid}/start/"))
    assert_error(c["alice"].post("/api/games/999999/start/"), 404)
    assert detail(c["alice"], gid)["status"] == "open"
    assert c["alice"].post(f"/api/games/{gid}/start/").status_code == 200
    assert_error(c["alice"].post(f"/api/games/{gid}/start/"), 409, "cannot be started")


def test_who_may_start_follows_the_games_own_minimum(players, monkeypatch, client):
    """A game whose rules need three players cannot be started with two, by the API or the page."""
    from games import rules
    monkeypatch.setattr(rules.get("argo"), "min_players", 3)
    users, c = players
    gid = create(c["alice"], players=4)["id"]
    c["bob"].post(f"/api/games/{gid}/join/")
    assert_error(c["alice"].post(f"/api/games/{gid}/start/"), 409, "at least 3 players")
    client.force_login(users["alice"])
    assert 'id="start"' not in client.get(f"/games/{gid}/").content.decode()
    c["carol"].post(f"/api/games/{gid}/join/")
    assert 'id="start"' in client.get(f"/games/{gid}/").content.decode()
    response = c["alice"].post(f"/api/games/{gid}/start/")
    assert response.status_code == 200, response.content
    assert body(response)["players"] == 3


def test_reads_never_write_and_decisions_refresh_the_snapshot(started, admin_client):
    """A stale snapshot is replayed in memory by a read (API, page, moderators' desk), never saved;
    storing a decision stores the fresh snapshot with it."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from games.models import Game

    game_id, clients = started
    play_one(game_id, clients)
    fresh = Game.objects.get(pk=game_id)
    assert fresh.snapshot_seq == fresh.seq and fresh.snapshot == state_of(game_id)
    Game.objects.filter(pk=game_id).update(snapshot=None, snapshot_seq=0)

    _, client = mover(game_id, clients)
    with CaptureQueriesContext(connection) as queries:
        shown = body(client.get(f"/api/games/{game_id}/"))
        asked = body(client.get(f"/api/games/{game_id}/actions/"))
        assert admin_client.get(f"/admin/games/game/{game_id}/change/").status_code == 200
        assert admin_client.get("/admin/games/game/").status_code == 200
    writes = [q["sql"] for q in queries if q["sql"].lstrip().upper().startswith(("UPDATE", "INSERT", "DELETE"))
              and "games_game" in q["sql"]]
    assert writes == []
    assert Game.objects.get(pk=game_id).snapshot is None, "a read saved the snapshot"
    assert shown["view"] == json.loads(json.dumps(RULES.view(state_of(game_id), shown["your_seat"])))
    assert asked["seq"] == fresh.seq

    play_one(game_id, clients)
    after = Game.objects.get(pk=game_id)
    assert after.snapshot_seq == after.seq and after.snapshot == state_of(game_id)


# --- GET /actions/ ---------------------------------------------------------------------------


def test_actions_for_the_player_who_must_decide(started):
    game_id, c = started
    name, client = mover(game_id, c)
    response = client.get(f"/api/games/{game_id}/actions/")
    assert response.status_code == 200, response.content
    data = body(response)
    state = state_of(game_id)
    assert data["seq"] == 0
    assert data["seat"] == detail(client, game_id)["current_seat"]
    assert isinstance(data["prompt"], str) and data["prompt"]
    assert same_decisions(data["actions"], RULES.legal_actions(state))
    assert len(data["actions"]) > 1
    assert data["undoable"] == 0


def test_actions_refused_to_everyone_else(started, players):
    game_id, c = started
    name, _ = mover(game_id, c)
    other = "bob" if name == "alice" else "alice"
    assert_error(c[other].get(f"/api/games/{game_id}/actions/"), 403, "not your decision")
    assert_error(c["carol"].get(f"/api/games/{game_id}/actions/"), 403, "no seat")
    assert_auth_refused(anon().get(f"/api/games/{game_id}/actions/"))
    assert_error(c[name].get("/api/games/999999/actions/"), 404)
    gid = create(c["alice"], players=3)["id"]
    assert_error(c["alice"].get(f"/api/games/{gid}/actions/"), 409, "open")


# --- POST /moves/ ----------------------------------------------------------------------------


def test_post_move_returns_new_view(started):
    game_id, c = started
    name, client = mover(game_id, c)
    actions = body(client.get(f"/api/games/{game_id}/actions/"))
    decision = actions["actions"][0]
    response = client.post(f"/api/games/{game_id}/moves/", {"seq": 0, "action": decision}, format="json")
    assert response.status_code == 201, response.content
    data = body(response)
    assert data["seq"] == 1 and data["number"] == 1
    assert data["log"] and all(isinstance(line, str) and line for line in data["log"])
    expected_state, _ = RULES.apply(RULES.replay(2, _seed(game_id), _options(game_id), []), decision)
    assert data["view"] == json.loads(json.dumps(RULES.view(expected_state, c_seat(game_id, name))))
    assert detail(client, game_id)["seq"] == 1
    assert stored(game_id) == (1, 1)


def _seed(game_id):
    from games.models import Game
    return Game.objects.get(pk=game_id).seed


def _options(game_id):
    from games.models import Game
    return Game.objects.get(pk=game_id).options


def c_seat(game_id, name):
    return next(s["order"] for s in detail(anon(), game_id)["seats"] if s["username"] == name)


@pytest.mark.parametrize("decision, status", [
    ({"type": "place", "tile": "NOPE", "cell": "0|0", "rotation": 0}, 409),  # the right shape, not legal now
    ({"type": "step", "figure": "red-grunt", "to": "1|0"}, 409),
    ({"type": "bogus"}, 400),                                                  # a shape no decision has
    ({}, 400),
    ({"type": "place", "tile": "LAB", "cell": "not-a-cell", "rotation": 0}, 400),
    ({"type": "end_turn", "extra": 1}, 400),
])
def test_a_malformed_decision_is_400_and_an_illegal_one_409_with_the_rules_reason(started, decision, status):
    import jsonschema
    game_id, c = started
    _, client = mover(game_id, c)
    before = stored(game_id)
    with pytest.raises(IllegalAction) as refused:
        RULES.apply(state_of(game_id), decision)
    assert jsonschema.Draft202012Validator(RULES.decision_schema()).is_valid(decision) == (status == 409)
    response = client.post(f"/api/games/{game_id}/moves/", {"seq": 0, "action": decision}, format="json")
    assert assert_error(response, status) == str(refused.value)
    assert_untouched(game_id, before)


@pytest.mark.parametrize("raw", [
    "{not json",
    '{"seq": 0, "action": ACTION',
    "",
    "null",
    "[1, 2]",
    '"seq"',
    '[{"seq": 0, "action": ACTION}]',
    '{"action": ACTION}',                 # missing seq
    '{"seq": 0}',                         # missing action
    '{"seq": "0", "action": ACTION}',     # seq as string
    '{"seq": "one", "action": ACTION}',
    '{"seq": 0.5, "action": ACTION}',
    '{"seq": -1, "action": ACTION}',
    '{"seq": null, "action": ACTION}',
    '{"seq": true, "action": ACTION}',
    '{"seq": false, "action": ACTION}',
    '{"seq": [0], "action": ACTION}',
    '{"seq": {"n": 0}, "action": ACTION}',
    '{"seq": 0, "action": [ACTION]}',     # action as list
    '{"seq": 0, "action": "place"}',
    '{"seq": 0, "action": null}',
    '{"seq": 0, "action": 7}',
])
def test_malformed_move_body_is_400(started, raw):
    """Every one of these bodies would be a legal decision if it were well formed."""
    game_id, c = started
    _, client = mover(game_id, c)
    decision = body(client.get(f"/api/games/{game_id}/actions/"))["actions"][0]
    raw = raw.replace("ACTION", json.dumps(decision))
    before = stored(game_id)
    response = client.post(f"/api/games/{game_id}/moves/", data=raw, content_type="application/json")
    assert_error(response, 400)
    assert_untouched(game_id, before)


def test_move_body_as_form_data_is_not_a_5xx(started):
    game_id, c = started
    _, client = mover(game_id, c)
    before = stored(game_id)
    response = client.post(f"/api/games/{game_id}/moves/", {"seq": "0", "action": "x"})
    assert response.status_code == 400, response.content
    assert_error(response, response.status_code)
    assert_untouched(game_id, before)


def test_move_refused_when_not_your_decision(started, players):
    game_id, c = started
    name, client = mover(game_id, c)
    other = "bob" if name == "alice" else "alice"
    decision = body(client.get(f"/api/games/{game_id}/actions/"))["actions"][0]
    before = stored(game_id)
    url = f"/api/games/{game_id}/moves/"
    assert_error(c[other].post(url, {"seq": 0, "action": decision}, format="json"), 403, "not your decision")
    assert_error(c["carol"].post(url, {"seq": 0, "action": decision}, format="json"), 403, "no seat")
    assert_auth_refused(anon().post(url, {"seq": 0, "action": decision}, format="json"))
    assert_untouched(game_id, before)


def test_move_with_stale_seq_is_409(started):
    game_id, c = started
    play_one(game_id, c)
    _, client = mover(game_id, c)
    decision = body(client.get(f"/api/games/{game_id}/actions/"))["actions"][0]
    before = stored(game_id)
    url = f"/api/games/{game_id}/moves/"
    for seq in (0, 5, 99999999999999999999999):
        response = client.post(url, {"seq": seq, "action": decision}, format="json")
        assert_error(response, 409, f"stale seq {seq}")
    assert_untouched(game_id, before)
    assert client.post(url, {"seq": 1, "action": decision}, format="json").status_code == 201


def test_move_in_unknown_or_open_game(players):
    _, c = players
    assert_error(c["alice"].post("/api/games/999999/moves/", {"seq": 0, "action": {"type": "end_turn"}},
                                 format="json"), 404)
    gid = create(c["alice"], players=2)["id"]
    assert_error(c["alice"].post(f"/api/games/{gid}/moves/", {"seq": 0, "action": {"type": "end_turn"}},
                                 format="json"), 409, "open")


# --- GET /moves/ -----------------------------------------------------------------------------


def test_list_moves_with_log_lines(started):
    game_id, c = started
    posted = [play_one(game_id, c) for _ in range(3)]
    response = anon().get(f"/api/games/{game_id}/moves/")
    assert response.status_code == 200
    moves = body(response)
    assert [m["number"] for m in moves] == [1, 2, 3]
    assert [m["log"] for m in moves] == [p["log"] for p in posted]
    assert all(m["undone"] is False and m["by_bot"] is False for m in moves)
    assert moves[0]["decision"]["type"] == "place"
    assert all(m["seat"] in (0, 1) for m in moves)

    german = body(anon().get(f"/api/games/{game_id}/moves/?lang=de"))
    assert [m["number"] for m in german] == [1, 2, 3]
    assert german[0]["log"] != moves[0]["log"]
    assert "wird" in " ".join(german[0]["log"])
    assert_error(anon().get(f"/api/games/{game_id}/moves/?lang=xx"), 400, "lang")


def test_list_moves_unknown_game_is_404(players):
    assert_error(anon().get("/api/games/999999/moves/"), 404)


# --- POST /undo/ -----------------------------------------------------------------------------


def test_undo_marks_undone_and_restores_the_state(started):
    from games.models import Decision
    game_id, c = started
    # play until the player to move may take something back
    for _ in range(60):
        name, client = mover(game_id, c)
        actions = body(client.get(f"/api/games/{game_id}/actions/"))
        if actions["undoable"] >= 1:
            break
        play_one(game_id, c)
    else:
        pytest.fail("no undoable position reached")
    seq = actions["seq"]
    last = Decision.objects.filter(game_id=game_id).order_by("number").last()
    before_state = RULES.view(RULES.replay(2, _seed(game_id), _options(game_id),
                                           [d.data for d in Decision.objects.filter(game_id=game_id)
                                            .order_by("number")][:-1]), c_seat(game_id, name))
    count = Decision.objects.filter(game_id=game_id).count()

    response = client.post(f"/api/games/{game_id}/undo/", {"seq": seq}, format="json")
    assert response.status_code == 200, response.content
    data = body(response)
    assert data["seq"] == seq + 1
    assert data["view"] == json.loads(json.dumps(before_state))

    # nothing deleted: the decision is still there, marked undone
    assert Decision.objects.filter(game_id=game_id).count() == count
    assert Decision.objects.get(pk=last.pk).undone is True
    moves = body(anon().get(f"/api/games/{game_id}/moves/"))
    assert len(moves) == count
    assert moves[-1]["number"] == last.number and moves[-1]["undone"] is True
    assert all(not m["undone"] for m in moves[:-1])

    game = detail(client, game_id)
    assert game["seq"] == seq + 1
    # the same question again, with its legal decisions, at the new seq
    again = body(client.get(f"/api/games/{game_id}/actions/"))
    assert again["seq"] == seq + 1
    assert last.data in again["actions"]
    assert same_decisions(again["actions"], RULES.legal_actions(state_of(game_id)))
    # play on from there: the next decision gets a fresh number
    response = client.post(f"/api/games/{game_id}/moves/", {"seq": seq + 1, "action": again["actions"][0]},
                           format="json")
    assert response.status_code == 201, response.content
    assert body(response)["number"] == seq + 2


def test_undo_at_turn_start_is_409(started):
    game_id, c = started
    name, client = mover(game_id, c)
    before = stored(game_id)
    assert_error(client.post(f"/api/games/{game_id}/undo/", {}, format="json"), 409, "nothing to undo")
    assert_untouched(game_id, before)


def test_undo_right_after_module_reveal_is_409(started):
    game_id, c = started
    from games.models import Decision
    result = play_one(game_id, c)  # the build: a module is placed and the next one revealed
    events = Decision.objects.get(game_id=game_id, number=result["number"]).events
    assert any(e["e"] == "revealed" for e in events), result["log"]
    name, client = mover(game_id, c)
    before = stored(game_id)
    assert_error(client.post(f"/api/games/{game_id}/undo/", {"seq": 1}, format="json"), 409, "nothing to undo")
    assert_untouched(game_id, before)
    assert all(not m["undone"] for m in body(anon().get(f"/api/games/{game_id}/moves/")))


def test_undo_refusals(started, players):
    game_id, c = started
    for _ in range(60):
        name, client = mover(game_id, c)
        actions = body(client.get(f"/api/games/{game_id}/actions/"))
        if actions["undoable"] >= 1:
            break
        play_one(game_id, c)
    other = "bob" if name == "alice" else "alice"
    url = f"/api/games/{game_id}/undo/"
    before = stored(game_id)
    assert_error(c[other].post(url, {}, format="json"), 403, "not your decision")
    assert_error(c["carol"].post(url, {}, format="json"), 403, "no seat")
    assert_auth_refused(anon().post(url, {}, format="json"))
    assert_error(client.post(url, {"seq": actions["seq"] - 1}, format="json"), 409, "stale seq")
    assert_error(client.post(url, {"seq": "soon"}, format="json"), 400, "seq")
    assert_error(client.post(url, data="{oops", content_type="application/json"), 400)
    assert_error(client.post("/api/games/999999/undo/", {}, format="json"), 404)
    assert_untouched(game_id, before)


# --- POST /resign/ ---------------------------------------------------------------------------


def test_resign_then_the_bot_plays_the_seat_to_the_end(started, eager_bots):
    game_id, c = started
    name, client = mover(game_id, c)
    with eager_bots():
        response = client.post(f"/api/games/{game_id}/resign/")
    assert response.status_code == 200, response.content
    game = body(response)
    mine = next(s for s in game["seats"] if s["username"] == name)
    assert mine["status"] == "resigned" and mine["played_by_bot"] is True

    game = detail(client, game_id)
    assert game["current_seat"] != mine["order"] or game["status"] == "finished"
    assert game["seq"] >= 1  # the bot has already decided for the resigned seat
    assert_error(client.get(f"/api/games/{game_id}/actions/"), 403)
    assert_error(client.post(f"/api/games/{game_id}/resign/"), 409, "already")

    choose = greedy(game_id)
    for _ in range(600):
        if detail(client, game_id)["status"] != "active":
            break
        with eager_bots():
            play_one(game_id, c, choose)
    game = detail(anon(), game_id)
    assert game["status"] == "finished"
    assert game["outcome"] is not None
    moves = body(anon().get(f"/api/games/{game_id}/moves/"))
    assert any(m["by_bot"] and m["seat"] == mine["order"] for m in moves)
    resigned = next(s for s in game["seats"] if s["username"] == name)
    assert resigned["rank"] == max(s["rank"] for s in game["seats"])
    assert resigned["rank"] == len(game["outcome"]["ranking"])


def test_resign_refusals(started, players):
    game_id, c = started
    assert_error(c["carol"].post(f"/api/games/{game_id}/resign/"), 403, "no seat")
    assert_auth_refused(anon().post(f"/api/games/{game_id}/resign/"))
    assert_error(c["carol"].post("/api/games/999999/resign/"), 404)
    gid = create(c["alice"], players=3)["id"]
    assert_error(c["alice"].post(f"/api/games/{gid}/resign/"), 409, "open")
    assert all(s["status"] == "active" for s in detail(anon(), game_id)["seats"])


# --- chat ------------------------------------------------------------------------------------


def test_chat_post_and_list(started):
    game_id, c = started
    response = c["alice"].post(f"/api/games/{game_id}/chat/", {"text": "  good luck!  "}, format="json")
    assert response.status_code == 201, response.content
    message = body(response)
    assert message["username"] == "alice" and message["text"] == "good luck!"
    assert c["bob"].post(f"/api/games/{game_id}/chat/", {"text": "x" * 1000}, format="json").status_code == 201
    listed = body(anon().get(f"/api/games/{game_id}/chat/"))
    assert [(m["username"], m["text"]) for m in listed["results"]] == [("bob", "x" * 1000), ("alice", "good luck!")]
    assert listed["next"] is None


@pytest.mark.parametrize("text", ["\n", "   ", "\t \u3000"])
def test_chat_of_white_space_alone_is_refused_as_the_schema_says(started, text):
    game_id, c = started
    assert_error(c["alice"].post(f"/api/games/{game_id}/chat/", {"text": text}, format="json"), 400)
    assert body(anon().get(f"/api/games/{game_id}/chat/"))["results"] == []
    schema = json.loads(anon().get("/api/schema/?format=json").content)
    pattern = schema["components"]["schemas"]["ChatRequest"]["properties"]["text"]["pattern"]
    assert re.search(pattern, text) is None and re.search(pattern, " gg ")
    assert "pattern" not in schema["components"]["schemas"]["Chat"]["properties"]["text"]  # a hidden message reads ""


def chat_texts(client, url):
    """Every message, newest first, following the pages."""
    texts, pages = [], 0
    while url:
        page = body(client.get(url))
        texts += [m["text"] for m in page["results"]]
        url, pages = page["next"], pages + 1
    return texts, pages


def test_chat_comes_in_pages_of_50_newest_first(started):
    from django.contrib.auth import get_user_model

    from games.models import ChatMessage
    game_id, _ = started
    alice = get_user_model().objects.get(username="alice")
    ChatMessage.objects.bulk_create(ChatMessage(game_id=game_id, user=alice, text=f"line {n}") for n in range(120))
    first = body(anon().get(f"/api/games/{game_id}/chat/"))
    assert len(first["results"]) == 50 and first["results"][0]["text"] == "line 119"
    texts, pages = chat_texts(anon(), f"/api/games/{game_id}/chat/")
    assert pages == 3 and texts == [f"line {n}" for n in reversed(range(120))]
    assert_error(anon().get(f"/api/games/{game_id}/chat/?cursor=garbage"), 404)


@pytest.mark.parametrize("payload", [{"text": 5}, {"text": True}, {"text": {"a": 1}}])
def test_chat_text_must_be_a_string(started, payload):
    from games.models import ChatMessage
    game_id, c = started
    assert_error(c["alice"].post(f"/api/games/{game_id}/chat/", payload, format="json"), 400, "text")
    assert not ChatMessage.objects.exists()


@pytest.mark.parametrize("payload", [{"game": "argo", "players": "2"}, {"game": "argo", "players": 2.0},
                                     {"game": "argo", "players": True}, {"game": 5, "players": 2},
                                     {"game": "argo", "players": 2, "hours_per_move": "48"},
                                     {"game": "argo", "players": 2, "invite": [7]}])
def test_create_game_fields_have_their_json_types(players, payload):
    from games.models import Game
    _, clients = players
    response = clients["alice"].post("/api/games/", payload, format="json")
    assert response.status_code == 400, response.content
    assert not Game.objects.exists()


def test_who_has_left_a_game_or_an_aborted_game_cannot_chat(started, make_user):
    from games import services
    from games.models import ChatMessage, Game
    game_id, c = started
    services.resign(Game.objects.get(pk=game_id).seats.get(user__username="bob").user, game_id)
    assert_error(c["bob"].post(f"/api/games/{game_id}/chat/", {"text": "bye"}, format="json"), 403, "left")
    assert c["alice"].post(f"/api/games/{game_id}/chat/", {"text": "gg"}, format="json").status_code == 201
    services.abort_game(make_user("mod", is_staff=True), game_id, "test")
    assert_error(c["alice"].post(f"/api/games/{game_id}/chat/", {"text": "why?"}, format="json"), 403, "aborted")
    assert list(ChatMessage.objects.values_list("text", flat=True)) == ["gg"]


@pytest.mark.parametrize("payload", [{"text": ""}, {"text": "   "}, {}, {"text": "x" * 1001}, {"text": None},
                                     {"text": ["hi"]}])
def test_chat_invalid_text_is_400(started, payload):
    from games.models import ChatMessage
    game_id, c = started
    assert_error(c["alice"].post(f"/api/games/{game_id}/chat/", payload, format="json"), 400, "text")
    assert not ChatMessage.objects.exists()


def test_chat_only_players_post(started, players):
    from games.models import ChatMessage
    game_id, c = started
    assert_error(c["carol"].post(f"/api/games/{game_id}/chat/", {"text": "hi"}, format="json"), 403,
                 "only the game's players")
    assert_auth_refused(anon().post(f"/api/games/{game_id}/chat/", {"text": "hi"}, format="json"))
    assert_error(c["carol"].post("/api/games/999999/chat/", {"text": "hi"}, format="json"), 404)
    assert_error(anon().get("/api/games/999999/chat/"), 404)
    assert not ChatMessage.objects.exists()


def test_hidden_chat_messages_lose_their_text_except_to_their_author(started, make_user):
    from games import services
    from games.models import ChatMessage
    game_id, c = started
    for text in ("one", "rude", "three"):
        assert c["alice"].post(f"/api/games/{game_id}/chat/", {"text": text}, format="json").status_code == 201
    moderator = make_user("mod", is_staff=True)
    services.set_chat_hidden(moderator, ChatMessage.objects.get(text="rude"), True, "insult")
    for client in (anon(), c["bob"]):
        assert chat_texts(client, f"/api/games/{game_id}/chat/")[0] == ["three", "", "one"]
    assert chat_texts(c["alice"], f"/api/games/{game_id}/chat/")[0] == ["three", "rude", "one"]
    hidden = [m["hidden"] for m in c["bob"].get(f"/api/games/{game_id}/chat/").json()["results"]]
    assert hidden == [False, True, False]


# --- schema and docs -------------------------------------------------------------------------

EXPECTED_PATHS = {
    "/api/auth/token/": {"post", "delete"},
    "/api/auth/ws-ticket/": {"post"},
    "/api/games/": {"get", "post"},
    "/api/games/{id}/": {"get"},
    "/api/games/{id}/join/": {"post"},
    "/api/games/{id}/leave/": {"post"},
    "/api/games/{id}/start/": {"post"},
    "/api/games/{id}/actions/": {"get"},
    "/api/games/{id}/moves/": {"get", "post"},
    "/api/games/{id}/undo/": {"post"},
    "/api/games/{id}/resign/": {"post"},
    "/api/games/{id}/chat/": {"get", "post"},
    "/api/me/": {"get", "patch"},
    "/api/users/{username}/": {"get"},
}


def test_schema_is_openapi_3_listing_every_endpoint(players):
    response = anon().get("/api/schema/?format=json")
    assert response.status_code == 200, response.content[:300]
    schema = json.loads(response.content)
    assert schema["openapi"].startswith("3.")
    assert schema["info"]["title"]
    paths = schema["paths"]
    for path, methods in EXPECTED_PATHS.items():
        assert path in paths, f"{path} missing from the schema"
        assert methods <= set(paths[path]), (path, set(paths[path]))
    # the documented answers match the API's
    assert "201" in paths["/api/games/{id}/moves/"]["post"]["responses"]
    for code in ("400", "403", "409"):
        assert code in paths["/api/games/{id}/moves/"]["post"]["responses"]
    assert "201" in paths["/api/games/"]["post"]["responses"]
    for name, component in schema.get("components", {}).get("schemas", {}).items():
        if name == "Record":  # a game's record (docs/game-record.md): the seed once the game is over, never before
            assert "seed" not in component["required"] and "only once the game is over" in component["properties"]["seed"]["description"]
            continue
        assert "seed" not in component.get("properties", {})
    # and the YAML form is served too
    assert anon().get("/api/schema/").status_code == 200


def test_schema_passes_openapi_validation(players):
    import openapi_spec_validator as validator  # pinned in the test extra: never skipped
    schema = json.loads(anon().get("/api/schema/?format=json").content)
    validator.validate(schema)


def test_api_docs_page(players):
    response = anon().get("/api/docs/")
    assert response.status_code == 200
    assert b"swagger" in response.content.lower()
    assert b"<style" not in response.content and b"<script>" not in response.content  # the security policy
    script = anon().get("/api/docs/?script=")
    assert script.status_code == 200 and b"/api/schema/" in script.content


# --- accounts --------------------------------------------------------------------------------


def test_me_get_and_patch(players):
    _, c = players
    me = body(c["alice"].get("/api/me/"))
    assert me["username"] == "alice" and me["email"] == "alice@example.org"
    assert me["language"] == "en" and me["time_zone"] == "UTC"
    response = c["alice"].patch("/api/me/", {"display_name": "Alice A.", "time_zone": "Europe/Berlin",
                                             "language": "de", "notify_turn": "daily"}, format="json")
    assert response.status_code == 200, response.content
    me = body(c["alice"].get("/api/me/"))
    assert (me["display_name"], me["time_zone"], me["language"], me["notify_turn"]) == (
        "Alice A.", "Europe/Berlin", "de", "daily")
    # read-only fields stay
    c["alice"].patch("/api/me/", {"username": "mallory", "email": "m@evil.example"}, format="json")
    me = body(c["alice"].get("/api/me/"))
    assert me["username"] == "alice" and me["email"] == "alice@example.org"


@pytest.mark.parametrize("payload, fragment", [
    ({"time_zone": "Mars/Olympus_Mons"}, "time_zone"),
    ({"time_zone": ""}, "time_zone"),
    ({"language": "xx"}, "language"),
    ({"notify_turn": "hourly"}, "notify_turn"),
    ({"display_name": "x" * 41}, "display_name"),
])
def test_me_patch_invalid_is_400(players, payload, fragment):
    _, c = players
    assert_error(c["alice"].patch("/api/me/", payload, format="json"), 400, fragment)
    me = body(c["alice"].get("/api/me/"))
    assert me["time_zone"] == "UTC" and me["language"] == "en"


def test_me_anonymous_is_refused(players):
    assert_auth_refused(anon().get("/api/me/"))
    assert_auth_refused(anon().patch("/api/me/", {"time_zone": "UTC"}, format="json"))


def test_public_user(players, make_user):
    _, c = players
    response = anon().get("/api/users/alice/")
    assert response.status_code == 200
    data = body(response)
    assert data["username"] == "alice" and data["display_name"] == "alice"
    assert data["games_finished"] == 0
    assert "email" not in data and "password" not in data
    assert_error(anon().get("/api/users/nobody/"), 404)
    make_user("gone", is_active=False)
    assert_error(anon().get("/api/users/gone/"), 404)


@pytest.mark.parametrize("path", ["/api/nothing/", "/api/games/1/nothing/", "/api/v2/games/"])
def test_unknown_api_path_is_json_404(db, path):
    response = anon().get(path)
    assert response.status_code == 404
    assert response["Content-Type"].startswith("application/json")
    assert body(response)["detail"]


# --- invitations: joining ends one, declining answers one --------------------------------------


def test_an_invited_player_who_joins_is_no_longer_listed_as_invited(players):
    _, c = players
    game = create(c["alice"], players=3, invite=["bob", "carol"])
    joined = body(c["bob"].post(f"/api/games/{game['id']}/join/"))
    assert joined["invited"] == ["carol"] and [s["username"] for s in joined["seats"]] == ["alice", "bob"]


def test_an_invited_player_can_decline(players):
    users, c = players
    game = create(c["alice"], players=3, invite=["bob", "carol"])
    declined = c["carol"].post(f"/api/games/{game['id']}/decline/")
    assert declined.status_code == 200, declined.content
    assert body(declined)["invited"] == ["bob"] and body(declined)["declined"] == ["carol"]
    assert body(c["carol"].get("/api/games/?mine=1"))["results"] == []  # off her list
    assert Invitation.objects.get(game_id=game["id"], user=users["carol"]).declined_at is not None  # kept
    assert_error(c["carol"].post(f"/api/games/{game['id']}/decline/"), 409, "no open invitation")


@pytest.mark.parametrize("who, status, words", [("dave", 409, "no open invitation"), ("alice", 409, "no open invitation")])
def test_declining_without_an_invitation_is_refused(players, who, status, words):
    _, c = players
    game = create(c["alice"], players=3, invite=["bob"])
    assert_error(c[who].post(f"/api/games/{game['id']}/decline/"), status, words)
    assert body(c["alice"].get(f"/api/games/{game['id']}/"))["invited"] == ["bob"]


def test_a_seated_or_started_invitation_cannot_be_declined(players):
    _, c = players
    game = create(c["alice"], players=3, invite=["bob", "carol"])
    c["bob"].post(f"/api/games/{game['id']}/join/")
    assert_error(c["bob"].post(f"/api/games/{game['id']}/decline/"), 409, "leave it instead")
    c["alice"].post(f"/api/games/{game['id']}/start/")
    assert_error(c["carol"].post(f"/api/games/{game['id']}/decline/"), 409, "invitations are closed")
    assert_auth_refused(anon().post(f"/api/games/{game['id']}/decline/"))


def test_each_answer_has_fields_of_its_own_though_they_are_built_once(players, rf):
    """The game's serializers build their fields once per class (foundation.api.KeptFieldsSerializer)
    and copy them: two answers made side by side still each follow their own reader, down to the
    seats' names, which a bot says in the reader's language."""
    from rest_framework.request import Request

    from accounts.models import Profile
    from games import services
    from games.entry.api.serializers import GameDetailSerializer

    users, clients = players
    game_id = create(clients["alice"], players=2, bots=["greedy"])["id"]
    Profile.objects.filter(user=users["bob"]).update(language="de")

    def reader(name):
        request = Request(rf.get("/"))
        request.user = users[name]
        users[name].refresh_from_db()
        return GameDetailSerializer(services.game_in_full(game_id), context={"request": request})

    alices, bobs = reader("alice"), reader("bob")
    assert alices.fields["seats"] is not bobs.fields["seats"]  # both built before either answers
    bob_sees, alice_sees = bobs.data, alices.data
    assert (alice_sees["your_seat"], bob_sees["your_seat"]) == (0, None)
    assert [s["display_name"] for s in alice_sees["seats"]][1] == "Greedy (bot)"
    assert [s["display_name"] for s in bob_sees["seats"]][1] == "Gierig (Bot)"
