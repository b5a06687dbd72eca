"""A valid position (docs/state.md): the shape, the pieces where they can be, and the question."""
from __future__ import annotations

from ..base import ImpossiblePosition, State
from .components import DATA
from .station import upgrade_supply

KEYS = ("rules_version", "colours", "players", "mode", "options", "seed", "ring", "order", "sides", "side_of",
        "team_sectors", "rooms", "slots", "pending", "units", "decks", "aside", "discards", "held", "drawn",
        "bonus_supply", "spent", "lp", "dp", "tiles", "disc", "end", "round", "out", "tie", "turn", "ask", "over",
        "seq", "undo_floor", "mark", "answers")


def validate(s: State) -> None:
    if not isinstance(s, dict):
        raise ImpossiblePosition("a state is a JSON object")
    missing = [k for k in KEYS if k not in s]
    if missing:
        raise ImpossiblePosition(f"missing keys: {', '.join(missing)}")
    if s["mode"] not in ("duel", "deathmatch", "teams"):
        raise ImpossiblePosition("mode must be duel, deathmatch or teams")
    if not 2 <= s["players"] <= 4 or len(s["colours"]) != s["players"]:
        raise ImpossiblePosition("2 to 4 seats, one faction each")


def check_pieces(s: State) -> None:
    """Spec 19.4: one occupant per room, units counted, tiles conserved, every card in one place."""
    units = s["units"]
    for room, occ in s["rooms"].items():
        if occ is not None and occ[0] != "Y" and units[occ]["at"] != room:
            raise ImpossiblePosition(f"{occ} is recorded in {units[occ]['at']}, not {room}")
    for u, v in units.items():
        if v["at"] not in ("space", "moving") and s["rooms"].get(v["at"]) != u and s["turn"]["phase"] != "setup":
            raise ImpossiblePosition(f"unit {u} is not in its room {v['at']}")
    if sum(v["at"] == "moving" for v in units.values()) > 1:
        raise ImpossiblePosition("two units on the move at once")
    if upgrade_supply(s) < 0:
        raise ImpossiblePosition("more than 20 upgrade tiles in play")
    if s["mode"] != "deathmatch" and any(not 0 <= lp <= 20 for lp in s["lp"]):
        raise ImpossiblePosition("LP outside 0-20")
    seen: dict[str, str] = {}

    def once(card: str, where: str) -> None:
        if card in seen:
            raise ImpossiblePosition(f"card {card} both {seen[card]} and {where}")
        seen[card] = where
    for seat in range(s["players"]):
        for key in ("decks", "aside", "discards", "held", "drawn"):
            for card in s[key][seat]:
                once(card, key)
    for place, slot in s["slots"].items():
        if slot["card"]:
            once(slot["card"], place)
        if slot["bonus"]:
            once(slot["bonus"], place)
        if slot["tiles"] > DATA.setup["tiles_per_card"] or slot["counter"] > DATA.setup["counter_max"]:
            raise ImpossiblePosition(f"{place}: too many tiles or counter over 6")
    for place, card in s["pending"].items():
        if card:
            once(card, place)
    for card in s["spent"] + s["bonus_supply"]:
        once(card, "out of the game")
    expected = {c for f in s["colours"] for c in DATA.decks[f]} | set(DATA.bonus_deck)
    if set(seen) != expected:
        lost = sorted(expected - set(seen))
        raise ImpossiblePosition(f"cards lost: {', '.join(lost[:5])}" if lost else "unknown cards in play")
    if s["disc"] is not None:
        holder = s["slots"][s["disc"]]["card"] if s["disc"] in s["slots"] else s["pending"].get(s["disc"])
        if holder is None:
            raise ImpossiblePosition("the disc lies on no card")


def check_question(s: State) -> None:
    if s["over"] is not None:
        return
    ask = s["ask"]
    if not ask or not ask["options"]:
        raise ImpossiblePosition("no decision is pending")
