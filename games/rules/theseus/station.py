"""The station read from a state: sectors, rooms, occupants, sides, and the cards in play with the
items they give (a card and each Duplication copy of it, 8.4)."""
from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator
from typing import cast

from ..base import State
from .components import DATA


def sector_of(room: str) -> str:
    return room.rstrip("0123456789")


def place_sector(place: str) -> str:
    return place.split(".", 1)[0]


# --- sides -----------------------------------------------------------------------------------------

def side(s: State, seat: int) -> int:
    return cast(int, s["side_of"][seat])


def partners(s: State, seat: int) -> list[int]:
    return cast("list[int]", s["sides"][side(s, seat)])


def enemies(s: State, a: int, b: int) -> bool:
    return cast(bool, s["side_of"][a] != s["side_of"][b])


def opponents(s: State, seat: int) -> list[int]:
    return [o for o in range(s["players"]) if enemies(s, seat, o) and o not in s["out"]]


def faction_seat(s: State, faction: str) -> int | None:
    return s["colours"].index(faction) if faction in s["colours"] else None


def seat_sector(s: State, seat: int) -> str:
    """A player's own sector: his faction's, in team play the team sector (13)."""
    if s["mode"] == "teams":
        return cast(str, s["team_sectors"][side(s, seat)])
    return cast(str, DATA.factions[s["colours"][seat]]["sector"])


def collects(s: State, seat: int) -> bool:
    return cast(bool, DATA.factions[s["colours"][seat]]["dp"])


# --- occupants -------------------------------------------------------------------------------------

def rooms(sector: str) -> tuple[str, ...]:
    return DATA.sectors[sector].rooms


def occupants(s: State, sector: str) -> list[tuple[str, str]]:
    return [(r, s["rooms"][r]) for r in rooms(sector) if s["rooms"][r] is not None]


def empty_rooms(s: State, sector: str) -> list[str]:
    return [r for r in rooms(sector) if s["rooms"][r] is None]


def full(s: State, sector: str) -> bool:
    return all(s["rooms"][r] is not None for r in rooms(sector))


def is_unit(occ: str) -> bool:
    return occ[0] != "Y"


def owner(s: State, piece: str) -> int:
    """The seat of a unit, a Young Alien (the Aliens') or a card in play (its faction's)."""
    # A Young Alien or a card in play is there only with its faction in the game: a seat, never None.
    if piece[0] == "Y":
        return cast(int, faction_seat(s, "aliens"))
    if piece in s["units"]:
        return cast(int, s["units"][piece]["seat"])
    return cast(int, faction_seat(s, cast(str, DATA.card(piece).faction)))


def room_of(s: State, piece: str) -> str:
    """The room of a unit or a Young Alien in the station."""
    if piece in s["units"]:
        return cast(str, s["units"][piece]["at"])
    return cast(str, next(r for r, o in s["rooms"].items() if o == piece))


def unit_sector(s: State, unit: str) -> str | None:
    at = s["units"][unit]["at"]
    return None if at == "space" else sector_of(at)


def units_in(s: State, sector: str) -> list[str]:
    return [o for _, o in occupants(s, sector) if is_unit(o)]


# --- the defined orders ----------------------------------------------------------------------------
# A state read back from the database keeps its mappings' keys in an order of its own (PostgreSQL's
# jsonb: shorter keys first), so nothing the rules list may follow a mapping's order: the units go in
# the seats' order, each faction's by number, and the rooms, slots and pending positions in the ring's
# order, each sector's as its data lists them. Those are the orders the setup makes the mappings in.
# A state or view also serves here.

def _in_order(mapping: Collection[str], natural: Iterable[str]) -> list[str]:
    keys = [k for k in natural if k in mapping]
    if len(keys) < len(mapping):  # a hand-written position with places off the ring
        keys += sorted(set(mapping) - set(keys))
    return keys


def units_in_order(s: State) -> list[str]:
    units = s["units"]
    return sorted(units, key=lambda u: (units[u]["seat"], len(u), u))


def rooms_in_order(s: State) -> list[str]:
    return _in_order(s["rooms"], [r for sector in s["ring"] for r in rooms(sector)])


def slots_in_order(s: State) -> list[str]:
    return _in_order(s["slots"], [p for sector in s["ring"] for p in _SLOTS[sector]])


def pending_in_order(s: State) -> list[str]:
    return _in_order(s["pending"], [p for sector in s["ring"] for p in _PENDING[sector]])


def young_in_supply(s: State) -> list[str]:
    placed = {o for o in s["rooms"].values() if o and o[0] == "Y"}
    return [f"Y{i}" for i in range(1, 5) if f"Y{i}" not in placed]


def in_range(s: State, room: str, other: str, range_all: bool = False) -> bool:
    sec = sector_of(room)
    return sec == sector_of(other) and (range_all or other in DATA.sectors[sec].groups[room])


def movable(s: State, unit: str, by_enemy: bool) -> bool:
    u = s["units"][unit]
    return (u["at"] != "space" and unit not in s["turn"]["moved"] and not u["gripped"]
            and not (by_enemy and u["invisible"]))


def sectors_clockwise_from(s: State, first: str) -> list[str]:
    i = s["ring"].index(first)
    return cast("list[str]", s["ring"][i:] + s["ring"][:i])


def next_sector(s: State, sector: str) -> str:
    ring = s["ring"]
    return cast(str, ring[(ring.index(sector) + 1) % len(ring)])


# --- cards in play ---------------------------------------------------------------------------------

_SLOTS = {sid: tuple(f"{sid}.{slot}" for slot in sec.slot_ids) for sid, sec in DATA.sectors.items()}
_PENDING = {sid: tuple(f"{sid}.p{i}" for i in range(1, sec.pending + 1)) for sid, sec in DATA.sectors.items()}


def slots_of(s: State, sector: str) -> tuple[str, ...]:
    return _SLOTS[sector]


def pending_of(s: State, sector: str) -> tuple[str, ...]:
    return _PENDING[sector]


def installed(s: State) -> Iterator[tuple[str, str]]:
    """(place, card) for every card on an install slot, ring order."""
    for sector in s["ring"]:
        for place in slots_of(s, sector):
            card = s["slots"][place]["card"]
            if card is not None:
                yield place, card


def card_place(s: State, card: str) -> str | None:
    for place, slot in s["slots"].items():
        if slot["card"] == card:
            return cast(str, place)
    for place, held in s["pending"].items():
        if held == card:
            return cast(str, place)
    return None


def switched_off(s: State, place: str, card: str) -> bool:
    """Under the disc, or an enemy Crawler active in its sector (8.1, ALI09)."""
    if s["disc"] == place:
        return True
    sector = place_sector(place)
    for other_place in slots_of(s, sector):
        other = s["slots"][other_place]["card"]
        if other is None or other == card or s["disc"] == other_place:
            continue
        if DATA.card(other).static("switch_off_enemy_cards") and enemies(s, owner(s, other), owner(s, card)):
            return True
    return False


def active(s: State, place: str) -> bool:
    card = s["slots"][place]["card"] if place in s["slots"] else None
    return card is not None and not switched_off(s, place, card)


def cards_in(s: State, sector: str) -> list[str]:
    slots = s["slots"]
    return [slots[p]["card"] for p in _SLOTS[sector] if slots[p]["card"] is not None]


def holds_kind(s: State, sector: str, kind: str) -> bool:
    """A quick look before the items are worked out: a card of this type lies in the sector."""
    return any(DATA.card(c).has(kind) for c in cards_in(s, sector))


def items_in(s: State, sector: str) -> Iterator[tuple[str, str, str, str | None]]:
    """Every active item of a sector: (key, card, place, copied_by) for each active card and each
    Duplication copy of one (8.4). A copy's key is "<card>@<duplication>"."""
    for place in slots_of(s, sector):
        if not active(s, place):
            continue
        card = s["slots"][place]["card"]
        kind = DATA.card(card)
        if not kind.has("duplication"):
            yield card, card, place, None
    for place in slots_of(s, sector):
        if not active(s, place):
            continue
        dup = s["slots"][place]["card"]
        if not DATA.card(dup).has("duplication"):
            continue
        slot_id = place.split(".")[1]
        for neighbour in DATA.sectors[sector].adjacent[slot_id]:
            other_place = f"{sector}.{neighbour}"
            if not active(s, other_place):
                continue
            card = s["slots"][other_place]["card"]
            kind = DATA.card(card)
            if kind.faction != DATA.card(dup).faction or kind.has("duplication") or kind.dup in ("never", "once"):
                continue
            yield f"{card}@{dup}", card, other_place, dup


def number(s: State, card: str, place: str) -> int:
    """X: the printed number, the card's tiles and, for a Greys card, the Amplifiers beside it (8.2)."""
    kind = DATA.card(card)
    x = (kind.number or 0) + s["slots"][place]["tiles"] if place in s["slots"] else (kind.number or 0)
    if kind.faction == "greys" and not kind.static("number_plus"):
        sector = place_sector(place)
        for _key, amp, amp_place, _ in items_in(s, sector):
            if amp != card and DATA.card(amp).static("number_plus"):
                x += (DATA.card(amp).number or 0) + s["slots"][amp_place]["tiles"]
    return x


def statics(s: State, sector: str, op: str, side_: int | None = None) -> Iterator[tuple[str, str, str, int]]:
    """(key, card, place, X) of every active static item with `op` in `sector` (station-wide cards
    everywhere), of `side_` if given."""
    wide = [place_sector(p) for p, c in installed(s) if DATA.card(c).has("station_wide") or DATA.card(c).has("duplication")]
    for sec in s["ring"]:
        if sec != sector and sec not in wide:
            continue
        for key, card, place, _copied in items_in(s, sec):
            kind = DATA.card(card)
            if sec != sector and not kind.has("station_wide"):
                continue
            if not kind.static(op):
                continue
            if side_ is not None and s["side_of"][owner(s, card)] != side_:
                continue
            yield key, card, place, number(s, card, place)


def static_sum(s: State, sector: str, op: str, side_: int) -> int:
    return sum(x for *_, x in statics(s, sector, op, side_))


def has_static(s: State, sector: str, op: str, side_: int) -> bool:
    return any(True for _ in statics(s, sector, op, side_))


def upgrade_supply(s: State) -> int:
    on_cards = sum(slot["tiles"] for slot in s["slots"].values())
    return cast(int, DATA.setup["upgrade_tiles"] - sum(s["tiles"]) - on_cards)


def tile_supply(s: State, kind: str) -> int:
    total = DATA.tile_supply(kind)
    if kind == "deactivation":
        return cast(int, total - sum(slot["deact"] for slot in s["slots"].values()))
    if kind == "young_alien":
        return len(young_in_supply(s))
    field = {"parasite": "parasites", "gripper": "gripped", "invisibility": "invisible"}[kind]
    return total - sum(int(u[field]) for u in s["units"].values())
