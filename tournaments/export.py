"""The player's tournament entries, for their data export (foundation.export)."""
from __future__ import annotations

from .models import Entry


def tournaments(user) -> list[dict]:
    return [{"tournament": e.tournament_id, "title": e.tournament.title, "game": e.tournament.game,
             "status": e.status, "joined": e.joined_at, "rating_at_start": e.rating, "byes": e.byes,
             "page": f"/tournaments/{e.tournament_id}/"}
            for e in Entry.objects.filter(user=user).select_related("tournament").order_by("joined_at")]
