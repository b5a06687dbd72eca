"""Loading a state written by hand or read back from storage: its shape is checked before it is trusted."""
from __future__ import annotations

from .components import WORMHOLE
from .ships import BOARD


class StateError(ValueError):
    """Not a well-formed Andromeda Escape state; the message names the bad part."""


KEYS = {
    "game": str, "rules_version": int, "players": int, "colours": list, "options": dict, "seed": int, "rng": int,
    "board": dict, "upright": dict, "platform": dict, "lost": dict, "saved": dict, "vp": dict, "end_vp": dict,
    "skip": dict, "last_ship": list, "first_empty": (str, type(None)), "alone": list, "hands": dict,
    "missions": dict, "revealed": dict, "returned": list, "decks": dict, "open": dict, "discard": dict,
    "blocked": list, "turn": dict, "queue": list, "ask": (dict, type(None)), "seq": int, "undo_floor": int,
    "over": (dict, type(None)),
}
PER_COLOUR = ("platform", "lost", "saved", "vp", "end_vp", "skip", "hands", "missions", "revealed")


def _need(ok: bool, message: str) -> None:
    if not ok:
        raise StateError(message)


def validate_state(s) -> None:
    _need(isinstance(s, dict), "a state is a JSON object")
    for key, kind in KEYS.items():
        _need(key in s, f"state field {key!r} is missing")
        _need(isinstance(s[key], kind), f"state field {key!r} has the wrong type")
    _need(s["game"] == "andromeda", "not an Andromeda Escape state")
    _need(2 <= s["players"] <= 4 and s["colours"] == list(BOARD.colours[:s["players"]]), "players and colours disagree")
    for key in PER_COLOUR:
        _need(set(s[key]) == set(s["colours"]), f"{key} must name every colour")
    for node, colour in s["board"].items():
        _need(node in BOARD.depth and node != WORMHOLE, f"board: {node!r} is not a node")
        _need(colour in s["colours"], f"board {node}: {colour!r} is not a colour of this game")
    for node in s["upright"]:
        _need(node in s["board"], f"upright {node}: no ship stands there")
    for c in s["colours"]:
        _need(s["lost"][c] in ("aside", "due", "placed"), f"lost {c}: aside, due or placed")
        _need(s["skip"][c] in (1, 2, 3), f"skip {c}: field 1, 2 or 3")
        for card in s["hands"][c]:
            _need(card in BOARD.cards, f"hand of {c}: unknown card {card!r}")
        ships = s["platform"][c] + s["saved"][c] + sum(1 for v in s["board"].values() if v == c)
        _need(ships + (s["lost"][c] != "placed") == BOARD.ships[s["players"]] + 1,
              f"{c}: platform, board, saved and the Lost Ship must add up to the fleet")
    _need(0 <= s["turn"].get("seat", -1) < s["players"], "turn.seat is not a seat")
    if s["ask"] is not None:
        _need(0 <= s["ask"].get("seat", -1) < s["players"], "ask.seat is not a seat")
