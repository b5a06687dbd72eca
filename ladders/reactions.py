"""A challenge's game over: its result applied in the game's own transaction (games.signals are sent
inside it), so the finish and the new places are stored together or not at all."""
from __future__ import annotations

from django.dispatch import receiver

from games import signals as game_signals

from . import services


@receiver(game_signals.game_finished, dispatch_uid="ladders.game_ended.finished")
@receiver(game_signals.game_aborted, dispatch_uid="ladders.game_ended.aborted")
def _game_ended(sender, game, **kwargs):
    services.game_ended(game)
