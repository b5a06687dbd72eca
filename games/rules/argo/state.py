"""Loading a state written by hand or read back from storage: checked before it is trusted."""
from __future__ import annotations

from .components import is_cell, load_station


class StateError(ValueError):
    """A state that is not a well-formed Argo state; the message names the bad part."""


KEYS = {
    "game": str, "rules_version": int, "station": str, "players": int, "colours": list,
    "options": dict, "seed": int, "board": dict, "astronauts": dict, "aliens": dict,
    "next_alien": int, "display": list, "stack": list, "pod_stack": list, "track": list,
    "scores": dict, "launched": int, "turn": dict, "turns_played": dict, "final": (list, type(None)),
    "out": list, "modules_out": bool, "queue": list, "chain": (dict, type(None)),
    "ask": (dict, type(None)), "seq": int, "undo_floor": int, "over": (dict, type(None)),
}


def _need(ok: bool, message: str) -> None:
    if not ok:
        raise StateError(message)


def validate_state(s) -> None:
    _need(isinstance(s, dict), "a state is a JSON object")
    for key, kind in KEYS.items():
        _need(key in s, f"state field {key!r} is missing")
        _need(isinstance(s[key], kind), f"state field {key!r} has the wrong type")
    _need(s["game"] == "argo", "not an Argo state")
    try:
        station = load_station(s["station"])
    except FileNotFoundError:
        raise StateError(f"unknown station set {s['station']!r}") from None
    _need(2 <= s["players"] <= 4 and len(s["colours"]) == s["players"], "players and colours disagree")
    for cell, entry in s["board"].items():
        _need(is_cell(cell), f"board cell {cell!r} is not of the form x|y")
        _need(isinstance(entry, dict) and entry.get("tile") in station.tiles,
              f"board {cell}: unknown tile {entry.get('tile') if isinstance(entry, dict) else entry!r}")
        _need(entry.get("rot") in (0, 1, 2, 3), f"board {cell}: rot must be 0-3")
        if station.tiles[entry["tile"]].is_pod:
            _need(isinstance(entry.get("seats"), list) and len(entry["seats"]) == 2,
                  f"board {cell}: a pod needs two seats")
    roles = station.roles
    expected = {f"{c}-{r}" for c in s["colours"] for r in roles}
    _need(set(s["astronauts"]) == expected, "astronauts must be the five figures of each colour")
    for figure, where in s["astronauts"].items():
        _need(where in ("dead", "escaped") or where in s["board"],
              f"{figure} stands on {where!r}, which is not a tile on the board")
    for alien, where in s["aliens"].items():
        _need(where in s["board"], f"{alien} stands on {where!r}, which is not a tile on the board")
    for tile in s["display"] + s["stack"] + s["pod_stack"]:
        _need(tile in station.tiles, f"unknown tile {tile!r} in the supply")
    _need(set(s["scores"]) == set(s["colours"]), "scores must name every colour")
    _need(0 <= s["turn"].get("seat", -1) < s["players"], "turn.seat is not a seat")
