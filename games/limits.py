"""What one person can do in a while: chat lines, new games, invitations, failed logins
(docs/security.md).

Every limit is one counter per fixed window, counted atomically so that parallel requests cannot
slip past it: with REDIS_URL, Redis INCRBY and EXPIRE in one MULTI; without it (or while Redis is
down), one row per counter, `INSERT … ON CONFLICT DO UPDATE … RETURNING` (PostgreSQL, SQLite ≥ 3.35).
Every worker and every way in (page or API) shares one count. A normal player never meets a limit.
"""
from __future__ import annotations

import functools
import hashlib
import logging
import time

import redis
from django.conf import settings
from django.db import connection

log = logging.getLogger(__name__)

PREFIX = "limit:"
SLACK = 5  # seconds a counter outlives its window, so that a late refund still finds it


class Exceeded(Exception):
    def __init__(self, wait: int):
        super().__init__(f"try again in {wait} seconds")
        self.wait = wait


def _counter(name: str, window: int) -> str:
    """The counter's key; a long name (a username as long as a login form takes) by its digest,
    which fits the database's column when Redis is away."""
    if len(name) > 120:
        name = "sha256:" + hashlib.sha256(name.encode()).hexdigest()
    return f"{PREFIX}{name}:{window}"


def take(name: str, allowed: int, seconds: int, amount: int = 1) -> str:
    """Count `amount` uses of `name` in this window and return the counter's key (to give them back
    with `give_back`); past `allowed`, take them back at once and raise Exceeded with the wait."""
    now = time.time()
    key = _counter(name, int(now // seconds))
    ends = (int(now // seconds) + 1) * seconds
    if _add(key, amount, ends) > allowed:
        _add(key, -amount, ends)  # a refused use does not count
        raise Exceeded(max(1, int(ends - now)))
    return key


def give_back(key: str, amount: int = 1) -> None:
    """Take back uses counted under `key`; nothing when its window is over (the counter is gone)."""
    try:
        if _redis().subtract(keys=[key], args=[amount]) is not None:
            return
        # Not in Redis: perhaps counted in the database while Redis was down.
    except _RedisMissing:
        pass
    except redis.RedisError as exc:  # Redis down: the database counts meanwhile
        log.warning("limits: Redis unavailable (%s), counting in the database", exc)
    with connection.cursor() as cursor:
        cursor.execute("UPDATE games_limitcount SET count = count - %s WHERE name = %s", [amount, key])


def forget(name: str, seconds: int) -> None:
    """Start `name`'s count afresh in this window (a password reset unlocks the account)."""
    key = _counter(name, int(time.time() // seconds))
    try:
        _redis().client.delete(key)
    except _RedisMissing:
        pass
    except redis.RedisError as exc:  # Redis down: the database counts meanwhile
        log.warning("limits: Redis unavailable (%s)", exc)
    with connection.cursor() as cursor:
        cursor.execute("DELETE FROM games_limitcount WHERE name = %s", [key])


def spend(user_id: int, action: str, amount: int = 1) -> int | None:
    """Count `amount` uses of `action`; the seconds to wait when that goes over the limit, else None."""
    allowed, seconds = settings.USER_LIMITS[action]
    try:
        take(f"{action}:{user_id}", allowed, seconds, amount)
    except Exceeded as exc:
        return exc.wait
    return None


def refund(user_id: int, action: str, amount: int = 1) -> None:
    """Take back uses counted for something that was refused for another reason after all."""
    seconds = settings.USER_LIMITS[action][1]
    give_back(f"{PREFIX}{action}:{user_id}:{int(time.time() // seconds)}", amount)


# --- the two stores ------------------------------------------------------------------------------

class _RedisMissing(Exception):
    """No REDIS_URL: the database keeps the counts."""


class _Redis:
    # DECRBY on a key that expired would make a new one without expiry, below zero: a free use.
    SUBTRACT = "if redis.call('exists', KEYS[1]) == 1 then return redis.call('decrby', KEYS[1], ARGV[1]) end"

    def __init__(self, url: str):
        self.client = redis.Redis.from_url(url, socket_timeout=2, socket_connect_timeout=2)
        self.subtract = self.client.register_script(self.SUBTRACT)

    def add(self, key: str, amount: int, ends: float) -> int:
        pipe = self.client.pipeline(transaction=True)
        pipe.incrby(key, amount)
        pipe.expireat(key, int(ends) + SLACK)
        return pipe.execute()[0]


@functools.cache
def _redis_for(url: str) -> _Redis:
    return _Redis(url)


def _redis() -> _Redis:
    if not settings.REDIS_URL:
        raise _RedisMissing
    return _redis_for(settings.REDIS_URL)


def _add(key: str, amount: int, ends: float) -> int:
    try:
        return _redis().add(key, amount, ends)
    except _RedisMissing:
        pass
    except redis.RedisError as exc:  # Redis down: the database counts meanwhile
        log.warning("limits: Redis unavailable (%s), counting in the database", exc)
    return _db_add(key, amount, ends)


def _db_add(key: str, amount: int, ends: float) -> int:
    with connection.cursor() as cursor:
        cursor.execute(
            "INSERT INTO games_limitcount (name, count, expires) VALUES (%s, %s, %s) "
            "ON CONFLICT (name) DO UPDATE SET count = games_limitcount.count + excluded.count "
            "RETURNING count", [key, amount, int(ends) + SLACK])
        used = cursor.fetchone()[0]
        if used == amount:  # the first use in a window: sweep the counters of windows gone by
            cursor.execute("DELETE FROM games_limitcount WHERE expires < %s", [int(time.time())])
    return used
