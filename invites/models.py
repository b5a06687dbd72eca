"""An open game's invitation link: a secret that lets whoever has it take a free seat (docs/invites.md)."""
from __future__ import annotations

from django.db import models

from games.models import Game


class InviteLink(models.Model):
    # One link a game: making a new one replaces the secret, and the old link stops working.
    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="invite_link")
    token = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"invitation link of game {self.game_id}"  # never the secret: admin lists and logs show this
