"""The player's conversations for their data export (foundation.export): what they wrote and what was
written to them, the other player named by username. A message a moderator hid is left out, as it is
of every other answer but the moderators' desk."""
from __future__ import annotations

from django.db.models import Q

from .models import Conversation


def letters(user) -> list[dict]:
    rows = (Conversation.objects.filter(Q(low=user) | Q(high=user)).select_related("low", "high")
            .prefetch_related("messages__author").order_by("created_at"))
    return [{"with": (c.high if c.low_id == user.pk else c.low).username,
             "messages": [{"from": m.author.username, "text": m.text, "written": m.created_at}
                          for m in c.messages.all() if m.hidden_at is None]}
            for c in rows]
