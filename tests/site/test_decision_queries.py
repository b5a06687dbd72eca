"""How many queries one decision through POST /moves/ costs (docs/performance.md).

The hot path of the site: the token with its user and profile in one query, the locked game row
with its seats in one, the decision inserted and the game row updated (in one statement on
PostgreSQL). A change that adds a query to
every decision fails here, not in a benchmark weeks later.
"""
from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

pytestmark = pytest.mark.django_db

# token+user+profile, game FOR UPDATE with seats, INSERT decision and UPDATE game (one statement
# on PostgreSQL, two elsewhere): 3 or 4, plus the SAVEPOINT/RELEASE pair that the test's own
# transaction turns BEGIN/COMMIT into.
def most() -> int:
    return 5 if connection.vendor == "postgresql" else 6


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def two_player_game(make_user, api_client_for):
    """A started 2-player Argo game: (the two API clients by seat, the game, whose seat, its choices)."""
    alice, bob = make_user("alice"), make_user("bob")
    clients = {0: api_client_for(alice), 1: api_client_for(bob)}
    game = clients[0].post("/api/games/", {"game": "argo", "players": 2}, format="json").json()
    game = clients[1].post(f"/api/games/{game['id']}/join/").json()
    seat = game["current_seat"]
    return clients, game, seat, clients[seat].get(f"/api/games/{game['id']}/actions/").json()


def test_a_decision_takes_few_queries(make_user, api_client_for):
    clients, game, seat, legal = two_player_game(make_user, api_client_for)
    worst = []
    for _ in range(12):
        with CaptureQueriesContext(connection) as queries:
            answer = clients[seat].post(f"/api/games/{game['id']}/moves/",
                                        {"seq": legal["seq"], "action": legal["actions"][0]}, format="json")
        assert answer.status_code == 201, answer.content
        body = answer.json()
        if len(queries) > len(worst):
            worst = [q["sql"] for q in queries.captured_queries]
        seat = body["view"]["turn"]["seat"]
        legal = body.get("next") or clients[seat].get(f"/api/games/{game['id']}/actions/").json()
    print("\n".join(q[:160] for q in worst))
    assert len(worst) <= most(), "\n".join(worst)


def test_the_answer_to_a_decision_carries_the_next_choices(make_user, api_client_for):
    """When the same player decides again, the 201 holds what GET /actions/ would answer; when the
    turn passes, `next` is null (the other player asks for himself)."""
    clients, game, seat, legal = two_player_game(make_user, api_client_for)
    seen = {"again": 0, "passed": 0}
    for _ in range(30):
        body = clients[seat].post(f"/api/games/{game['id']}/moves/",
                                  {"seq": legal["seq"], "action": legal["actions"][-1]}, format="json").json()
        following = body["view"]["turn"]["seat"]
        asked = clients[following].get(f"/api/games/{game['id']}/actions/").json()
        if following == seat:
            assert body["next"] == asked
            seen["again"] += 1
        else:
            assert body["next"] is None
            seen["passed"] += 1
        seat, legal = following, asked
    assert seen["again"] and seen["passed"]
