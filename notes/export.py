"""The player's notes, for their data export (foundation.export): theirs alone, as they kept them."""
from __future__ import annotations

from .models import Note


def notes(user) -> list[dict]:
    return [{"game": n.game_id, "text": n.text, "updated": n.updated}
            for n in Note.objects.filter(user=user).order_by("game_id")]
