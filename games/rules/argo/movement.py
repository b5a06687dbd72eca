"""Entering a tile: teleports, alien encounters, pods, push chains (section 4; R4, R5, R13, R14).

A chain is resolved through the state's queue: each entry is one queue item, and each choice the
active player must make in it (whom to push and where, where to teleport) is one question.
"""
from __future__ import annotations

from typing import Any

from ..base import Decision, Event, State
from . import pods
from .scoring import alien_dies, astronaut_dies
from .station import alien_at, astronauts_at, has_room, kind_at, links, over_capacity, role, spec_at


def start_chain(s: State, starter: str, *also: str) -> None:
    s["chain"] = {"start": starter, "moved": [starter, *also]}


def end_chain(s: State, ev: list[Event], item: dict[str, Any]) -> None:
    s["chain"] = None


def start_step(s: State, ev: list[Event], figure: str, to: str, then_more: bool) -> None:
    """One step of an astronaut: a full entry of the tile (R5), then perhaps one more step."""
    frm = s["astronauts"][figure]
    start_chain(s, figure)
    ev.append({"e": "steps", "figure": figure, "from": frm, "to": to})
    items = [{"do": "enter", "fig": figure, "cell": to, "from": frm, "tp": True}, {"do": "end_chain"}]
    if then_more:
        items.append({"do": "more", "fig": figure})
    s["queue"][:0] = items


def step_targets(s: State, figure: str) -> list[str]:
    return links(s, s["astronauts"][figure])


def teleport_destinations(s: State, cell: str) -> list[str] | None:
    """Where an astronaut entering the teleporter on `cell` may arrive; None: deep space."""
    others = sorted(c for c in s["board"] if c != cell and kind_at(s, c) == "teleporter")
    if s["options"]["mean_teleporters"]:
        return others or None
    from .station import waking_cell
    return [*others, waking_cell(s)]


def enter(s: State, ev: list[Event], item: dict[str, Any]) -> None:
    figure, cell, frm = item["fig"], item["cell"], item["from"]
    kind = kind_at(s, cell)
    if item["tp"] and kind == "teleporter":
        destinations = teleport_destinations(s, cell)
        if destinations is None:
            astronaut_dies(s, ev, figure, "space", cell, points=1)
        elif len(destinations) == 1:
            teleport(s, ev, figure, cell, destinations[0])
        else:
            s["ask"] = {"q": "teleport", "figure": figure, "from": cell}
        return
    alien = alien_at(s, cell)
    if alien is not None and role(figure) != "robot":
        if role(figure) == "grunt":
            alien_dies(s, ev, alien, figure, scored=True)
        else:
            astronaut_dies(s, ev, figure, "alien", cell)
            return
    if kind == "pod":
        pods.seat(s, ev, figure, cell)
        return
    s["astronauts"][figure] = cell
    crowd(s, figure, cell, frm)


def crowd(s: State, figure: str, cell: str, frm: str | None) -> None:
    """Over capacity: someone already there must be pushed on."""
    if over_capacity(s, cell):
        s["ask"] = {"q": "push", "cell": cell, "from": frm, "entering": figure}


def teleport(s: State, ev: list[Event], figure: str, frm: str, to: str) -> None:
    ev.append({"e": "teleports", "figure": figure, "from": frm, "to": to})
    s["queue"].insert(0, {"do": "enter", "fig": figure, "cell": to, "from": None, "tp": False})


def teleport_options(s: State, ask: dict[str, Any]) -> list[Decision]:
    return [{"type": "teleport", "to": c} for c in teleport_destinations(s, ask["from"]) or ()]


def apply_teleport(s: State, ev: list[Event], ask: dict[str, Any], d: Decision) -> None:
    teleport(s, ev, ask["figure"], ask["from"], d["to"])


def push_options(s: State, ask: dict[str, Any]) -> list[Decision]:
    cell, chain = ask["cell"], s["chain"]
    targets = [c for c in links(s, cell) if c != ask["from"]]
    out: list[Decision] = []
    for figure in astronauts_at(s, cell):
        if figure == ask["entering"] or figure in chain["moved"]:
            continue
        out.extend({"type": "push", "figure": figure, "to": c} for c in targets)
    return out


def apply_push(s: State, ev: list[Event], ask: dict[str, Any], d: Decision) -> None:
    figure, cell = d["figure"], ask["cell"]
    s["chain"]["moved"].append(figure)
    ev.append({"e": "pushed", "figure": figure, "from": cell, "to": d["to"]})
    s["queue"].insert(0, {"do": "enter", "fig": figure, "cell": d["to"], "from": cell, "tp": True})


def entry_is_simple(s: State, figure: str, to: str, teleports: bool = True) -> bool:
    """True when entering `to` surely asks nothing more of the chain (no teleport, no push)."""
    kind = kind_at(s, to)
    if kind == "teleporter" and teleports:
        return False
    if kind in ("waking_room", "pod"):
        return True
    if alien_at(s, to) is not None and role(figure) not in ("grunt", "robot"):
        return True
    spec = spec_at(s, to)
    assert spec is not None  # `to` holds a tile
    return has_room(s, to) or spec.capacity is None
