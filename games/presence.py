"""Who has the site open right now (an open /ws/me/ socket)."""
from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from .models import Connection

# A socket older than this is not trusted: its server may have died without saying goodbye.
MAX_AGE = timedelta(hours=12)


def arrive(user_id: int, channel_name: str) -> None:
    Connection.objects.update_or_create(channel_name=channel_name, defaults={"user_id": user_id})


def leave(user_id: int, channel_name: str) -> None:
    Connection.objects.filter(user_id=user_id, channel_name=channel_name).delete()


def is_online(user_id: int) -> bool:
    return Connection.objects.filter(user_id=user_id, since__gte=timezone.now() - MAX_AGE).exists()
