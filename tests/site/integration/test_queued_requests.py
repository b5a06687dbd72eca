"""Requests that queue behind a game's row lock decide on the rows as they are once the lock is theirs.

Each test holds the game's row locked from a connection of its own, lets two requests queue behind
that lock in a known order, then lets go: the first changes a seat (a resignation, a stand-in, a
removal, a timeout) or adds one (a join), and the second must see that change. Under READ COMMITTED
PostgreSQL re-reads only the rows a statement locks once the wait is over, so a seat read in the same
statement without its own lock would be the one from before the wait.
"""
from __future__ import annotations

import threading
import time

import pytest

from tests.django_fixtures import POSTGRES

pytestmark = [
    pytest.mark.skipif(not POSTGRES, reason="the row locks are PostgreSQL's (set DATABASE_URL)"),
    pytest.mark.django_db(transaction=True),
]


def _connect():
    import psycopg
    from django.db import connection
    s = connection.settings_dict
    return psycopg.connect(dbname=s["NAME"], user=s["USER"], password=s["PASSWORD"],
                           host=s["HOST"] or "127.0.0.1", port=s["PORT"] or 5432, autocommit=True)


def _waiting_for_locks() -> int:
    """How many backends wait for a lock right now."""
    with _connect() as conn:
        return conn.execute("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                            "AND datname = current_database()").fetchone()[0]


class Queue:
    """Requests started one after another behind the game's row lock, released together."""

    def __init__(self, game_id: int):
        self.game_id, self.threads, self.results = game_id, [], []
        self.holder = _connect()
        self.holder.autocommit = False
        self.holder.execute("SELECT id FROM games_game WHERE id = %s FOR UPDATE", [game_id])

    def add(self, call) -> None:
        """Start `call` in a thread of its own and wait until it waits for the lock."""
        index = len(self.results)
        self.results.append(None)
        waiting = _waiting_for_locks()

        def run():
            from django.db import connection
            try:
                self.results[index] = call()
            except Exception as exc:  # the caller asserts on it
                self.results[index] = exc
            finally:
                connection.close()
        thread = threading.Thread(target=run)
        thread.start()
        self.threads.append(thread)
        deadline = time.monotonic() + 10
        while _waiting_for_locks() <= waiting:
            assert time.monotonic() < deadline, "the request never queued behind the lock"
            time.sleep(0.01)

    def release(self) -> list:
        self.holder.commit()
        self.holder.close()
        for thread in self.threads:
            thread.join(timeout=30)
        assert not any(t.is_alive() for t in self.threads), "a queued request hung"
        return self.results


def _game(make_user, api_client_for, players=2):
    """A started game of the first registered kind; the clients by username, the deciding one first."""
    from games import rules
    users = [make_user(name) for name in ("alice", "bob", "carol", "dave")[:players]]
    clients = {u.username: api_client_for(u) for u in users}
    created = clients["alice"].post("/api/games/", {"game": rules.names()[0], "players": players}, format="json")
    assert created.status_code == 201, created.content
    game_id = created.json()["id"]
    for user in users[1:]:
        assert clients[user.username].post(f"/api/games/{game_id}/join/").status_code == 200
    return game_id, clients


def _to_move(game_id, clients):
    game = next(iter(clients.values())).get(f"/api/games/{game_id}/").json()
    name = next(s["username"] for s in game["seats"] if s["order"] == game["current_seat"])
    actions = clients[name].get(f"/api/games/{game_id}/actions/").json()
    return name, {"seq": actions["seq"], "action": actions["actions"][0]}


def _post(client, url, data=None):
    def call():
        response = client.post(url, data or {}, format="json")
        return response.status_code, response.json() if response.content else None
    return call


def _decisions_by_person(game_id) -> int:
    from games.models import Decision
    return Decision.objects.filter(game_id=game_id, by_bot=False).count()


@pytest.mark.parametrize("first, body, refusal", [("resign", {}, "resigned"),
                                                   ("stand-in", {"bot": "greedy"}, "standing in")])
def test_a_move_queued_behind_its_players_own_hand_over_is_refused(make_user, api_client_for, first, body, refusal):
    """The player resigns, or asks a bot to keep the seat, and a move of theirs queues behind it."""
    game_id, clients = _game(make_user, api_client_for)
    name, move = _to_move(game_id, clients)
    queue = Queue(game_id)
    queue.add(_post(clients[name], f"/api/games/{game_id}/{first}/", body))
    queue.add(_post(clients[name], f"/api/games/{game_id}/moves/", move))
    handed_over, moved = queue.release()
    assert handed_over[0] == 200, handed_over
    assert moved[0] == 403 and refusal in moved[1]["detail"], moved
    assert _decisions_by_person(game_id) == 0


def test_two_queued_resignations_hand_the_seat_to_the_bot_once(make_user, api_client_for):
    from games import signals
    game_id, clients = _game(make_user, api_client_for)
    handed = []

    def count(sender, game, seat, **kwargs):
        handed.append(seat.pk)
    signals.seat_handed_to_bot.connect(count)
    try:
        queue = Queue(game_id)
        queue.add(_post(clients["bob"], f"/api/games/{game_id}/resign/"))
        queue.add(_post(clients["bob"], f"/api/games/{game_id}/resign/"))
        first, second = queue.release()
    finally:
        signals.seat_handed_to_bot.disconnect(count)
    assert first[0] == 200, first
    assert second[0] == 409 and "already resigned" in second[1]["detail"], second
    assert len(handed) == 1


def test_a_move_queued_behind_a_moderators_removal_is_refused(make_user, api_client_for):
    from games import services
    from games.models import Seat
    game_id, clients = _game(make_user, api_client_for)
    name, move = _to_move(game_id, clients)
    moderator = make_user("moderator", is_staff=True)
    seat_id = Seat.objects.get(game_id=game_id, user__username=name).pk
    queue = Queue(game_id)
    queue.add(lambda: services.remove_player(moderator, seat_id, "abusive chat"))
    queue.add(_post(clients[name], f"/api/games/{game_id}/moves/", move))
    removed, moved = queue.release()
    assert isinstance(removed, Seat), removed
    assert moved[0] == 403 and "removed" in moved[1]["detail"], moved
    assert _decisions_by_person(game_id) == 0


def test_a_move_queued_behind_its_timeout_is_refused(make_user, api_client_for):
    from datetime import timedelta

    from django.utils import timezone

    from games import services
    from games.models import Game
    game_id, clients = _game(make_user, api_client_for)
    name, move = _to_move(game_id, clients)
    later = Game.objects.get(pk=game_id).deadline + timedelta(minutes=1)
    assert later > timezone.now()
    queue = Queue(game_id)
    queue.add(lambda: services.enforce_deadline(game_id, later))
    queue.add(_post(clients[name], f"/api/games/{game_id}/moves/", move))
    timed_out, moved = queue.release()
    assert timed_out is True
    assert moved[0] == 403 and "timed out" in moved[1]["detail"], moved
    assert _decisions_by_person(game_id) == 0


def test_players_joining_at_once_get_one_seat_each_and_the_last_a_409(make_user, api_client_for):
    from games import rules
    from games.models import Game, Seat
    name = next(n for n in rules.names() if rules.get(n).max_players >= 4)
    host = api_client_for(make_user("host"))
    game_id = host.post("/api/games/", {"game": name, "players": 4}, format="json").json()["id"]
    joiners = [api_client_for(make_user(f"joiner{i}")) for i in range(4)]
    queue = Queue(game_id)
    for client in joiners:
        queue.add(_post(client, f"/api/games/{game_id}/join/"))
    results = queue.release()
    codes = sorted(code for code, _ in results)
    assert codes == [200, 200, 200, 409], results
    refused = next(body for code, body in results if code == 409)
    assert "cannot be joined" in refused["detail"] or "full" in refused["detail"], refused
    assert sorted(Seat.objects.filter(game_id=game_id).values_list("order", flat=True)) == [0, 1, 2, 3]
    assert Game.objects.get(pk=game_id).status == Game.Status.ACTIVE
