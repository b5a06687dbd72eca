"""What a seat or a spectator may see, picked field by field (never by deleting secrets).

The seed and the order of the face-down modules are never picked; the face-down modules are shown
as a sorted list, as Yucata's "Rooms" link does. Everything else of the state is public, and what the
board does not draw is shown under "bookkeeping", so that a whole position can be rebuilt from a view
(guess.py).
"""
from __future__ import annotations

from typing import Any

from ..base import State, clone
from .components import load_station
from .log import CATALOGUE, prompt
from .scoring import activations, alien_score, covered_by_token, escaped, outcome, track_slots
from .station import specs


def _tile(s: State, cell: str, entry: dict[str, Any]) -> dict[str, Any]:
    spec = specs(s)[entry["tile"]]
    out: dict[str, Any] = {"tile": spec.id, "kind": spec.kind, "rotation": entry["rot"], "doors": spec.doors_at(entry["rot"]),
           "capacity": spec.capacity, "alien_symbol": spec.alien_symbol}
    if "marks" in entry:
        out["marks"] = list(entry["marks"])
    if spec.is_pod:
        out["seats"] = [{"value": v, "figure": f} for v, f in zip(spec.seats, entry["seats"])]
    return out


def _in_transit(s: State) -> list[tuple[str, str]]:
    """An astronaut waiting for its teleport destination: it stands on the teleporter it entered,
    never on the tile it was pushed out of (which would look over capacity)."""
    ask = s["ask"]
    return [(ask["figure"], ask["from"])] if ask and ask["q"] == "teleport" else []


def _bookkeeping(s: State) -> dict[str, Any]:
    """The public rest of the state, which the board does not draw: the turn's own record (with the
    Core Room astronauts it started with, kept after the end too), the work queued in it and the chain
    under way, completed turns, the next alien's number, the station set, the undo floor, and the cell
    an astronaut in transit still stands on while its teleport waits."""
    return {
        "station": s["station"], "turn": clone(s["turn"]), "turns_played": dict(s["turns_played"]),
        "queue": clone(s["queue"]), "chain": clone(s["chain"]), "next_alien": s["next_alien"],
        "undo_floor": s["undo_floor"],
        "left_from": {figure: s["astronauts"][figure] for figure, _ in _in_transit(s)},
    }


def view(s: State, seat: int | None) -> dict[str, Any]:
    station = load_station(s["station"])
    turn = s["turn"]
    return {
        "game": "argo",
        "rules_version": s["rules_version"],
        "players": s["players"],
        "colours": list(s["colours"]),
        "options": {"difficulty": s["options"]["difficulty"],
                    "mean_teleporters": s["options"]["mean_teleporters"]},
        "you": seat,
        "seq": s["seq"],
        "board": {c: _tile(s, c, e) for c, e in sorted(s["board"].items())},
        "astronauts": dict(sorted(s["astronauts"].items())) | dict(_in_transit(s)),
        "in_transit": [figure for figure, _ in _in_transit(s)],
        "aliens": dict(sorted(s["aliens"].items())),
        "display": list(s["display"]),
        "pods_waiting": list(s["pod_stack"]),
        "face_down": sorted(s["stack"]),
        "alien_track": {
            "slots": list(track_slots(s)), "covered_by_token": covered_by_token(s),
            "dead": list(s["track"]), "score": alien_score(s),
        },
        "scores": dict(s["scores"]),
        "activations": activations(s),
        "escaped": escaped(s),
        "pods_launched": s["launched"],
        "max_aliens": station.max_aliens,
        "turn": None if s["over"] else {
            "seat": turn["seat"], "colour": s["colours"][turn["seat"]], "number": turn["number"],
            "phase": turn["phase"], "actions_left": turn["actions"], "first": turn["first"],
            "moved": list(turn["moved"]),
        },
        "question": None if s["ask"] is None else dict(s["ask"]),
        "prompt": {lang: prompt(s, lang) for lang in CATALOGUE.languages},
        "final_round": None if s["final"] is None else list(s["final"]),
        "out": list(s["out"]),
        "building_over": s["modules_out"],
        "over": s["over"] is not None,
        "outcome": outcome(s),
        "bookkeeping": _bookkeeping(s),
    }


def twin(s: State, seat: int | None) -> State:
    """The same position with another setup seed and the face-down modules in another order: Argo
    hides nothing else, from any seat."""
    other = clone(s)
    other["seed"] += 1
    other["stack"].reverse()
    return other
