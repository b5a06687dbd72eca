"""ASGI entry point: WebSockets under /ws/ (uvicorn in production), and HTTP as a fallback."""
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "argo_site.settings")
os.environ.setdefault("DATABASE_POOL", "1")  # persistent per-thread connections exhaust PostgreSQL under ASGI
django_asgi_app = get_asgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from games.entry.routing import websocket_urlpatterns  # noqa: E402
from tournaments.routing import websocket_urlpatterns as tournament_sockets  # noqa: E402
from games.entry.ws_auth import SessionOrTokenAuthMiddleware, SiteOriginValidator  # noqa: E402

application = ProtocolTypeRouter({
    "http": django_asgi_app,
    "websocket": SiteOriginValidator(SessionOrTokenAuthMiddleware(URLRouter(tournament_sockets + websocket_urlpatterns))),
})

from foundation import heap  # noqa: E402

heap.settle()
