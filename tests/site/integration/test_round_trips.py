"""Round trips to PostgreSQL (docs/performance.md): every statement of a decision is sent on its own
and answered before the next one, so that its error is raised by the statement that caused it."""
from __future__ import annotations

import contextlib
import tempfile

import pytest
from django.db import connection

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


def test_a_decision_waits_for_postgresql_once_per_statement(make_user):
    from games import services
    from games.models import Game
    game = started_game(make_user)
    for _ in range(6):  # psycopg prepares a statement on its fifth run (prepare_threshold, settings.py)
        user, seq, choice = decision_for(game.pk)
        services.submit_decision(user, game.pk, seq, choice)
    user, seq, choice = decision_for(game.pk)
    with wire() as lines:
        services.submit_decision(user, game.pk, seq, choice)
    sent = trips(lines)
    sent = sent[:sent.index(['Query "COMMIT"']) + 1]  # the decision's transaction; its tasks come after
    # BEGIN, the game locked with its seats, the insert with the game's update, the players' turn
    # inbox rows moved (games.services.inbox.decided), COMMIT.
    assert len(sent) == 5, sent
    assert sent[0] == ['Query "BEGIN"'] and sent[-1] == ['Query "COMMIT"'], sent
    assert all(not any(m.startswith("Parse") for m in trip) for trip in sent[1:-1]), sent  # kept prepared
    assert Game.objects.get(pk=game.pk).decisions.count() == 7


def test_a_clash_is_raised_by_the_insert_itself_and_stores_nothing(make_user):
    """A row already holding the decision's number (which the game's lock makes impossible between
    requests) fails the insert where it is written: the error comes from that statement, no COMMIT
    is sent, the request is a conflict (409) and nothing of it is stored."""
    from django.db import IntegrityError

    from games import services
    from games.models import Decision, Game
    game = started_game(make_user)
    user, seq, choice = decision_for(game.pk)
    Decision.objects.create(game_id=game.pk, number=seq + 1, seat=0, data={"type": "x"}, events=[])
    ran: list[tuple[str, type | None]] = []

    def record(execute, sql, params, many, context):
        try:
            result = execute(sql, params, many, context)
        except Exception as error:
            ran.append((sql, type(error)))
            raise
        ran.append((sql, None))
        return result
    with connection.execute_wrapper(record), pytest.raises(services.Conflict, match="another decision was stored first"):
        services.submit_decision(user, game.pk, seq, choice)
    failed = [(sql, error) for sql, error in ran if error is not None]
    assert len(failed) == 1 and failed[0][0].startswith("WITH stored AS (INSERT INTO") and issubclass(failed[0][1], IntegrityError), ran
    assert ran[-1] == failed[0], ran  # nothing ran after it
    assert Game.objects.get(pk=game.pk).seq == seq
    assert list(Decision.objects.filter(game_id=game.pk).values_list("data", flat=True)) == [{"type": "x"}]
    Decision.objects.filter(game_id=game.pk).delete()  # the stray row gone, the connection goes on
    assert services.submit_decision(user, game.pk, seq, choice).decision.number == seq + 1 == 1


def test_what_runs_after_the_insert_sees_it(make_user):
    from games import services
    from games.models import Decision, Game
    game = started_game(make_user)
    user, seq, choice = decision_for(game.pk)
    seen = []

    def count(**kwargs):
        seen.append(Decision.objects.filter(game_id=game.pk).count())
    from games import signals
    signals.decision_stored.connect(count, dispatch_uid="test-after-insert")
    try:
        applied = services.submit_decision(user, game.pk, seq, choice)
    finally:
        signals.decision_stored.disconnect(dispatch_uid="test-after-insert")
    assert seen == [1] and applied.decision.pk == Decision.objects.get(game_id=game.pk).pk
    assert Game.objects.get(pk=game.pk).seq == seq + 1
