"""Activating modules (section 8; R8, R9, R10, R11, R15, R16)."""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from ..base import Decision, Event, State
from .components import ACTIVATABLE, NOT_BY_ROBOT, around
from .movement import crowd, start_chain
from .pods import launch, occupied_pods
from .scoring import active_colour, alien_dies, alien_score, award
from .station import (
    free_astronauts,
    kind_at,
    links,
    placement_links,
    role,
    spec_at,
    station_connected,
    waking_cell,
)


def activation_options(s: State, colour: str) -> list[Decision]:
    """Raw activations: the effect check (R8) is made by the caller, which can simulate it."""
    out = []
    for figure in free_astronauts(s, colour):
        cell = s["astronauts"][figure]
        kind = kind_at(s, cell)
        if kind not in ACTIVATABLE or (kind in NOT_BY_ROBOT and role(figure) == "robot"):
            continue
        marks = s["board"][cell].get("marks", ())
        if len(marks) < 2 and colour not in marks:
            out.append({"type": "activate", "figure": figure})
    return out


def activate(s: State, ev: list[Event], figure: str) -> None:
    cell = s["astronauts"][figure]
    entry = s["board"][cell]
    colour = active_colour(s)
    entry["marks"] = [*entry.get("marks", ()), colour]
    kind = kind_at(s, cell)
    ev.append({"e": "activates", "figure": figure, "module": entry["tile"], "kind": kind, "cell": cell})
    if kind == "warehouse":
        award(s, ev, colour, 4 if role(figure) == "chief" else 2, "warehouse")
    elif kind == "jump_room":
        s["queue"][:0] = [{"do": "jump", "fig": figure, "n": 1}, {"do": "jump", "fig": figure, "n": 2}]
    else:
        s["ask"] = {"q": "target", "module": kind, "figure": figure, "cell": cell}


# --- targets ---------------------------------------------------------------------------------

def target_options(s: State, ask: dict[str, Any]) -> Iterable[Decision]:
    return TARGETS[ask["module"]](s, ask)


def apply_target(s: State, ev: list[Event], ask: dict[str, Any], d: Decision) -> None:
    EFFECTS[ask["module"]](s, ev, ask, d)


def _lab_options(s: State, ask: dict[str, Any]) -> list[Decision]:
    out: list[Decision] = []
    for figure in free_astronauts(s):
        cell = s["astronauts"][figure]
        if role(figure) == "robot" or kind_at(s, cell) in ("waking_room", "safe_room"):
            continue
        if any(where == cell for where in s["aliens"].values()):
            continue
        out.extend({"type": "swap", "astronaut": figure, "alien": a} for a in sorted(s["aliens"]))
    return out


def _lab(s: State, ev: list[Event], ask: dict[str, Any], d: Decision) -> None:
    """Swap an astronaut and an alien (R15); the alien kills at once, the astronaut may push (R9)."""
    figure, alien = d["astronaut"], d["alien"]
    here, there = s["astronauts"][figure], s["aliens"][alien]
    start_chain(s, figure, alien)
    s["astronauts"][figure] = there
    ev.append({"e": "swapped", "figure": figure, "alien": alien, "figure_to": there, "alien_to": here})
    s["queue"][:0] = [
        {"do": "alien_enter", "fig": alien, "cell": here, "from": None},
        {"do": "kill_step", "aliens": [alien]},
        {"do": "crowd", "fig": figure, "cell": there},
        {"do": "end_chain"},
    ]


def crowd_item(s: State, ev: list[Event], item: dict[str, Any]) -> None:
    if s["astronauts"].get(item["fig"]) == item["cell"]:
        crowd(s, item["fig"], item["cell"], None)


def _laser_options(s: State, ask: dict[str, Any]) -> list[Decision]:
    mine = {s["astronauts"][a] for a in free_astronauts(s, active_colour(s))}
    out = []
    for alien in sorted(s["aliens"]):
        cell = s["aliens"][alien]
        if any(n in mine for _, n in around(cell)):
            out.append({"type": "shoot", "alien": alien})
    return out


def _laser(s: State, ev: list[Event], ask: dict[str, Any], d: Decision) -> None:
    alien_dies(s, ev, d["alien"], "laser", scored=False)


def _infirmary_options(s: State, ask: dict[str, Any]) -> list[Decision]:
    return [{"type": "heal", "astronaut": a} for a in sorted(set(s["track"]))]


def _infirmary(s: State, ev: list[Event], ask: dict[str, Any], d: Decision) -> None:
    """R16: the astronaut leaves the track; the last one placed there fills the gap."""
    figure = d["astronaut"]
    track = s["track"]
    i = track.index(figure)
    last = track.pop()
    if last != figure:
        track[i] = last
    s["astronauts"][figure] = waking_cell(s)
    ev.append({"e": "healed", "figure": figure, "cell": s["astronauts"][figure], "alien_score": alien_score(s),
               "moved": last if last != figure else None})


def _security_options(s: State, ask: dict[str, Any]) -> list[Decision]:
    return [{"type": "launch", "pod": c} for c in sorted(occupied_pods(s))]


def _security(s: State, ev: list[Event], ask: dict[str, Any], d: Decision) -> None:
    launch(s, ev, d["pod"], "security")


# --- the Control Room (R10) ------------------------------------------------------------------

def liftable(s: State) -> list[str]:
    return sorted(c for c in s["board"] if kind_at(s, c) not in ("waking_room", "pod"))


def relocations(s: State, cell: str, first_only: bool = False) -> list[tuple[str, int]]:
    """Every (cell, rotation) the tile on `cell` may be moved to with its contents (R10)."""
    entry = s["board"][cell]
    spec = spec_at(s, cell)
    assert spec is not None  # the tile on `cell`
    before = spec.doors_at(entry["rot"])
    lifted = {c: e for c, e in s["board"].items() if c != cell}
    t = dict(s, board=lifted)
    cells = sorted({n for c in lifted for _, n in around(c) if n not in lifted})
    out = []
    for to in cells:
        for rot in spec.distinct_rotations():
            doors = spec.doors_at(rot)
            if to == cell and doors == before:
                continue
            joined = placement_links(t, to, doors)
            if not joined or all(kind_at(t, c) == "pod" for c in joined):
                continue
            lifted[to] = dict(entry, rot=rot)
            ok = station_connected(t) and all(links(t, c) for c in lifted if kind_at(t, c) == "pod")
            del lifted[to]
            if ok:
                out.append((to, rot))
                if first_only:
                    return out
    return out


def _control_options(s: State, ask: dict[str, Any]) -> Iterator[Decision]:
    return ({"type": "lift", "cell": c} for c in liftable(s) if relocations(s, c, first_only=True))


def _control(s: State, ev: list[Event], ask: dict[str, Any], d: Decision) -> None:
    ev.append({"e": "lifts", "tile": s["board"][d["cell"]]["tile"], "cell": d["cell"]})
    s["ask"] = {"q": "relocate", "cell": d["cell"], "figure": ask["figure"]}


def relocate_options(s: State, ask: dict[str, Any]) -> list[Decision]:
    return [{"type": "relocate", "to": to, "rotation": rot} for to, rot in relocations(s, ask["cell"])]


def apply_relocate(s: State, ev: list[Event], ask: dict[str, Any], d: Decision) -> None:
    cell, to = ask["cell"], d["to"]
    entry = s["board"].pop(cell)
    entry["rot"] = d["rotation"]
    s["board"][to] = entry
    for figure, where in s["astronauts"].items():
        if where == cell:
            s["astronauts"][figure] = to
    for alien, where in s["aliens"].items():
        if where == cell:
            s["aliens"][alien] = to
    ev.append({"e": "tile_moved", "tile": entry["tile"], "from": cell, "to": to,
               "rotation": d["rotation"]})


TARGETS: dict[str, Callable[[State, dict[str, Any]], Iterable[Decision]]] = {
    "lab": _lab_options, "laser": _laser_options, "infirmary": _infirmary_options,
    "security_center": _security_options, "control_room": _control_options,
}
EFFECTS: dict[str, Callable[[State, list[Event], dict[str, Any], Decision], None]] = {
    "lab": _lab, "laser": _laser, "infirmary": _infirmary, "security_center": _security,
    "control_room": _control,
}
