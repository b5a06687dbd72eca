"""Django's PostgreSQL backend, but a kept connection is checked without asking the server.

With CONN_HEALTH_CHECKS Django sends `SELECT 1` at the start of every request that finds a kept
connection: one round trip per request, 14 % of a decision's time under load (docs/performance.md).
An idle connection has nothing to read, so a socket with something to read, or at its end, means
the server has ended the session (a restart, a terminated backend) or is saying so: then the
connection is dropped and a new one made, as after a failed `SELECT 1`. A peer that vanished
without a word is no more found by `SELECT 1` than here: both wait for TCP to give up.
"""
from __future__ import annotations

import select

from django.db.backends.postgresql import base
from psycopg.pq import TransactionStatus


class DatabaseWrapper(base.DatabaseWrapper):
    def is_usable(self) -> bool:
        conn = self.connection
        if conn is None or conn.closed or conn.broken:
            return False
        if conn.info.transaction_status != TransactionStatus.IDLE:
            return super().is_usable()  # inside a transaction: only the server can say
        try:
            readable, _, _ = select.select([conn.fileno()], [], [], 0)
        except (OSError, ValueError):
            return False
        return not readable
