"""The end: Last Ship places, cards left in hand, end missions, and the ranking (RULES.md section 8)."""
from __future__ import annotations

from typing import Any

from ..base import State
from .ships import BOARD


def final(s: State) -> dict[str, Any]:
    """Scores and ranking; the breakdown names no card, since hands stay secret after the end too."""
    scores: dict[str, int] = {}
    breakdown: dict[str, dict[str, Any]] = {}
    for c in s["colours"]:
        place = s["last_ship"].index(c) if c in s["last_ship"] else None
        last = BOARD.last_ship_vp[place] if place is not None else 0
        hand = sum(BOARD.cards[card].in_hand for card in s["hands"][c])
        end_missions = [m for m in s["revealed"][c] if BOARD.missions[m].when == "end"]
        scores[c] = s["vp"][c] + last + hand + s["end_vp"][c]
        breakdown[c] = {"track": s["vp"][c], "last_ship_place": None if place is None else place + 1,
                        "last_ship": last, "hand": hand, "cards_in_hand": len(s["hands"][c]),
                        "end_missions": end_missions, "end_missions_vp": s["end_vp"][c], "saved": s["saved"][c]}
    order = sorted(s["colours"], key=lambda c: (-scores[c], -s["saved"][c]))
    ranking: list[dict[str, Any]] = []
    for i, c in enumerate(order):
        rank = i + 1
        if ranking:
            prev = ranking[-1]
            if scores[prev["who"]] == scores[c] and s["saved"][prev["who"]] == s["saved"][c]:
                rank = prev["rank"]  # tied with the one before
        ranking.append({"who": c, "rank": rank, "score": scores[c],
                        "saved": s["saved"][c]})
    return {"scores": scores, "winners": [e["who"] for e in ranking if e["rank"] == 1], "ranking": ranking,
            "breakdown": breakdown, "last_ship": list(s["last_ship"])}
