"""Why a request is refused: each error carries the HTTP status the API answers with."""
from __future__ import annotations

from typing import TYPE_CHECKING

from django.conf import settings
from django.utils.translation import gettext

from games import limits

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


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


def no_such_game() -> NotFound:
    return NotFound(gettext("no such game"))


class TooMany(GameError):
    """More than a person could do in the time (games.limits); `retry_after` in seconds."""

    status = 429

    def __init__(self, detail: str, retry_after: int):
        super().__init__(detail)
        self.retry_after = retry_after


def spend(user, action: str, what: StrOrPromise, amount: int = 1) -> None:
    """`what`: the things counted, in the reader's language (a lazy translation), as the refusal names them."""
    wait = limits.spend(user.pk, action, amount)
    if wait is not None:
        allowed, seconds = settings.USER_LIMITS[action]
        raise TooMany(gettext("at most %(allowed)s %(what)s in %(minutes)s minutes; try again in %(wait)s seconds")
                      % {"allowed": allowed, "what": what, "minutes": seconds // 60, "wait": wait}, wait)
