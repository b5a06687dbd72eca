"""Who is on the site right now: an open /ws/me/ socket, heard from lately, of a tab in use.

A page pings every minute; a socket not heard from for STALE_AFTER counts as gone, so a server
that died without saying goodbye, or a socket whose cleanup never ran, holds no notice back for long.
A tab that is hidden, or has had no input for a few minutes, says so in its ping (`"away": true`,
static/js/live.js): a forgotten tab holds back nothing either."""
from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from games.models import Connection

STALE_AFTER = timedelta(minutes=3)


def arrive(user_id: int, channel_name: str) -> None:
    Connection.objects.update_or_create(channel_name=channel_name,
                                        defaults={"user_id": user_id, "seen_at": timezone.now()})


def heard(channel_name: str, away: bool = False) -> None:
    Connection.objects.filter(channel_name=channel_name).update(seen_at=timezone.now(), away=away)


def leave(user_id: int, channel_name: str) -> None:
    Connection.objects.filter(user_id=user_id, channel_name=channel_name).delete()


def is_online(user_id: int) -> bool:
    return Connection.objects.filter(user_id=user_id, away=False,
                                     seen_at__gte=timezone.now() - STALE_AFTER).exists()


def online_among(user_ids) -> set[int]:
    """Which of the users are online now, as is_online decides, in one query (a list of friends)."""
    return set(Connection.objects.filter(user_id__in=list(user_ids), away=False,
                                         seen_at__gte=timezone.now() - STALE_AFTER)
               .values_list("user_id", flat=True))
