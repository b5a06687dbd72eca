"""A player declining a rematch closes it (the lobby does that); its proposer hears it after the commit."""
from __future__ import annotations

from django.dispatch import receiver

from games import signals as game_signals
from games.entry.tasks import after_commit

from . import tasks
from .models import Rematch


@receiver(game_signals.invitation_declined)
def _declined(sender, game, user_id, **kwargs):
    rematch_id = Rematch.objects.filter(game=game).values_list("pk", flat=True).first()
    if rematch_id is not None:
        after_commit(tasks.rematch_off, rematch_id, user_id)
