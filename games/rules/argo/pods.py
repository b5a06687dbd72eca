"""Escape pods: seating, launches and the Pilot's choice (section 7, R7)."""
from __future__ import annotations

from typing import Any

from ..base import Decision, Event, State
from .components import load_station
from .scoring import award, end_game
from .station import links, owner, placements, role, spec_at, specs
from .versions import holds


def pods_in_game(s: State) -> int:
    station = load_station(s["station"])
    return sum(1 for p in station.pods if station.tiles[p].min_players <= s["players"])


def seat(s: State, ev: list[Event], figure: str, cell: str) -> None:
    """An astronaut entering a pod takes the free seat of lowest value."""
    entry = s["board"][cell]
    spec = spec_at(s, cell)
    assert spec is not None  # the pod on `cell`
    i = entry["seats"].index(None)
    entry["seats"][i] = figure
    s["astronauts"][figure] = cell
    ev.append({"e": "seated", "figure": figure, "pod": entry["tile"], "cell": cell,
               "seat": spec.seats[i]})
    if None not in entry["seats"]:
        launch(s, ev, cell, "full")
    elif role(figure) == "pilot":
        s["ask"] = {"q": "pilot", "figure": figure, "cell": cell}


def launch(s: State, ev: list[Event], cell: str, why: str) -> None:
    entry = s["board"].pop(cell)
    spec = load_station(s["station"]).tiles[entry["tile"]]
    escaped = []
    for value, figure in zip(spec.seats, entry["seats"]):
        if figure is not None:
            points = value * (2 if role(figure) == "chief" else 1)
            s["astronauts"][figure] = "escaped"
            escaped.append({"figure": figure, "points": points})
    s["launched"] += 1
    ev.append({"e": "launch", "pod": entry["tile"], "cell": cell, "why": why, "escaped": escaped})
    for item in escaped:
        award(s, ev, owner(item["figure"]), item["points"], "escape")
    if s["launched"] >= pods_in_game(s):
        end_game(s, ev, "all_pods")


def occupied_pods(s: State) -> list[str]:
    return [c for c, e in s["board"].items() if any(e.get("seats") or ())]


def launch_next_to(s: State, ev: list[Event], cell: str) -> None:
    """R7: an alien arriving on the tile a pod's door faces launches that pod if anyone sits in it."""
    for other in links(s, cell):
        entry = s["board"].get(other)
        if entry is not None and any(entry.get("seats") or ()) and s["over"] is None:
            launch(s, ev, other, "alien")


# --- the Pilot's choice ----------------------------------------------------------------------

def pilot_options(s: State, ask: dict[str, Any]) -> list[Decision]:
    cell = ask["cell"]
    options: list[Decision] = [{"type": "pilot", "choice": "stay"}, {"type": "pilot", "choice": "launch"}]
    without = dict(s, board={c: e for c, e in s["board"].items() if c != cell})
    spec = specs(s)[s["board"][cell]["tile"]]
    facing = spec.doors_at(s["board"][cell]["rot"])
    for to, rot in placements(without, spec.id, pod_rule="no_alien"):
        # R19: turning the pod on its own cell to face another module is a move too.
        if to != cell or (spec.doors_at(rot) != facing and holds(s, "R19")):
            options.append({"type": "pilot", "choice": "move", "cell": to, "rotation": rot})
    return options


def apply_pilot(s: State, ev: list[Event], ask: dict[str, Any], d: Decision) -> None:
    cell, figure = ask["cell"], ask["figure"]
    choice = d["choice"]
    if choice == "launch":
        launch(s, ev, cell, "pilot")
    elif choice == "move":
        entry = s["board"].pop(cell)
        entry["rot"] = d["rotation"]
        s["board"][d["cell"]] = entry
        s["astronauts"][figure] = d["cell"]
        ev.append({"e": "pod_turned" if d["cell"] == cell else "pod_moved", "figure": figure,
                   "pod": entry["tile"], "from": cell, "to": d["cell"]})
    else:
        ev.append({"e": "pilot_stays", "figure": figure, "pod": s["board"][cell]["tile"]})
