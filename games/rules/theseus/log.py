"""Events and prompts in the game's languages, naming sectors, rooms, units and cards: English here, every
other language from the game's catalogue (locale/<lang>/LC_MESSAGES/theseus.po)."""
from __future__ import annotations

import argparse
from typing import Any

from ..base import N_, CommandLine, Decision, Event, State
from .components import CATALOGUE, DATA

t_, p_, n_ = CATALOGUE.gettext, CATALOGUE.pgettext, CATALOGUE.ngettext
UNIT_FACTION = {"M": "marines", "A": "aliens", "S": "scientists", "G": "greys"}


def faction_name(faction: str, lang: str) -> str:
    return t_(lang, DATA.factions[faction]["name"]["en"]) if faction in DATA.factions else faction


def sector_name(sector: str, lang: str) -> str:
    return t_(lang, DATA.sectors[sector].name["en"]) if sector in DATA.sectors else sector


def room_name(room: str, lang: str) -> str:
    sector = room.rstrip("0123456789")
    return t_(lang, "{sector} room {n}").format(sector=sector_name(sector, lang), n=room[len(sector):])


def place_name(place: str, lang: str) -> str:
    sector, _, spot = place.partition(".")
    if spot.startswith("p"):
        return t_(lang, "{sector} pending position {n}").format(sector=sector_name(sector, lang), n=spot[1:])
    return t_(lang, "{sector} slot {n}").format(sector=sector_name(sector, lang), n=spot[1:])


def card_name(card: str, lang: str) -> str:
    base = card.split("@")[0]
    kind = DATA.card(base) if base in DATA.instances else DATA.kinds[base]
    name = t_(lang, kind.name["en"])
    if "@" in card:
        return t_(lang, "{name} (copy)").format(name=name)
    return name


def unit_name(unit: str, lang: str) -> str:
    if unit[0] == "Y":
        return t_(lang, "Young Alien")
    return t_(lang, "{faction} unit {n}").format(faction=faction_name(UNIT_FACTION[unit[0]], lang), n=unit[1:])


def seat_name(seat: int, s: State | None = None, lang: str = "en") -> str:
    if s is not None:
        return faction_name(s["colours"][seat], lang)
    return t_(lang, "seat {n}").format(n=seat + 1)


TOKEN_WORDS = {"continue": N_("continue"), "pass": N_("pass"), "done": N_("done"), "end_phase": N_("end the phase"),
               "no": N_("no"), "stop": N_("stop here"), "skip": N_("skip the sector"), "upgrade": N_("take an upgrade tile")}
PLACE_VERBS = {"A": N_("put your top card on {place}"), "B": N_("discard the card on {place}"),
               "C": N_("install the card from {place}")}


def token_name(token: str, lang: str) -> str:
    """A choice in words."""
    if token in DATA.instances or token.split("@")[0] in DATA.instances:
        return card_name(token, lang)
    if token in TOKEN_WORDS:
        return t_(lang, TOKEN_WORDS[token])
    head, _, rest = token.partition(":")
    if head == "seat":
        return t_(lang, "seat {n}").format(n=int(rest) + 1)
    if head in ("play",):
        return t_(lang, "play {card}").format(card=card_name(rest, lang))
    if head == "flip":
        return t_(lang, "upgrade {unit}").format(unit=unit_name(rest, lang))
    if head == "tile":
        return t_(lang, "a tile on {place}").format(place=place_name(rest, lang))
    if head == "cleanup":
        return t_(lang, "clean up {card}").format(card=card_name(rest, lang))
    if head == "teleport":
        return t_(lang, "teleport to {sector}").format(sector=sector_name(rest, lang))
    if head == "spend":
        return t_(lang, "spend {n} more").format(n=rest)
    if head == "trap":
        return t_(lang, DATA.kinds[rest].name["en"])
    if head in ("A", "B", "C"):
        return t_(lang, PLACE_VERBS[head]).format(place=place_name(rest, lang))
    if "+" in token:
        unit, _, card = token.partition("+")
        return f"{unit_name(unit, lang)} + {card_name(card, lang)}"
    if token in DATA.sectors:
        return sector_name(token, lang)
    if "." in token:
        return place_name(token, lang)
    if token[0] in UNIT_FACTION or token[0] == "Y":
        if token[-1].isdigit() and token.rstrip("0123456789") in DATA.sectors:
            return room_name(token, lang)
        return unit_name(token, lang)
    if token.rstrip("0123456789") in DATA.sectors:
        return room_name(token, lang)
    return token


QUESTION = {
    "team_sector": N_("choose your team's sector"),
    "setup_card": N_("choose the card to install"),
    "setup_slot": N_("choose a slot for it"),
    "setup_room": N_("choose a room for your unit"),
    "free_step": N_("play a card, spend tiles or continue"),
    "move_unit": N_("choose the unit to move"),
    "shortcut": N_("use a shortcut?"),
    "eject": N_("the sector is full: choose who is ejected"),
    "room": N_("choose a room"),
    "space_room": N_("choose a room for the unit from space"),
    "trap_next": N_("choose the trap that acts next"),
    "target": N_("choose a target"),
    "double_shot": N_("choose the unit that shoots again"),
    "action_next": N_("choose an action card or end the phase"),
    "pick_unit": N_("choose a unit"),
    "pick_card": N_("choose a card"),
    "pick_slot": N_("choose a slot"),
    "pick_opponent": N_("choose an opponent"),
    "pick_pending": N_("choose a pending card"),
    "disc_target": N_("choose the card for the malfunction disc"),
    "faction_action": N_("upgrade or clean up"),
    "extra_unit": N_("choose the unit for the extra turn"),
    "pending": N_("choose a pending position or pass"),
    "install_slot": N_("choose the slot to install on"),
    "lose_upgrade": N_("choose the upgrade he loses"),
    "heal_split": N_("choose whose LP go down"),
}


def prompt(s: State, lang: str = "en") -> str:
    if s["over"] is not None:
        return t_(lang, "The game is over")
    ask = s["ask"]
    return t_(lang, "{who}: {question}").format(who=seat_name(ask["seat"], s, lang), question=t_(lang, QUESTION[ask["type"]]))


ENDS = {"20": N_("a side reached 20 DP"),
        "0lp": N_("a player has no LP left"),
        "end": N_("the end tile reached END"),
        "tie": N_("the tie turns are played")}


def render(e: Event, lang: str = "en", names: list[str] | None = None) -> str:
    """One event as a sentence: several events of one decision stand side by side in the log. A
    seat is named by `names` (the players' names in seat order), else by its number."""
    text = _phrase(e, lang, names)
    if not (names and "seat" in e and text.startswith(names[e["seat"]])):  # a player's name as written
        text = text[:1].upper() + text[1:]
    return text + ("" if text.endswith((".", "!", "?")) else ".")


def _player(seat: int, lang: str, names: list[str] | None) -> str:
    return names[seat] if names else seat_name(seat, None, lang)


def _figure(e: Event, who: str | None, lang: str) -> str:
    """An LP or DP change as a sentence: "Ann loses 1 LP (19 left)"."""
    what, n, total = e["kind"].upper(), abs(e["delta"]), e["total"]
    if e["delta"] < 0:
        return t_(lang, "{who} loses {n} {what} ({total} left)").format(who=who, n=n, what=what, total=total)
    return t_(lang, "{who} gains {n} {what} (now {total})").format(who=who, n=n, what=what, total=total)


def _phrase(e: Event, lang: str, names: list[str] | None = None) -> str:
    k = e["kind"]
    L = lang

    def name(x: str) -> str:
        return token_name(x, L)
    who = _player(e["seat"], L, names) if isinstance(e.get("seat"), int) else None
    if k == "turn":
        return t_(L, "Round {round}: {who}'s turn").format(round=e['round'], who=who)
    if k == "move":
        points = n_(L, "{n} point", "{n} points", e["points"]).format(n=e["points"])
        return t_(L, "{name} moves from {sector} with {points}").format(
            name=name(e['unit']), sector=sector_name(e['start'], L), points=points)
    if k == "upgrades":
        tiles = n_(L, "{n} upgrade tile", "{n} upgrade tiles", e["delta"]).format(n=e["delta"])
        return t_(L, "{who} takes {tiles}").format(who=who, tiles=tiles)
    if k == "enter":
        return t_(L, "{name} enters {room}").format(name=name(e['unit']), room=room_name(e['room'], L))
    if k == "pass":
        return t_(L, "{name} passes {sector}").format(name=name(e['unit']), sector=sector_name(e['sector'], L))
    if k in ("lp", "dp"):
        return _figure(e, who, L)
    if k == "install":
        return t_(L, "{name} is installed on {place}").format(name=name(e['card']), place=place_name(e['place'], L))
    if k == "over":
        why = ENDS.get(e.get("why", ""))
        if why is None:
            return t_(L, "The game is over")
        return t_(L, "The game is over: {why}").format(why=t_(L, why))
    simple = {
        "skip": N_("{unit} skips {sector}"),
        "teleport": N_("{unit} teleports to {sector}"),
        "stop": N_("{unit} stops in {sector}"),
        "time_loop": N_("{unit} spends {points} more in {sector}"),
        "relocate": N_("{unit} is carried to {sector}"),
        "eject": N_("{piece} is ejected from {room}"),
        "freed": N_("{unit} is freed"),
        "parasites_shed": N_("{unit} sheds its parasites"),
        "parasite_damage": N_("parasites: {damage} damage to {unit}"),
        "hit": N_("{by} hits {unit} for {damage}"),
        "card_damage": N_("{card}: {damage} damage to {unit}"),
        "bunker": N_("the Bunker shields {unit}"),
        "young_alien_killed": N_("a Young Alien in {room} is killed"),
        "combat": N_("Combat"),
        "double_shot": N_("{unit} shoots again"),
        "sheltered": N_("the Shelter keeps {card} off {unit}"),
        "deactivated": N_("a deactivation tile stops {card}"),
        "spawn": N_("a Young Alien hatches in {room}"),
        "tile_on_unit": N_("{card}: a {tile} tile on {unit}"),
        "deactivation": N_("a deactivation tile on {card}"),
        "downgrade": N_("{who} loses an upgrade"),
        "disc": N_("the malfunction disc moves onto {card}"),
        "discard": N_("{card} is discarded"),
        "take_special": N_("{who} takes {card}"),
        "take_bonus": N_("{who} takes the bonus card {card}"),
        "refill": N_("{card} fills {place}"),
        "pending": N_("{card} waits on {place}"),
        "move_card": N_("{card} moves to {place}"),
        "remote": N_("Remote Control runs {card}"),
        "rush": N_("{unit} attacks in an Adrenaline Rush"),
        "counter": N_("{card}'s counter: {counter}"),
        "action": N_("{card} acts"),
        "extra_turn": N_("extra turn for {unit}"),
        "play": N_("{who} plays {card}"),
        "flip": N_("{unit} is upgraded"),
        "card_tile": N_("a tile on {card} ({tiles})"),
        "end_tile": N_("the end tile moves to {at}"),
        "tie": N_("a tie: extra turns"),
        "team_sector": N_("team sector: {sector}"),
        "setup_card": N_("{who} chooses {card} to install"),
        "setup_draw": N_("each player draws his first cards"),
    }
    fields: dict[str, Any] = {}
    for key, v in e.items():
        if key in ("unit", "piece", "card", "by") and isinstance(v, str):
            fields[key] = name(v)
        elif key == "sector" and isinstance(v, str):
            fields[key] = sector_name(v, L)
        elif key == "sector":
            fields[key] = t_(L, "the station")
        elif key == "room":
            fields[key] = room_name(v, L)
        elif key == "place" and isinstance(v, str):
            fields[key] = place_name(v, L)
        else:
            fields[key] = v
    fields["who"] = who
    return t_(L, simple[k]).format(**fields)


def _sides(who: list[str], lang: str) -> str:
    """Factions as a subject: "the Greys", "the Marines and the Aliens"."""
    words = [t_(lang, "the {faction}").format(faction=faction_name(w, lang)) for w in who]
    return f" {t_(lang, 'and')} ".join(words)


def ending(outcome: dict[str, Any], lang: str = "en") -> str:
    """Why the game ended: "The Greys lost their last LP.", "The Marines reached 20 DP."."""
    why, ranking = outcome.get("why"), outcome["ranking"]
    winners = [e for e in ranking if e["who"] in outcome["winners"]]
    if why == "0lp":
        losers = _sides([e["who"] for e in ranking if e["lp"] <= 0], lang)
        text = t_(lang, "{losers} lost their last LP").format(losers=losers)
    elif why == "20":
        dp = [e["who"] for e in winners if e["dp"] >= DATA.setup["win_dp"]]
        figure = f"{DATA.setup['win_dp']} DP" if dp else f"{DATA.setup['win_lp_deathmatch']} LP"  # LP: deathmatch
        who = _sides(dp or [e["who"] for e in winners], lang)
        text = t_(lang, "{who} reached {figure}").format(who=who, figure=figure)
    elif why in ("end", "tie"):
        who = _sides([e["who"] for e in winners], lang)
        text = t_(lang, "{why}: {who} had the most points").format(why=t_(lang, ENDS[why]), who=who)
    else:
        return ""
    return text[:1].upper() + text[1:] + "."


CHOSEN = {"continue": N_("goes on"), "pass": N_("passes"), "done": N_("is done"),
          "end_phase": N_("ends the phase"), "no": N_("says no"),
          "stop": N_("stops here"), "skip": N_("skips the sector")}


def render_decision(decision: Decision, lang: str = "en", names: list[str] | None = None) -> str:
    """A choice that caused no event in words: "Ends the phase.", "Chooses Greys unit 1."."""
    pick = decision.get("pick", "")
    if pick in CHOSEN:
        text = t_(lang, CHOSEN[pick])
    elif pick.startswith("seat:") and names:
        text = t_(lang, "chooses {names}").format(names=names[int(pick[5:])])
    elif pick[:2] in ("A:", "B:", "C:"):
        text = t_(lang, "chooses to {token}").format(token=token_name(pick, lang))
    else:
        text = t_(lang, "chooses {token}").format(token=token_name(pick, lang))
    return text[:1].upper() + text[1:] + "."


class TheseusCommandLine(CommandLine):
    """`play` on the command line: the modes and variants as flags, the seats named by faction."""

    def arguments(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--teams", action="store_true", help="4 players as two teams of two")
        parser.add_argument("--no-bonus", action="store_true", help="play without the bonus cards")
        parser.add_argument("--random-ring", action="store_true", help="the sectors in a random order")

    def options(self, args: argparse.Namespace) -> dict[str, Any]:
        return {"teams": args.teams, "no_bonus": args.no_bonus, "random_ring": args.random_ring}

    def seat(self, name: str, lang: str) -> str:
        return faction_name(name, lang)
