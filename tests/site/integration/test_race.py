"""Two submissions for the same `seq`: exactly one is stored, the other gets 409."""
from __future__ import annotations

import pytest

from tests.django_fixtures import POSTGRES, api_key_of, in_parallel


def started_game(make_user, api_client_for):
    alice, bob = make_user("alice"), make_user("bob")
    clients = {"alice": api_client_for(alice), "bob": api_client_for(bob)}
    response = clients["alice"].post("/api/games/", {"game": "argo", "players": 2}, format="json")
    assert response.status_code == 201, response.content
    game_id = response.json()["id"]
    response = clients["bob"].post(f"/api/games/{game_id}/join/")
    assert response.status_code == 200 and response.json()["status"] == "active", response.content
    return game_id, clients


def to_move(game_id, clients):
    from rest_framework.test import APIClient
    game = APIClient().get(f"/api/games/{game_id}/").json()
    name = next(s["username"] for s in game["seats"] if s["order"] == game["current_seat"])
    actions = clients[name].get(f"/api/games/{game_id}/actions/")
    assert actions.status_code == 200, actions.content
    return name, actions.json()


def race(game_id, name, seq, decision):
    """Two clients of the player post the same decision for the same seq at the same moment."""
    from django.contrib.auth import get_user_model
    from rest_framework.test import APIClient

    token = api_key_of(get_user_model().objects.get(username=name))

    def submit(index):
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
        response = client.post(f"/api/games/{game_id}/moves/", {"seq": seq, "action": decision}, format="json")
        return response.status_code, response.json()
    return in_parallel(2, submit)


def assert_one_stored(game_id, seq, results, what):
    from rest_framework.test import APIClient

    from games.models import Decision

    codes = sorted(str(r[0]) for r in results)
    assert codes == ["201", "409"], (what, [(r[0], r[1] if r[0] != 201 else "...") for r in results])
    refused = next(r[1] for r in results if r[0] == 409)
    assert refused["detail"], refused
    assert Decision.objects.filter(game_id=game_id, number=seq + 1).count() == 1
    assert Decision.objects.filter(game_id=game_id).count() == seq + 1
    assert APIClient().get(f"/api/games/{game_id}/").json()["seq"] == seq + 1


@pytest.mark.skipif(not POSTGRES, reason="the race needs PostgreSQL (set DATABASE_URL)")
@pytest.mark.django_db(transaction=True)
def test_two_threads_submitting_the_same_seq(make_user, api_client_for):
    """Decisions within a turn (the same player decides next either way), raced again and again."""
    game_id, clients = started_game(make_user, api_client_for)
    raced = 0
    for _ in range(40):
        name, actions = to_move(game_id, clients)
        within_turn = [d for d in actions["actions"] if d["type"] != "end_turn"]
        if not within_turn:  # the turn-ending decision is raced in the next test
            response = clients[name].post(f"/api/games/{game_id}/moves/",
                                          {"seq": actions["seq"], "action": actions["actions"][0]}, format="json")
            assert response.status_code == 201, response.content
            continue
        results = race(game_id, name, actions["seq"], within_turn[0])
        assert_one_stored(game_id, actions["seq"], results, f"race {raced} on {within_turn[0]}")
        raced += 1
        if raced == 6:
            break
    assert raced == 6


@pytest.mark.skipif(not POSTGRES, reason="the race needs PostgreSQL (set DATABASE_URL)")
@pytest.mark.django_db(transaction=True)
def test_two_threads_submitting_the_same_seq_for_the_turn_ending_decision(make_user, api_client_for):
    """The winner ends the turn; the loser's seq is stale all the same: 409, as for any race."""
    game_id, clients = started_game(make_user, api_client_for)
    raced = 0
    for _ in range(80):
        name, actions = to_move(game_id, clients)
        if actions["actions"] == [{"type": "end_turn"}]:
            results = race(game_id, name, actions["seq"], {"type": "end_turn"})
            assert_one_stored(game_id, actions["seq"], results, f"race {raced} on end_turn")
            raced += 1
            if raced == 3:
                break
            continue
        decision = next((d for d in actions["actions"] if d["type"] == "end_turn"), actions["actions"][0])
        response = clients[name].post(f"/api/games/{game_id}/moves/",
                                      {"seq": actions["seq"], "action": decision}, format="json")
        assert response.status_code == 201, response.content
    assert raced == 3


@pytest.mark.django_db
def test_second_submission_with_the_same_seq_is_409(make_user, api_client_for):
    from games.models import Decision

    game_id, clients = started_game(make_user, api_client_for)
    name, actions = to_move(game_id, clients)
    url = f"/api/games/{game_id}/moves/"
    first = clients[name].post(url, {"seq": actions["seq"], "action": actions["actions"][0]}, format="json")
    assert first.status_code == 201, first.content
    # whoever must decide now, a submission for the old seq is stale
    name_now, now = to_move(game_id, clients)
    second = clients[name_now].post(url, {"seq": actions["seq"], "action": now["actions"][0]}, format="json")
    assert second.status_code == 409, second.content
    assert "stale seq" in second.json()["detail"]
    assert Decision.objects.filter(game_id=game_id).count() == 1
    assert Decision.objects.filter(game_id=game_id, number=actions["seq"] + 1).count() == 1


@pytest.mark.django_db
def test_resubmitting_the_turn_ending_decision_is_409(make_user, api_client_for):
    """A double click on "end turn": the second request carries a stale seq, so 409 (as in the race)."""
    from games.models import Decision

    game_id, clients = started_game(make_user, api_client_for)
    for _ in range(40):
        name, actions = to_move(game_id, clients)
        if actions["actions"] == [{"type": "end_turn"}]:
            break
        decision = next((d for d in actions["actions"] if d["type"] == "end_turn"), actions["actions"][0])
        assert clients[name].post(f"/api/games/{game_id}/moves/", {"seq": actions["seq"], "action": decision},
                                  format="json").status_code == 201
    else:
        pytest.fail("no end of turn reached")
    url = f"/api/games/{game_id}/moves/"
    payload = {"seq": actions["seq"], "action": {"type": "end_turn"}}
    assert clients[name].post(url, payload, format="json").status_code == 201
    second = clients[name].post(url, payload, format="json")
    assert second.status_code == 409, second.content
    assert "stale seq" in second.json()["detail"]
    assert Decision.objects.filter(game_id=game_id).count() == actions["seq"] + 1
