"""WebSocket authentication: the Django session (browsers), an API token in the `Authorization`
header, or a single-use ticket (`?ticket=…`, accounts.ws_tickets). Never a token in the URL."""
from __future__ import annotations

from urllib.parse import parse_qs

from channels.auth import AuthMiddlewareStack
from channels.db import database_sync_to_async
from channels.security.websocket import OriginValidator
from django.contrib.auth.models import AnonymousUser


@database_sync_to_async
def user_for(token: str | None, ticket: str | None):
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    from accounts.ws_tickets import redeem
    if token:
        found = Token.objects.select_related("user").filter(key=token).first()
        user = found.user if found else None
    else:
        user_id = redeem(ticket)
        user = get_user_model().objects.filter(pk=user_id).first() if user_id else None
    return user if user is not None and user.is_active else AnonymousUser()


def credentials_of(scope) -> tuple[str | None, str | None]:
    """(token from the Authorization header, ticket from the query string)."""
    for name, value in scope.get("headers", ()):
        if name == b"authorization" and value.lower().startswith(b"token "):
            return value[6:].decode("latin-1").strip(), None
    query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    return None, (query.get("ticket") or [None])[0]


class TokenAuthMiddleware:
    def __init__(self, inner):
        self.inner = inner

    async def __call__(self, scope, receive, send):
        user = scope.get("user")
        if user is None or not user.is_authenticated:
            token, ticket = credentials_of(scope)
            if token or ticket:
                scope = dict(scope, user=await user_for(token, ticket))
        return await self.inner(scope, receive, send)


def SessionOrTokenAuthMiddleware(inner):
    return AuthMiddlewareStack(TokenAuthMiddleware(inner))


class BrowserOriginValidator(OriginValidator):
    """Browsers always send Origin, and theirs must be one of our hosts (no cross-site sockets).
    Other clients (bots, benchmarks) send none and authenticate with their token."""

    def valid_origin(self, parsed_origin):
        return parsed_origin is None or self.validate_origin(parsed_origin)


def SiteOriginValidator(application):
    from django.conf import settings
    return BrowserOriginValidator(application, settings.ALLOWED_HOSTS)
