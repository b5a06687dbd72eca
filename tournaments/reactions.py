"""What follows a change, after its commit: the next round queued when a table is decided, the
round's notices queued when it starts, and open tournament pages redrawn over their socket."""
from __future__ import annotations

from django.db import transaction
from django.dispatch import receiver

from games import signals as game_signals
from games.entry.tasks import after_commit
from games.reactions import notify

from . import services, signals, tasks


def group(tournament_id: int) -> str:
    return f"tournament-{tournament_id}"


@receiver(game_signals.game_finished)
@receiver(game_signals.game_aborted)
def _game_ended(sender, game, **kwargs):
    decided = services.table_decided(game)
    if decided is not None:
        after_commit(tasks.advance, decided.pk)


@receiver(signals.round_started)
def _round_started(sender, tournament, round, **kwargs):
    after_commit(tasks.round_notices, round.pk)


@receiver(signals.tournament_changed)
def _changed(sender, tournament, **kwargs):
    tid = tournament.pk
    transaction.on_commit(lambda: notify.send(group(tid), {"event": "tournament", "tournament": tid}))
