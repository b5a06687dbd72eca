"""The harness: after a browser test the server may still be at work (a closed page's socket ends,
and the server sends the notices it held back), while the test's database is emptied. A deadlock
between the two must not fail the test, nor leave its rows to the next one (BrowserTestCase)."""
from __future__ import annotations

import contextlib
import re
import threading

from .test_play import BrowserTestCase, make_player

WAITING_TRUNCATE = """SELECT 1 FROM pg_locks WHERE NOT granted AND mode = 'AccessExclusiveLock'
                      AND pid <> pg_backend_pid()"""


def deadlock_the_emptying(connection) -> threading.Thread:
    """A transaction that holds the last table the flush truncates and, once the flush waits for it,
    asks for the first one: the flush's TRUNCATE holds that one, and PostgreSQL ends one of the two."""
    import psycopg
    from django.core.management.color import no_style
    from django.core.management.sql import sql_flush
    tables = re.findall(r'"([^"]+)"', sql_flush(no_style(), connection)[0])
    held = threading.Event()
    settings = connection.settings_dict

    def server_at_work():
        with psycopg.connect(host=settings["HOST"], port=settings["PORT"], user=settings["USER"],
                             password=settings["PASSWORD"], dbname=settings["NAME"]) as other:
            other.execute(f'LOCK TABLE "{tables[-1]}" IN ROW EXCLUSIVE MODE')
            held.set()
            while not other.execute(WAITING_TRUNCATE).fetchone():
                threading.Event().wait(0.02)
            with contextlib.suppress(psycopg.errors.DeadlockDetected):  # this side was the victim
                other.execute(f'LOCK TABLE "{tables[0]}" IN ROW SHARE MODE')

    thread = threading.Thread(target=server_at_work, daemon=True)
    thread.start()
    held.wait()
    return thread


class Emptying(BrowserTestCase):
    def test_1_the_server_still_at_work_deadlocks_with_the_emptying(self):
        from django.db import connection
        if connection.vendor != "postgresql":
            self.skipTest("the deadlock is PostgreSQL's")
        make_player("alice")
        deadlock_the_emptying(connection)

    def test_2_the_next_test_starts_empty(self):
        make_player("alice")
