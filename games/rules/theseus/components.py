"""The game's data: sectors, factions, decks, bonus cards and setup numbers, loaded from data/ and
checked on load, so that a correction to a room, a slot or a card is a change of data, not of code."""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

from ..base import Catalogue, ImpossiblePosition, Texts

DATA_DIR = Path(__file__).with_name("data")
CATALOGUE = Catalogue(__file__, "theseus")  # the game's texts in its languages (locale/), English the msgids
FACTIONS = ("marines", "aliens", "scientists", "greys")
SECTOR_KINDS = ("general", "faction")
ACTIONS = ("combat", "malfunction", "extra_turn", "faction")
CARD_TYPES = ("action", "trap", "module", "station_wide", "shortcut", "special", "duplication")
DUPS = ("multiply", "once", "never", "cash_only")
TRIGGERS = ("own_stop", "enemy_enters", "enemy_passes", "combat_here", "static", "own_move_here", "free_step",
            "move_choice")
# op -> the number of arguments it takes; "X" in an argument is the card's number (8.2)
OPS = {
    "damage": 2, "heal": 1, "gain_dp": 1, "drain_dp": 2, "attack": 1, "combat": 1, "counted_move": 1,
    "relocate": 2, "eject": 1, "spawn_young_alien": 1, "tile_on_unit": 2, "tile_on_card": 2, "free": 1,
    "gain_upgrades": 1, "lose_upgrades": 2, "place_disc": 0, "install": 2, "install_pending": 0, "install_top": 0,
    "discard": 1, "move_card": 2, "discard_pending": 1, "resolve_action": 1, "hit": 2, "card_attack": 1,
    "counter_add": 1, "cash_counter": 0, "skip": 0, "spend": 1, "stop_here": 0, "teleport": 1, "extra_point": 0,
    "number_plus": 1, "range_all": 0, "no_attack_damage": 0, "trap_immune": 0, "switch_off_enemy_cards": 0,
    "disc_redirect": 0, "hit_damage_plus": 1, "hit_dp_plus": 1, "repeat_attacks": 0, "dp_bonus": 1,
    "dp_on_enemy_enter": 1,
}
WRAPPERS = ("repeat", "up_to")
SELECTORS = ("entering_unit", "passing_unit", "enemy_units_here", "enemy_units_anywhere", "own_units", "opponent",
             "enemy_installed_here", "enemy_installed_anywhere", "own_installed", "own_pending", "enemy_pending",
             "empty_slot", "here", "own_sector", "next_sector", "greys_sectors", "station", "sector")
FILTERS = ("type", "not_under_disc", "movable", "visible", "faction")
TILE_KINDS = ("deactivation", "young_alien", "parasite", "gripper", "invisibility")


def _fail(where: str, why: str) -> NoReturn:
    raise ImpossiblePosition(f"data/{where}: {why}")


@dataclass(frozen=True)
class Sector:
    id: str
    kind: str
    faction: str | None
    name: Texts  # {lang: name}: the data file's English, the catalogue's other languages
    rooms: tuple[str, ...]
    connections: tuple[tuple[str, str], ...]
    slots: tuple[dict[str, Any], ...]
    pending: int
    action: str
    groups: dict[str, frozenset[str]]  # room -> frozenset of rooms in range (TH4)
    adjacent: dict[str, tuple[str, ...]]  # slot id -> slot ids orthogonally next to it

    @property
    def slot_ids(self) -> tuple[str, ...]:
        ids: tuple[str, ...] = self.__dict__.setdefault("_slot_ids", tuple(s["id"] for s in self.slots))
        return ids

    @property
    def bonus_slots(self) -> tuple[str, ...]:
        return tuple(s["id"] for s in self.slots if s["bonus"])


@dataclass(frozen=True)
class Card:
    id: str
    faction: str | None
    name: Texts  # {lang: name}: the data file's English, the catalogue's other languages
    copies: int
    types: tuple[str, ...]
    one_shot: bool
    number: int | None
    dup: str
    effects: tuple[dict[str, Any], ...]
    text: Texts  # {lang: text}, as name
    source: str

    def ops(self, trigger: str) -> list[list[Any]]:
        cache: dict[str, list[list[Any]]] = self.__dict__.setdefault("_ops", {})
        if trigger not in cache:
            cache[trigger] = [op for e in self.effects if e["on"] == trigger for op in e["do"]]
        return cache[trigger]

    def static(self, op: str) -> bool:
        """Whether the card's static effect has `op`. Kept per card: asked for every card of a sector
        each time a card's being switched off is looked at."""
        cache: dict[str, bool] = self.__dict__.setdefault("_static", {})
        if op not in cache:
            cache[op] = any(o[0] == op for o in self.ops("static"))
        return bool(cache[op])

    def has(self, kind: str) -> bool:
        return kind in self.types

    @property
    def pass_trap(self) -> bool:
        return bool(self.ops("enemy_passes"))


def _range_groups(rooms: list[str], connections: list[list[str]]) -> dict[str, frozenset[str]]:
    linked = {r: {r} for r in rooms}
    for a, b in connections:
        linked[a].add(b)
        linked[b].add(a)
    groups: dict[str, frozenset[str]] = {}
    for room in rooms:
        seen, todo = {room}, [room]
        while todo:
            for nxt in linked[todo.pop()]:
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        groups[room] = frozenset(seen)
    return groups


def _sector(raw: dict[str, Any]) -> Sector:
    sid = raw["id"]
    where = f"sectors.json {sid}"
    if raw["kind"] not in SECTOR_KINDS or raw["action"] not in ACTIONS:
        _fail(where, "kind or action unknown")
    if list(raw["rooms"]) != [f"{sid}{i}" for i in range(1, 5)]:
        _fail(where, "a sector has the four rooms <id>1..<id>4")
    for a, b in raw["connections"]:
        if a not in raw["rooms"] or b not in raw["rooms"] or a == b:
            _fail(where, f"connection {a}-{b} leaves the sector")
    cells = [tuple(s["pos"]) for s in raw["slots"]]
    ids = [s["id"] for s in raw["slots"]]
    if len(set(cells)) != len(cells) or len(set(ids)) != len(ids):
        _fail(where, "slots need distinct ids and cells")
    if not 0 <= raw["pending"] <= 2:
        _fail(where, "0 to 2 pending positions")
    if (raw["kind"] == "faction") != (raw["faction"] in FACTIONS):
        _fail(where, "a faction sector names its faction, a general one none")
    by_cell = {tuple(s["pos"]): s["id"] for s in raw["slots"]}
    adjacent = {s["id"]: tuple(by_cell[(s["pos"][0] + dr, s["pos"][1] + dc)]
                               for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0))
                               if (s["pos"][0] + dr, s["pos"][1] + dc) in by_cell) for s in raw["slots"]}
    return Sector(sid, raw["kind"], raw["faction"], CATALOGUE.texts(raw["name"]), tuple(raw["rooms"]),
                  tuple(tuple(c) for c in raw["connections"]), tuple(raw["slots"]), raw["pending"], raw["action"],
                  _range_groups(raw["rooms"], raw["connections"]), adjacent)


def _check_op(op: Any, where: str, has_number: bool, reads: list[str]) -> None:
    if not isinstance(op, list) or not op:
        _fail(where, f"an op is a list: {op!r}")
    name = op[0]
    if name in WRAPPERS:
        if len(op) != 3:
            _fail(where, f"{name} takes a count and an op")
        if op[1] == "X":
            reads.append(name)
        _check_op(op[2], where, has_number, reads)
        return
    if name not in OPS:
        _fail(where, f"op {name!r} is not in the effect vocabulary")
    if len(op) - 1 != OPS[name]:
        _fail(where, f"op {name!r} takes {OPS[name]} arguments")
    for arg in op[1:]:
        if arg == "X":
            reads.append(name)
        elif isinstance(arg, str) and arg not in SELECTORS and arg not in TILE_KINDS:
            _fail(where, f"unknown selector {arg!r}")
        elif isinstance(arg, list) and (len(arg) != 2 or arg[0] not in SELECTORS or not isinstance(arg[1], dict)
                                        or any(f not in FILTERS for f in arg[1])):
            _fail(where, f"a filtered selector is [selector, {{filter: value}}]: {arg!r}")


def _card(raw: dict[str, Any], faction_cards: bool) -> Card:
    where = f"{'cards' if faction_cards else 'bonus'}.json {raw['id']}"
    if faction_cards and (raw["faction"] not in FACTIONS or any(t not in CARD_TYPES for t in raw["types"])
                          or raw["dup"] not in DUPS):
        _fail(where, "faction, types or dup unknown")
    reads: list[str] = []
    for effect in raw["effects"]:
        if effect["on"] not in TRIGGERS:
            _fail(where, f"unknown trigger {effect['on']!r}")
        for op in effect["do"]:
            _check_op(op, where, raw.get("number") is not None, reads)
    if faction_cards and bool(reads) != (raw["number"] is not None):
        _fail(where, "`number` is set exactly when an op reads X")
    if not isinstance(raw["name"], str) or not raw["name"] or not isinstance(raw["text"], str) or not raw["text"]:
        _fail(where, "a name and a text, in English (the catalogue gives the other languages)")
    return Card(raw["id"], raw.get("faction"), CATALOGUE.texts(raw["name"]), raw["copies"], tuple(raw.get("types", ("special",))),
                raw.get("one_shot", True), raw.get("number"), raw.get("dup", "never"), tuple(raw["effects"]),
                CATALOGUE.texts(raw["text"]), raw["source"])


class Components:
    """Everything printed, loaded once: `sectors`, `factions`, `cards` (by kind id and by instance id),
    the deck of each faction, the bonus cards and the setup numbers."""

    def __init__(self, folder: Path = DATA_DIR) -> None:
        def load(name: str) -> Any:
            return json.loads((folder / name).read_text(encoding="utf-8"))
        self.sectors = {s["id"]: _sector(s) for s in load("sectors.json")["sectors"]}
        self.factions = {f["id"]: {**f, "name": CATALOGUE.texts(f["name"])} for f in load("factions.json")["factions"]}
        self.setup = load("setup.json")
        kinds = [_card(c, True) for c in load("cards.json")["cards"]]
        bonus = [_card(c, False) for c in load("bonus.json")["cards"]]
        self.kinds = {c.id: c for c in kinds + bonus}
        if len(self.kinds) != len(kinds) + len(bonus):
            _fail("cards.json", "card ids must be unique")
        self.decks: dict[str, list[str]] = {f: [] for f in FACTIONS}
        self.instances: dict[str, Card] = {}
        for card in kinds + bonus:
            for i in range(card.copies):
                iid = card.id + "abcdefgh"[i]
                self.instances[iid] = card
                if card.faction:
                    self.decks[card.faction].append(iid)
        self.bonus_deck = [iid for iid, c in self.instances.items() if c.faction is None]
        self._check()

    def _check(self) -> None:
        if set(self.factions) != set(FACTIONS):
            _fail("factions.json", f"the factions are {', '.join(FACTIONS)}")
        for fid, f in self.factions.items():
            if self.sectors.get(f["sector"]) is None or self.sectors[f["sector"]].faction != fid:
                _fail("factions.json", f"{fid}'s sector must be a faction sector naming it")
            if any(k not in TILE_KINDS for k in f["tiles"]):
                _fail("factions.json", f"{fid}: unknown tile kind")
        for fid, deck in self.decks.items():
            if len(deck) != 15:
                _fail("cards.json", f"{fid} has {len(deck)} cards; a deck has 15")
        if len(self.bonus_deck) != 9:
            _fail("bonus.json", f"{len(self.bonus_deck)} bonus cards; there are 9")
        for mode, ring in self.setup["rings"].items():
            general = [s for s in ring if s in self.sectors]
            if sorted(general) != ["COR", "CTL", "TEC"]:
                _fail("setup.json", f"ring {mode} must hold the three general sectors")

    def card(self, iid: str) -> Card:
        return self.instances[iid]

    def tile_supply(self, kind: str) -> int:
        supply: int = next(f["tiles"][kind] for f in self.factions.values() if kind in f["tiles"])
        return supply


DATA = Components()
