"""The player's webhooks, for their data export (foundation.export): the host of each address, never its
path, which is the chat service's secret (whoever holds it can post to that chat)."""
from __future__ import annotations

from urllib.parse import urlsplit

from .models import Webhook


def webhooks(user) -> list[dict]:
    return [{"host": urlsplit(h.url).hostname, "format": h.format, "created": h.created_at,
             "last_posted": h.last_posted_at, "failures": h.failures}
            for h in Webhook.objects.filter(user=user)]
