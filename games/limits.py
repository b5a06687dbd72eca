"""What one person can do in a while: chat lines, new games, invitations (docs/security.md).

Counted per user in fixed windows in the cache, which is Redis in production, so every worker and
every way in (page or API) shares one count. A normal player never meets a limit.
"""
from __future__ import annotations

import time

from django.conf import settings
from django.core.cache import cache


def spend(user_id: int, action: str, amount: int = 1) -> int | None:
    """Count `amount` uses of `action`; the seconds to wait when that goes over the limit, else None."""
    allowed, seconds = settings.USER_LIMITS[action]
    now = int(time.time())
    key = f"limit:{action}:{user_id}:{now // seconds}"
    cache.add(key, 0, seconds + 5)
    try:
        used = cache.incr(key, amount)
    except ValueError:  # the key expired between add and incr
        cache.set(key, amount, seconds + 5)
        used = amount
    if used > allowed:
        refund(user_id, action, amount)  # a refused use does not count
        return seconds - now % seconds
    return None


def refund(user_id: int, action: str, amount: int = 1) -> None:
    """Take back uses counted for something that was refused for another reason after all."""
    seconds = settings.USER_LIMITS[action][1]
    try:
        cache.decr(f"limit:{action}:{user_id}:{int(time.time()) // seconds}", amount)
    except ValueError:
        pass  # the window ended meanwhile: nothing left to take back
