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

from ..base import DESCRIBE_LINE
from .components import DATA
from .log import FACTION, card_name, ending, language, place_name, room_name, sector_name, unit_name
from .station import faction_seat, number, pending_in_order, slots_in_order, switched_off, tile_supply, units_in_order

View = dict[str, Any]

# fmt: off
# The rooms of a sector as board.js draws them, clockwise from the top left (1 2 / 4 3): (column, row).
ROOM_CELLS = ((0, 0), (1, 0), (1, 1), (0, 1))
DIRECTIONS = {
    (0, -1): ("north", "Norden"), (1, -1): ("northeast", "Nordosten"), (1, 0): ("east", "Osten"),
    (1, 1): ("southeast", "Südosten"), (0, 1): ("south", "Süden"), (-1, 1): ("southwest", "Südwesten"),
    (-1, 0): ("west", "Westen"), (-1, -1): ("northwest", "Nordwesten"),
}
ACTIONS = {"combat": ("Combat", "Kampf"), "malfunction": ("Malfunction", "Fehlfunktion"),
           "extra_turn": ("Extra turn", "Extrazug"), "faction": ("Faction action", "Fraktionsaktion")}
TYPES = {"action": ("action", "Aktion"), "trap": ("trap", "Falle"), "module": ("module", "Modul"),
         "station_wide": ("station-wide", "stationsweit"), "shortcut": ("shortcut", "Abkürzung"),
         "special": ("special", "Spezial"), "duplication": ("duplication", "Duplikation")}
SUPPLY = {"deactivation": ("deactivation tiles", "Deaktivierungsplättchen"),
          "young_alien": ("Young Aliens", "junge Aliens"), "parasite": ("parasite tiles", "Parasitenplättchen"),
          "gripper": ("gripper tiles", "Greiferplättchen"), "invisibility": ("invisibility tiles", "Unsichtbarkeitsplättchen")}
GOALS = {  # the ends of 11.2 and 11.3, deathmatch's of 12
    "duel": ("To win: 20 DP, or the opponent at 0 LP; at END, the higher sum of LP and DP",
             "Zum Sieg: 20 DP oder der Gegner bei 0 LP; bei ENDE die höhere Summe aus LP und DP"),
    "teams": ("To win: 20 DP for a player, or an enemy at 0 LP; at END, the team with the higher sum of LP and DP",
              "Zum Sieg: 20 DP für einen Spieler oder ein Feind bei 0 LP; bei ENDE das Team mit der höheren Summe"),
    "deathmatch": ("To win: 20 LP or 20 DP first (damage dealt gives LP to its dealer); at END, the highest sum",
                   "Zum Sieg: zuerst 20 LP oder 20 DP (Schaden bringt dem Verursacher LP); bei ENDE die höchste Summe"),
}
# fmt: on


def _t(lang: str, en: str, de: str) -> str:
    return en if language(lang) == "en" else de


def _pick(lang: str, pair: tuple[str, str]) -> str:
    return pair[0] if language(lang) == "en" else pair[1]


def _and(items: list[str], lang: str) -> str:
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} {_t(lang, 'and', 'und')} {items[-1]}"


def _cards(n: int, lang: str) -> str:
    """The count of cards, "1 card", "3 cards": the plural right in either language."""
    return _t(lang, f"{n} card{'s' if n != 1 else ''}", f"{n} Karte{'n' if n != 1 else ''}")


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
    faction = FACTION[language(lang)][view["colours"][seat]]
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
    details = [_pick(lang, TYPES[t]) for t in kind.types if t in TYPES]
    if kind.one_shot and kind.faction is not None:
        details.append(_t(lang, "one-shot", "einmal"))
    if kind.number is not None:
        x = number(view, card, place) if place is not None and place in view["slots"] else kind.number
        details.append(f"X = {x}")
    if kind.faction is None:
        return f"{name}, {_t(lang, 'bonus card', 'Bonuskarte')}"
    seat = _owner_of_card(view, card)
    if seat is not None and seat == view.get("you"):
        whose = _t(lang, "your card", "deine Karte")
    else:
        who = player(view, seat, lang, names) if seat is not None else FACTION[language(lang)][kind.faction]
        whose = _t(lang, f"card of {who}", f"Karte von {who}")
    return f"{name}, {whose}: {', '.join(details)}"


def card_text(card: str, lang: str) -> list[str]:
    """The card's printed text, "Landmine: When an enemy unit ...", cut into lines if long."""
    kind = DATA.card(card.split("@")[0])
    return _lines(kind.text[language(lang)], f"{card_name(card, lang)}:")


def card_lines(view: View, card: str, lang: str, names: list[str] | None, place: str | None = None) -> list[str]:
    return [*_lines(card_summary(view, card, lang, names, place)), *card_text(card, lang)]


# --- units -----------------------------------------------------------------------------------------


def unit_state(view: View, unit: str, lang: str) -> list[str]:
    """The marks on a unit: upgraded, parasites, gripped, invisible."""
    u = view["units"][unit]
    marks = []
    if u["up"]:
        marks.append(_t(lang, "upgraded", "aufgewertet"))
    if u["parasites"]:
        n = u["parasites"]
        marks.append(_t(lang, f"{n} parasite{'s' if n != 1 else ''}", f"{n} Parasit{'en' if n != 1 else ''}"))
    if u["gripped"]:
        marks.append(_t(lang, "gripped", "gepackt"))
    if u["invisible"]:
        marks.append(_t(lang, "invisible", "unsichtbar"))
    return marks


def attack_words(view: View, unit: str, lang: str) -> str:
    """What the unit's attack does (7.1): its faction's basic or upgraded attack; none while gripped
    (TH22) or from space (TH4)."""
    u = view["units"][unit]
    count, kind = DATA.factions[view["colours"][u["seat"]]]["attack"]["upgraded" if u["up"] else "basic"]
    if u["at"] in ("space", "moving"):
        return _t(lang, "attacks nothing from space", "greift aus dem All nichts an") if u["at"] == "space" else ""
    if u["gripped"] and count:
        return _t(lang, "cannot attack while gripped", "kann gepackt nicht angreifen")
    if not count:
        return _t(lang, "does not attack", "greift nicht an")
    if kind == "dp":
        return _t(lang, f"attacks {count} enemy unit in range, each hit 1 DP for its player",
                  f"greift {count} feindliche Einheit in Reichweite an, jeder Treffer 1 DP für ihren Spieler")  # fmt: skip
    if count == 1:
        return _t(lang, "attacks 1 enemy in range for 1 damage", "greift 1 Feind in Reichweite an: 1 Schaden")
    return _t(lang, f"attacks up to {count} enemies in range, 1 damage each",
              f"greift bis zu {count} Feinde in Reichweite an, je 1 Schaden")  # fmt: skip


def where_unit(view: View, unit: str, lang: str) -> str:
    at = view["units"][unit]["at"]
    if at == "space":
        return _t(lang, "in space", "im All")
    if at == "moving":
        return _t(lang, "on the move", "unterwegs")
    return f"in {room_name(at, lang)}"


def occupant(view: View, piece: str, lang: str, names: list[str] | None) -> str:
    """What stands in a room: "Marines unit 1 of Alice (Marines), upgraded; attacks up to 3 ...",
    "Your Greys unit 2; does not attack", "A Young Alien of Bob (Aliens)" (TH24)."""
    if piece[0] == "Y":
        seat = faction_seat(view, "aliens")
        if seat is not None and seat == view.get("you"):
            return _t(lang, "One of your Young Aliens", "Eines deiner jungen Aliens")
        who = player(view, seat, lang, names) if seat is not None else FACTION[language(lang)]["aliens"]
        return _t(lang, f"A Young Alien of {who}", f"Ein junges Alien von {who}")
    seat = view["units"][piece]["seat"]
    name = unit_name(piece, lang)
    if seat == view.get("you"):
        text = _t(lang, f"Your {name}", f"Deine {name}")
    else:
        text = _t(lang, f"{name} of {player(view, seat, lang, names)}", f"{name} von {player(view, seat, lang, names)}")
    marks = unit_state(view, piece, lang)
    attack = attack_words(view, piece, lang)
    return text + (f", {', '.join(marks)}" if marks else "") + (f"; {attack}" if attack else "")


# --- rooms -----------------------------------------------------------------------------------------


def direction(sector: str, room: str, other: str, lang: str) -> str:
    rooms = DATA.sectors[sector].rooms
    (x, y), (ox, oy) = ROOM_CELLS[rooms.index(room)], ROOM_CELLS[rooms.index(other)]
    return _pick(lang, DIRECTIONS[(ox - x, oy - y)])


def room_links(sector: str, room: str, lang: str) -> list[str]:
    """The room's connections by the names of the rooms they lead to, with where each lies as the
    board draws it; then the rooms in range through them (TH4: range is the group of rooms linked by
    connections, inside one sector)."""
    sec = DATA.sectors[sector]
    linked = [b if a == room else a for a, b in sec.connections if room in (a, b)]
    if not linked:
        return [_t(lang, "No connection to another room: nothing is in range from here",
                   "Keine Verbindung zu einem anderen Raum: von hier ist nichts in Reichweite")]  # fmt: skip
    ways = [f"{room_name(r, lang)} {_t(lang, 'to the', 'im')} {direction(sector, room, r, lang)}" for r in linked]
    out = [_t(lang, f"Connected to {_and(ways, lang)}", f"Verbunden mit {_and(ways, lang)}")]
    further = [r for r in sec.rooms if r in sec.groups[room] and r != room and r not in linked]
    if further:
        rooms = _and([room_name(r, lang) for r in further], lang)
        out.append(_t(lang, f"Also in range through the connections: {rooms}",
                      f"Über die Verbindungen auch in Reichweite: {rooms}"))  # fmt: skip
    return out


def room_place(view: View, sector: str, room: str, lang: str, names: list[str] | None) -> dict[str, Any]:
    piece = view["rooms"].get(room)
    here = occupant(view, piece, lang, names) if piece else _t(lang, "Empty", "Leer")
    name = room_name(room, lang)
    return {"place": name, "name": name, "lines": [*_lines(here), *room_links(sector, room, lang)]}


def unit_place(view: View, unit: str, lang: str, names: list[str] | None) -> dict[str, Any]:
    """A unit as a place of its own (board.js gives its disc the unit's name as its place)."""
    u = view["units"][unit]
    name = unit_name(unit, lang)
    lp = view["lp"][u["seat"]]
    if u["seat"] == view.get("you"):
        lines = [_t(lang, f"Your unit: you have {lp} LP", f"Deine Einheit: du hast {lp} LP")]
    else:
        who = player(view, u["seat"], lang, names)
        lines = [_t(lang, f"A unit of {who}: {lp} LP", f"Eine Einheit von {who}: {lp} LP")]
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
        return _t(lang, f"Team sector of {who}", f"Teamsektor von {who}")
    faction = DATA.sectors[sector].faction
    seat = faction_seat(view, faction) if faction else None
    if seat is None:
        return None
    who = player(view, seat, lang, names)
    return _t(lang, f"Own sector of {who}", f"Eigener Sektor von {who}")


def sector_place(view: View, sector: str, lang: str, names: list[str] | None) -> dict[str, Any]:
    sec = DATA.sectors[sector]
    name = sector_name(sector, lang)
    faction = FACTION[language(lang)].get(sec.faction or "", "")
    kind = _t(lang, f"the {faction}' sector", f"Sektor der {faction}") if faction else \
        _t(lang, "general sector", "allgemeiner Sektor")  # fmt: skip
    action = _pick(lang, ACTIONS[sec.action])
    lines = [_t(lang, f"Sector action: {action}", f"Sektoraktion: {action}")]
    owners = sector_owners(view, sector, lang, names)
    if owners:
        lines.append(owners)
    ring = view["ring"]
    if len(ring) > 1 and sector in ring:
        i = ring.index(sector)
        after, before = sector_name(ring[(i + 1) % len(ring)], lang), sector_name(ring[i - 1], lang)
        lines.append(_t(lang, f"Clockwise the next sector is {after}; the one before is {before}",
                        f"Im Uhrzeigersinn folgt {after}; davor liegt {before}"))  # fmt: skip
    elif not ring:
        lines.append(_t(lang, "Not in the ring yet: the team sectors are still being chosen",
                        "Noch nicht im Ring: die Teamsektoren werden noch gewählt"))  # fmt: skip
    taken = sum(1 for r in sec.rooms if view["rooms"].get(r))
    lines.append(_t(lang, f"Rooms taken: {taken} of 4", f"Belegte Räume: {taken} von 4"))
    return {"place": name, "name": f"{name}, {kind}", "lines": lines}


def disc_line(lang: str) -> str:
    return _t(lang, "The malfunction disc lies on it: the card is switched off",
              "Die Fehlfunktionsscheibe liegt darauf: die Karte ist abgeschaltet")  # fmt: skip


def pending_place(view: View, place: str, lang: str, names: list[str] | None) -> dict[str, Any]:
    card = view["pending"][place]
    lines = card_lines(view, card, lang, names, place) if card else [_t(lang, "Empty", "Leer")]
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
    lines = card_lines(view, card, lang, names, place) if card else [_t(lang, "Empty", "Leer")]
    if card and view["disc"] == place:
        lines.append(disc_line(lang))
    elif card and switched_off(view, place, card):
        lines.append(_t(lang, "Switched off by an enemy card in this sector", "Abgeschaltet durch eine feindliche Karte hier"))  # fmt: skip
    if slot["tiles"]:
        lines.append(_t(lang, f"Upgrade tiles on it: {slot['tiles']}", f"Upgrade-Plättchen darauf: {slot['tiles']}"))
    if slot["counter"]:
        lines.append(_t(lang, f"Counter: {slot['counter']}", f"Zähler: {slot['counter']}"))
    if slot["deact"]:
        n = slot["deact"]
        lines.append(_t(lang, f"Deactivation tiles on it: {n}", f"Deaktivierungsplättchen darauf: {n}"))
    if slot["bonus"]:
        bonus = card_name(slot["bonus"], lang)
        lines.append(_t(lang, f"Bonus card here: {bonus}; installing a card here takes it",
                        f"Bonuskarte hier: {bonus}; wer hier eine Karte installiert, nimmt sie"))  # fmt: skip
        lines += card_text(slot["bonus"], lang)
    elif bonus_slot:
        lines.append(_t(lang, "A bonus slot", "Ein Bonusfeld"))
    beside = [place_name(f"{sector}.{s}", lang) for s in DATA.sectors[sector].adjacent[spot]]
    if beside:
        lines.append(_t(lang, f"Beside {_and(beside, lang)}", f"Neben {_and(beside, lang)}"))
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
        out += _lines(card_summary(view, card, lang, names), _t(lang, "In your hand:", "Auf deiner Hand:"))
        out += card_text(card, lang)
    for card in view["drawn"][you]:
        lead = _t(lang, "Drawn, to install at setup:", "Gezogen, zum Installieren beim Aufbau:")
        out += [*_lines(card_summary(view, card, lang, names), lead), *card_text(card, lang)]
    out += _deck(view, you, lang, names)
    out += _supply(view, you, lang)
    for place in slots_in_order(view):
        slot = view["slots"][place]
        if slot["card"] and _owner_of_card(view, slot["card"]) == you:
            out.append(_t(lang, f"Your {card_name(slot['card'], lang)} is installed on {place_name(place, lang)}",
                          f"Deine Karte {card_name(slot['card'], lang)} liegt auf {place_name(place, lang)}"))  # fmt: skip
    for place in pending_in_order(view):
        card = view["pending"][place]
        if card and _owner_of_card(view, card) == you:
            out.append(_t(lang, f"Your {card_name(card, lang)} waits on {place_name(place, lang)}",
                          f"Deine Karte {card_name(card, lang)} wartet auf {place_name(place, lang)}"))  # fmt: skip
    return out


def _own_unit(view: View, unit: str, lang: str) -> str:
    """One of the reader's units, where it is and its marks: "Your Marines unit 1 in Corridors room 2, upgraded"."""
    name, where = unit_name(unit, lang), where_unit(view, unit, lang)
    marks = "".join(f", {m}" for m in unit_state(view, unit, lang))
    return _t(lang, f"Your {name} {where}{marks}", f"Deine {name} {where}{marks}")


def _team_and_sector(view: View, you: int, lang: str, names: list[str] | None) -> list[str]:
    out = []
    if view["mode"] == "teams":
        side = view["side_of"][you]
        mates = [player(view, seat, lang, names) for seat in view["sides"][side] if seat != you]
        out.append(_t(lang, f"In your team: {_and(mates, lang)}", f"In deinem Team: {_and(mates, lang)}"))
        if view["team_sectors"]:
            sector = sector_name(view["team_sectors"][side], lang)
            out.append(_t(lang, f"Your team's sector: {sector}", f"Sektor deines Teams: {sector}"))
    else:
        sector = sector_name(DATA.factions[view["colours"][you]]["sector"], lang)
        out.append(_t(lang, f"Your sector: {sector}", f"Dein Sektor: {sector}"))
    return out


def _deck(view: View, you: int, lang: str, names: list[str] | None) -> list[str]:
    deck = view["decks"][you]
    if deck["size"]:
        size = _cards(deck["size"], lang)
        lead = _t(lang, f"Your deck: {size}; on top:", f"Dein Stapel: {size}; oben:")
        out = [*_lines(card_summary(view, deck["top"], lang, names), lead), *card_text(deck["top"], lang)]
    else:
        out = [_t(lang, "Your deck is empty", "Dein Stapel ist leer")]
    discards = [card_name(c, lang) for c in view["discards"][you]]
    if discards:
        count = _cards(len(discards), lang)
        out += _lines(", ".join(discards), _t(lang, f"Your discard pile, {count}:", f"Deine Ablage, {count}:"))
    else:
        out.append(_t(lang, "Your discard pile is empty", "Deine Ablage ist leer"))
    if view["aside"][you]:
        count = _cards(view["aside"][you], lang)
        out.append(_t(lang, f"Set aside unseen: {count}", f"Ungesehen beiseitegelegt: {count}"))
    return out


def _supply(view: View, you: int, lang: str) -> list[str]:
    tiles = view["tiles"][view["side_of"][you]]
    team = view["mode"] == "teams"
    out = [
        _t(
            lang,
            f"Upgrade tiles{' of your team' * team}: {tiles}",
            f"Upgrade-Plättchen{' deines Teams' * team}: {tiles}",
        )
    ]
    kinds = DATA.factions[view["colours"][you]]["tiles"]
    if kinds:
        supply = [f"{tile_supply(view, k)} {_pick(lang, SUPPLY[k])}" for k in kinds]
        out.append(_t(lang, f"In your supply: {_and(supply, lang)}", f"In deinem Vorrat: {_and(supply, lang)}"))
    return out


# --- scores ----------------------------------------------------------------------------------------


def _seat_score(view: View, seat: int, lang: str, names: list[str] | None, tiles: bool) -> str:
    parts = [f"{view['lp'][seat]} LP"]
    if DATA.factions[view["colours"][seat]]["dp"] or view["dp"][seat]:
        parts.append(f"{view['dp'][seat]} DP")
    else:
        parts.append(_t(lang, "collects no DP", "sammelt keine DP"))
    if tiles:
        n = view["tiles"][view["side_of"][seat]]
        parts.append(_t(lang, f"{n} upgrade tiles", f"{n} Upgrade-Plättchen"))
    who = player(view, seat, lang, names)
    if seat == view.get("you"):
        who += _t(lang, ", you", ", du")
    line = f"{who}: {', '.join(parts)}"
    if view["over"] is None and view["turn"]["seat"] == seat:
        line += _t(lang, "; to play", "; am Zug")
    if seat in view["out"]:
        line += _t(lang, "; plays no tie turn", "; spielt keinen Zug nach dem Gleichstand")
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
            out.append(_t(lang, f"Team of {who}: {total} points of LP and DP together, {tiles} upgrade tiles",
                          f"Team von {who}: {total} Punkte aus LP und DP zusammen, {tiles} Upgrade-Plättchen"))  # fmt: skip
            out += [_seat_score(view, s, lang, names, False) for s in seats]
    else:
        out += [_seat_score(view, seat, lang, names, True) for seat in view["order"]]
    out.append(_end_track(view, lang))
    if view["tie"] and view["over"] is None:
        queue = _and([player(view, s, lang, names) for s in view["tie"]["queue"]], lang)
        out += _lines(queue, _t(lang, "A tie at END: one more turn for", "Gleichstand bei ENDE: noch ein Zug für"))
    if view["over"] is not None:
        out += _over(view, lang, names)
    else:
        out.append(_pick(lang, GOALS[view["mode"]]))
    return out


def _end_track(view: View, lang: str) -> str:
    step = DATA.setup["end_track"][view["end"]]
    if step == "off":
        at = _t(
            lang,
            "not on the track yet (it moves to 3, 2, 1, END)",
            "noch nicht auf der Leiste (er rückt auf 3, 2, 1, ENDE)",
        )
    else:
        shown = step if step != "END" else _t(lang, "END", "ENDE")
        at = _t(lang, f"on {shown} (of 3, 2, 1, END)", f"auf {shown} (von 3, 2, 1, ENDE)")
    return _t(lang, f"Round {view['round']}; the end tile is {at}", f"Runde {view['round']}; der Endmarker ist {at}")


def _over(view: View, lang: str, names: list[str] | None) -> list[str]:
    why = ending(view["over"], lang).rstrip(".")
    winners = [player(view, view["colours"].index(f), lang, names) for f in view["over"]["winners"]]
    over = _t(lang, "The game is over", "Die Partie ist vorbei")
    out = _lines(why, f"{over}:") if why else [over]
    out += _lines(_and(winners, lang), _t(lang, "Won:", "Gewonnen:"))
    return out


def describe(view: View, lang: str = "en", names: list[str] | None = None) -> dict[str, Any]:
    """The board in words for the view's reader (games.rules.base: `describe`)."""
    lang = language(lang)
    return {"mine": mine(view, lang, names), "scores": scores(view, lang, names), "places": places(view, lang, names)}
