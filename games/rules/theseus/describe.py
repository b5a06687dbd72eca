"""The board in words (`describe(view, lang, names)`), for a player who cannot see the station: the
reader's own units, cards and supply; each player's LP and DP (each team's sum in team play); and every
place the board draws, in the ring's order clockwise: each sector's name band, its four rooms (with the
unit standing in each, and that unit as a place of its own), its pending positions and its install
slots; the units in space last. Each place's id is the words board.js gives its `data-place` in the
same language ("Corridors room 2", "Marines unit 1", "Loading Dock slot 4", the sector's name).

Built from the view alone: every card is played face up (spec 16), and of the decks only the top card
and the size are read, so nothing a player may not see reaches the words. Pure: no Django, no I/O.
"""

from __future__ import annotations

from typing import Any

from ..base import DESCRIBE_LINE, N_
from .components import DATA
from .log import card_name, ending, faction_name, n_, p_, place_name, room_name, sector_name, t_, unit_name
from .station import faction_seat, number, pending_in_order, slots_in_order, switched_off, tile_supply, units_in_order

View = dict[str, Any]

# fmt: off
# The rooms of a sector as board.js draws them, clockwise from the top left (1 2 / 4 3): (column, row).
ROOM_CELLS = ((0, 0), (1, 0), (1, 1), (0, 1))
DIRECTIONS = {
    (0, -1): N_("north"), (1, -1): N_("northeast"), (1, 0): N_("east"),
    (1, 1): N_("southeast"), (0, 1): N_("south"), (-1, 1): N_("southwest"),
    (-1, 0): N_("west"), (-1, -1): N_("northwest"),
}
ACTIONS = {"combat": N_("Combat"), "malfunction": N_("Malfunction"),
           "extra_turn": N_("Extra turn"), "faction": N_("Faction action")}
TYPES = {"action": N_("action"), "trap": N_("trap"), "module": N_("module"),
         "station_wide": N_("station-wide"), "shortcut": N_("shortcut"),
         "special": N_("special"), "duplication": N_("duplication")}
SUPPLY = {"deactivation": N_("deactivation tiles"),
          "young_alien": N_("Young Aliens"), "parasite": N_("parasite tiles"),
          "gripper": N_("gripper tiles"), "invisibility": N_("invisibility tiles")}
GOALS = {  # the ends of 11.2 and 11.3, deathmatch's of 12
    "duel": N_("To win: 20 DP, or the opponent at 0 LP; at END, the higher sum of LP and DP"),
    "teams": N_("To win: 20 DP for a player, or an enemy at 0 LP; at END, the team with the higher sum of LP and DP"),
    "deathmatch": N_("To win: 20 LP or 20 DP first (damage dealt gives LP to its dealer); at END, the highest sum"),
}
# fmt: on


def _and(items: list[str], lang: str) -> str:
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} {t_(lang, 'and')} {items[-1]}"


def _cards(n: int, lang: str) -> str:
    """The count of cards, "1 card", "3 cards": the plural right in either language."""
    return n_(lang, "{n} card", "{n} cards", n).format(n=n)


def _upper(text: str) -> str:
    return text[:1].upper() + text[1:]


def _lines(text: str, lead: str = "") -> list[str]:
    """`lead` + `text` as lines of at most DESCRIBE_LINE characters, cut between words."""
    out: list[str] = []
    line = lead
    for word in text.split():
        if line and len(line) + 1 + len(word) > DESCRIBE_LINE:
            out.append(line)
            line = word
        else:
            line = f"{line} {word}" if line and not line.endswith(" ") else line + word
    return [*out, line] if line.strip() else out


# --- players ---------------------------------------------------------------------------------------


def player(view: View, seat: int, lang: str, names: list[str] | None) -> str:
    """A seat in words: "Alice (Marines)", or the faction alone without names (as `render` names
    it when it has no names)."""
    faction = faction_name(view["colours"][seat], lang)
    return f"{names[seat]} ({faction})" if names and seat < len(names) else faction


def _owner_of_card(view: View, card: str) -> int | None:
    faction = DATA.card(card.split("@")[0]).faction
    return None if faction is None else faction_seat(view, faction)


# --- cards -----------------------------------------------------------------------------------------


def card_summary(view: View, card: str, lang: str, names: list[str] | None, place: str | None = None) -> str:
    """The card in short, "Landmine, card of Bob (Greys): trap, one-shot, X = 3": the owner, types and X (with the tiles
    on it and any Amplifier, 8.2, where the card is installed)."""
    kind = DATA.card(card.split("@")[0])
    name = card_name(card, lang)
    details = [t_(lang, TYPES[t]) for t in kind.types if t in TYPES]
    if kind.one_shot and kind.faction is not None:
        details.append(t_(lang, "one-shot"))
    if kind.number is not None:
        x = number(view, card, place) if place is not None and place in view["slots"] else kind.number
        details.append(f"X = {x}")
    if kind.faction is None:
        return t_(lang, "{name}, bonus card").format(name=name)
    seat = _owner_of_card(view, card)
    if seat is not None and seat == view.get("you"):
        whose = t_(lang, "your card")
    else:
        who = player(view, seat, lang, names) if seat is not None else faction_name(kind.faction, lang)
        whose = t_(lang, "card of {who}").format(who=who)
    return f"{name}, {whose}: {', '.join(details)}"


def card_text(card: str, lang: str) -> list[str]:
    """The card's printed text, "Landmine: When an enemy unit ...", cut into lines if long."""
    kind = DATA.card(card.split("@")[0])
    return _lines(t_(lang, kind.text["en"]), f"{card_name(card, lang)}:")


def card_lines(view: View, card: str, lang: str, names: list[str] | None, place: str | None = None) -> list[str]:
    return [*_lines(card_summary(view, card, lang, names, place)), *card_text(card, lang)]


# --- units -----------------------------------------------------------------------------------------


def unit_state(view: View, unit: str, lang: str) -> list[str]:
    """The marks on a unit: upgraded, parasites, gripped, invisible."""
    u = view["units"][unit]
    marks = []
    if u["up"]:
        marks.append(t_(lang, "upgraded"))
    if u["parasites"]:
        n = u["parasites"]
        marks.append(n_(lang, "{n} parasite", "{n} parasites", n).format(n=n))
    if u["gripped"]:
        marks.append(t_(lang, "gripped"))
    if u["invisible"]:
        marks.append(t_(lang, "invisible"))
    return marks


def attack_words(view: View, unit: str, lang: str) -> str:
    """What the unit's attack does (7.1): its faction's basic or upgraded attack; none while gripped
    (TH22) or from space (TH4)."""
    u = view["units"][unit]
    count, kind = DATA.factions[view["colours"][u["seat"]]]["attack"]["upgraded" if u["up"] else "basic"]
    if u["at"] in ("space", "moving"):
        return t_(lang, "attacks nothing from space") if u["at"] == "space" else ""
    if u["gripped"] and count:
        return t_(lang, "cannot attack while gripped")
    if not count:
        return t_(lang, "does not attack")
    if kind == "dp":
        return t_(lang, "attacks {count} enemy unit in range, each hit 1 DP for its player").format(count=count)  # fmt: skip
    if count == 1:
        return t_(lang, "attacks 1 enemy in range for 1 damage")
    return t_(lang, "attacks up to {count} enemies in range, 1 damage each").format(count=count)  # fmt: skip


def where_unit(view: View, unit: str, lang: str) -> str:
    at = view["units"][unit]["at"]
    if at == "space":
        return t_(lang, "in space")
    if at == "moving":
        return t_(lang, "on the move")
    return f"in {room_name(at, lang)}"


def occupant(view: View, piece: str, lang: str, names: list[str] | None) -> str:
    """What stands in a room: "Marines unit 1 of Alice (Marines), upgraded; attacks up to 3 ...",
    "Your Greys unit 2; does not attack", "A Young Alien of Bob (Aliens)" (TH24)."""
    if piece[0] == "Y":
        seat = faction_seat(view, "aliens")
        if seat is not None and seat == view.get("you"):
            return t_(lang, "One of your Young Aliens")
        who = player(view, seat, lang, names) if seat is not None else faction_name("aliens", lang)
        return t_(lang, "A Young Alien of {who}").format(who=who)
    seat = view["units"][piece]["seat"]
    name = unit_name(piece, lang)
    if seat == view.get("you"):
        text = t_(lang, "Your {name}").format(name=name)
    else:
        text = t_(lang, "{name} of {player}").format(name=name, player=player(view, seat, lang, names))
    marks = unit_state(view, piece, lang)
    attack = attack_words(view, piece, lang)
    return text + (f", {', '.join(marks)}" if marks else "") + (f"; {attack}" if attack else "")


# --- rooms -----------------------------------------------------------------------------------------


def direction(sector: str, room: str, other: str, lang: str) -> str:
    rooms = DATA.sectors[sector].rooms
    (x, y), (ox, oy) = ROOM_CELLS[rooms.index(room)], ROOM_CELLS[rooms.index(other)]
    return t_(lang, DIRECTIONS[(ox - x, oy - y)])


def room_links(sector: str, room: str, lang: str) -> list[str]:
    """The room's connections by the names of the rooms they lead to, with where each lies as the
    board draws it; then the rooms in range through them (TH4: range is the group of rooms linked by
    connections, inside one sector)."""
    sec = DATA.sectors[sector]
    linked = [b if a == room else a for a, b in sec.connections if room in (a, b)]
    if not linked:
        return [t_(lang, "No connection to another room: nothing is in range from here")]  # fmt: skip
    ways = [t_(lang, "{room} to the {direction}").format(room=room_name(r, lang), direction=direction(sector, room, r, lang))
            for r in linked]
    out = [t_(lang, "Connected to {ways}").format(ways=_and(ways, lang))]
    further = [r for r in sec.rooms if r in sec.groups[room] and r != room and r not in linked]
    if further:
        rooms = _and([room_name(r, lang) for r in further], lang)
        out.append(t_(lang, "Also in range through the connections: {rooms}").format(rooms=rooms))  # fmt: skip
    return out


def room_place(view: View, sector: str, room: str, lang: str, names: list[str] | None) -> dict[str, Any]:
    piece = view["rooms"].get(room)
    here = occupant(view, piece, lang, names) if piece else t_(lang, "Empty")
    name = room_name(room, lang)
    return {"place": name, "name": name, "lines": [*_lines(here), *room_links(sector, room, lang)]}


def unit_place(view: View, unit: str, lang: str, names: list[str] | None) -> dict[str, Any]:
    """A unit as a place of its own (board.js gives its disc the unit's name as its place)."""
    u = view["units"][unit]
    name = unit_name(unit, lang)
    lp = view["lp"][u["seat"]]
    if u["seat"] == view.get("you"):
        lines = [t_(lang, "Your unit: you have {lp} LP").format(lp=lp)]
    else:
        who = player(view, u["seat"], lang, names)
        lines = [t_(lang, "A unit of {who}: {lp} LP").format(who=who, lp=lp)]
    marks = ", ".join(unit_state(view, unit, lang))
    attack = attack_words(view, unit, lang)
    lines += [_upper(text) for text in (marks, attack) if text]
    return {"place": name, "name": f"{name} {where_unit(view, unit, lang)}", "lines": lines}


# --- sectors, slots, pending positions -------------------------------------------------------------


def sectors_drawn(view: View) -> list[str]:
    """The sectors the board draws: the ring clockwise, or before a team game's ring is laid out, the
    seats' own sectors (as board.js's sectorsDrawn)."""
    if view["ring"]:
        return list(view["ring"])
    own = [DATA.factions[f]["sector"] for f in view["colours"]]
    return list(dict.fromkeys(own))


def sector_owners(view: View, sector: str, lang: str, names: list[str] | None) -> str | None:
    """Whose sector it is: the team's (team play, 13) or the faction's seated player's."""
    if view["mode"] == "teams":
        chosen = view["team_sectors"] or []
        if sector not in chosen:
            return None
        who = _and([player(view, seat, lang, names) for seat in view["sides"][chosen.index(sector)]], lang)
        return t_(lang, "Team sector of {who}").format(who=who)
    faction = DATA.sectors[sector].faction
    seat = faction_seat(view, faction) if faction else None
    if seat is None:
        return None
    who = player(view, seat, lang, names)
    return t_(lang, "Own sector of {who}").format(who=who)


def sector_place(view: View, sector: str, lang: str, names: list[str] | None) -> dict[str, Any]:
    sec = DATA.sectors[sector]
    name = sector_name(sector, lang)
    faction = faction_name(sec.faction, lang) if sec.faction else ""
    kind = t_(lang, "the {faction}' sector").format(faction=faction) if faction else \
        t_(lang, "general sector")  # fmt: skip
    action = t_(lang, ACTIONS[sec.action])
    lines = [t_(lang, "Sector action: {action}").format(action=action)]
    owners = sector_owners(view, sector, lang, names)
    if owners:
        lines.append(owners)
    ring = view["ring"]
    if len(ring) > 1 and sector in ring:
        i = ring.index(sector)
        after, before = sector_name(ring[(i + 1) % len(ring)], lang), sector_name(ring[i - 1], lang)
        lines.append(t_(lang, "Clockwise the next sector is {after}; the one before is {before}").format(
            after=after, before=before))  # fmt: skip
    elif not ring:
        lines.append(t_(lang, "Not in the ring yet: the team sectors are still being chosen"))  # fmt: skip
    taken = sum(1 for r in sec.rooms if view["rooms"].get(r))
    lines.append(t_(lang, "Rooms taken: {taken} of 4").format(taken=taken))
    return {"place": name, "name": f"{name}, {kind}", "lines": lines}


def disc_line(lang: str) -> str:
    return t_(lang, "The malfunction disc lies on it: the card is switched off")  # fmt: skip


def pending_place(view: View, place: str, lang: str, names: list[str] | None) -> dict[str, Any]:
    card = view["pending"][place]
    lines = card_lines(view, card, lang, names, place) if card else [t_(lang, "Empty")]
    if card and view["disc"] == place:
        lines.append(disc_line(lang))
    name = place_name(place, lang)
    return {"place": name, "name": name, "lines": lines}


def slot_place(view: View, place: str, lang: str, names: list[str] | None) -> dict[str, Any]:
    """An install slot: its card (switched off by the disc or an enemy Crawler, 8.1, TH26), the tiles
    and counter on it, the bonus card lying there, and the slots beside it (Duplication, 8.4)."""
    sector, spot = place.split(".")
    slot = view["slots"][place]
    bonus_slot = spot in DATA.sectors[sector].bonus_slots
    card = slot["card"]
    lines = card_lines(view, card, lang, names, place) if card else [t_(lang, "Empty")]
    if card and view["disc"] == place:
        lines.append(disc_line(lang))
    elif card and switched_off(view, place, card):
        lines.append(t_(lang, "Switched off by an enemy card in this sector"))  # fmt: skip
    if slot["tiles"]:
        lines.append(t_(lang, "Upgrade tiles on it: {tiles}").format(tiles=slot['tiles']))
    if slot["counter"]:
        lines.append(t_(lang, "Counter: {counter}").format(counter=slot['counter']))
    if slot["deact"]:
        n = slot["deact"]
        lines.append(t_(lang, "Deactivation tiles on it: {n}").format(n=n))
    if slot["bonus"]:
        bonus = card_name(slot["bonus"], lang)
        lines.append(t_(lang, "Bonus card here: {bonus}; installing a card here takes it").format(bonus=bonus))  # fmt: skip
        lines += card_text(slot["bonus"], lang)
    elif bonus_slot:
        lines.append(t_(lang, "A bonus slot"))
    beside = [place_name(f"{sector}.{s}", lang) for s in DATA.sectors[sector].adjacent[spot]]
    if beside:
        lines.append(t_(lang, "Beside {beside}").format(beside=_and(beside, lang)))
    name = place_name(place, lang)
    return {"place": name, "name": name, "lines": lines}


def places(view: View, lang: str, names: list[str] | None) -> list[dict[str, Any]]:
    """Every place in the ring's order: a sector's name band, its rooms each followed by the unit
    in it, its pending positions and its slots; then the units in space or on the move."""
    out = []
    for sector in sectors_drawn(view):
        sec = DATA.sectors[sector]
        out.append(sector_place(view, sector, lang, names))
        for room in sec.rooms:
            out.append(room_place(view, sector, room, lang, names))
            piece = view["rooms"].get(room)
            if piece and piece in view["units"]:
                out.append(unit_place(view, piece, lang, names))
        for k in range(1, sec.pending + 1):
            if f"{sector}.p{k}" in view["pending"]:
                out.append(pending_place(view, f"{sector}.p{k}", lang, names))
        for spot in sec.slot_ids:
            if f"{sector}.{spot}" in view["slots"]:
                out.append(slot_place(view, f"{sector}.{spot}", lang, names))
    placed = {p["place"] for p in out}
    for unit in units_in_order(view):
        if unit_name(unit, lang) not in placed:
            out.append(unit_place(view, unit, lang, names))
    return out


# --- the reader's own ------------------------------------------------------------------------------


def mine(view: View, lang: str, names: list[str] | None) -> list[str]:
    """The reader's units and where each is, the team, the cards held and drawn, the deck and the
    discards, the tiles in supply and the reader's cards in play. Empty for a spectator."""
    you = view.get("you")
    if you is None:
        return []
    out = [_own_unit(view, u, lang) for u in units_in_order(view) if view["units"][u]["seat"] == you]
    out += _team_and_sector(view, you, lang, names)
    for card in view["held"][you]:
        out += _lines(card_summary(view, card, lang, names), t_(lang, "In your hand:"))
        out += card_text(card, lang)
    for card in view["drawn"][you]:
        lead = t_(lang, "Drawn, to install at setup:")
        out += [*_lines(card_summary(view, card, lang, names), lead), *card_text(card, lang)]
    out += _deck(view, you, lang, names)
    out += _supply(view, you, lang)
    for place in slots_in_order(view):
        slot = view["slots"][place]
        if slot["card"] and _owner_of_card(view, slot["card"]) == you:
            out.append(t_(lang, "Your {card} is installed on {place}").format(
                card=card_name(slot['card'], lang), place=place_name(place, lang)))  # fmt: skip
    for place in pending_in_order(view):
        card = view["pending"][place]
        if card and _owner_of_card(view, card) == you:
            out.append(t_(lang, "Your {card} waits on {place}").format(
                card=card_name(card, lang), place=place_name(place, lang)))  # fmt: skip
    return out


def _own_unit(view: View, unit: str, lang: str) -> str:
    """One of the reader's units, where it is and its marks: "Your Marines unit 1 in Corridors room 2, upgraded"."""
    name, where = unit_name(unit, lang), where_unit(view, unit, lang)
    marks = "".join(f", {m}" for m in unit_state(view, unit, lang))
    return t_(lang, "Your {name} {where}{marks}").format(name=name, where=where, marks=marks)


def _team_and_sector(view: View, you: int, lang: str, names: list[str] | None) -> list[str]:
    out = []
    if view["mode"] == "teams":
        side = view["side_of"][you]
        mates = [player(view, seat, lang, names) for seat in view["sides"][side] if seat != you]
        out.append(t_(lang, "In your team: {mates}").format(mates=_and(mates, lang)))
        if view["team_sectors"]:
            sector = sector_name(view["team_sectors"][side], lang)
            out.append(t_(lang, "Your team's sector: {sector}").format(sector=sector))
    else:
        sector = sector_name(DATA.factions[view["colours"][you]]["sector"], lang)
        out.append(t_(lang, "Your sector: {sector}").format(sector=sector))
    return out


def _deck(view: View, you: int, lang: str, names: list[str] | None) -> list[str]:
    deck = view["decks"][you]
    if deck["size"]:
        size = _cards(deck["size"], lang)
        lead = t_(lang, "Your deck: {size}; on top:").format(size=size)
        out = [*_lines(card_summary(view, deck["top"], lang, names), lead), *card_text(deck["top"], lang)]
    else:
        out = [t_(lang, "Your deck is empty")]
    discards = [card_name(c, lang) for c in view["discards"][you]]
    if discards:
        count = _cards(len(discards), lang)
        out += _lines(", ".join(discards), t_(lang, "Your discard pile, {count}:").format(count=count))
    else:
        out.append(t_(lang, "Your discard pile is empty"))
    if view["aside"][you]:
        count = _cards(view["aside"][you], lang)
        out.append(t_(lang, "Set aside unseen: {count}").format(count=count))
    return out


def _supply(view: View, you: int, lang: str) -> list[str]:
    tiles = view["tiles"][view["side_of"][you]]
    team = view["mode"] == "teams"
    out = [
        t_(lang, "Upgrade tiles of your team: {tiles}" if team else "Upgrade tiles: {tiles}").format(tiles=tiles)
    ]
    kinds = DATA.factions[view["colours"][you]]["tiles"]
    if kinds:
        supply = [f"{tile_supply(view, k)} {t_(lang, SUPPLY[k])}" for k in kinds]
        out.append(t_(lang, "In your supply: {supply}").format(supply=_and(supply, lang)))
    return out


# --- scores ----------------------------------------------------------------------------------------


def _seat_score(view: View, seat: int, lang: str, names: list[str] | None, tiles: bool) -> str:
    parts = [f"{view['lp'][seat]} LP"]
    if DATA.factions[view["colours"][seat]]["dp"] or view["dp"][seat]:
        parts.append(f"{view['dp'][seat]} DP")
    else:
        parts.append(t_(lang, "collects no DP"))
    if tiles:
        n = view["tiles"][view["side_of"][seat]]
        parts.append(t_(lang, "{n} upgrade tiles").format(n=n))
    who = player(view, seat, lang, names)
    if seat == view.get("you"):
        who += t_(lang, ", you")
    line = f"{who}: {', '.join(parts)}"
    if view["over"] is None and view["turn"]["seat"] == seat:
        line += t_(lang, "; to play")
    if seat in view["out"]:
        line += t_(lang, "; plays no tie turn")
    return line


def scores(view: View, lang: str, names: list[str] | None) -> list[str]:
    """Each seat's LP and DP (and the side's upgrade tiles); in team play each team's sum first,
    naming both partners (13: partners are ranked by it); then the end track, the goal and the end."""
    out = []
    if view["mode"] == "teams":
        for side, seats in enumerate(view["sides"]):
            total = sum(view["lp"][s] + view["dp"][s] for s in seats)
            who = _and([player(view, s, lang, names) for s in seats], lang)
            tiles = view["tiles"][side]
            out.append(t_(lang, "Team of {who}: {total} points of LP and DP together, {tiles} upgrade tiles").format(
                who=who, total=total, tiles=tiles))  # fmt: skip
            out += [_seat_score(view, s, lang, names, False) for s in seats]
    else:
        out += [_seat_score(view, seat, lang, names, True) for seat in view["order"]]
    out.append(_end_track(view, lang))
    if view["tie"] and view["over"] is None:
        queue = _and([player(view, s, lang, names) for s in view["tie"]["queue"]], lang)
        out += _lines(queue, t_(lang, "A tie at END: one more turn for"))
    if view["over"] is not None:
        out += _over(view, lang, names)
    else:
        out.append(t_(lang, GOALS[view["mode"]]))
    return out


def _end_track(view: View, lang: str) -> str:
    step = DATA.setup["end_track"][view["end"]]
    if step == "off":
        at = t_(lang, "not on the track yet (it moves to 3, 2, 1, END)")
    else:
        shown = step if step != "END" else t_(lang, "END")
        at = t_(lang, "on {shown} (of 3, 2, 1, END)").format(shown=shown)
    return t_(lang, "Round {round}; the end tile is {at}").format(round=view['round'], at=at)


def _over(view: View, lang: str, names: list[str] | None) -> list[str]:
    why = ending(view["over"], lang).rstrip(".")
    winners = [player(view, view["colours"].index(f), lang, names) for f in view["over"]["winners"]]
    over = p_(lang, "the board in words", "The game is over")
    out = _lines(why, f"{over}:") if why else [over]
    out += _lines(_and(winners, lang), t_(lang, "Won:"))
    return out


def describe(view: View, lang: str = "en", names: list[str] | None = None) -> dict[str, Any]:
    """The board in words for the view's reader (games.rules.base: `describe`)."""
    return {"mine": mine(view, lang, names), "scores": scores(view, lang, names), "places": places(view, lang, names)}
