"""WebSocket authentication: the Django session (browsers), an API token in the `Authorization`
header, or a single-use ticket (`?ticket=…`, accounts.ws_tickets). Never a token in the URL.

The scope also says which credential let the socket in (`credential`, accounts.credentials.name,
and `credential_expires`, a timestamp or None): revoking that credential closes the socket
(AnnouncingConsumer.sign_out)."""
from __future__ import annotations

from urllib.parse import parse_qs, urlparse

from channels.auth import AuthMiddlewareStack
from channels.db import database_sync_to_async
from channels.security.websocket import OriginValidator, WebsocketDenier
from django.contrib.auth.models import AnonymousUser

from accounts import credentials

ANONYMOUS = {"user": AnonymousUser(), "credential": None, "credential_expires": None, "ticket": None}


@database_sync_to_async
def signed_in_with(token: str | None, ticket: str | None) -> dict:
    """The scope's user and credential for a token or a ticket; anonymous for anything not valid."""
    from django.contrib.auth import get_user_model

    from accounts.models import ApiToken
    from accounts.ws_tickets import redeem
    redeemed = None
    expires: float | None
    if token:
        found = ApiToken.objects.of_key(token).select_related("user").first()
        if found is None or credentials.token_expired(found):
            return ANONYMOUS
        user, credential = found.user, credentials.token_name(found)
        expires = credentials.token_expires(found).timestamp()
    else:
        redeemed = redeem(ticket)
        if redeemed is None:
            return ANONYMOUS
        user = get_user_model().objects.filter(pk=redeemed.user_id).first()
        # The credential may have ended since the ticket was taken, its sign-out heard by no socket.
        if user is None or not credentials.still_holds(user, redeemed.credential, redeemed.session_key):
            return ANONYMOUS
        credential, expires = redeemed.credential, redeemed.expires
    if user is None or not user.is_active:
        return ANONYMOUS
    # The ticket goes on in the scope, for the check again once the socket hears sign-outs (consumers.join).
    return {"user": user, "credential": credential, "credential_expires": expires, "ticket": redeemed}


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
        if user is not None and user.is_authenticated:
            session = credentials.name(credentials.SESSION, scope["session"].session_key or "")
            scope = dict(scope, credential=session, credential_expires=None)
        else:
            token, ticket = credentials_of(scope)
            if token or ticket:
                scope = dict(scope, **await signed_in_with(token, ticket))
        return await self.inner(scope, receive, send)


def SessionOrTokenAuthMiddleware(inner):
    return AuthMiddlewareStack(TokenAuthMiddleware(inner))


class BrowserOriginValidator(OriginValidator):
    """Browsers always send Origin, and theirs must be one of our hosts (no cross-site sockets).
    Other clients (bots, benchmarks) send none and authenticate with their token.
    An Origin that does not parse as a URL (`http://[`) is refused as a foreign one."""

    async def __call__(self, scope, receive, send):
        if not all(_parses(value) for name, value in scope.get("headers", ()) if name == b"origin"):
            return await WebsocketDenier()(scope, receive, send)
        return await super().__call__(scope, receive, send)

    def valid_origin(self, parsed_origin):
        if parsed_origin is None:
            return True
        try:
            return self.validate_origin(parsed_origin)
        except ValueError:  # a port out of range, say: parsed, but no origin of ours
            return False


def _parses(origin: bytes) -> bool:
    try:
        urlparse(origin.decode("latin-1")).port  # noqa: B018 - reading the port checks it
    except ValueError:
        return False
    return True


def SiteOriginValidator(application):
    from django.conf import settings
    return BrowserOriginValidator(application, settings.ALLOWED_HOSTS)
