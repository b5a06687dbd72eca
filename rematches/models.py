"""A finished game's rematch: the open game proposed after it, one per finished game."""
from __future__ import annotations

from django.conf import settings
from django.db import models

from games.models import Game


class Rematch(models.Model):
    # One to one on the finished game: two players pressing Rematch at once get one game.
    of = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="rematch")
    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="rematch_of")
    proposed_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    # Set once the proposer has been told that the rematch is off: claimed before it is sent (once).
    told_at = models.DateTimeField(null=True, blank=True, editable=False)

    def __str__(self) -> str:
        return f"rematch of game {self.of_id}: game {self.game_id}"
