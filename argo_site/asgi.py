"""ASGI entry point: WebSockets under /ws/ (uvicorn in production), and HTTP as a fallback."""
import os
import threading

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "argo_site.settings")
os.environ.setdefault("DATABASE_POOL", "1")  # persistent per-thread connections exhaust PostgreSQL under ASGI
django_asgi_app = get_asgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from games.entry.routing import websocket_urlpatterns  # noqa: E402
from games.entry.ws_auth import SessionOrTokenAuthMiddleware, SiteOriginValidator  # noqa: E402
from tournaments.routing import websocket_urlpatterns as tournament_sockets  # noqa: E402

application = ProtocolTypeRouter({
    "http": django_asgi_app,
    "websocket": SiteOriginValidator(SessionOrTokenAuthMiddleware(URLRouter(tournament_sockets + websocket_urlpatterns))),
})

from django.core.signals import request_finished  # noqa: E402
from django.db import connections  # noqa: E402


def _close_the_requests_connections(**kwargs):
    """Each HTTP request's synchronous code runs in a thread of its own (Django's ASGI handler), which
    ends with the request: a connection kept there for reuse would only wait for the garbage
    collector, which heap.settle makes rare, holding one of PostgreSQL's connection slots (a test
    server without DATABASE_POOL ran out of them). Pooled, it goes back to the pool. The main thread
    is not such a thread (a test's own client, in a process that imported this module), nor is a
    connection inside a transaction."""
    if threading.current_thread() is threading.main_thread():
        return
    for connection in connections.all(initialized_only=True):
        if not connection.in_atomic_block:
            connection.close()


request_finished.connect(_close_the_requests_connections)

from foundation import heap  # noqa: E402

heap.settle()
