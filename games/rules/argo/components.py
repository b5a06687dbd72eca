"""The station set (tiles, pods, alien tracks): loaded from a data file and validated.

Rules never ask for a tile by name; they ask a `TileSpec` for its kind, capacity, doors and alien
symbol. An owner of the printed game can swap the data file without touching the rules.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from typing import NoReturn

SIDES = ("N", "E", "S", "W")
SIDE_BIT = {"N": 1, "E": 2, "S": 4, "W": 8}
OPPOSITE_BIT = {1: 4, 2: 8, 4: 1, 8: 2}
STEP = {1: (0, -1), 2: (1, 0), 4: (0, 1), 8: (-1, 0)}

KINDS = frozenset({
    "waking_room", "corridor", "teleporter", "lab", "control_room", "jump_room", "laser",
    "infirmary", "warehouse", "security_center", "core_room", "safe_room", "pod",
})
ACTIVATABLE = frozenset({
    "lab", "control_room", "jump_room", "laser", "infirmary", "warehouse", "security_center",
})
NOT_BY_ROBOT = frozenset({"lab", "laser"})
NO_ALIEN_KINDS = frozenset({"waking_room", "pod", "safe_room"})
DIFFICULTIES = ("easy", "medium", "hard")

DATA_DIR = Path(__file__).with_name("data")


class StationDataError(ValueError):
    """The station data file is malformed; the message names the bad entry."""


def rotate_mask(mask: int, rotation: int) -> int:
    """Doors of a tile turned `rotation` quarter turns clockwise (N→E→S→W)."""
    r = rotation % 4
    return ((mask << r) | (mask >> (4 - r))) & 15


@dataclass(frozen=True, slots=True)
class TileSpec:
    id: str
    kind: str
    capacity: int | None  # None: unlimited
    doors: int            # bit mask at rotation 0
    alien_symbol: bool
    seats: tuple[int, ...] = ()
    min_players: int = 2
    masks: tuple[int, ...] = field(init=False)
    rotations: tuple[int, ...] = field(init=False)  # rotations giving different door sets

    def __post_init__(self) -> None:
        masks = tuple(rotate_mask(self.doors, r) for r in range(4))
        object.__setattr__(self, "masks", masks)
        object.__setattr__(self, "rotations", tuple(r for r in range(4) if masks.index(masks[r]) == r))

    @property
    def is_pod(self) -> bool:
        return self.kind == "pod"

    def doors_at(self, rotation: int) -> int:
        return self.masks[rotation]

    def distinct_rotations(self) -> tuple[int, ...]:
        return self.rotations


@dataclass(frozen=True)
class Station:
    name: str
    roles: tuple[str, ...]
    colours: tuple[str, ...]
    max_aliens: int
    tiles: dict[str, TileSpec]
    modules: tuple[str, ...]      # in file order, Waking Room first
    pods: tuple[str, ...]         # stack order, top first
    tracks: dict[int, tuple[int, ...]]  # numbered slots only; the skull follows the last
    difficulty: dict[str, int]

    @property
    def waking_room(self) -> str:
        return next(t for t in self.modules if self.tiles[t].kind == "waking_room")


def _fail(where: str, why: str) -> NoReturn:
    raise StationDataError(f"station data, {where}: {why}")


def _parse_doors(where: str, text: object) -> int:
    if not isinstance(text, str) or not text:
        _fail(where, f"doors must be a string of sides such as 'NES', not {text!r}")
    mask = 0
    for side in text:
        if side not in SIDE_BIT:
            _fail(where, f"doors {text!r} has an unknown side {side!r}")
        mask |= SIDE_BIT[side]
    return mask


def _module(index: int, raw: object) -> TileSpec:
    where = f"modules[{index}]"
    if not isinstance(raw, dict):
        _fail(where, "must be an object")
    tile_id = raw.get("id")
    if not isinstance(tile_id, str) or not tile_id:
        _fail(where, "needs a non-empty string id")
    where = f"{where} ({tile_id})"
    kind = raw.get("kind")
    if kind not in KINDS or kind == "pod":
        _fail(where, f"unknown module kind {kind!r}")
    capacity = raw.get("capacity")
    if capacity == "unlimited":
        capacity = None
    elif not isinstance(capacity, int) or isinstance(capacity, bool) or capacity < 1:
        _fail(where, f"capacity must be a positive integer or 'unlimited', not {raw.get('capacity')!r}")
    symbol = raw.get("alien_symbol")
    if not isinstance(symbol, bool):
        _fail(where, "alien_symbol must be true or false")
    if symbol and kind in NO_ALIEN_KINDS:
        _fail(where, f"a {kind} cannot carry an alien symbol")
    return TileSpec(tile_id, kind, capacity, _parse_doors(where, raw.get("doors")), symbol)


def _pod(index: int, raw: object) -> TileSpec:
    where = f"pods[{index}]"
    if not isinstance(raw, dict) or not isinstance(raw.get("id"), str):
        _fail(where, "must be an object with a string id")
    where = f"{where} ({raw['id']})"
    seats = raw.get("seats")
    if (not isinstance(seats, list) or len(seats) != 2
            or not all(isinstance(v, int) and v > 0 for v in seats) or seats[0] > seats[1]):
        _fail(where, f"seats must be two positive values, lowest first, not {seats!r}")
    players = raw.get("min_players")
    if players not in (2, 3, 4):
        _fail(where, f"min_players must be 2, 3 or 4, not {players!r}")
    doors = _parse_doors(where, raw.get("doors"))
    if bin(doors).count("1") != 1:
        _fail(where, "a pod has exactly one door")
    return TileSpec(raw["id"], "pod", 2, doors, False, tuple(seats), players)


def _tracks(raw: object) -> dict[int, tuple[int, ...]]:
    if not isinstance(raw, dict):
        _fail("alien_tracks", "must map player counts to slot lists")
    tracks = {}
    for players in (2, 3, 4):
        slots = raw.get(str(players))
        where = f"alien_tracks[{players}]"
        if not isinstance(slots, list) or len(slots) < 5 or slots[-1] != "skull":
            _fail(where, "must be a list of at least four values ending with 'skull'")
        values = slots[:-1]
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
            _fail(where, "every slot before the skull must be an integer")
        if values != sorted(values):
            _fail(where, "slot values must not decrease")
        tracks[players] = tuple(values)
    return tracks


def parse_station(raw: object) -> Station:
    """Validate a decoded station file and build the `Station`."""
    if not isinstance(raw, dict):
        _fail("top level", "must be an object")
    roles = raw.get("roles")
    if roles != ["chief", "explorer", "pilot", "grunt", "robot"]:
        _fail("roles", "must list chief, explorer, pilot, grunt, robot in that order")
    colours = raw.get("colours")
    if not isinstance(colours, list) or len(colours) < 4 or len(set(colours)) != len(colours):
        _fail("colours", "must list at least four distinct colours")
    max_aliens = raw.get("max_aliens")
    if not isinstance(max_aliens, int) or max_aliens < 1:
        _fail("max_aliens", "must be a positive integer")
    modules = [_module(i, m) for i, m in enumerate(raw.get("modules") or [])]
    pods = [_pod(i, p) for i, p in enumerate(raw.get("pods") or [])]
    tiles: dict[str, TileSpec] = {}
    for spec in modules + pods:
        if spec.id in tiles:
            _fail(f"tile {spec.id}", "the id is used twice")
        tiles[spec.id] = spec
    if [m.kind for m in modules].count("waking_room") != 1:
        _fail("modules", "there must be exactly one waking_room")
    if modules[0].kind != "waking_room" or modules[0].doors != 15 or modules[0].capacity is not None:
        _fail(f"modules[0] ({modules[0].id})", "the first module must be the Waking Room, NESW, unlimited")
    plain = [m for m in modules if m.kind == "corridor" and not m.alien_symbol]
    if len(plain) < 4:
        _fail("modules", "at least four corridors without alien symbol are needed for the setup")
    if not pods or [p.min_players for p in pods] != sorted(p.min_players for p in pods):
        _fail("pods", "pods must be listed in stack order, those for fewer players first")
    if [p.seats for p in pods] != sorted(p.seats for p in pods):
        _fail("pods", "pods must be listed lowest values first (top of the stack first)")
    difficulty = raw.get("difficulty")
    if not isinstance(difficulty, dict) or set(difficulty) != set(DIFFICULTIES):
        _fail("difficulty", "must give easy, medium and hard")
    tracks = _tracks(raw.get("alien_tracks"))
    for level, covered in difficulty.items():
        if not isinstance(covered, int) or not 0 <= covered < min(len(t) for t in tracks.values()):
            _fail(f"difficulty.{level}", "must cover fewer slots than the shortest track has")
    return Station(
        name=str(raw.get("name", "default")), roles=tuple(roles), colours=tuple(colours),
        max_aliens=max_aliens, tiles=tiles, modules=tuple(m.id for m in modules),
        pods=tuple(p.id for p in pods), tracks=tracks, difficulty=dict(difficulty),
    )


@lru_cache(maxsize=8)
def load_station(name: str = "station") -> Station:
    """Load `data/<name>.json`; raises StationDataError naming the bad entry."""
    path = DATA_DIR / f"{name}.json"
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise StationDataError(f"station data {path.name}: not valid JSON ({exc})") from exc
    return parse_station(raw)


# --- cells -----------------------------------------------------------------------------------

@cache
def cell_xy(cell: str) -> tuple[int, int]:
    x, _, y = cell.partition("|")
    return int(x), int(y)


@cache
def cell_name(x: int, y: int) -> str:
    return f"{x}|{y}"


@cache
def neighbour(cell: str, side_bit: int) -> str:
    x, y = cell_xy(cell)
    dx, dy = STEP[side_bit]
    return cell_name(x + dx, y + dy)


@cache
def around(cell: str) -> tuple[tuple[int, str], ...]:
    """(side bit, neighbouring cell) for the four sides."""
    return tuple((bit, neighbour(cell, bit)) for bit in (1, 2, 4, 8))


def is_cell(text: object) -> bool:
    if not isinstance(text, str) or text.count("|") != 1:
        return False
    x, y = text.split("|")
    try:
        return str(int(x)) == x and str(int(y)) == y
    except ValueError:
        return False
