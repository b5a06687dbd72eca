"""After every decision stored in a game with waiting standing orders, the task that compares and plays
them (orders.tasks.fire); after a game ends some other way (a resignation, an abort), the same task
marks its waiting orders missed. Nothing is asked of the database in the game's transaction. After a
decision the game's turn inbox has counted its waiting orders in the statement that keeps it
(games.services.inbox.decided, the signal's `orders_waiting`): none, and nothing more is asked; some,
and the task is queued. Where they were not counted (an undo, a game that ended), whether the game
has waiting orders is read after the commit (one probe of a partial index). The probe after every
decision cost a decision 0.4-0.5 ms of CPU and a round trip (benchmarks/decision_cpu.py, 2026-11-30)."""
from __future__ import annotations

from django.db import transaction
from django.dispatch import receiver

from games import signals as game_signals
from games.entry.tasks import enqueue

from . import services, tasks


def _fire(game_id: int) -> None:
    enqueue(tasks.fire, game_id)


def _after(game_id: int) -> None:
    if services.has_waiting(game_id):
        _fire(game_id)


@receiver(game_signals.decision_stored)
def _decided(sender, game, orders_waiting=None, **kwargs):
    game_id = game.pk
    if orders_waiting is None:
        transaction.on_commit(lambda: _after(game_id))
    elif orders_waiting:
        transaction.on_commit(lambda: _fire(game_id))


@receiver(game_signals.game_finished)
@receiver(game_signals.game_aborted)
def _game_ended(sender, game, **kwargs):
    game_id = game.pk
    transaction.on_commit(lambda: _after(game_id))
