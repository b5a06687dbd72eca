"""Setup (section 5) and the turn (section 6): movement, action cards, the sector action, pending
cards, free steps, the Tech Dock's extra turn; the order of turns, rounds, the backstop and tie turns."""
from __future__ import annotations

import marshal
from typing import Any, cast

from ..base import Decision, IllegalAction, State, clone
from ..rng import SeededRandom
from . import effects, moves
from .combat import combat
from .components import DATA, FACTIONS
from .play import GameOver, Need, Play, TurnOver
from .scoring import advance_end_tile, after_tie_turns
from .station import (
    active,
    card_place,
    enemies,
    installed,
    items_in,
    opponents,
    owner,
    partners,
    pending_of,
    place_sector,
    rooms_in_order,
    seat_sector,
    side,
    slots_in_order,
    slots_of,
    units_in_order,
    upgrade_supply,
)

SETUP = DATA.setup
PHASES = ("start", "sub", "move", "actions", "sector", "pending", "end")
UNIT_COUNT = {"duel": 3, "deathmatch": 3, "teams": 2}


# --- a new game ------------------------------------------------------------------------------------

def _factions(players: int, options: dict[str, Any], rng: SeededRandom) -> list[str]:
    chosen = [options.get(f"faction{i + 1}", "random") for i in range(players)]
    free = [f for f in FACTIONS if f not in chosen]
    rng.shuffle(free)
    return [f if f != "random" else free.pop() for f in chosen]


def _ring_and_order(players: int, first: int, colours: list[str], mode: str, random_ring: bool,
                    rng: SeededRandom) -> tuple[list[str], list[int]]:
    turns = [(first + k) % players for k in range(players)]  # in teams still A, B, A, B
    if mode == "teams":
        return [], turns
    sectors = [DATA.factions[c]["sector"] for c in colours]
    template = SETUP["rings"]["duel" if players == 2 else "three" if players == 3 else "four"]
    ring = [sectors[turns[int(x[1]) - 1]] if x.startswith("F") else x for x in template]
    if random_ring:
        rng.shuffle(ring)
    start = ring.index("CTL")
    after = ring[start:] + ring[:start]
    order = sorted(range(players), key=lambda seat: after.index(sectors[seat]))
    return ring, order


def new_state(players: int, seed: int, options: dict[str, Any], version: int) -> State:
    rng = SeededRandom(seed)
    first = rng.below(players)  # TH29: who is seat 1, the first to play, is the seed's first draw
    mode = "teams" if options.get("teams") else "duel" if players == 2 else "deathmatch"
    colours = _factions(players, options, rng)
    ring, order = _ring_and_order(players, first, colours, mode, options.get("random_ring", False), rng)
    sides = [[0, 2], [1, 3]] if mode == "teams" else [[seat] for seat in range(players)]
    decks, aside = [], []
    for c in colours:
        deck = list(DATA.decks[c])
        rng.shuffle(deck)
        n = SETUP["aside"][mode if mode == "teams" else "duel"]
        aside.append(deck[:n])
        decks.append(deck[n:])
    bonus = list(DATA.bonus_deck)
    rng.shuffle(bonus)
    units = {}
    for seat, c in enumerate(colours):
        for i in range(1, UNIT_COUNT[mode] + 1):
            units[f"{c[0].upper()}{i}"] = {"seat": seat, "at": "space", "up": False, "parasites": 0,
                                           "gripped": False, "invisible": False}
    lp = SETUP["start_lp"]["deathmatch" if mode == "deathmatch" else mode]
    s = {
        "rules_version": version, "colours": colours, "players": players, "mode": mode,
        "options": dict(options), "seed": seed, "ring": ring, "order": order, "sides": sides,
        "side_of": [next(i for i, sd in enumerate(sides) if seat in sd) for seat in range(players)],
        "team_sectors": None, "rooms": {}, "slots": {}, "pending": {}, "units": units,
        "decks": decks, "aside": aside, "discards": [[] for _ in colours], "held": [[] for _ in colours],
        "drawn": [[] for _ in colours], "bonus_supply": [] if options.get("no_bonus") else bonus,
        "spent": bonus if options.get("no_bonus") else [],
        "lp": [lp] * players, "dp": [0] * players, "tiles": [0] * len(sides), "disc": None, "end": 0,
        "round": 0, "out": [], "tie": None,
        "turn": {"seat": order[0], "phase": "setup", "sub": 0, "unit": None, "moved": [], "dest": None,
                 "rush": [], "remote": [], "cashed": {}},
        "ask": None, "over": None, "seq": 0, "undo_floor": 0, "mark": None, "answers": [],
    }
    if ring:
        _lay_out(s)
    return s


def _lay_out(s: State) -> None:
    """The ring's rooms, slots and positions; bonus cards on bonus slots from the Control Room on (5.2)."""
    for sector in s["ring"]:
        for room in DATA.sectors[sector].rooms:
            s["rooms"][room] = None
        for place in slots_of(s, sector):
            s["slots"][place] = {"card": None, "bonus": None, "tiles": 0, "counter": 0, "deact": 0}
        for place in pending_of(s, sector):
            s["pending"][place] = None
    start = s["ring"].index("CTL")
    for sector in s["ring"][start:] + s["ring"][:start]:
        for sid in DATA.sectors[sector].bonus_slots:
            if s["bonus_supply"]:
                s["slots"][f"{sector}.{sid}"]["bonus"] = s["bonus_supply"].pop(0)
    s["spent"] += s["bonus_supply"]
    s["bonus_supply"] = []


# --- setup -----------------------------------------------------------------------------------------

def setup_steps(g: Play) -> None:
    s = g.s
    if s["mode"] == "teams":
        chosen = []
        for team in sorted(s["sides"], key=lambda side: min(map(s["order"].index, side))):
            first = min(team, key=s["order"].index)
            s["turn"]["seat"] = first
            options = [DATA.factions[s["colours"][seat]]["sector"] for seat in team]
            chosen.append(g.ask("team_sector", options, {"team": s["side_of"][first]}))
            g.say("team_sector", seat=first, sector=chosen[-1])
        s["team_sectors"] = chosen if s["side_of"][s["order"][0]] == 0 else chosen[::-1]
        s["ring"] = ["COR", "CTL", chosen[0], "TEC", chosen[1]]
        _lay_out(s)
    drawn = SETUP["drawn"][s["mode"] if s["mode"] == "teams" else "duel"]
    for seat in s["order"]:
        s["drawn"][seat] = [s["decks"][seat].pop(0) for _ in range(drawn)]
    g.say("setup_draw")
    for seat in s["order"]:
        s["turn"]["seat"] = seat
        card = g.ask("setup_card", list(s["drawn"][seat]), {})
        assert card is not None  # each seat has drawn its setup cards
        g.say("setup_card", seat=seat, card=card)
        if DATA.card(card).has("special"):
            s["held"][seat].append(card)
            g.say("take_special", seat=seat, card=card)
        else:
            free = [p for p in slots_in_order(s) if s["slots"][p]["card"] is None and s["slots"][p]["bonus"] is None
                    and place_sector(p) in s["ring"]]
            place = g.ask("setup_slot", free, {"card": card})
            s["slots"][place]["card"] = card
            g.say("install", seat=seat, card=card, place=place)
        s["drawn"][seat].remove(card)
        for rest in s["drawn"][seat]:
            position = next((p for p in pending_of(s, seat_sector(s, seat)) if s["pending"][p] is None), None)
            if position is None:
                s["discards"][seat].append(rest)
            else:
                s["pending"][position] = rest
                g.say("pending", seat=seat, card=rest, place=position)
        s["drawn"][seat] = []
    own_first = 1 if s["mode"] == "teams" else 2
    for _ in range(own_first):
        for seat in s["order"]:
            s["turn"]["seat"] = seat
            _setup_unit(g, seat, [r for r in DATA.sectors[seat_sector(s, seat)].rooms if s["rooms"][r] is None])
    for seat in s["order"]:
        s["turn"]["seat"] = seat
        _setup_unit(g, seat, [r for r in rooms_in_order(s) if s["rooms"][r] is None])


def _setup_unit(g: Play, seat: int, rooms: list[str]) -> None:
    s = g.s
    unit = next(u for u in units_in_order(s) if s["units"][u]["seat"] == seat and s["units"][u]["at"] == "space")
    room = g.ask("setup_room", rooms, {"unit": unit})
    s["rooms"][room] = unit
    s["units"][unit]["at"] = room
    g.say("enter", unit=unit, room=room, how="setup")


# --- the turn --------------------------------------------------------------------------------------

def one_turn(g: Play) -> None:
    t = g.s["turn"]
    try:
        if t["phase"] == "start":
            _turn_start(g)
            t["phase"] = "sub"
        _sub_turns(g)
    except TurnOver:
        pass


def _turn_start(g: Play) -> None:
    """TH22: if none of his units could move, his gripped units are freed."""
    s = g.s
    seat = s["turn"]["seat"]
    mine = [u for u in units_in_order(s) if s["units"][u]["seat"] == seat]
    if not any(s["units"][u]["at"] == "space" or not s["units"][u]["gripped"] for u in mine):
        for u in mine:
            s["units"][u]["gripped"] = False
            g.say("freed", unit=u)


def _sub_turns(g: Play) -> None:
    t = g.s["turn"]
    while True:
        if t["phase"] == "sub":
            free_steps(g)
            t["phase"] = "move"
        if t["phase"] == "move":
            movement(g)
            t["phase"] = "actions"
            free_steps(g)
        if t["phase"] == "actions":
            action_phase(g)
            t["phase"] = "sector"
            free_steps(g)
        if t["phase"] == "sector":
            extra = sector_action(g)
            if extra is not None:
                t.update(sub=t["sub"] + 1, unit=extra, phase="sub", rush=[], remote=[], cashed={})
                g.say("extra_turn", unit=extra)
                continue
            t["phase"] = "pending"
            free_steps(g)
        if t["phase"] == "pending":
            pending_phase(g)
            t["phase"] = "end"
        if t["phase"] == "end":
            free_steps(g)  # the free steps at the end of the turn (6.10), also for a turn restarted here
        return


def own_movers(s: State, seat: int) -> list[str]:
    t = s["turn"]
    units = s["units"]
    return [u for u in units_in_order(s) if units[u]["seat"] == seat and u not in t["moved"]
            and (units[u]["at"] == "space" or not units[u]["gripped"])]


def side_holds(s: State, seat: int) -> list[tuple[int, str]]:
    return [(mate, card) for mate in partners(s, seat) for card in s["held"][mate]]


def movement(g: Play) -> None:
    """6.1: one own unit moves (counted) or is placed from space (the turn then ends, 6.6)."""
    s = g.s
    t = s["turn"]
    seat = t["seat"]
    units = [t["unit"]] if t["unit"] else own_movers(s, seat)
    passages = [(mate, c) for mate, c in side_holds(s, seat) if DATA.card(c).ops("move_choice")]
    options = []
    for u in units:
        options.append(u)
        if s["units"][u]["at"] != "space" and passages:
            options.append(f"{u}+{passages[0][1]}")
    pick = g.ask("move_unit", options, {"sub": t["sub"]})
    if pick is None:
        raise TurnOver()
    unit, _, passage = pick.partition("+")
    if s["units"][unit]["at"] == "space":
        moves.place_from_space(g, unit)
        raise TurnOver()
    if passage:
        mate = next(m for m, c in passages if c == passage)
        s["held"][mate].remove(passage)
        s["spent"].append(passage)
        g.say("play", seat=seat, card=passage)
    t["dest"] = moves.counted_move(g, unit, own=True, passage=bool(passage))
    t["mover"] = unit
    if s["units"][unit]["gripped"]:
        raise TurnOver()  # TH22: a gripped mover ends the turn after its arrival


def _action_items(s: State, seat: int, sector: str) -> list[tuple[str, str, str, str | None]]:
    mine = side(s, seat)
    return [(key, card, place, copy) for key, card, place, copy in items_in(s, sector)
            if DATA.card(card).has("action") and side(s, owner(s, card)) == mine]


def action_phase(g: Play) -> None:
    """6.7: each friendly action item in the destination may act once, in the active player's order."""
    s = g.s
    t = s["turn"]
    seat, sector = t["seat"], t["dest"]
    done: set[str] = set()
    remembered: dict[str, tuple[str, str, str, str | None]] = {}
    while True:
        now = {key: (key, card, place, copy) for key, card, place, copy in _action_items(s, seat, sector)}
        for key, item in list(remembered.items()):
            card, copy = item[1], item[3]
            if key not in now and copy and DATA.card(card).one_shot and card_place(s, card) is None \
                    and (copy_place := card_place(s, copy)) and active(s, copy_place):
                now[key] = item  # TH49: a copy of a one-shot card acts after its original left
        remembered.update(now)
        options = [k for k in now if k not in done]
        pick = g.ask("action_next", [*options, "end_phase"], {"sector": sector})
        if pick is None or pick == "end_phase":
            return
        done.add(pick)
        key, card, place, copy = now[pick]
        g.say("action", card=card, copy=copy)
        effects.resolve_item(g, key, card, place, copy)


def sector_action(g: Play) -> str | None:
    """6.8: the destination's action, mandatory while possible; the Tech Dock's returns the extra unit."""
    s = g.s
    t = s["turn"]
    seat, sector = t["seat"], t["dest"]
    action = DATA.sectors[sector].action
    if action == "combat":
        combat(g, seat)
    elif action == "malfunction":
        effects.place_disc(g, seat)
    elif action == "extra_turn":
        options = own_movers(s, seat)
        pick = g.ask("extra_unit", options, {})
        if pick is None:
            raise TurnOver()
        return pick
    elif action == "faction" and sector == seat_sector(s, seat):
        options = (["upgrade"] if upgrade_supply(s) > 0 else []) + [
            f"cleanup:{card}" for place, card in installed(s)
            if place_sector(place) == sector and enemies(s, owner(s, card), seat) and s["disc"] != place]
        pick = g.ask("faction_action", options, {})
        if pick == "upgrade":
            effects.gain_upgrades(g, seat, 1, "upgrade")
        elif pick is not None:
            effects.discard_card(g, pick.split(":", 1)[1])
    return None


def pending_options(s: State, seat: int, sector: str) -> list[str]:
    out = []
    for position in pending_of(s, sector):
        card = s["pending"][position]
        if card is None:
            if s["decks"][seat]:
                out.append(f"A:{position}")
        elif s["disc"] == position:
            continue
        elif enemies(s, owner(s, card), seat):
            out.append(f"B:{position}")
        elif DATA.card(card).has("special") or effects.install_slots(s, seat):
            out.append(f"C:{position}")
    return out


def pending_phase(g: Play) -> None:
    """6.9: one position of the destination, or pass."""
    s = g.s
    t = s["turn"]
    seat = t["seat"]
    pick = g.ask("pending", [*pending_options(s, seat, t["dest"]), "pass"], {"sector": t["dest"]})
    if pick is None or pick == "pass":
        return
    option, position = pick.split(":", 1)
    if option == "A":
        s["pending"][position] = s["decks"][seat].pop(0)
        g.say("pending", seat=seat, card=s["pending"][position], place=position)
        g.reveal()
        return
    card = s["pending"][position]
    s["pending"][position] = None
    s["drawn"][seat].append(card)  # in his hand while he chooses where it goes
    if option == "B":
        s["drawn"][seat].remove(card)
        s["discards"][owner(s, card)].append(card)
        g.say("discard", card=card, place=position)
    else:
        effects.install(g, seat, card, {"from": position})
    free_steps(g)
    effects.refill(g, seat, position)


# --- free steps (6.10) -----------------------------------------------------------------------------

def free_steps(g: Play) -> None:
    s = g.s
    seat = s["turn"]["seat"]
    while True:
        options = free_step_options(s, seat)
        pick = g.ask("free_step", [*options, "continue"], {"phase": s["turn"]["phase"]})
        if pick is None or pick == "continue":
            return
        do_free_step(g, seat, pick)


def tile_cost(s: State, place: str) -> int:
    return cast(int, s["slots"][place]["tiles"] + 1)


def free_step_options(s: State, seat: int) -> list[str]:
    mine = side(s, seat)
    out = [f"play:{card}" for _, card in side_holds(s, seat) if usable(s, seat, card)]
    tiles = s["tiles"][mine]
    if tiles:
        out += [f"flip:{u}" for u in units_in_order(s) if side(s, s["units"][u]["seat"]) == mine and not s["units"][u]["up"]]
        out += [f"tile:{place}" for place, card in installed(s)
                if side(s, owner(s, card)) == mine and DATA.card(card).number is not None and s["disc"] != place
                and s["slots"][place]["tiles"] < SETUP["tiles_per_card"] and tile_cost(s, place) <= tiles]
    return out


def usable(s: State, seat: int, card: str) -> bool:
    """TH15: only with an effect."""
    ops = DATA.card(card).ops("free_step")
    if not ops:
        return False
    op = ops[0][0]
    if op == "install_top":
        return bool(s["decks"][seat]) and (DATA.card(s["decks"][seat][0]).has("special")
                                          or bool(effects.install_slots(s, seat, fresh_only=True)))
    if op == "gain_upgrades":
        return upgrade_supply(s) > 0
    if op == "heal":
        if s["mode"] == "deathmatch":
            return any(s["lp"][o] > 0 for o in opponents(s, seat))
        return cast(bool, s["lp"][owner_or(s, card, seat)] < SETUP["lp_cap"])
    if op == "place_disc":
        return bool(effects.disc_options(s, seat))
    ctx = effects.Context(seat=owner_or(s, card, seat), card=card, key=card, place=None, x=0, here="")
    cards = effects.cards_chosen_by(s, ctx, ops[0][1]) if op in ("discard", "discard_pending", "move_card") else []
    if op == "move_card":
        return bool(cards) and bool(effects.install_slots(s, seat, True))
    return bool(cards)


def owner_or(s: State, card: str, seat: int) -> int:
    """A faction card's owner; a bonus card's gains go to the player who plays it (TH52)."""
    return seat if DATA.card(card).faction is None else owner(s, card)


def do_free_step(g: Play, seat: int, pick: str) -> None:
    s = g.s
    what, _, arg = pick.partition(":")
    mine = side(s, seat)
    if what == "flip":
        s["tiles"][mine] -= 1
        s["units"][arg]["up"] = True
        g.say("flip", unit=arg)
    elif what == "tile":
        cost = tile_cost(s, arg)
        s["tiles"][mine] -= cost
        s["slots"][arg]["tiles"] += 1
        g.say("card_tile", card=s["slots"][arg]["card"], tiles=s["slots"][arg]["tiles"], cost=cost)
    else:
        holder = next(m for m in partners(s, seat) if arg in s["held"][m])
        s["held"][holder].remove(arg)
        kind = DATA.card(arg)
        g.say("play", seat=seat, card=arg)
        ctx = effects.Context(seat=owner_or(s, arg, seat), card=arg, key=arg, place=None, x=0, here="")
        if kind.faction is None:
            s["spent"].append(arg)
        else:
            s["discards"][owner(s, arg)].append(arg)
        effects.run(g, kind.ops("free_step"), ctx)


# --- the order of turns --------------------------------------------------------------------------------

def start_turn(g: Play, seat: int) -> None:
    s = g.s
    s["turn"] = {"seat": seat, "phase": "start", "sub": 1, "unit": None, "moved": [], "dest": None, "rush": [],
                 "remote": [], "cashed": {}}
    g.say("turn", seat=seat, round=s["round"])


def next_turn(g: Play) -> None:
    """The next seat; a round's end, the backstop (TH8) and tie turns (TH9)."""
    s = g.s
    if s["tie"] is not None:
        if not s["tie"]["queue"]:
            after_tie_turns(g)
        start_turn(g, s["tie"]["queue"].pop(0))
        return
    order = s["order"]
    i = order.index(s["turn"]["seat"]) + 1
    if i == len(order):
        if s["round"] >= SETUP["backstop_round"]:
            advance_end_tile(g, "backstop")
            if s["tie"] is not None:
                start_turn(g, s["tie"]["queue"].pop(0))
                return
        s["round"] += 1
        i = 0
    start_turn(g, order[i])


def proceed(g: Play) -> None:
    """Play on from the state's turn to the next question or the end."""
    s = g.s
    if s["turn"]["phase"] == "setup":
        setup_steps(g)
        s["round"] = 1
        start_turn(g, s["order"][0])
        g.new_turn()
    while True:
        one_turn(g)
        next_turn(g)
        g.new_turn()


def run_segment(state_mark: State, answers: list[Decision], seq0: int, floor: int) -> tuple[State, Play]:
    """Run from a mark with the answers given; the state reached, with its mark and answers."""
    s = clone(state_mark)
    g = Play(s, answers)
    g.mark = state_mark
    g.turn_from = 0
    try:
        proceed(g)
    except Need:
        pass
    except GameOver:
        pass
    if g.i < len(answers):
        raise IllegalAction("the game ended before this decision")
    s["seq"] = seq0 + len(answers)
    s["undo_floor"] = max(floor, seq0 + g.floor_at)
    if s["over"] is None:
        s["mark"] = marshal.loads(g.mark) if isinstance(g.mark, bytes) else g.mark
        s["answers"] = answers[g.turn_from:]
    else:
        s["mark"], s["answers"], s["ask"] = None, [], None
    return s, g
