"""Round trips to PostgreSQL: under load each is also a wait to take back the interpreter lock
(docs/performance.md), so a transaction's BEGIN travels with its first kept statement
(argo_site.postgresql.Connection)."""
from __future__ import annotations

import contextlib
import tempfile

import pytest
from django.db import DatabaseError, connection, transaction

from tests.django_fixtures import POSTGRES

pytestmark = [pytest.mark.django_db(transaction=True),
              pytest.mark.skipif(not POSTGRES, reason="the wire protocol of PostgreSQL")]


@contextlib.contextmanager
def wire():
    """The messages the connection sends and receives (libpq's trace), as a list of lines once done."""
    from psycopg.pq import Trace
    connection.ensure_connection()
    pgconn = connection.connection.pgconn
    lines: list[str] = []
    with tempfile.TemporaryFile("w+") as file:
        pgconn.trace(file.fileno())
        pgconn.set_trace_flags(Trace.SUPPRESS_TIMESTAMPS)
        try:
            yield lines
        finally:
            pgconn.untrace()
            file.seek(0)
            lines.extend(file.read().splitlines())


def trips(lines: list[str]) -> list[list[str]]:
    """What the client sent before each wait for the server: a Sync, or a simple Query, ends one."""
    sent, out = [], []
    for line in lines:
        side, _, kind = line.split("\t")[:3]
        if side != "F":
            continue
        sent.append(f"{kind} {line.split(chr(9), 3)[-1].strip()}")
        if kind in ("Sync", "Query"):
            out.append(sent)
            sent = []
    return out


def test_a_decision_opens_its_transaction_in_the_round_trip_that_locks_the_game(make_user):
    from games import services
    from games.models import Game
    alice, bob = make_user("alice"), make_user("bob")
    game = services.create_game(alice, game="argo", players=2)
    services.join_game(bob, game.pk)
    users = {0: None, 1: None}
    for seat in Game.objects.get(pk=game.pk).seats.all():
        users[seat.order] = seat.user

    def decision():
        current = Game.objects.get(pk=game.pk)
        choice = services.rules_of(current).legal_actions(services.current_state(current))[0]
        return lambda: services.submit_decision(users[current.current_seat], current.pk, current.seq, choice)

    for _ in range(3):  # psycopg prepares a statement on its second run, with a round trip of its own
        decision()()
    decide = decision()
    with wire() as lines:
        decide()
    sent = trips(lines)
    # BEGIN with the game's locked read, the decision's insert with the game's update, COMMIT.
    assert len(sent) == 3, sent
    begin, lock = sent[0][:4], sent[0][4:]
    assert begin[0] == 'Parse "" "BEGIN" 0' and any(m.startswith("Bind") for m in lock), sent[0]
    assert sent[2] == ['Query "COMMIT"'], sent[2]


def test_a_first_statement_that_fails_rolls_back_and_the_connection_goes_on(make_user):
    from games.models import Seat
    with pytest.raises(DatabaseError), transaction.atomic():
        Seat.of_game(1, "not a date", lock=True)
    assert connection.connection.info.transaction_status.name == "IDLE"
    with transaction.atomic():
        assert Seat.of_game(10 ** 9, None, lock=True) == []
        assert connection.connection.info.transaction_status.name == "INTRANS"
