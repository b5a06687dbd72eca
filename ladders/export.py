"""The player's ladders, for their data export (foundation.export): their places and their challenges."""
from __future__ import annotations

from django.db.models import Q

from .models import Challenge, Rung


def ladders(user) -> dict:
    return {
        "places": [{"ladder": r.ladder_id, "title": r.ladder.title, "game": r.ladder.game, "place": r.place,
                    "joined": r.joined_at, "page": f"/ladders/{r.ladder_id}/"}
                   for r in Rung.objects.filter(user=user).select_related("ladder").order_by("joined_at")],
        "challenges": [{"ladder": c.ladder_id, "challenger": c.challenger.username, "defender": c.defender.username,
                        "game": c.game_id, "created": c.created_at, "decided": c.decided_at, "result": c.result}
                       for c in Challenge.objects.filter(Q(challenger=user) | Q(defender=user))
                       .select_related("challenger", "defender").order_by("created_at")],
    }
