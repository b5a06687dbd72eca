"""Attacks, Combat and Limited Combat (section 7), Double Shot (MAR06) and hits."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..base import State
from .components import DATA
from .play import Play
from .scoring import gain_dp, lose_lp
from .station import (
    enemies,
    has_static,
    in_range,
    is_unit,
    items_in,
    number,
    occupants,
    owner,
    room_of,
    rooms,
    sector_of,
    sectors_clockwise_from,
    side,
    static_sum,
    statics,
)
from .versions import holds


def unit_attack(s: State, unit: str) -> tuple[int, str]:
    u = s["units"][unit]
    return tuple(DATA.factions[s["colours"][u["seat"]]]["attack"]["upgraded" if u["up"] else "basic"])


def can_attack(s: State, piece: str) -> bool:
    if piece[0] == "Y":
        return True
    u = s["units"][piece]
    return u["at"] != "space" and not u["gripped"] and unit_attack(s, piece)[0] > 0


def targets(s: State, attacker: str, kind: str) -> list[str]:
    """Enemy pieces the attacker has in range (7.1): units not invisible, and for damage Young Aliens."""
    room = room_of(s, attacker)
    mine = owner(s, attacker)
    sector = sector_of(room)
    wide = owner(s, attacker) is not None and s["colours"][mine] == "aliens" and \
        has_static(s, sector, "range_all", side(s, mine))
    found = []
    for other_room, occ in occupants(s, sector):
        if occ == attacker or not enemies(s, owner(s, occ), mine):
            continue
        if not in_range(s, room, other_room, wide):
            continue
        if is_unit(occ):
            if s["units"][occ]["invisible"]:
                continue
        elif kind != "damage":
            continue
        found.append(occ)
    return found


def pick_targets(g: Play, options: list[str], allowed: int, about: dict[str, Any]) -> list[str]:
    """Attacks are automatic and maximal; the active player picks only when too many (TH5)."""
    if len(options) <= allowed:
        return list(options)
    chosen: list[str] = []
    while len(chosen) < allowed:
        pick = g.ask("target", [o for o in options if o not in chosen], dict(about, left=allowed - len(chosen)))
        assert pick is not None  # asked with options, ask gives one of them
        chosen.append(pick)
    return chosen


def hit(g: Play, attacker_seat: int, attacker_sector: str, target: str, kind: str, cause: str,
        card_hit: bool = False) -> bool:
    """One hit (7.1): a damaging hit, or a Greys hit giving DP. True if it landed."""
    s = g.s
    mine = side(s, attacker_seat)
    if kind == "dp":
        gain_dp(g, attacker_seat, 1 + static_sum(s, attacker_sector, "hit_dp_plus", mine), cause)
        return True
    amount = 1 if card_hit else 1 + static_sum(s, attacker_sector, "hit_damage_plus", mine)
    if not is_unit(target):
        room = room_of(s, target)
        s["rooms"][room] = None
        g.say("young_alien_killed", room=room, by=cause)
        return True
    victim = s["units"][target]["seat"]
    target_sector = sector_of(s["units"][target]["at"])
    if has_static(s, target_sector, "no_attack_damage", side(s, victim)):
        g.say("bunker", unit=target)
        return True
    g.say("hit", unit=target, damage=amount, by=cause)
    lose_lp(g, victim, amount, attacker_seat, cause)
    return True


def attack(g: Play, attacker: str) -> bool:
    """One attacker attacks (7.1); True if it hit a target."""
    s = g.s
    if not can_attack(s, attacker):
        return False
    if attacker[0] == "Y":
        count, kind = 1, "damage"
    else:
        count, kind = unit_attack(s, attacker)
    sector = sector_of(room_of(s, attacker))
    seat = owner(s, attacker)
    chosen = pick_targets(g, targets(s, attacker, kind), count, {"attacker": attacker})
    for target in chosen:
        if target in s["units"] or target in s["rooms"].values():
            hit(g, seat, sector, target, kind, attacker)
    return bool(chosen)


def _lurkers(g: Play, seat: int, sector: str) -> None:
    s = g.s
    for key, _card, _place, x in _lurker_items(s, sector, seat):
        options = [occ for _, occ in occupants(s, sector) if enemies(s, owner(s, occ), seat)
                   and not (is_unit(occ) and s["units"][occ]["invisible"])]
        for target in pick_targets(g, options, x, {"attacker": key}):
            hit(g, seat, sector, target, "damage", key, card_hit=True)


def _lurker_items(s: State, sector: str, seat: int) -> list[tuple[str, str, str, int]]:
    out = []
    for key, card, place, _copied in items_in(s, sector):
        if owner(s, card) == seat and DATA.card(card).ops("combat_here"):
            out.append((key, card, place, number(s, card, place)))
    return out


def sector_part(g: Play, seat: int, sector: str) -> None:
    """One sector's part of a Combat or a Limited Combat (7.2): units by room, Young Aliens, Lurkers,
    then Double Shot."""
    s = g.s
    hitters = []
    attackers = [o for r in rooms(sector) for o in [s["rooms"][r]] if o and is_unit(o) and owner(s, o) == seat]
    if s["colours"][seat] == "aliens":
        attackers += [o for r in rooms(sector) for o in [s["rooms"][r]] if o and o[0] == "Y"]
    for piece in attackers:
        # an earlier hit may have removed a Young Alien, or an ejection moved a unit away
        still_here = any(s["rooms"][r] == piece for r in rooms(sector))
        if still_here and attack(g, piece):
            hitters.append(piece)
    if s["colours"][seat] == "aliens":
        _lurkers(g, seat, sector)
    double_shot(g, seat, sector, hitters)


def double_shot(g: Play, seat: int, sector: str, hitters: list[str], repeat: Callable[[str], None] | None = None) -> None:
    """MAR06: after Marines units here hit, one of them repeats its attacks, once per item (TH57)."""
    s = g.s
    units = [h for h in hitters if h in s["units"]]
    if not units:
        return
    items = [(key, card) for key, card, *_ in statics(s, sector, "repeat_attacks", side(s, seat))]
    for key, card in items:
        live = [u for u in units if s["units"][u]["at"] != "space" and sector_of(s["units"][u]["at"]) == sector
                and (s["units"][u]["seat"] == owner(s, card) or not holds(s, "TH57"))]  # never a partner's
        if not live:
            return
        if side(s, seat) == side(s, s["turn"]["seat"]):
            pick = g.ask("double_shot", live, {"card": key})
            assert pick is not None  # asked with options, ask gives one of them
        else:
            pick = live[0]
        g.say("double_shot", unit=pick)
        if repeat is not None:
            repeat(pick)
        else:
            attack(g, pick)


def combat(g: Play, seat: int, only: str | None = None) -> None:
    """Combat over the station (clockwise from the Control Room), or a Limited Combat in `only`."""
    s = g.s
    g.say("combat", seat=seat, sector=only)
    for sector in ([only] if only else sectors_clockwise_from(s, "CTL")):
        sector_part(g, seat, sector)
