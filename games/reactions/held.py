"""What a player's quiet time holds (docs/async-play.md, "The notice policy"), and the other apps'
notices among it: an extension point like games.groupings.

The games app knows no letters, tournaments or rematches. An app whose notice may come in a player's
quiet hours or on a day off registers a releaser under its kind in its AppConfig.ready, and asks
`hold_if_quiet(user, kind, ref)` before it claims the notice: in quiet time a HeldAppNotice row keeps
the kind and `ref` (what the app needs to find the notice again), the batch task is due for the
player when the quiet time ends (`due_when_quiet_ends`), and the app sends nothing. Then
`emails.release_held` hands each row to `release`, which calls the app's `releaser(user, ref)`: the
app's own notice function runs again, and its claim keeps the notice from going twice."""
from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from django.db.models import Q
from django.utils import timezone

from accounts.models import Profile
from games import clock
from games.models import HeldAppNotice

log = logging.getLogger(__name__)

Releaser = Callable[[Any, str], bool]  # (the player, the ref it was held with): whether a notice went
_releasers: dict[str, Releaser] = {}


def register(kind: str, releaser: Releaser) -> None:
    """Once per kind, however often an app's ready() runs (tests reload apps)."""
    _releasers[kind] = releaser


def due_when_quiet_ends(user, until) -> None:
    """What the player's quiet hours held goes at their end: the batch task is due for them then
    (Profile.batch_due_at), unless it is due sooner."""
    Profile.objects.filter(Q(batch_due_at=None) | Q(batch_due_at__gt=until), user=user).update(batch_due_at=until)


def hold_if_quiet(user, kind: str, ref: str | int) -> bool:
    """Whether the notice waits: the player is in their quiet hours or on a day off now. Then it is
    kept (once, however often it is asked for) and goes when they end; the caller sends nothing."""
    if kind not in _releasers:
        raise LookupError(f"no releaser registered for held notices of kind {kind!r}")
    quiet = clock.quiet_until(clock.notice_calendar(user), timezone.now())
    if quiet is None:
        return False
    HeldAppNotice.objects.get_or_create(user=user, kind=kind, ref=str(ref))
    due_when_quiet_ends(user, quiet)
    return True


def release(user) -> int:
    """The other apps' notices that the player's quiet time held go now, each through its app's
    releaser; how many went."""
    sent = 0
    for held in HeldAppNotice.objects.filter(user=user).order_by("held_at", "pk"):
        deleted, _ = HeldAppNotice.objects.filter(pk=held.pk).delete()
        releaser = _releasers.get(held.kind)
        if not deleted:
            continue  # another run of the batch task took it
        if releaser is None:
            log.warning("a held notice of kind %r for user %s has no releaser: dropped", held.kind, user.pk)
            continue
        sent += bool(releaser(user, held.ref))
    return sent
