"""A player's unread messages: the menu's count on every page, and the live updates (one query)."""
from __future__ import annotations

from django.db.models import F, Q

from .models import Message


def unread_count(user) -> int:
    return unread_of(user.pk) if getattr(user, "is_authenticated", False) else 0


def unread_of(user_id: int) -> int:
    """The other players' visible messages after each side's read mark, over every conversation."""
    mine = (Q(conversation__low_id=user_id, id__gt=F("conversation__low_read"))
            | Q(conversation__high_id=user_id, id__gt=F("conversation__high_read")))
    return Message.objects.filter(mine, hidden_at__isnull=True).exclude(author_id=user_id).count()
