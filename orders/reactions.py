"""After every decision stored in a game with waiting standing orders, the task that compares and plays
them (orders.tasks.fire); after a game ends some other way (a resignation, an abort), the same task
marks its waiting orders missed. Nothing is asked of the database in the game's transaction: whether
the game has waiting orders is read after the commit (one probe of a partial index)."""
from __future__ import annotations

from django.db import transaction
from django.dispatch import receiver

from games import signals as game_signals
from games.entry.tasks import enqueue

from . import services, tasks


def _after(game_id: int) -> None:
    if services.has_waiting(game_id):
        enqueue(tasks.fire, game_id)


@receiver(game_signals.decision_stored)
@receiver(game_signals.game_finished)
@receiver(game_signals.game_aborted)
def _game_changed(sender, game, **kwargs):
    game_id = game.pk
    transaction.on_commit(lambda: _after(game_id))
