"""Building Argo positions by hand for scenario tests.

`position(...)` writes a complete state from a few lines: the tiles that matter, where the figures
stand, and the phase the active player is in; the rules module then asks its first question there.
"""
from __future__ import annotations

import json

from games.rules.argo import RULES
from games.rules.argo.components import load_station

STATION = load_station("station")


def position(board: dict, astronauts: dict | None = None, aliens: dict | None = None, *,
             players: int = 2, seat: int = 0, phase: str = "actions", actions: int = 2,
             first: bool = False, rest: str = "escaped", display=(), stack=(), pod_stack=(),
             track=(), scores=None, options=None, moved=(), core=(), final=None, out=(),
             modules_out: bool | None = None, turns_played=None, seq: int = 0, check: bool = True) -> dict:
    """A state with `board` {cell: "TILE" | ("TILE", rot) | ("P1", rot, [seat figures])}.

    Astronauts not named in `astronauts` are put at `rest` ("escaped" keeps them out of the way;
    "0|0" puts them in the Waking Room). `phase` is where the turn starts: "alien", "build",
    "actions" (with `actions` left) or "end". The position is started with the public
    `RULES.at_phase`, which refuses an impossible one (ImpossiblePosition naming the reason);
    `check=False` (or `loose_position`) skips that for the older scenarios that stand one tile id
    in for several corridors or leave part of the station unconnected to test a single rule.
    """
    colours = list(STATION.colours[:players])
    grid = {}
    for cell, spec in board.items():
        if isinstance(spec, str):
            spec = (spec, 0)
        tile, rot = spec[0], spec[1]
        entry = {"tile": tile, "rot": rot}
        kind = STATION.tiles[tile].kind
        if kind == "pod":
            entry["seats"] = list(spec[2]) if len(spec) > 2 else [None, None]
        elif kind in ("lab", "control_room", "jump_room", "laser", "infirmary", "warehouse",
                      "security_center"):
            entry["marks"] = list(spec[2]) if len(spec) > 2 else []
        grid[cell] = entry
    figures = {f"{c}-{r}": rest for c in colours for r in STATION.roles}
    figures.update(astronauts or {})
    for cell, entry in grid.items():
        for figure in entry.get("seats", ()):
            if figure:
                figures[figure] = cell
    if modules_out is None:
        modules_out = not display and not stack
    s = {
        "game": "argo", "rules_version": RULES.version, "station": "station",
        "players": players, "colours": colours,
        "options": {"difficulty": "medium", "mean_teleporters": False, **(options or {})},
        "seed": 0, "board": grid, "astronauts": figures,
        "aliens": dict(aliens or {}),
        "next_alien": 1 + max([int(a.split("-")[1]) for a in (aliens or {})] or [0]),
        "display": list(display), "stack": list(stack), "pod_stack": list(pod_stack),
        "track": list(track), "scores": {**dict.fromkeys(colours, 0), **(scores or {})}, "launched": 0,
        "turn": {"seat": seat, "number": 5, "phase": phase, "actions": actions, "first": first,
                 "moved": list(moved), "core": [list(x) for x in core]},
        "turns_played": turns_played or {c: (0 if first and i == seat else 3) for i, c in enumerate(colours)},
        "final": None if final is None else list(final), "out": list(out), "modules_out": modules_out,
        "queue": [], "chain": None, "ask": None, "seq": seq, "undo_floor": seq, "over": None,
    }
    s = json.loads(json.dumps(s))  # exactly what a hand-written JSON state would be
    return RULES.at_phase(s, phase, check=check)


def loose_position(*args, **kwargs) -> dict:
    """`position` without the check: for scenarios not reachable in play (a tile id used twice,
    a deliberately unconnected tile), which test one rule in isolation."""
    return position(*args, **kwargs, check=False)


def play(state, *decisions):
    """Apply decisions in order; returns the final state and all events."""
    events = []
    for d in decisions:
        state, ev = RULES.apply(state, d)
        events.extend(ev)
    return state, events


def legal(state) -> list[dict]:
    return RULES.legal_actions(state)


def kinds(events) -> list[str]:
    return [e["e"] for e in events]
