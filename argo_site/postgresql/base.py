"""Django's PostgreSQL backend, but a kept connection is checked without asking the server, and the
few statements of every decision can be kept prepared.

With CONN_HEALTH_CHECKS Django sends `SELECT 1` at the start of every request that finds a kept
connection: one round trip per request, 14 % of a decision's time under load (docs/performance.md).
An idle connection has nothing to read, so a socket with something to read, or at its end, means
the server has ended the session (a restart, a terminated backend) or is saying so: then the
connection is dropped and a new one made, as after a failed `SELECT 1`. A peer that vanished
without a word is no more found by `SELECT 1` than here: both wait for TCP to give up.
"""
from __future__ import annotations

import select

import psycopg
from django.db.backends.postgresql import base
from psycopg.pq import TransactionStatus


class DatabaseOperations(base.DatabaseOperations):
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


class KeptStatementsCursor(psycopg.Cursor):
    """Binds on the server, so psycopg keeps its statements prepared (DatabaseWrapper.prepared_cursor)."""

    wrapper: "DatabaseWrapper"

    def execute(self, query, params=None, **kwargs):
        try:
            return super().execute(query, params, **kwargs)
        except psycopg.errors.FeatureNotSupported:
            # "cached plan must not change result type": a migration changed what a kept statement
            # returns, and PostgreSQL refuses it for the rest of the session. This request fails;
            # the session ends with it (is_usable), and the next one prepares anew.
            self.wrapper.statements_stale = True
            raise


class DatabaseWrapper(base.DatabaseWrapper):
    ops_class = DatabaseOperations
    statements_stale = False

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
        self.close_if_health_check_failed()
        self.ensure_connection()
        with self.wrap_database_errors:
            cursor = KeptStatementsCursor(self.connection)
            cursor.wrapper = self
            return self._prepare_cursor(cursor)
