"""Round trips to PostgreSQL: under load each is also a wait to take back the interpreter lock
(docs/performance.md), so a transaction's BEGIN travels with its first kept statement
(argo_site.postgresql.Connection), and a decision's insert with the COMMIT (send_ahead)."""
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
        if side != "F" or kind == "Flush":  # a Flush goes out with the Sync before it, in its trip
            continue
        sent.append(f"{kind} {line.split(chr(9), 3)[-1].strip()}")
        if kind in ("Sync", "Query"):
            out.append(sent)
            sent = []
    return out


def started_game(make_user):
    from games import services
    alice, bob = make_user("alice"), make_user("bob")
    game = services.create_game(alice, game="argo", players=2)
    services.join_game(bob, game.pk)
    return game


def decision_for(game_id: int):
    """The first legal decision of whoever's turn it is, ready to submit: (user, seq, decision)."""
    from games import services
    from games.models import Game
    game = Game.objects.get(pk=game_id)
    choice = services.rules_of(game).legal_actions(services.current_state(game))[0]
    return game.seats.get(order=game.current_seat).user, game.seq, choice


def test_a_decision_waits_for_postgresql_twice_in_its_transaction(make_user):
    from games import services
    from games.models import Game
    game = started_game(make_user)
    for _ in range(3):  # psycopg prepares a statement on its second run, with a round trip of its own
        user, seq, choice = decision_for(game.pk)
        services.submit_decision(user, game.pk, seq, choice)
    user, seq, choice = decision_for(game.pk)
    with wire() as lines:
        services.submit_decision(user, game.pk, seq, choice)
    sent = trips(lines)
    # BEGIN with the game's locked read; the decision's insert (with the game's update) with COMMIT.
    assert len(sent) == 2, sent
    begin, lock = sent[0][:4], sent[0][4:]
    assert begin[0] == 'Parse "" "BEGIN" 0' and any(m.startswith("Bind") for m in lock), sent[0]
    assert sent[1][0].startswith("Bind") and 'Parse "" "COMMIT" 0' in sent[1], sent[1]
    assert Game.objects.get(pk=game.pk).decisions.count() == 4


def test_a_first_statement_that_fails_rolls_back_and_the_connection_goes_on(make_user):
    from games.models import Seat
    with pytest.raises(DatabaseError), transaction.atomic():
        Seat.of_game(1, "not a date", lock=True)
    assert connection.connection.info.transaction_status.name == "IDLE"
    with transaction.atomic():
        assert Seat.of_game(10 ** 9, None, lock=True) == []
        assert connection.connection.info.transaction_status.name == "INTRANS"


def test_a_clash_found_at_the_commit_is_a_conflict_and_stores_nothing(make_user):
    """The insert's answer is read with the COMMIT: a row already holding the decision's number
    (which the game's lock makes impossible between requests) still fails the whole transaction."""
    from games import services
    from games.models import Decision, Game
    game = started_game(make_user)
    user, seq, choice = decision_for(game.pk)
    Decision.objects.create(game_id=game.pk, number=seq + 1, seat=0, data={"type": "x"}, events=[])
    with pytest.raises(services.Conflict, match="another decision was stored first"):
        services.submit_decision(user, game.pk, seq, choice)
    assert Game.objects.get(pk=game.pk).seq == seq
    assert list(Decision.objects.filter(game_id=game.pk).values_list("data", flat=True)) == [{"type": "x"}]
    Decision.objects.filter(game_id=game.pk).delete()  # the stray row gone, the connection goes on
    assert services.submit_decision(user, game.pk, seq, choice).decision.number == seq + 1 == 1


def test_what_runs_after_a_statement_sent_ahead_sees_it(make_user):
    from games import services
    from games.models import Decision, Game
    game = started_game(make_user)
    user, seq, choice = decision_for(game.pk)
    seen = []

    def count(**kwargs):
        seen.append(Decision.objects.filter(game_id=game.pk).count())
    from games import signals
    signals.decision_stored.connect(count, dispatch_uid="test-sent-ahead")
    try:
        applied = services.submit_decision(user, game.pk, seq, choice)
    finally:
        signals.decision_stored.disconnect(dispatch_uid="test-sent-ahead")
    assert seen == [1] and applied.decision.pk == Decision.objects.get(game_id=game.pk).pk
    assert Game.objects.get(pk=game.pk).seq == seq + 1


def test_a_savepoint_rolled_back_takes_what_was_sent_ahead_with_it(make_user):
    from games.models import Decision, Game
    game = started_game(make_user)
    with transaction.atomic():
        try:
            with transaction.atomic():
                locked = Game.objects.select_for_update().get(pk=game.pk)
                Decision(game=locked, number=locked.seq + 1, seat=0, data={"type": "y"}, events=[]).insert_saving(locked)
                raise RuntimeError("changed my mind")
        except RuntimeError:
            pass
        assert Decision.objects.filter(game_id=game.pk).count() == 0
    assert Decision.objects.filter(game_id=game.pk).count() == 0
