"""A game's end queues the decision of its challenge, if it is one, after the commit: the listener
asks nothing of the database, so a game's end costs its transaction no statement more (the query
budget of tests/site/integration/test_decision_queries.py). The periodic sweep catches up a task that was lost."""
from __future__ import annotations

from django.dispatch import receiver

from games import signals as game_signals
from games.entry.tasks import after_commit

from . import tasks


@receiver(game_signals.game_finished, dispatch_uid="ladders.game_ended.finished")
@receiver(game_signals.game_aborted, dispatch_uid="ladders.game_ended.aborted")
def _game_ended(sender, game, **kwargs):
    after_commit(tasks.decide, game.pk)
