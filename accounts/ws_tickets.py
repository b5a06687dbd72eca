"""Short-lived, single-use tickets that sign a WebSocket in without putting a token in its URL
(URLs end up in access logs). A client that can set headers sends `Authorization: Token …` instead."""
from __future__ import annotations

import secrets

from django.core.cache import cache

TICKET_SECONDS = 60
_PREFIX = "ws-ticket:"


def issue(user_id: int) -> str:
    ticket = secrets.token_urlsafe(24)
    cache.set(_PREFIX + ticket, user_id, TICKET_SECONDS)
    return ticket


def redeem(ticket: str) -> int | None:
    """The user the ticket was issued to, once: of two sockets racing with one ticket, one wins."""
    key = _PREFIX + ticket
    user_id = cache.get(key)
    if user_id is None or not cache.delete(key):
        return None
    return user_id
