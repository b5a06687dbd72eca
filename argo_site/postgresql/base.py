"""Django's PostgreSQL backend, but a kept connection is checked without asking the server, the
few statements of every decision can be kept prepared, a transaction's BEGIN travels with its
first kept statement, and a write whose answer can wait travels with what follows it (send_ahead).

With CONN_HEALTH_CHECKS Django sends `SELECT 1` at the start of every request that finds a kept
connection: one round trip per request, 14 % of a decision's time under load (docs/performance.md).
An idle connection has nothing to read, so a socket with something to read, or at its end, means
the server has ended the session (a restart, a terminated backend) or is saying so: then the
connection is dropped and a new one made, as after a failed `SELECT 1`. A peer that vanished
without a word is no more found by `SELECT 1` than here: both wait for TCP to give up.
"""
from __future__ import annotations

import datetime
import select
from collections.abc import Callable
from contextlib import ExitStack, suppress
from dataclasses import dataclass

import psycopg
from django.db.backends.postgresql import base
from django.db.backends.utils import debug_transaction
from psycopg.pq import Format, TransactionStatus
from psycopg.types.json import Jsonb

from foundation.encoding import column_dumps


class DatabaseOperations(base.DatabaseOperations):
    def adapt_json_value(self, value, encoder):
        """A JSON column's value written by orjson (foundation.encoding): a decision stores the
        game's whole state, and json.dumps was a tenth of what storing it cost."""
        if encoder is not None:
            return super().adapt_json_value(value, encoder)
        return Jsonb(value, dumps=column_dumps)

    def last_executed_query(self, cursor, sql, params):
        """A statement run prepared (prepared_cursor) has no text of its own in psycopg: for the
        debug log and the query counts of the tests, it is shown with its values filled in."""
        shown = super().last_executed_query(cursor, sql, params)
        if shown is None and sql:
            try:
                return self.compose_sql(sql, params)
            except psycopg.Error:
                return sql
        return shown


# psycopg's own reader of timestamptz text, in C with psycopg's binary package: a datetime in the
# session's zone. Django replaces it with a subclass written in Python that sets its own zone, 20
# times slower; a decision reads some twenty timestamps (docs/performance.md).
_TIMESTAMPTZ = psycopg.adapters.types["timestamptz"].oid
_SESSION_ZONE_LOADER = psycopg.adapters.get_loader(_TIMESTAMPTZ, Format.TEXT)


class Connection(psycopg.Connection):
    """psycopg's connection, but the BEGIN of a transaction can share one round trip with the
    transaction's first statement (KeptStatementsCursor).

    psycopg sends BEGIN before a transaction's first statement and waits for its answer, even in
    pipeline mode: it learns that a transaction is open only from the server, and a second
    statement queued before then would send BEGIN again. A pipeline of exactly one statement has no
    second one, so there the BEGIN is queued and the statement follows it at once. Under load each
    round trip is also a wait to take back the interpreter lock (docs/performance.md)."""

    begin_with_next = False

    def opens_transaction(self) -> bool:
        """Whether the next statement would be the first of a transaction."""
        return not self.autocommit and self._pipeline is None and self.info.transaction_status == TransactionStatus.IDLE

    def queue_commit(self) -> None:
        """COMMIT, queued in the pipeline under way: it goes out with the pipeline's Sync, in the
        same round trip, and a failure is raised there (as psycopg's own commit queues it)."""
        self.wait(self._exec_command(b"COMMIT"))

    def _start_query(self):
        if self.begin_with_next and self._pipeline is not None:
            self.begin_with_next = False
            yield from self._exec_command(self._get_tx_start_command())  # queued: no round trip of its own
            return
        yield from super()._start_query()


class _Driver:
    """psycopg as Django's backend uses it (its errors, its types), connecting with Connection."""

    connect = staticmethod(Connection.connect)

    def __getattr__(self, name):
        return getattr(psycopg, name)


class KeptStatementsCursor(psycopg.Cursor):
    """Binds on the server, so psycopg keeps its statements prepared (DatabaseWrapper.prepared_cursor).
    The first statement of a transaction takes the transaction's BEGIN along (Connection)."""

    wrapper: DatabaseWrapper

    def execute(self, query, params=None, **kwargs):
        conn = self.connection
        try:
            if isinstance(conn, Connection) and conn.opens_transaction():
                with conn.pipeline():  # its end sends both and reads both answers
                    conn.begin_with_next = True
                    try:
                        super().execute(query, params, **kwargs)
                    finally:
                        conn.begin_with_next = False
                return self
            return super().execute(query, params, **kwargs)
        except psycopg.errors.FeatureNotSupported:
            # "cached plan must not change result type": a migration changed what a kept statement
            # returns, and PostgreSQL refuses it for the rest of the session. This request fails;
            # the session ends with it (is_usable), and the next one prepares anew.
            self.wrapper.statements_stale = True
            raise


@dataclass
class _Ahead:
    """A statement sent in a pipeline whose answer has not been read yet (DatabaseWrapper.send_ahead)."""

    pipeline: ExitStack
    cursor: object
    answered: Callable


class DatabaseWrapper(base.DatabaseWrapper):
    Database = _Driver()
    ops_class = DatabaseOperations
    statements_stale = False
    _ahead: _Ahead | None = None

    def send_ahead(self, sql: str, params, answered: Callable) -> bool:
        """Send a kept statement whose answer can wait; `answered(first row)` is called once it comes.

        Inside a transaction the statement goes out at once in pipeline mode, and its answer is
        read with whatever the connection does next: the next statement, or the COMMIT, which then
        shares its round trip (a decision's insert is the last statement before its COMMIT). An
        error it meets (a clash on a unique key) is raised there, inside the same transaction,
        which is then rolled back as for any failed statement. Outside a transaction, or as a
        transaction's first statement, nothing is sent and the answer is False: the caller runs
        it as any statement (foundation.rows.send_ahead)."""
        conn = self.connection
        if not self.in_atomic_block or not isinstance(conn, Connection) or conn.opens_transaction():
            return False
        cursor = self.prepared_cursor()  # reads the answer of one sent ahead before, if any
        pipeline = ExitStack()
        with self.wrap_database_errors:
            pipeline.enter_context(conn.pipeline())
        self._ahead = _Ahead(pipeline, cursor, answered)
        try:
            cursor.execute(sql, params)
        except BaseException:  # its answer came back at once, an error: out of pipeline mode first
            self._drop_ahead()
            raise
        return True

    def _answer_ahead(self, commit: bool = False) -> None:
        """Read the answer of the statement sent ahead, if any (with `commit`, the COMMIT goes in
        the same round trip)."""
        ahead, self._ahead = self._ahead, None
        if ahead is None:
            return
        with self.wrap_database_errors, ahead.cursor:
            try:
                with ahead.pipeline:
                    if commit:
                        self.connection.queue_commit()
            except psycopg.errors.FeatureNotSupported:
                self.statements_stale = True  # as KeptStatementsCursor.execute says
                raise
            ahead.answered(ahead.cursor.fetchone())

    def _drop_ahead(self) -> None:
        """Leave pipeline mode before a rollback: the transaction ends without what was sent ahead."""
        ahead, self._ahead = self._ahead, None
        if ahead is not None:
            # The statement failed, or the connection did: the rollback that follows says which.
            with suppress(psycopg.Error):
                ahead.pipeline.close()
            ahead.cursor.close()

    def _cursor(self, name=None):
        self._answer_ahead()  # whatever runs next sees what was sent ahead, and its errors
        return super()._cursor(name)

    def _commit(self):
        if self._ahead is None:
            return super()._commit()
        with debug_transaction(self, "COMMIT"):
            self._answer_ahead(commit=True)

    def _rollback(self):
        self._drop_ahead()
        return super()._rollback()

    def _savepoint_rollback(self, sid):
        self._drop_ahead()  # sent after the savepoint (making one reads its answer first)
        return super()._savepoint_rollback(sid)

    def _close(self):
        self._drop_ahead()
        return super()._close()

    @property
    def pool(self):
        options = self.settings_dict["OPTIONS"].get("pool")
        if isinstance(options, dict):
            options.setdefault("connection_class", Connection)
        return super().pool

    def connect(self):
        super().connect()
        self.statements_stale = False
        # Only prepared_cursor's cursors bind on the server, so only their statements are kept.
        self.connection.prepare_threshold = 1

    def is_usable(self) -> bool:
        conn = self.connection
        if conn is None or conn.closed or conn.broken or self.statements_stale:
            return False
        if conn.info.transaction_status != TransactionStatus.IDLE:
            return super().is_usable()  # inside a transaction: only the server can say
        try:
            readable, _, _ = select.select([conn.fileno()], [], [], 0)
        except (OSError, ValueError):
            return False
        return not readable

    def prepared_cursor(self):
        """A cursor that sends its values apart from the statement and has PostgreSQL keep the
        statement prepared from its second run on this connection: no quoting of a game's state into
        the text, no parsing and planning of the same join for every decision (foundation.rows).
        Django's own cursors bind on the client, as before; a pooler in transaction mode would not
        keep these statements, so the site talks to PostgreSQL directly (docs/performance.md)."""
        self._answer_ahead()
        self.close_if_health_check_failed()
        self.ensure_connection()
        with self.wrap_database_errors:
            cursor = KeptStatementsCursor(self.connection)
            cursor.wrapper = self
            if self.timezone is datetime.UTC:
                # Django has set the session to UTC (USE_TZ, no zone of the database's own), so
                # psycopg's reader already gives what Django's would: the same instant in UTC.
                cursor.adapters.register_loader(_TIMESTAMPTZ, _SESSION_ZONE_LOADER)
            return self._prepare_cursor(cursor)
