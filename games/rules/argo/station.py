"""The grid: what stands where, connections, reachability, distances and legal placements.

Every function takes the plain state dict `s` (see games/rules/argo/docs/state.md).
"""
from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from functools import lru_cache

from ..base import State
from .components import OPPOSITE_BIT, TileSpec, around, load_station

ON_BOARD = ("dead", "escaped")


def specs(s: State) -> dict[str, TileSpec]:
    return load_station(s["station"]).tiles


def spec_at(s: State, cell: str) -> TileSpec | None:
    entry = s["board"].get(cell)
    return None if entry is None else specs(s)[entry["tile"]]


def kind_at(s: State, cell: str) -> str | None:
    entry = s["board"].get(cell)
    return None if entry is None else specs(s)[entry["tile"]].kind


def doors_at(s: State, cell: str) -> int:
    entry = s["board"][cell]
    return specs(s)[entry["tile"]].doors_at(entry["rot"])


def links(s: State, cell: str) -> list[str]:
    """Cells connected to `cell`: orthogonal neighbours whose facing sides are both doors."""
    board = s["board"]
    tiles = specs(s)
    entry = board[cell]
    mine = tiles[entry["tile"]].masks[entry["rot"]]
    out = []
    for bit, other in around(cell):
        if mine & bit:
            o = board.get(other)
            if o is not None and tiles[o["tile"]].masks[o["rot"]] & OPPOSITE_BIT[bit]:
                out.append(other)
    return out


def reachable(s: State, start: str) -> set[str]:
    seen = {start}
    todo = deque([start])
    while todo:
        for nxt in links(s, todo.popleft()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def distances(s: State, start: str) -> dict[str, int]:
    dist = {start: 0}
    todo = deque([start])
    while todo:
        cur = todo.popleft()
        for nxt in links(s, cur):
            if nxt not in dist:
                dist[nxt] = dist[cur] + 1
                todo.append(nxt)
    return dist


def waking_cell(s: State) -> str:
    wr = load_station(s["station"]).waking_room
    cell: str = next(c for c, e in s["board"].items() if e["tile"] == wr)
    return cell


def station_connected(s: State) -> bool:
    return len(reachable(s, waking_cell(s))) == len(s["board"])


# --- figures ---------------------------------------------------------------------------------

def owner(figure: str) -> str:
    return figure.split("-", 1)[0]


def role(figure: str) -> str:
    return figure.split("-", 1)[1]


@lru_cache(maxsize=64)
def _figure_order(station: str, colours: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(f"{c}-{r}" for c in colours for r in load_station(station).roles)


def figure_order(s: State) -> tuple[str, ...]:
    """Every astronaut in seat order, then role order. Rules iterate in this order, never in the
    order of the state's dict, so a state read back from any store (PostgreSQL's jsonb reorders
    keys) plays exactly the same."""
    return _figure_order(s["station"], tuple(s["colours"]))


def astronauts_at(s: State, cell: str) -> list[str]:
    """Unseated astronauts standing on `cell` (none on a pod: those are seated)."""
    where = s["astronauts"]
    return [a for a in figure_order(s) if where[a] == cell]


def alien_at(s: State, cell: str) -> str | None:
    aliens: dict[str, str] = s["aliens"]
    for alien, where in aliens.items():
        if where == cell:
            return alien
    return None


def free_astronauts(s: State, colour: str | None = None) -> list[str]:
    """Astronauts on the board and not seated (of one colour, or all)."""
    board = s["board"]
    tiles = specs(s)
    positions = s["astronauts"]
    out = []
    for a in figure_order(s):
        where = positions[a]
        if where in ON_BOARD or (colour is not None and not a.startswith(colour + "-")):
            continue
        if tiles[board[where]["tile"]].kind != "pod":
            out.append(a)
    return out


def over_capacity(s: State, cell: str) -> bool:
    spec = spec_at(s, cell)
    assert spec is not None  # a cell with a tile
    return spec.capacity is not None and spec.kind != "pod" and len(astronauts_at(s, cell)) > spec.capacity


def has_room(s: State, cell: str) -> bool:
    spec = spec_at(s, cell)
    assert spec is not None  # a cell with a tile
    return spec.capacity is None or spec.kind == "pod" or len(astronauts_at(s, cell)) < spec.capacity


# --- placement (RULES.md section 6) ----------------------------------------------------------

def frontier(s: State) -> set[str]:
    """Empty cells next to at least one tile."""
    board = s["board"]
    return {n for c in board for _, n in around(c) if n not in board}


def placement_links(s: State, cell: str, doors: int) -> list[str]:
    """Cells a tile with `doors` placed on empty `cell` would connect to."""
    board = s["board"]
    tiles = specs(s)
    out = []
    for bit, other in around(cell):
        if doors & bit:
            o = board.get(other)
            if o is not None and tiles[o["tile"]].doors_at(o["rot"]) & OPPOSITE_BIT[bit]:
                out.append(other)
    return out


def placements(s: State, tile_id: str, dist: dict[str, int] | None = None, cells: Iterable[str] | None = None,
               pod_rule: str = "distance") -> Iterator[tuple[str, int]]:
    """Legal (cell, rotation) for placing `tile_id` on an empty cell (section 6), lazily.

    pod_rule "distance": a pod lies at least 4 steps from the Waking Room (building);
    "no_alien": distance waived, but not connected to a tile holding an alien (the Pilot).
    """
    tiles = specs(s)
    spec = tiles[tile_id]
    board = s["board"]
    cells = sorted(frontier(s)) if cells is None else cells
    for cell in cells:
        if cell in board:
            continue
        for rot in spec.rotations:
            joined = placement_links(s, cell, spec.masks[rot])
            if not joined:
                continue
            kinds = [tiles[board[c]["tile"]].kind for c in joined]
            if spec.is_pod:
                if kinds[0] == "pod":
                    continue
                if pod_rule == "distance":
                    if dist is None:
                        dist = distances(s, waking_cell(s))
                    if dist.get(joined[0], 0) + 1 < 4:
                        continue
                elif alien_at(s, joined[0]) is not None:
                    continue
            elif all(k == "pod" for k in kinds):
                continue
            yield cell, rot
