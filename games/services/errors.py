"""Why a request is refused: each error carries the HTTP status the API answers with."""
from __future__ import annotations

from django.conf import settings

from games import limits


class GameError(Exception):
    """A refused request; `status` is the HTTP status the API answers with."""

    status = 400

    def __init__(self, detail: str):
        super().__init__(detail)
        self.detail = detail


class Invalid(GameError):
    status = 400


class NotAllowed(GameError):
    status = 403


class NotFound(GameError):
    status = 404


class Conflict(GameError):
    status = 409


class TooMany(GameError):
    """More than a person could do in the time (games.limits); `retry_after` in seconds."""

    status = 429

    def __init__(self, detail: str, retry_after: int):
        super().__init__(detail)
        self.retry_after = retry_after


def spend(user, action: str, what: str, amount: int = 1) -> None:
    wait = limits.spend(user.pk, action, amount)
    if wait is not None:
        allowed, seconds = settings.USER_LIMITS[action]
        raise TooMany(f"at most {allowed} {what} in {seconds // 60} minutes; try again in {wait} seconds", wait)
