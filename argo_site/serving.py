"""How the processes of one WSGI instance share its requests (gunicorn.conf.py uses this).

gunicorn's gthread worker accepts every connection it can (up to `worker_connections`, 1,000) and
keeps each for all the requests sent on it, so a process takes requests whether or not it has a
thread free for them. Its own limit cannot be set to its threads instead: it counts a connection
accepted and not yet read as taken, and stops watching such connections once the limit is reached,
so a worker holding only those waits forever.

Here a connection is accepted only while a thread is free, is handed to that thread at once (which
reads its request), and carries one request. What waits, waits in the listening socket's queue,
which the instance's processes share: the first with a free thread takes the next request.
"""
from __future__ import annotations

import errno

from gunicorn.workers import gthread


class _TimedConnection(gthread.TConn):
    """A connection whose reads give up after the worker timeout: a client that connects and
    sends nothing frees its thread."""

    def init(self):
        super().init()  # makes the socket blocking, with no timeout
        self.sock.settimeout(self.cfg.timeout or None)


class ThreadWorker(gthread.ThreadWorker):
    """gthread, taking a connection only for a free thread, one request a connection. Only
    gunicorn's public worker interface is used: its settings, `accept`, `enqueue_req` (which hands
    a connection to a thread) and `TConn.init`."""

    def init_process(self):
        self.worker_connections = self.cfg.threads
        # A kept connection would hold a thread's place while idle; the proxy keeps the client's.
        self.cfg.set("keepalive", 0)
        super().init_process()

    def accept(self, server, listener):
        try:
            sock, client = listener.accept()
        except OSError as e:
            if e.errno in (errno.EAGAIN, errno.EWOULDBLOCK, errno.ECONNABORTED):
                return  # another process took it, or the client left
            raise
        self.nr_conns += 1
        self.enqueue_req(_TimedConnection(self.cfg, sock, client, server))


def adopt(worker) -> None:
    """Make a gthread worker (as `-k gthread` asks for, as the benchmarks' command lines do) this
    one, in its process, before it serves: gunicorn's command line outranks its configuration
    file's `worker_class`, and this one's measurement (gunicorn.conf.py) is why it is kept."""
    if type(worker) is gthread.ThreadWorker:
        worker.__class__ = ThreadWorker
