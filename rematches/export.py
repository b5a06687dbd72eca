"""The rematches the player proposed, for their data export (foundation.export)."""
from __future__ import annotations

from .models import Rematch


def rematches(user) -> list[dict]:
    return [{"of": r.of_id, "game": r.game_id, "proposed": r.created_at}
            for r in Rematch.objects.filter(proposed_by=user).order_by("created_at")]
