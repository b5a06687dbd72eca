"""Moves (6.2-6.6): the counted move with its shortcuts and pass traps, relocation, placement from
space, arrival (ejection, freeing, traps, Psi Field, Limited Combat) and the traps themselves (6.4)."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import State
from . import effects
from .combat import combat
from .components import DATA
from .play import Play
from .scoring import gain_dp, lose_lp
from .station import (
    active,
    card_place,
    empty_rooms,
    enemies,
    faction_seat,
    full,
    has_static,
    holds_kind,
    installed,
    items_in,
    next_sector,
    number,
    occupants,
    owner,
    room_of,
    seat_sector,
    sector_of,
    side,
    units_in,
)
from .versions import holds


def leave_room(s: State, unit: str) -> str | None:
    u = s["units"][unit]
    start = None if u["at"] == "space" else sector_of(u["at"])
    if start is not None:
        s["rooms"][u["at"]] = None
    u["at"] = "moving"
    u["invisible"] = False  # TH34
    if unit not in s["turn"]["moved"]:
        s["turn"]["moved"].append(unit)
    return start


def eject(g: Play, piece: str) -> None:
    """To space with its tiles falling off (6.5, TH19); a Young Alien back to its supply."""
    s = g.s
    if piece[0] == "Y":
        room = room_of(s, piece)
        s["rooms"][room] = None
        g.say("eject", piece=piece, room=room)
        return
    u = s["units"][piece]
    room = u["at"]
    s["rooms"][room] = None
    u.update(at="space", parasites=0, gripped=False, invisible=False)
    g.say("eject", piece=piece, room=room)


def _shortcuts(s: State, sector: str, seat: int, op: str) -> Iterator[tuple[str, str, str, int]]:
    if not holds_kind(s, sector, "shortcut"):
        return
    mine = side(s, seat)
    for key, card, place, _copied in items_in(s, sector):
        if side(s, owner(s, card)) != mine:
            continue
        if op == "teleport" and DATA.card(card).faction != s["colours"][seat] and holds(s, "TH52"):
            continue  # 13, TH52: the Teleporter's text names the Greys, so it is theirs alone
        ops = DATA.card(card).ops("own_move_here")
        if any(o[0] == op for o in ops):
            yield key, card, place, number(s, card, place)


def teleport_targets(s: State, seat: int, current: str) -> list[str]:
    greys = faction_seat(s, "greys")
    found = []
    for sector in s["ring"]:
        if any(DATA.card(card).faction == "greys" and active(s, place) for place, card in installed(s)
               if place.startswith(sector + ".")):
            found.append(sector)
    if greys is not None:
        found.append(seat_sector(s, greys))
    return [x for x in dict.fromkeys(found) if x != current]


def counted_move(g: Play, unit: str, own: bool, passage: bool = False) -> str:
    """6.2: returns the destination sector (after arrival)."""
    s = g.s
    seat = s["units"][unit]["seat"]
    start = sector_of(s["units"][unit]["at"])
    points = len(units_in(s, start)) + (1 if passage else 0)
    leave_room(s, unit)
    g.say("move", unit=unit, start=start, points=points)
    spent, acted = 0, set[str]()
    here = start
    while True:
        candidate = next_sector(s, here)
        if own and candidate != start:
            options = []
            if any(True for _ in _shortcuts(s, candidate, seat, "skip")):
                options.append("skip")
            if any(True for _ in _shortcuts(s, candidate, seat, "teleport")):
                options += [f"teleport:{x}" for x in teleport_targets(s, seat, here)]
            if options:
                pick = g.ask("shortcut", [*options, "no"], {"unit": unit, "sector": candidate, "step": "enter"})
                assert pick is not None  # asked with options, ask gives one of them
                if pick == "skip":
                    g.say("skip", unit=unit, sector=candidate)
                    here = candidate
                    continue
                if pick.startswith("teleport:"):
                    _parasites(g, unit, spent)
                    to = pick.split(":", 1)[1]
                    g.say("teleport", unit=unit, sector=to)
                    arrive(g, unit, to, "relocate", start=start if holds(s, "TH63") else None, acted=acted)
                    return to
        here = candidate
        spent += 1
        points -= 1
        if points == 0:
            break
        if own and here != start:
            loop = sum(x for *_, x in _shortcuts(s, here, seat, "spend"))
            stop = any(True for _ in _shortcuts(s, here, seat, "stop_here"))
            options = [f"spend:{k}" for k in range(1, min(loop, points) + 1)] + (["stop"] if stop else [])
            if options:
                pick = g.ask("shortcut", [*options, "no"], {"unit": unit, "sector": here, "step": "here"})
                assert pick is not None  # asked with options, ask gives one of them
                if pick == "stop":
                    g.say("stop", unit=unit, sector=here)
                    break
                if pick.startswith("spend:"):
                    k = int(pick.split(":")[1])
                    spent += k
                    points -= k
                    g.say("time_loop", unit=unit, sector=here, points=k)
                    if points == 0:
                        break
        g.say("pass", unit=unit, sector=here)
        if here != start and traps(g, unit, here, "enemy_passes", acted):
            break
    _parasites(g, unit, spent)
    arrive(g, unit, here, "move", start=start, acted=acted)
    return here


def _parasites(g: Play, unit: str, spent: int) -> None:
    """TH23: 1 damage per parasite tile per point spent, the Aliens' damage."""
    s = g.s
    u = s["units"][unit]
    if u["parasites"] and spent:
        g.say("parasite_damage", unit=unit, damage=u["parasites"] * spent)
        lose_lp(g, u["seat"], u["parasites"] * spent, faction_seat(s, "aliens"), "parasite")


def relocate(g: Play, unit: str, sector: str) -> None:
    leave_room(g.s, unit)
    g.say("relocate", unit=unit, sector=sector)
    arrive(g, unit, sector, "relocate", start=None, acted=set())


def place_from_space(g: Play, unit: str) -> str:
    """6.6: into any empty room; arrival without Limited Combat. The caller ends the turn."""
    s = g.s
    options = [r for sector in s["ring"] for r in empty_rooms(s, sector)]
    room = g.ask("space_room", options, {"unit": unit})
    assert room is not None  # a unit in space has an empty room to go to
    leave_room(s, unit)
    return _enter(g, unit, room, "place", None, set())


def arrive(g: Play, unit: str, sector: str, how: str, start: str | None, acted: set[str]) -> str:
    """6.3: a room (ejecting if full), freeing, traps, Psi Field, Limited Combat."""
    return _enter(g, unit, take_room(g, sector, {"unit": unit, "sector": sector}), how, start, acted)


def take_room(g: Play, sector: str, about: dict[str, Any]) -> str:
    """An empty room of `sector` the active player picks, or, in a full sector, the room of the occupant
    he ejects (6.3, TH19, TH48)."""
    s = g.s
    if not full(s, sector):
        room = g.ask("room", empty_rooms(s, sector), about)
        assert room is not None  # a sector not full has an empty room
        return room
    victim = g.ask("eject", [occ for _, occ in occupants(s, sector)], about)
    assert victim is not None  # a full sector has occupants
    room = room_of(s, victim)
    eject(g, victim)
    return room


def _enter(g: Play, unit: str, room: str, how: str, start: str | None, acted: set[str]) -> str:
    s = g.s
    sector = sector_of(room)
    u = s["units"][unit]
    s["rooms"][room] = unit
    u["at"] = room
    g.say("enter", unit=unit, room=room, how=how)
    for other in units_in(s, sector):
        o = s["units"][other]
        if other != unit and o["gripped"] and side(s, o["seat"]) == side(s, u["seat"]):
            o["gripped"] = False
            g.say("freed", unit=other)
    if u["parasites"] and sector == seat_sector(s, u["seat"]):
        u["parasites"] = 0
        g.say("parasites_shed", unit=unit)
    if sector != start:  # TH17, TH63: the start sector's traps never act on the mover during its move
        traps(g, unit, sector, "enemy_enters", acted)
    psi_field(g, unit, sector)
    if how != "place" and full(s, sector):
        combat(g, s["turn"]["seat"], only=sector)
    return sector


def psi_field(g: Play, unit: str, sector: str) -> None:
    s = g.s
    victim = s["units"][unit]["seat"]
    greys = faction_seat(s, "greys")
    if greys is None or not enemies(s, greys, victim):
        return
    if not any(s["colours"][s["units"][o]["seat"]] == "greys" for o in units_in(s, sector)):
        return
    if not any(DATA.card(c).static("dp_on_enemy_enter") for _, c in installed(s)):
        return
    for sec in s["ring"]:
        for _key, card, place, _copied in items_in(s, sec):
            if owner(s, card) == greys and any(o[0] == "dp_on_enemy_enter" for o in DATA.card(card).ops("static")):
                gain_dp(g, greys, number(s, card, place), card)


# --- traps (6.4) -------------------------------------------------------------------------------------

def _trap_items(s: State, sector: str, trigger: str, victim: int) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    if not holds_kind(s, sector, "trap"):
        return found
    for key, card, place, copied in items_in(s, sector):
        kind = DATA.card(card)
        if not kind.ops(trigger) or not enemies(s, owner(s, card), victim):
            continue
        if copied and kind.dup == "cash_only" and trigger != "own_stop":
            continue
        found.append({"key": key, "card": card, "place": place, "copy": copied, "x": number(s, card, place)})
    return found


def _still_there(s: State, item: dict[str, Any], left: set[str]) -> bool:
    if item["copy"] is not None:
        dup_place = card_place(s, item["copy"])
        if dup_place is None or not active(s, dup_place):
            return False
        return item["card"] in left or (s["slots"][item["place"]]["card"] == item["card"] and active(s, item["place"]))
    return s["slots"][item["place"]]["card"] == item["card"] and active(s, item["place"])


def traps(g: Play, unit: str, sector: str, trigger: str, acted: set[str]) -> bool:
    """The enemy traps of `sector` act on `unit` (6.4); True if a Tentacle stops a passing unit."""
    s = g.s
    victim = s["units"][unit]["seat"]
    items = [i for i in _trap_items(s, sector, trigger, victim) if i["key"] not in acted]
    left, stop, done = set[str](), False, set[str]()
    while True:
        todo = [i for i in items if i["key"] not in done]
        if not todo or (s["units"][unit]["at"] in ("space", "moving") and trigger == "enemy_enters"):
            break
        names = list(dict.fromkeys(DATA.card(i["card"]).id for i in todo))
        if len(names) == 1:
            name = names[0]
        else:
            pick = g.ask("trap_next", [f"trap:{n}" for n in names], {"unit": unit, "sector": sector})
            assert pick is not None  # asked with options, ask gives one of them
            name = pick.split(":")[1]
        item = next(i for i in todo if DATA.card(i["card"]).id == name)
        done.add(item["key"])
        if not _still_there(s, item, left):
            continue
        if _stopped(g, item, unit, sector):
            continue
        acted.add(item["key"])
        did = effects.run(g, DATA.card(item["card"]).ops(trigger), effects.Context(
            seat=owner(s, item["card"]), card=item["card"], key=item["key"], place=item["place"], x=item["x"],
            here=sector, unit=unit, copy=item["copy"]))
        if did.get("stop"):
            stop = True
        if did.get("acted", True) and item["copy"] is None and DATA.card(item["card"]).one_shot:
            effects.discard_card(g, item["card"])
            left.add(item["card"])
    return stop


def _stopped(g: Play, item: dict[str, Any], unit: str, sector: str) -> bool:
    """TH51: Shelter, X = 0, then a deactivation tile (one per item)."""
    s = g.s
    victim = s["units"][unit]["seat"]
    if has_static(s, sector, "trap_immune", side(s, victim)):
        g.say("sheltered", unit=unit, card=item["card"])
        return True
    if DATA.card(item["card"]).number is not None and item["x"] == 0:
        return True
    slot = s["slots"].get(item["place"])
    marines = faction_seat(s, "marines")
    if slot and slot["card"] == item["card"] and slot["deact"] > 0 and marines is not None \
            and side(s, victim) == side(s, marines):
        slot["deact"] -= 1
        g.say("deactivated", card=item["card"], unit=unit)
        return True
    return False
