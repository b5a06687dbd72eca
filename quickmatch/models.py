"""Quick match (docs/quickmatch.md): the open games a quick match opened, with the rating window their
creator asked for, and one row per game that a quick match locks while it looks."""
from __future__ import annotations

from django.db import models

from games.models import Game


class Seek(models.Model):
    """An open game that a quick match opened because nothing fitting was open: the next quick match
    that fits joins it, if the joiner's rating is within `window` of `rating` (None: anyone)."""

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="seek")
    rating = models.IntegerField(help_text="the creator's rating at the game when they asked")
    window = models.PositiveIntegerField(null=True, blank=True, help_text="how far from it an opponent's rating may be; empty: any")
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"quick match of game {self.game_id}"

    def admits(self, rating: int) -> bool:
        return self.window is None or abs(rating - self.rating) <= self.window


class Queue(models.Model):
    """One row per game of the registry, locked while a quick match of it looks for a game: two people
    asking at once are served one after the other, so they end in one game rather than two."""

    game = models.CharField(max_length=32, unique=True)

    def __str__(self) -> str:
        return f"quick match queue of {self.game}"
