"""Short-lived, single-use tickets that sign a WebSocket in without putting a token in its URL
(URLs end up in access logs). A client that can set headers sends `Authorization: Token …` instead.

A ticket remembers the credential it was taken with (which token, which session), so that it
opens nothing once that credential has ended (accounts.credentials.still_holds) and the socket it
opens ends when that credential does. For a session it keeps the session's key, in the server's
own cache only, since the session can only be looked up by its key."""
from __future__ import annotations

import re
import secrets
from dataclasses import dataclass

from django.core.cache import cache

TICKET_SECONDS = 60
_PREFIX = "ws-ticket:"
_BYTES = 24
# What secrets.token_urlsafe(_BYTES) makes; anything else (a NUL, bytes that are not UTF-8, a
# megabyte) is no ticket and never reaches the cache as a key.
_SHAPE = re.compile(r"[A-Za-z0-9_-]{32}")


@dataclass(frozen=True)
class Redeemed:
    user_id: int
    credential: str  # accounts.credentials.name of the token or session the ticket was taken with
    expires: float | None  # when that credential ends by itself (a token's lifetime), as a timestamp
    session_key: str | None = None  # the session's key, when the ticket was taken with a session


def issue(user_id: int, credential: str, expires: float | None = None, session_key: str | None = None) -> str:
    ticket = secrets.token_urlsafe(_BYTES)
    cache.set(_PREFIX + ticket, (user_id, credential, expires, session_key), TICKET_SECONDS)
    return ticket


def redeem(ticket: str | None) -> Redeemed | None:
    """What the ticket was issued for, once: of two sockets racing with one ticket, one wins."""
    if not isinstance(ticket, str) or not _SHAPE.fullmatch(ticket):
        return None
    key = _PREFIX + ticket
    value = cache.get(key)
    if not isinstance(value, tuple) or not cache.delete(key):
        return None
    return Redeemed(*value)
