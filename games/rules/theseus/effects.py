"""The cards' effects (8.7): one interpreter for the small vocabulary the data files use, and the
card movements every effect and phase shares (install, discard, refill, the disc)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, cast

from ..base import State
from . import moves
from .combat import attack, can_attack, combat, double_shot, hit
from .components import DATA
from .play import Play, TurnOver
from .scoring import advance_end_tile, gain_dp, heal, lose_dp, lose_lp
from .station import (
    active,
    card_place,
    enemies,
    full,
    in_range,
    installed,
    items_in,
    movable,
    next_sector,
    number,
    opponents,
    owner,
    pending_in_order,
    place_sector,
    seat_sector,
    sector_of,
    side,
    static_sum,
    tile_supply,
    units_in,
    units_in_order,
    upgrade_supply,
    young_in_supply,
)
from .versions import holds


@dataclass
class Context:
    seat: int          # the card's owner: gains go to him (TH52)
    card: str
    key: str
    place: str | None
    x: int
    here: str
    unit: str | None = None
    copy: str | None = None


def run(g: Play, ops: list[list[Any]], ctx: Context) -> dict[str, bool]:
    """Carry out a card's ops in order; {"acted": False} when the first could do nothing (the card
    stays), {"stop": True} when a passing unit is stopped here."""
    result = {"acted": True}
    for n, op in enumerate(ops):
        done = _op(g, op, ctx, result)
        if done is False and n == 0:
            result["acted"] = False
            return result
    return result


def _count(value: int | str, ctx: Context) -> int:
    return ctx.x if value == "X" else int(value)


def _op(g: Play, op: list[Any], ctx: Context, result: dict[str, bool]) -> bool | None:
    name = op[0]
    if name == "repeat":
        did = False
        for _ in range(_count(op[1], ctx)):
            if _op(g, op[2], ctx, result) is False:
                break
            did = True
        return did
    if name == "up_to":
        picked: list[str] = []
        for _ in range(_count(op[1], ctx)):
            if OPS[op[2][0]](g, ctx, op[2][1:], optional=True, exclude=picked) in (False, None):
                break
        return bool(picked) or None
    if name == "stop_here":
        result["stop"] = True  # Tentacle: the passing unit's move ends here once the pass traps acted (TH50)
        return True
    return OPS[name](g, ctx, op[1:], optional=False, exclude=[])


# --- selectors -------------------------------------------------------------------------------------

def _filters(arg: str | list[Any]) -> tuple[str, dict[str, Any]]:
    return (arg[0], arg[1]) if isinstance(arg, list) else (arg, {})


def units_chosen_by(s: State, ctx: Context, arg: str | list[Any]) -> list[str]:
    """The units a unit selector of 8.7 allows."""
    name, f = _filters(arg)
    if name in ("entering_unit", "passing_unit"):
        return [cast(str, ctx.unit)]  # set whenever a unit enters or passes
    me = ctx.seat
    if name == "enemy_units_here":
        pool = [u for u in units_in(s, ctx.here) if enemies(s, s["units"][u]["seat"], me)]
    elif name == "enemy_units_anywhere":
        pool = [u for u in units_in_order(s) if enemies(s, s["units"][u]["seat"], me) and s["units"][u]["at"] != "space"]
    elif name == "own_units":
        pool = [u for u in units_in_order(s) if not enemies(s, s["units"][u]["seat"], me) and s["units"][u]["at"] != "space"]
    else:
        raise ValueError(name)
    if "faction" in f:
        pool = [u for u in pool if s["colours"][s["units"][u]["seat"]] == f["faction"]]
    if f.get("movable"):
        pool = [u for u in pool if movable(s, u, by_enemy=True)]
    if f.get("visible") or name.startswith("enemy"):
        pool = [u for u in pool if not s["units"][u]["invisible"]]
    return pool


def cards_chosen_by(s: State, ctx: Context, arg: str | list[Any]) -> list[str]:
    """The places of the cards a card selector of 8.7 allows: on install slots, or on pending positions
    for *_pending."""
    name, f = _filters(arg)
    me = ctx.seat
    if name in ("own_pending", "enemy_pending"):
        pool = [p for p in pending_in_order(s) if (c := s["pending"][p]) is not None and p.split(".")[0] in s["ring"]
                and enemies(s, owner(s, c), me) == (name == "enemy_pending")]
    else:
        pool = [p for p, c in installed(s) if enemies(s, owner(s, c), me) == name.startswith("enemy")]
        if name.endswith("_here"):
            pool = [p for p in pool if place_sector(p) == ctx.here]
    if f.get("not_under_disc"):
        pool = [p for p in pool if s["disc"] != p]
    if "type" in f:
        pool = [p for p in pool if DATA.card(cast(str, _card_at(s, p))).has(f["type"])]  # places holding a card
    return pool


def _card_at(s: State, place: str) -> str | None:
    return cast("str | None", s["slots"][place]["card"] if place in s["slots"] else s["pending"].get(place))


def _pick(g: Play, kind: str, options: list[str], ctx: Context, optional: bool, exclude: list[str]) -> str | None:
    options = [o for o in options if o not in exclude]
    if not options:
        return None
    pick = g.ask(kind, options + (["done"] if optional else []), {"card": ctx.key})
    if pick == "done":
        return None
    assert pick is not None  # asked with options, ask gives one of them
    exclude.append(pick)
    return pick


def _pick_unit(g: Play, ctx: Context, selector: str | list[Any], optional: bool, exclude: list[str]) -> str | None:
    return _pick(g, "pick_unit", units_chosen_by(g.s, ctx, selector), ctx, optional, exclude)


def _pick_card(g: Play, ctx: Context, selector: str | list[Any], optional: bool, exclude: list[str],
               kind: str = "pick_card") -> str | None:
    return _pick(g, kind, cards_chosen_by(g.s, ctx, selector), ctx, optional, exclude)


# --- ops -------------------------------------------------------------------------------------------

def _damage(g: Play, ctx: Context, args: list[Any], optional: bool, exclude: list[str]) -> bool:
    unit = _pick_unit(g, ctx, args[0], optional, exclude)
    if unit is None:
        return False
    n = _count(args[1], ctx)
    g.say("card_damage", unit=unit, damage=n, card=ctx.card)
    lose_lp(g, g.s["units"][unit]["seat"], n, ctx.seat, ctx.card)
    return True


def _heal(g: Play, ctx: Context, args: list[Any], optional: bool, exclude: list[str]) -> bool:
    heal(g, ctx.seat, _count(args[0], ctx), ctx.card)
    return True


def dp_gain(g: Play, ctx: Context, n: int) -> None:
    """gain_dp with the Archive's bonus on a Scientists card's resolution (SCI05)."""
    s = g.s
    if n > 0 and DATA.card(ctx.card).faction == "scientists":
        n += static_sum(s, ctx.here, "dp_bonus", side(s, ctx.seat))  # the Archive is station-wide
    gain_dp(g, ctx.seat, n, ctx.card)


def _gain_dp(g: Play, ctx: Context, args: list[Any], optional: bool, exclude: list[str]) -> bool:
    dp_gain(g, ctx, _count(args[0], ctx))
    return True


def _drain_dp(g: Play, ctx: Context, args: list[Any], optional: bool, exclude: list[str]) -> bool:
    s = g.s
    targets = [f"seat:{o}" for o in opponents(s, ctx.seat) if DATA.factions[s["colours"][o]]["dp"]]
    pick = _pick(g, "pick_opponent", targets, ctx, optional, exclude)
    if pick is None:
        return False
    lose_dp(g, int(pick.split(":")[1]), _count(args[1], ctx), ctx.card)
    return True


def _attack(g: Play, ctx: Context, args: list[Any], optional: bool, exclude: list[str]) -> bool:
    s = g.s
    rushed = s["turn"]["rush"]
    pool = [u for u in units_chosen_by(s, ctx, args[0]) if u not in rushed and can_attack(s, u)]
    unit = _pick(g, "pick_unit", pool, ctx, optional, exclude)
    if unit is None:
        return False
    rushed.append(unit)
    g.say("rush", unit=unit)
    if attack(g, unit) and not holds(s, "TH57"):  # TH57: Double Shot repeats no Adrenaline Rush attack
        double_shot(g, s["units"][unit]["seat"], sector_of(s["units"][unit]["at"]), [unit])
    return True


def _combat(g: Play, ctx: Context, args: list[Any], optional: bool, exclude: list[str]) -> bool:
    combat(g, g.s["turn"]["seat"])
    return True


def _counted_move(g: Play, ctx: Context, args: list[Any], optional: bool, exclude: list[str]) -> bool:
    unit = _pick_unit(g, ctx, args[0], optional, exclude)
    if unit is None:
        return False
    moves.counted_move(g, unit, own=False)
    return True


def _relocate(g: Play, ctx: Context, args: list[Any], optional: bool, exclude: list[str]) -> bool:
    s = g.s
    unit = _pick_unit(g, ctx, args[0], optional, exclude)
    if unit is None:
        return False
    to = seat_sector(s, ctx.seat)
    if to == ctx.here:
        to = next_sector(s, ctx.here)
    moves.relocate(g, unit, to)
    return True


def _spawn(g: Play, ctx: Context, args: list[Any], optional: bool, exclude: list[str]) -> bool:
    s = g.s
    supply = young_in_supply(s)
    if not supply:
        return False
    sector = ctx.here
    room = moves.take_room(g, sector, {"card": ctx.key, "sector": sector})
    s["rooms"][room] = supply[0]
    g.say("spawn", room=room)
    if full(s, sector):
        combat(g, s["turn"]["seat"], only=sector)
    return True


def _tile_on_unit(g: Play, ctx: Context, args: list[Any], optional: bool, exclude: list[str]) -> bool:
    s = g.s
    kind = args[0]
    if tile_supply(s, kind) <= 0:
        return False
    pool = units_chosen_by(s, ctx, args[1])
    if kind == "invisibility":
        pool = [u for u in pool if not s["units"][u]["invisible"]]
    if kind == "gripper":
        pool = [u for u in pool if not s["units"][u]["gripped"]]
    unit = _pick(g, "pick_unit", pool, ctx, optional, exclude)
    if unit is None:
        return False
    field = {"parasite": "parasites", "gripper": "gripped", "invisibility": "invisible"}[kind]
    u = s["units"][unit]
    u[field] = u[field] + 1 if field == "parasites" else True
    g.say("tile_on_unit", unit=unit, tile=kind, card=ctx.card)
    return True


def _tile_on_card(g: Play, ctx: Context, args: list[Any], optional: bool, exclude: list[str]) -> bool:
    s = g.s
    if tile_supply(s, args[0]) <= 0:
        return False
    place = _pick_card(g, ctx, args[1], optional, exclude)
    if place is None:
        return False
    s["slots"][place]["deact"] += 1
    g.say("deactivation", card=s["slots"][place]["card"])
    return True


def gain_upgrades(g: Play, seat: int, n: int, cause: str) -> None:
    s = g.s
    n = min(n, upgrade_supply(s))
    if n > 0:
        s["tiles"][side(s, seat)] += n
        g.say("upgrades", seat=seat, delta=n, cause=cause)


def _gain_upgrades(g: Play, ctx: Context, args: list[Any], optional: bool, exclude: list[str]) -> bool:
    if upgrade_supply(g.s) <= 0:
        return False
    gain_upgrades(g, ctx.seat, _count(args[0], ctx), ctx.card)
    return True


def _lose_upgrades(g: Play, ctx: Context, args: list[Any], optional: bool, exclude: list[str]) -> bool:
    s = g.s
    pick = _pick(g, "pick_opponent", [f"seat:{o}" for o in opponents(s, ctx.seat)], ctx, optional, exclude)
    if pick is None:
        return False
    victim = int(pick.split(":")[1])
    for _ in range(_count(args[1], ctx)):
        options = upgrades_of(s, victim)
        choice = g.ask("lose_upgrade", options, {"card": ctx.key, "seat": victim})
        if choice is None:
            break
        if choice == "supply":
            s["tiles"][side(s, victim)] -= 1
        elif choice in s["units"]:
            s["units"][choice]["up"] = False
        else:
            s["slots"][choice]["tiles"] -= 1
        g.say("downgrade", seat=victim, what=choice)
    return True


def upgrades_of(s: State, seat: int) -> list[str]:
    mine = side(s, seat)
    options = [u for u in units_in_order(s) if s["units"][u]["seat"] == seat and s["units"][u]["up"]]
    if s["tiles"][mine] > 0:
        options.append("supply")
    options += [p for p, c in installed(s) if owner(s, c) == seat and s["slots"][p]["tiles"] > 0 and s["disc"] != p]
    return options


def _place_disc(g: Play, ctx: Context, args: list[Any], optional: bool, exclude: list[str]) -> bool:
    return place_disc(g, g.s["turn"]["seat"])


def disc_options(s: State, seat: int) -> list[str]:
    if holds(s, "MAR10"):
        s = dict(s, disc=None)  # 8.5: the card the disc leaves is active before the disc is placed again
    places = [p for p, c in installed(s) if enemies(s, owner(s, c), seat)]
    places += [p for p in pending_in_order(s) if (c := s["pending"][p]) is not None and enemies(s, owner(s, c), seat)]
    out = []
    for p in places:
        out.append(_shielded(s, p) or p)
    return list(dict.fromkeys(out))


def _shielded(s: State, place: str) -> str | None:
    """MAR10: a card of this sector whose side has an active Shield Generator here sends the disc to it."""
    card = cast(str, _card_at(s, place))  # the disc lies on a card
    sector = place_sector(place)
    for _key, shield, shield_place, copied in items_in(s, sector):
        if copied is None and any(o[0] == "disc_redirect" for o in DATA.card(shield).ops("static")) \
                and side(s, owner(s, shield)) == side(s, owner(s, card)):
            return shield_place
    return None


def place_disc(g: Play, seat: int) -> bool:
    s = g.s
    options = disc_options(s, seat)
    if not options:
        return False
    to = g.ask("disc_target", options, {})
    assert to is not None  # asked with options, ask gives one of them
    before = s["disc"]
    s["disc"] = to
    g.say("disc", card=_card_at(s, to), place=to)
    if before and before in s["slots"] and before != to and s["slots"][before]["card"]:
        back = _shielded(s, to)
        if back == before:
            s["disc"] = before
            g.say("disc", card=_card_at(s, before), place=before)
    return True


def install_slots(s: State, seat: int, fresh_only: bool = False) -> list[str]:
    """8.3: empty slots (a bonus card there goes to the installer), or a slot holding a card of his
    side not under the disc; with `fresh_only` slots with neither card nor bonus card (TH39)."""
    out = []
    for sector in s["ring"]:
        for sid in DATA.sectors[sector].slot_ids:
            place = f"{sector}.{sid}"
            slot = s["slots"][place]
            if slot["card"] is None:
                if not fresh_only or slot["bonus"] is None:
                    out.append(place)
            elif not fresh_only and not enemies(s, owner(s, slot["card"]), seat) and s["disc"] != place:
                out.append(place)
    return out


def install(g: Play, seat: int, card: str, about: dict[str, Any], fresh_only: bool = False) -> None:
    """A card installed by `seat` (a special goes in front of him instead)."""
    s = g.s
    if card not in s["drawn"][seat]:
        s["drawn"][seat].append(card)  # in his hand while he chooses where it goes
    if DATA.card(card).has("special"):
        s["drawn"][seat].remove(card)
        s["held"][seat].append(card)
        g.say("take_special", seat=seat, card=card)
        return
    place = g.ask("install_slot", install_slots(s, seat, fresh_only), dict(about, card=card))
    slot = s["slots"][place]
    if slot["card"] is not None:
        discard_card(g, slot["card"])
    if slot["bonus"] is not None:
        s["held"][seat].append(slot["bonus"])
        g.say("take_bonus", seat=seat, card=slot["bonus"])
        slot["bonus"] = None
    s["drawn"][seat].remove(card)
    slot.update(card=card, tiles=0, counter=0, deact=0)
    g.say("install", seat=seat, card=card, place=place)
    shield_takes_disc(g)


def shield_takes_disc(g: Play) -> None:
    """MAR10: a Shield Generator that becomes active while the disc lies on another card of its side in
    its sector draws the disc onto itself."""
    s = g.s
    if s["disc"] is None or _card_at(s, s["disc"]) is None:
        return
    shield = _shielded(s, s["disc"])
    if shield is not None and shield != s["disc"]:
        s["disc"] = shield
        g.say("disc", card=_card_at(s, shield), place=shield)


def discard_card(g: Play, card: str) -> None:
    """A card leaves play to its owner's discard pile; tiles on it return to their supplies (TH38)."""
    s = g.s
    place = card_place(s, card)
    if place in s["slots"]:
        s["slots"][place].update(card=None, tiles=0, counter=0, deact=0)
    elif place is not None:
        s["pending"][place] = None
    if s["disc"] == place:
        s["disc"] = None
    s["discards"][owner(s, card)].append(card)
    g.say("discard", card=card, place=place)
    shield_takes_disc(g)  # a Crawler leaving switches a Shield Generator back on (MAR10, ALI09)


def refill(g: Play, seat: int, position: str) -> None:
    """6.9: the top of his deck on the emptied position; with his deck empty the end tile advances."""
    s = g.s
    deck = s["decks"][seat]
    if not deck:
        if advance_end_tile(g, "deck") and holds(s, "TH60"):
            raise TurnOver()  # TH60: END ends the turn at once; the tie turns begin with the next seat
        return
    s["pending"][position] = deck.pop(0)
    g.say("refill", seat=seat, card=s["pending"][position], place=position, top=deck[0] if deck else None)
    g.reveal()


def _install_pending(g: Play, ctx: Context, args: list[Any], optional: bool, exclude: list[str]) -> bool:
    s = g.s
    seat = s["turn"]["seat"]
    pool = [p for p in pending_in_order(s) if (c := s["pending"][p]) is not None and not enemies(s, owner(s, c), seat)
            and s["disc"] != p and p.split(".")[0] in s["ring"]]
    pool = [p for p in pool if DATA.card(s["pending"][p]).has("special") or install_slots(s, seat)]
    place = _pick(g, "pick_pending", pool, ctx, optional, exclude)
    if place is None:
        return False
    card = s["pending"][place]
    s["pending"][place] = None
    s["drawn"][seat].append(card)
    install(g, seat, card, {"from": place})
    refill(g, seat, place)
    return True


def _install_top(g: Play, ctx: Context, args: list[Any], optional: bool, exclude: list[str]) -> bool:
    s = g.s
    seat = s["turn"]["seat"]
    deck = s["decks"][seat]
    if not deck:
        return False
    card = deck.pop(0)
    s["drawn"][seat].append(card)
    g.reveal()
    install(g, seat, card, {"from": "deck"}, fresh_only=True)
    return True


def _discard(g: Play, ctx: Context, args: list[Any], optional: bool, exclude: list[str]) -> bool:
    place = _pick_card(g, ctx, args[0], optional, exclude)
    if place is None:
        return False
    discard_card(g, cast(str, _card_at(g.s, place)))  # a place cards_chosen_by gives holds a card
    return True


def _move_card(g: Play, ctx: Context, args: list[Any], optional: bool, exclude: list[str]) -> bool:
    s = g.s
    place = _pick_card(g, ctx, args[0], optional, exclude)
    if place is None:
        return False
    to = g.ask("pick_slot", install_slots(s, ctx.seat, fresh_only=True), {"card": ctx.key})
    if to is None:
        return False
    moving = dict(s["slots"][place])
    s["slots"][place].update(card=None, tiles=0, counter=0, deact=0)
    s["slots"][to].update(moving)
    g.say("move_card", card=moving["card"], place=to)
    shield_takes_disc(g)
    return True


def _discard_pending(g: Play, ctx: Context, args: list[Any], optional: bool, exclude: list[str]) -> bool:
    s = g.s
    place = _pick_card(g, ctx, args[0], optional, exclude, "pick_pending")
    if place is None:
        return False
    discard_card(g, s["pending"][place])
    return True


def _resolve_action(g: Play, ctx: Context, args: list[Any], optional: bool, exclude: list[str]) -> bool:
    s = g.s
    done = s["turn"]["remote"]
    pool = [p for p in cards_chosen_by(s, ctx, ["own_installed", {"type": "action"}])
            if active(s, p) and _card_at(s, p) != ctx.card and _card_at(s, p) not in done
            and not any(o[0] == "resolve_action" for o in DATA.card(cast(str, _card_at(s, p))).ops("own_stop"))]
    place = _pick(g, "pick_card", pool, ctx, optional, exclude)
    if place is None:
        return False
    card = cast(str, _card_at(s, place))  # an installed card's place
    done.append(card)
    g.say("remote", card=card)
    resolve_item(g, card, card, place, None)
    return True


def resolve_item(g: Play, key: str, card: str, place: str, copy: str | None) -> None:
    """An action item's own_stop effect (6.7)."""
    s = g.s
    ctx = Context(seat=owner(s, card), card=card, key=key, place=place, x=number(s, card, place),
                  here=place_sector(place), copy=copy)
    run(g, DATA.card(card).ops("own_stop"), ctx)
    if copy is None and DATA.card(card).one_shot and _card_at(s, place) == card:
        discard_card(g, card)


def _hit(g: Play, ctx: Context, args: list[Any], optional: bool, exclude: list[str]) -> bool:
    """Ambush (MAR05): each Marines unit here with the entering unit in range hits it once."""
    s = g.s
    target = cast(str, ctx.unit)  # the entering unit
    room = s["units"][target]["at"]
    shooters = [u for u in units_chosen_by(s, ctx, args[0]) if s["units"][u]["at"] not in ("space", "moving")
                and sector_of(s["units"][u]["at"]) == ctx.here and not s["units"][u]["gripped"]
                and in_range(s, s["units"][u]["at"], room)]
    shooters.sort(key=lambda u: s["units"][u]["at"])
    hitters = []
    for u in shooters:
        if s["units"][target]["at"] == room:
            hit(g, ctx.seat, ctx.here, target, "damage", ctx.card)
            hitters.append(u)

    def again(u: str) -> None:
        if s["units"][target]["at"] == room:
            hit(g, ctx.seat, ctx.here, target, "damage", ctx.card)
    double_shot(g, ctx.seat, ctx.here, hitters, repeat=again)
    return bool(hitters)


def _counter_add(g: Play, ctx: Context, args: list[Any], optional: bool, exclude: list[str]) -> bool:
    slot = g.s["slots"][ctx.place]
    slot["counter"] = min(DATA.setup["counter_max"], slot["counter"] + _count(args[0], ctx))
    g.say("counter", card=ctx.card, counter=slot["counter"])
    return True


def _cash_counter(g: Play, ctx: Context, args: list[Any], optional: bool, exclude: list[str]) -> bool:
    s = g.s
    cashed = s["turn"]["cashed"]
    if ctx.copy is not None:
        amount = cashed.get(ctx.card, s["slots"][ctx.place]["counter"] if _card_at(s, cast(str, ctx.place)) == ctx.card else 0)
    else:
        amount = s["slots"][ctx.place]["counter"]
        s["slots"][ctx.place]["counter"] = 0
        cashed[ctx.card] = amount
    dp_gain(g, ctx, amount)
    return True


class _Op(Protocol):
    def __call__(self, g: Play, ctx: Context, args: list[Any], optional: bool, exclude: list[str]) -> bool: ...


OPS: dict[str, _Op] = {
    "damage": _damage, "heal": _heal, "gain_dp": _gain_dp, "drain_dp": _drain_dp, "attack": _attack,
    "combat": _combat, "counted_move": _counted_move, "relocate": _relocate, "spawn_young_alien": _spawn,
    "tile_on_unit": _tile_on_unit, "tile_on_card": _tile_on_card, "gain_upgrades": _gain_upgrades,
    "lose_upgrades": _lose_upgrades, "place_disc": _place_disc, "install_pending": _install_pending,
    "install_top": _install_top, "discard": _discard, "move_card": _move_card, "discard_pending": _discard_pending,
    "resolve_action": _resolve_action, "hit": _hit, "counter_add": _counter_add, "cash_counter": _cash_counter,
}
