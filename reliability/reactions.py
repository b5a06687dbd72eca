"""The summary follows the games: a finished game adds its players' rows, a reverted result takes
them off, inside the game's own transaction (reliability.summary)."""
from __future__ import annotations

from django.dispatch import receiver

from games import signals

from . import summary


@receiver(signals.game_finished)
def _game_finished(sender, game, **kwargs):
    summary.game_finished(game)


@receiver(signals.result_reverted)
def _result_reverted(sender, game, **kwargs):
    summary.result_reverted(game)
