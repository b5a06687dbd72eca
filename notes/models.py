"""A player's private note on a game: theirs alone, read by no one else (docs/notes.md)."""
from __future__ import annotations

from django.conf import settings
from django.db import models

MAX_LENGTH = 4000


class Note(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+")
    text = models.TextField(max_length=MAX_LENGTH)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "game"], name="one_note_per_player_and_game")]

    def __str__(self) -> str:  # never the text: admin lists, logs and errors show this
        return f"note #{self.pk}"
