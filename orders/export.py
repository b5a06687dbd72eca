"""The player's standing orders, for their data export (foundation.export): theirs alone."""
from __future__ import annotations

from .models import Order


def standing_orders(user) -> list[dict]:
    return [{"game": o.game_id, "status": o.status, "reason": o.reason, "base": o.base, "deal": o.deal,
             "line": o.line, "answer": o.answer, "created": o.created_at, "ended": o.ended_at}
            for o in Order.objects.filter(user=user).order_by("game_id", "pk")]
