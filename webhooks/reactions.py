"""After a turn notice (games.signals.turn_notice_sent, sent by the notices' code right after the push),
a post to each of the player's webhooks, queued once the transaction commits (webhooks.tasks.post).
Nothing here can fail the notice: a failure is logged."""
from __future__ import annotations

import logging

from django.dispatch import receiver

from games import signals as game_signals
from games.entry.tasks import after_commit

from . import tasks
from .models import Webhook

log = logging.getLogger(__name__)


@receiver(game_signals.turn_notice_sent, dispatch_uid="webhooks.turn_notice")
def _turn_notice(sender, user, game, kind, payload, **kwargs):
    try:
        for hook_id in Webhook.objects.filter(user=user).values_list("pk", flat=True):
            after_commit(tasks.post, hook_id, payload)
    except Exception as exc:  # the notice went: its webhooks are an extra
        log.error("the webhooks of user %s were not queued: %r", user.pk, exc, exc_info=True)
