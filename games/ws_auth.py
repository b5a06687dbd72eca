"""WebSocket authentication: the Django session (browsers) or an API token (?token=… or header)."""
from __future__ import annotations

from urllib.parse import parse_qs

from channels.auth import AuthMiddlewareStack
from channels.db import database_sync_to_async
from channels.security.websocket import OriginValidator
from django.contrib.auth.models import AnonymousUser


@database_sync_to_async
def user_for_token(key: str):
    from rest_framework.authtoken.models import Token
    token = Token.objects.select_related("user").filter(key=key).first()
    if token is None or not token.user.is_active:
        return AnonymousUser()
    return token.user


def token_from(scope) -> str | None:
    for name, value in scope.get("headers", ()):
        if name == b"authorization" and value.lower().startswith(b"token "):
            return value[6:].decode("latin-1").strip()
    query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    return (query.get("token") or [None])[0]


class TokenAuthMiddleware:
    def __init__(self, inner):
        self.inner = inner

    async def __call__(self, scope, receive, send):
        user = scope.get("user")
        if user is None or not user.is_authenticated:
            key = token_from(scope)
            if key:
                scope = dict(scope, user=await user_for_token(key))
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
