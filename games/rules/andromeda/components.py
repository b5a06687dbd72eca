"""The game's data (board, tracks, missions, action cards) loaded from data/andromeda.json and checked.

The data file is the one place an owner of the printed game corrects the board or a card; every
entry is validated on load and an error names the bad entry. The graph is turned into tuples once,
because the rules walk it on every decision.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).with_name("data") / "andromeda.json"
WORMHOLE = "W"

Step = tuple[str, str, bool]  # a link from a node: (the node at its other end, the link, dotted)


class DataError(ValueError):
    """The data file is wrong; the message names the entry."""


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    deck: str          # "warning" or "alert"
    played: int        # VP when played
    in_hand: int       # VP if still in hand at the end
    name: str                              # in English, the msgid of its other languages (the catalogue)
    text: str


@dataclass(frozen=True, slots=True)
class Mission:
    id: int
    vp: int
    when: str          # "play": checked after every decision; "end": judged at the end
    name: str                              # in English, the msgid of its other languages (the catalogue)
    text: str


@dataclass(frozen=True, slots=True)
class Line:
    nodes: tuple[str, ...]
    dotted: bool


@dataclass(frozen=True)
class Board:
    raw: dict[str, Any]
    zones: tuple[str, ...]
    nodes: tuple[str, ...]                 # every node but the wormhole
    depth: dict[str, int]
    zone: dict[str, str]
    outer: tuple[str, ...]
    inner: tuple[str, ...]
    inward: dict[str, tuple[Step, ...]]    # node -> ((target, link, dotted), ...), W included
    outward: dict[str, tuple[Step, ...]]   # node -> ((source, link, dotted), ...)
    dotted_links: tuple[str, ...]
    crossings: tuple[tuple[str, ...], ...]  # mission 2: the four ends of one zone's two dotted links
    lines: tuple[Line, ...]
    colours: tuple[str, ...]
    ships: dict[int, int]                  # players -> ships on the platform
    start_vp: int
    skip_fields: dict[int, str]
    skip_start: tuple[int, ...]
    last_ship_vp: tuple[int, ...]
    missions: dict[int, Mission]           # id -> Mission
    cards: dict[str, Card]                 # id -> Card
    removed_in_two: tuple[int, ...]


def link_id(a: str, b: str) -> str:
    return f"{a}>{b}"


def _need(ok: bool, message: str) -> None:
    if not ok:
        raise DataError(message)


def _texts(entry: dict[str, Any], what: str) -> None:
    for key in ("name", "text"):
        _need(isinstance(entry.get(key), str) and bool(entry[key]), f"{what}: {key} needs its English text")


def _check_nodes(raw: dict[str, Any]) -> None:
    zones = raw["zones"]
    _need(isinstance(zones, list) and len(zones) == 3, "zones: three approach zones")
    _need(WORMHOLE in raw["nodes"] and raw["nodes"][WORMHOLE]["depth"] == 0, "nodes: the wormhole W at depth 0")
    for name, node in raw["nodes"].items():
        _need(isinstance(node, dict), f"node {name}: an object")
        _need(node.get("depth") in (0, 1, 2, 3, 4), f"node {name}: depth 0-4")
        _need(isinstance(node.get("x"), int) and isinstance(node.get("y"), int), f"node {name}: integer x and y")
        _need(name == WORMHOLE or node.get("zone") in zones, f"node {name}: zone must be one of {zones}")


def _check_links(raw: dict[str, Any]) -> None:
    nodes = raw["nodes"]
    for kind in ("links", "dotted"):
        for pair in raw[kind]:
            _need(isinstance(pair, list) and len(pair) == 2 and all(p in nodes for p in pair),
                  f"{kind} {pair}: two known nodes")
            a, b = pair
            _need(nodes[b]["depth"] == nodes[a]["depth"] - 1, f"{kind} {a}->{b}: a link leads one step inward")
            if kind == "dotted":
                _need(nodes[a]["zone"] != nodes[b]["zone"], f"dotted {a}->{b}: leads into another zone")
    for name in nodes:
        if name != WORMHOLE:
            _need(any(a == name for a, _ in raw["links"]), f"node {name}: needs a solid link inward")


def _check_cards(raw: dict[str, Any]) -> None:
    seen: set[str] = set()
    for card in raw["cards"]:
        what = f"card {card.get('id')}"
        _need(isinstance(card.get("id"), str) and card["id"] not in seen, f"{what}: a unique id")
        seen.add(card["id"])
        _need(card.get("deck") in ("warning", "alert"), f"{what}: deck is warning or alert")
        _need(isinstance(card.get("played"), int) and isinstance(card.get("in_hand"), int), f"{what}: VP are whole numbers")
        _texts(card, what)
    _need({c["deck"] for c in raw["cards"]} == {"warning", "alert"}, "cards: both decks need cards")
    missions = {m.get("id") for m in raw["missions"]}
    _need(missions == set(range(1, 16)), "missions: numbers 1 to 15, each once")
    for m in raw["missions"]:
        _need(isinstance(m.get("vp"), int) and m.get("when") in ("play", "end"), f"mission {m['id']}: vp and when")
        _texts(m, f"mission {m['id']}")


def _lines(inward: dict[str, tuple[Step, ...]], depth: dict[str, int]) -> tuple[Line, ...]:
    """Every chain of four nodes from the outer ring to the inner ring, each link one step inward."""
    out: list[Line] = []

    def walk(path: list[str], dotted: bool) -> None:
        if len(path) == 4:
            out.append(Line(tuple(path), dotted))
            return
        for target, _, is_dotted in inward[path[-1]]:
            if target != WORMHOLE:
                walk([*path, target], dotted or is_dotted)
    for node, d in depth.items():
        if d == 4:
            walk([node], False)
    return tuple(out)


def validate(raw: dict[str, Any]) -> None:
    """Raise DataError naming the first bad entry of a data file's contents."""
    _check_nodes(raw)
    _check_links(raw)
    _check_cards(raw)
    _need(sorted(raw["ships"]) == ["2", "3", "4"], "ships: per 2, 3 and 4 players")
    _need(len(raw["last_ship_vp"]) == 3 and sorted(raw["skip_fields"]) == ["1", "2", "3"], "tracks: three fields each")


@cache
def load_board() -> Board:
    raw = json.loads(DATA.read_text(encoding="utf-8"))
    validate(raw)
    nodes = tuple(n for n in raw["nodes"] if n != WORMHOLE)
    depth = {n: raw["nodes"][n]["depth"] for n in raw["nodes"]}
    into: dict[str, list[Step]] = {n: [] for n in raw["nodes"]}
    out_of: dict[str, list[Step]] = {n: [] for n in raw["nodes"]}
    for kind, dotted in (("links", False), ("dotted", True)):
        for a, b in raw[kind]:
            into[a].append((b, link_id(a, b), dotted))
            out_of[b].append((a, link_id(a, b), dotted))
    inward = {n: tuple(v) for n, v in into.items()}
    outward = {n: tuple(v) for n, v in out_of.items()}
    zones = tuple(raw["zones"])
    dotted_pairs = raw["dotted"]
    crossings = tuple(tuple(sorted({p for pair in dotted_pairs if raw["nodes"][pair[0]]["zone"] == z for p in pair}))
                      for z in zones)
    return Board(
        raw=raw, zones=zones, nodes=nodes, depth=depth,
        zone={n: raw["nodes"][n]["zone"] for n in nodes},
        outer=tuple(n for n in nodes if depth[n] == 4), inner=tuple(n for n in nodes if depth[n] == 1),
        inward=inward, outward=outward, dotted_links=tuple(link_id(a, b) for a, b in dotted_pairs),
        crossings=crossings, lines=_lines(inward, depth), colours=tuple(raw["colours"]),
        ships={int(k): v for k, v in raw["ships"].items()},
        start_vp=raw["start_vp"], skip_fields={int(k): v for k, v in raw["skip_fields"].items()},
        skip_start=tuple(raw["skip_start"]), last_ship_vp=tuple(raw["last_ship_vp"]),
        missions={m["id"]: Mission(m["id"], m["vp"], m["when"], m["name"], m["text"]) for m in raw["missions"]},
        cards={c["id"]: Card(c["id"], c["deck"], c["played"], c["in_hand"], c["name"], c["text"]) for c in raw["cards"]},
        removed_in_two=tuple(raw["two_player_removed_missions"]),
    )
