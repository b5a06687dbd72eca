"""Faults a deploy meets: PostgreSQL restarted in the middle of a game, the ASGI tier gone. Run
against the real services in CI (the PostgreSQL one is skipped on SQLite)."""
from __future__ import annotations

import time

import pytest
from django.core.signals import request_finished, request_started
from django.db import connection

from tests.django_fixtures import POSTGRES

pytestmark = pytest.mark.django_db(transaction=True)


def restart_the_database_under(conn) -> None:
    """What a PostgreSQL restart does to a server's open connection: the server ends it."""
    import psycopg
    params = conn.get_connection_params()
    with psycopg.connect(**{k: v for k, v in params.items() if k in ("dbname", "user", "password", "host", "port")},
                         autocommit=True) as other:
        pid = conn.connection.info.backend_pid
        other.execute("SELECT pg_terminate_backend(%s)", [pid])
        for _ in range(100):  # the backend ends a moment after the signal, as a restart takes a while
            if not other.execute("SELECT 1 FROM pg_stat_activity WHERE pid = %s", [pid]).fetchone():
                break
            time.sleep(0.05)


@pytest.mark.skipif(not POSTGRES, reason="needs PostgreSQL")
def test_after_a_database_restart_the_next_decision_succeeds_and_nothing_is_lost(make_user, settings):
    from games import services
    from games.models import Decision, Game
    alice, bob = make_user("alice"), make_user("bob")
    game = services.create_game(alice, game="argo", players=2)
    services.join_game(bob, game.pk)

    def decide():
        current = Game.objects.get(pk=game.pk)
        mover = current.seats.get(order=current.current_seat).user
        decision = services.rules_of(current).bot("greedy", current.seq).choose(services.current_state(current))
        services.submit_decision(mover, current.pk, current.seq, decision)

    # A server worker keeps its connection between requests (CONN_MAX_AGE) and checks it at the
    # start of each one (CONN_HEALTH_CHECKS): that check is what survives the restart.
    assert connection.settings_dict["CONN_MAX_AGE"] > 0 and connection.settings_dict["CONN_HEALTH_CHECKS"]
    request_started.send(sender=None)
    decide()
    request_finished.send(sender=None)
    before = Decision.objects.filter(game_id=game.pk).count()
    restart_the_database_under(connection)

    request_started.send(sender=None)  # the next request: the health check finds the connection dead
    decide()
    request_finished.send(sender=None)
    assert Decision.objects.filter(game_id=game.pk).count() == before + 1
    assert Game.objects.get(pk=game.pk).seq == before + 1


@pytest.mark.skipif(not POSTGRES, reason="needs PostgreSQL")
def test_the_health_check_sends_nothing_to_a_live_connection_and_finds_a_dead_one():
    connection.ensure_connection()
    raw = connection.connection
    sent = []
    original = raw.execute
    raw.execute = lambda *args, **kwargs: sent.append(args) or original(*args, **kwargs)
    try:
        assert connection.is_usable() and sent == []  # no SELECT 1: the round trip is what it saves
    finally:
        del raw.execute
    restart_the_database_under(connection)
    assert not connection.is_usable()
    connection.close()


POOLED = """
import time
import django
django.setup()
import psycopg
from django.db import connection

def backend():
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return cursor.fetchone()[0]

first = backend()
connection.close()  # back to the pool, as at the end of a request
params = {k: v for k, v in connection.get_connection_params().items() if k in ("dbname", "user", "password", "host", "port")}
with psycopg.connect(**params, autocommit=True) as other:
    other.execute("SELECT pg_terminate_backend(%s)", [first])
    while other.execute("SELECT 1 FROM pg_stat_activity WHERE pid = %s", [first]).fetchone():
        time.sleep(0.05)
second = backend()  # the next request: the pool must lend a live connection
print(first != second)
"""


@pytest.mark.skipif(not POSTGRES, reason="needs PostgreSQL")
def test_a_pooled_connection_is_tried_before_it_is_lent():
    """Under ASGI the connections come from psycopg's pool: after a restart, a dead one in the pool
    must be replaced, not handed to a request."""
    import os
    import subprocess
    import sys
    from pathlib import Path
    env = {**os.environ, "DATABASE_POOL": "1", "DJANGO_SETTINGS_MODULE": "argo_site.settings"}
    ran = subprocess.run([sys.executable, "-c", POOLED], cwd=Path(__file__).resolve().parents[3], env=env,
                         capture_output=True, text=True, timeout=60)
    assert ran.stdout.strip() == "True", ran.stderr[-2000:]
