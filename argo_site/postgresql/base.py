"""Django's PostgreSQL backend with three changes, each through a hook of the backend API:
orjson for JSON columns (`DatabaseOperations.adapt_json_value`), a health check of a kept
connection that asks nothing of the server (`DatabaseWrapper.is_usable`), and psycopg's own C reader
of timestamps (`DatabaseWrapper.create_cursor`, psycopg's public adapters API).

Statements bound on the server and kept prepared are Django's own options (`server_side_binding`,
`prepare_threshold`, set in settings.py); every statement is sent, and its error raised, where it is
written.
"""
from __future__ import annotations

import datetime
import select

import psycopg
from django.db.backends.postgresql import base
from psycopg.pq import Format, TransactionStatus
from psycopg.types.json import Jsonb

from foundation.encoding import column_dumps


class DatabaseOperations(base.DatabaseOperations):
    def adapt_json_value(self, value, encoder):
        """A JSON column's value written by orjson (foundation.encoding): a decision stores the
        game's whole state, and json.dumps was a tenth of what storing it cost. The backend API's
        hook for a JSONField's value (Django 4.2's notes on database backends)."""
        if encoder is not None:
            return super().adapt_json_value(value, encoder)
        return Jsonb(value, dumps=column_dumps)


# psycopg's own reader of timestamptz text, in C with psycopg's binary package: a datetime in the
# session's zone.
_TIMESTAMPTZ = psycopg.adapters.types["timestamptz"].oid
_SESSION_ZONE_LOADER = psycopg.adapters.get_loader(_TIMESTAMPTZ, Format.TEXT)


class DatabaseWrapper(base.DatabaseWrapper):
    ops_class = DatabaseOperations

    def create_cursor(self, name=None):
        """Django's cursor, reading timestamptz with psycopg's C loader when the session is in UTC.

        Django registers a loader of its own, a subclass in Python that sets the zone, some 20 times
        slower, and a decision reads some twenty timestamps. When Django has set the session to UTC
        (USE_TZ, no zone of the database's own), psycopg's reader already gives what Django's would:
        the same instant in UTC. It is registered on the cursor with psycopg's public
        `AdaptersMap.register_loader`; on the connection it would hide the `timezone` that Django's
        own create_cursor compares (the C loader has none and cannot be subclassed)."""
        cursor = super().create_cursor(name)
        if self.timezone is datetime.UTC:
            cursor.adapters.register_loader(_TIMESTAMPTZ, _SESSION_ZONE_LOADER)
        return cursor

    def is_usable(self) -> bool:
        """Whether a kept connection may serve the next request, without a round trip when it can.

        With CONN_HEALTH_CHECKS Django asks this (the backend API's health check) at the start of
        every request that finds a kept connection, and Django's answer is a `SELECT 1`: one round
        trip per request, 14 % of a decision's time under load (docs/performance.md). An idle
        connection has nothing to read, so a socket with something to read, or at its end, means the
        server has ended the session (a restart, a terminated backend) or is saying so. A peer that
        vanished without a word is no more found by `SELECT 1` than here: both wait for TCP to give up.

        After a database error (other than a refused value or key) the connection is let go: a
        migration that changed what a prepared statement returns makes PostgreSQL refuse that
        statement for the rest of the session, and the next connection prepares anew."""
        conn = self.connection
        if conn is None or conn.closed or conn.broken or self.errors_occurred:
            return False
        if conn.info.transaction_status != TransactionStatus.IDLE:
            return super().is_usable()  # inside a transaction: only the server can say
        try:
            readable, _, _ = select.select([conn.fileno()], [], [], 0)
        except (OSError, ValueError):
            return False
        return not readable
