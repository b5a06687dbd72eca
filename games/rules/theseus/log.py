"""Events and prompts in English and German, naming sectors, rooms, units and cards."""
from __future__ import annotations

from ..base import CommandLine
from .components import DATA

FACTION = {lang: {f: DATA.factions[f]["name"][lang] for f in DATA.factions} for lang in ("en", "de")}
UNIT_FACTION = {"M": "marines", "A": "aliens", "S": "scientists", "G": "greys"}


def language(lang: str) -> str:
    """The language of the texts: the one asked for where the game speaks it, English otherwise."""
    return lang if lang in ("en", "de") else "en"


def sector_name(sector: str, lang: str) -> str:
    return DATA.sectors[sector].name[language(lang)] if sector in DATA.sectors else sector


def room_name(room: str, lang: str) -> str:
    sector = room.rstrip("0123456789")
    word = "room" if language(lang) == "en" else "Raum"
    return f"{sector_name(sector, lang)} {word} {room[len(sector):]}"


def place_name(place: str, lang: str) -> str:
    sector, _, spot = place.partition(".")
    if spot.startswith("p"):
        word = "pending position" if language(lang) == "en" else "Warteplatz"
    else:
        word = "slot" if language(lang) == "en" else "Feld"
    return f"{sector_name(sector, lang)} {word} {spot[1:]}"


def card_name(card: str, lang: str) -> str:
    base = card.split("@")[0]
    name = DATA.card(base).name[language(lang)] if base in DATA.instances else DATA.kinds[base].name[language(lang)]
    if "@" in card:
        return f"{name} ({'copy' if language(lang) == 'en' else 'Kopie'})"
    return name


def unit_name(unit: str, lang: str) -> str:
    if unit[0] == "Y":
        return "Young Alien" if language(lang) == "en" else "junges Alien"
    faction = FACTION[language(lang)][UNIT_FACTION[unit[0]]]
    return f"{faction} {'unit' if language(lang) == 'en' else 'Einheit'} {unit[1:]}"


def seat_name(seat: int, s=None, lang: str = "en") -> str:
    if s is not None:
        return FACTION[language(lang)][s["colours"][seat]]
    return (f"seat {seat + 1}" if language(lang) == "en" else f"Platz {seat + 1}")


def token_name(token: str, lang: str) -> str:
    """A choice in words."""
    en = language(lang) == "en"
    if token in DATA.instances or token.split("@")[0] in DATA.instances:
        return card_name(token, lang)
    if token in ("continue", "pass", "done", "end_phase", "no", "stop", "skip", "upgrade"):
        return {"continue": ("continue", "weiter"), "pass": ("pass", "passen"), "done": ("done", "fertig"),
                "end_phase": ("end the phase", "Phase beenden"), "no": ("no", "nein"),
                "stop": ("stop here", "hier anhalten"), "skip": ("skip the sector", "Sektor überspringen"),
                "upgrade": ("take an upgrade tile", "Upgrade-Plättchen nehmen")}[token][0 if en else 1]
    head, _, rest = token.partition(":")
    if head == "seat":
        return (f"seat {int(rest) + 1}" if en else f"Platz {int(rest) + 1}")
    if head in ("play",):
        return ("play " if en else "spiele ") + card_name(rest, lang)
    if head == "flip":
        return ("upgrade " if en else "werte auf: ") + unit_name(rest, lang)
    if head == "tile":
        return ("a tile on " if en else "ein Plättchen auf ") + place_name(rest, lang)
    if head == "cleanup":
        return ("clean up " if en else "räume ab: ") + card_name(rest, lang)
    if head == "teleport":
        return ("teleport to " if en else "teleportiere nach ") + sector_name(rest, lang)
    if head == "spend":
        return (f"spend {rest} more" if en else f"{rest} mehr verbrauchen")
    if head == "trap":
        return DATA.kinds[rest].name[language(lang)]
    if head in ("A", "B", "C"):
        verb = {"A": ("put your top card on", "lege deine oberste Karte auf"),
                "B": ("discard the card on", "wirf die Karte ab auf"),
                "C": ("install the card from", "installiere die Karte von")}[head][0 if en else 1]
        return f"{verb} {place_name(rest, lang)}"
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
    "team_sector": ("choose your team's sector", "wähle den Sektor deines Teams"),
    "setup_card": ("choose the card to install", "wähle die Karte zum Installieren"),
    "setup_slot": ("choose a slot for it", "wähle ein Feld dafür"),
    "setup_room": ("choose a room for your unit", "wähle einen Raum für deine Einheit"),
    "free_step": ("play a card, spend tiles or continue", "spiele eine Karte, setze Plättchen ein oder weiter"),
    "move_unit": ("choose the unit to move", "wähle die Einheit, die zieht"),
    "shortcut": ("use a shortcut?", "eine Abkürzung nutzen?"),
    "eject": ("the sector is full: choose who is ejected", "der Sektor ist voll: wähle, wer ausgestoßen wird"),
    "room": ("choose a room", "wähle einen Raum"),
    "space_room": ("choose a room for the unit from space", "wähle einen Raum für die Einheit aus dem All"),
    "trap_next": ("choose the trap that acts next", "wähle die Falle, die als nächste wirkt"),
    "target": ("choose a target", "wähle ein Ziel"),
    "double_shot": ("choose the unit that shoots again", "wähle die Einheit, die noch einmal schießt"),
    "action_next": ("choose an action card or end the phase", "wähle eine Aktionskarte oder beende die Phase"),
    "pick_unit": ("choose a unit", "wähle eine Einheit"),
    "pick_card": ("choose a card", "wähle eine Karte"),
    "pick_slot": ("choose a slot", "wähle ein Feld"),
    "pick_opponent": ("choose an opponent", "wähle einen Gegner"),
    "pick_pending": ("choose a pending card", "wähle eine wartende Karte"),
    "disc_target": ("choose the card for the malfunction disc", "wähle die Karte für die Fehlfunktionsscheibe"),
    "faction_action": ("upgrade or clean up", "aufwerten oder aufräumen"),
    "extra_unit": ("choose the unit for the extra turn", "wähle die Einheit für den Extrazug"),
    "pending": ("choose a pending position or pass", "wähle einen Warteplatz oder passe"),
    "install_slot": ("choose the slot to install on", "wähle das Feld zum Installieren"),
    "lose_upgrade": ("choose the upgrade he loses", "wähle das Upgrade, das er verliert"),
    "heal_split": ("choose whose LP go down", "wähle, wessen LP sinken"),
}


def prompt(s, lang: str = "en") -> str:
    lang = language(lang)
    if s["over"] is not None:
        return "The game is over" if lang == "en" else "Das Spiel ist vorbei"
    ask = s["ask"]
    who = seat_name(ask["seat"], s, lang)
    return f"{who}: {QUESTION[ask['type']][0 if lang == 'en' else 1]}"


def _t(lang: str, en: str, de: str) -> str:
    return en if language(lang) == "en" else de


ENDS = {"20": ("a side reached 20 DP", "eine Seite hat 20 DP erreicht"),
        "0lp": ("a player has no LP left", "ein Spieler hat keine LP mehr"),
        "end": ("the end tile reached END", "der Endmarker hat ENDE erreicht"),
        "tie": ("the tie turns are played", "die Züge nach dem Gleichstand sind gespielt")}


def render(e: dict, lang: str = "en", names: list[str] | None = None) -> str:
    """One event as a sentence: several events of one decision stand side by side in the log. A
    seat is named by `names` (the players' names in seat order), else by its number."""
    text = _phrase(e, lang, names)
    if not (names and "seat" in e and text.startswith(names[e["seat"]])):  # a player's name as written
        text = text[:1].upper() + text[1:]
    return text + ("" if text.endswith((".", "!", "?")) else ".")


def _player(seat: int, lang: str, names: list[str] | None) -> str:
    return names[seat] if names else seat_name(seat, None, lang)


def _count(n: int, lang: str, one: tuple[str, str], many: tuple[str, str]) -> str:
    """"1 point", "2 points": the plural form right in either language."""
    words = one if n == 1 else many
    return f"{n} {words[0] if language(lang) == 'en' else words[1]}"


def _figure(e: dict, who: str, lang: str) -> str:
    """An LP or DP change as a sentence: "Ann loses 1 LP (19 left)"."""
    what, n, total = e["kind"].upper(), abs(e["delta"]), e["total"]
    if e["delta"] < 0:
        return _t(lang, f"{who} loses {n} {what} ({total} left)", f"{who} verliert {n} {what} (noch {total})")
    return _t(lang, f"{who} gains {n} {what} (now {total})", f"{who} erhält {n} {what} (jetzt {total})")


def _phrase(e: dict, lang: str, names: list[str] | None = None) -> str:
    k = e["kind"]
    L = lang
    name = lambda x: token_name(x, L)  # noqa: E731
    who = _player(e["seat"], L, names) if isinstance(e.get("seat"), int) else None
    if k == "turn":
        return _t(L, f"Round {e['round']}: {who}'s turn", f"Runde {e['round']}: {who} ist am Zug")
    if k == "move":
        points = _count(e["points"], L, ("point", "Punkt"), ("points", "Punkten"))
        return _t(L, f"{name(e['unit'])} moves from {sector_name(e['start'], L)} with {points}",
                  f"{name(e['unit'])} zieht von {sector_name(e['start'], L)} mit {points}")
    if k == "upgrades":
        tiles = _count(e["delta"], L, ("upgrade tile", "Upgrade-Plättchen"), ("upgrade tiles", "Upgrade-Plättchen"))
        return _t(L, f"{who} takes {tiles}", f"{who} nimmt {tiles}")
    if k == "enter":
        return _t(L, f"{name(e['unit'])} enters {room_name(e['room'], L)}", f"{name(e['unit'])} betritt {room_name(e['room'], L)}")
    if k == "pass":
        return _t(L, f"{name(e['unit'])} passes {sector_name(e['sector'], L)}",
                  f"{name(e['unit'])} durchquert {sector_name(e['sector'], L)}")
    if k in ("lp", "dp"):
        return _figure(e, who, L)
    if k == "install":
        return _t(L, f"{name(e['card'])} is installed on {place_name(e['place'], L)}",
                  f"{name(e['card'])} wird auf {place_name(e['place'], L)} installiert")
    if k == "over":
        en, de = ENDS.get(e.get("why"), ("", ""))
        return _t(L, f"The game is over: {en}" if en else "The game is over",
                  f"Das Spiel ist vorbei: {de}" if de else "Das Spiel ist vorbei")
    simple = {
        "skip": ("{unit} skips {sector}", "{unit} überspringt {sector}"),
        "teleport": ("{unit} teleports to {sector}", "{unit} teleportiert nach {sector}"),
        "stop": ("{unit} stops in {sector}", "{unit} hält in {sector}"),
        "time_loop": ("{unit} spends {points} more in {sector}", "{unit} verbraucht {points} mehr in {sector}"),
        "relocate": ("{unit} is carried to {sector}", "{unit} wird nach {sector} gebracht"),
        "eject": ("{piece} is ejected from {room}", "{piece} wird aus {room} ausgestoßen"),
        "freed": ("{unit} is freed", "{unit} ist befreit"),
        "parasites_shed": ("{unit} sheds its parasites", "{unit} wird seine Parasiten los"),
        "parasite_damage": ("parasites: {damage} damage to {unit}", "Parasiten: {damage} Schaden an {unit}"),
        "hit": ("{by} hits {unit} for {damage}", "{by} trifft {unit} mit {damage}"),
        "card_damage": ("{card}: {damage} damage to {unit}", "{card}: {damage} Schaden an {unit}"),
        "bunker": ("the Bunker shields {unit}", "der Bunker schützt {unit}"),
        "young_alien_killed": ("a Young Alien in {room} is killed", "ein junges Alien in {room} stirbt"),
        "combat": ("Combat", "Kampf"),
        "double_shot": ("{unit} shoots again", "{unit} schießt noch einmal"),
        "sheltered": ("the Shelter keeps {card} off {unit}", "der Schutzraum hält {card} von {unit} fern"),
        "deactivated": ("a deactivation tile stops {card}", "ein Deaktivierungsplättchen hält {card} auf"),
        "spawn": ("a Young Alien hatches in {room}", "ein junges Alien schlüpft in {room}"),
        "tile_on_unit": ("{card}: a {tile} tile on {unit}", "{card}: ein Plättchen ({tile}) auf {unit}"),
        "deactivation": ("a deactivation tile on {card}", "ein Deaktivierungsplättchen auf {card}"),
                "downgrade": ("{who} loses an upgrade", "{who} verliert ein Upgrade"),
        "disc": ("the malfunction disc moves onto {card}", "die Fehlfunktionsscheibe kommt auf {card}"),
        "discard": ("{card} is discarded", "{card} wird abgeworfen"),
        "take_special": ("{who} takes {card}", "{who} nimmt {card}"),
        "take_bonus": ("{who} takes the bonus card {card}", "{who} nimmt die Bonuskarte {card}"),
        "refill": ("{card} fills {place}", "{card} füllt {place}"),
        "pending": ("{card} waits on {place}", "{card} wartet auf {place}"),
        "move_card": ("{card} moves to {place}", "{card} wird nach {place} versetzt"),
        "remote": ("Remote Control runs {card}", "Fernsteuerung löst {card} aus"),
        "rush": ("{unit} attacks in an Adrenaline Rush", "{unit} greift im Adrenalinstoß an"),
        "counter": ("{card}'s counter: {counter}", "Zähler von {card}: {counter}"),
        "action": ("{card} acts", "{card} wirkt"),
        "extra_turn": ("extra turn for {unit}", "Extrazug für {unit}"),
        "play": ("{who} plays {card}", "{who} spielt {card}"),
        "flip": ("{unit} is upgraded", "{unit} wird aufgewertet"),
        "card_tile": ("a tile on {card} ({tiles})", "ein Plättchen auf {card} ({tiles})"),
        "end_tile": ("the end tile moves to {at}", "der Endmarker rückt auf {at}"),
        "tie": ("a tie: extra turns", "Gleichstand: Extrazüge"),
        "team_sector": ("team sector: {sector}", "Teamsektor: {sector}"),
        "setup_card": ("{who} chooses {card} to install", "{who} wählt {card} zum Installieren"),
        "setup_draw": ("each player draws his first cards", "jeder Spieler zieht seine ersten Karten"),
    }
    en, de = simple[k]
    fields = {}
    for key, v in e.items():
        if key in ("unit", "piece", "card", "by") and isinstance(v, str):
            fields[key] = name(v)
        elif key == "sector" and isinstance(v, str):
            fields[key] = sector_name(v, L)
        elif key == "sector":
            fields[key] = _t(L, "the station", "die Station")
        elif key == "room":
            fields[key] = room_name(v, L)
        elif key == "place" and isinstance(v, str):
            fields[key] = place_name(v, L)
        else:
            fields[key] = v
    fields["who"] = who
    return (en if language(L) == "en" else de).format(**fields)


def _sides(who: list[str], lang: str) -> str:
    """Factions as a subject: "the Greys", "the Marines and the Aliens"."""
    article = _t(lang, "the", "die")
    words = [f"{article} {FACTION[language(lang)][w]}" for w in who]
    return f" {_t(lang, 'and', 'und')} ".join(words)


def ending(outcome: dict, lang: str = "en") -> str:
    """Why the game ended: "The Greys lost their last LP.", "The Marines reached 20 DP."."""
    why, ranking = outcome.get("why"), outcome["ranking"]
    winners = [e for e in ranking if e["who"] in outcome["winners"]]
    if why == "0lp":
        losers = _sides([e["who"] for e in ranking if e["lp"] <= 0], lang)
        text = _t(lang, f"{losers} lost their last LP", f"{losers} haben ihre letzten LP verloren")
    elif why == "20":
        dp = [e["who"] for e in winners if e["dp"] >= DATA.setup["win_dp"]]
        figure = f"{DATA.setup['win_dp']} DP" if dp else f"{DATA.setup['win_lp_deathmatch']} LP"  # LP: deathmatch
        who = _sides(dp or [e["who"] for e in winners], lang)
        text = _t(lang, f"{who} reached {figure}", f"{who} haben {figure} erreicht")
    elif why in ("end", "tie"):
        who = _sides([e["who"] for e in winners], lang)
        en, de = ENDS[why]
        text = _t(lang, f"{en}: {who} had the most points", f"{de}: {who} hatten die meisten Punkte")
    else:
        return ""
    return text[:1].upper() + text[1:] + "."


CHOSEN = {"continue": ("goes on", "macht weiter"), "pass": ("passes", "passt"), "done": ("is done", "ist fertig"),
          "end_phase": ("ends the phase", "beendet die Phase"), "no": ("says no", "verzichtet"),
          "stop": ("stops here", "hält hier an"), "skip": ("skips the sector", "überspringt den Sektor")}


def render_decision(decision: dict, lang: str = "en", names: list[str] | None = None) -> str:
    """A choice that caused no event in words: "Ends the phase.", "Chooses Greys unit 1."."""
    pick = decision.get("pick", "")
    if pick in CHOSEN:
        text = _t(lang, *CHOSEN[pick])
    elif pick.startswith("seat:") and names:
        text = _t(lang, f"chooses {names[int(pick[5:])]}", f"wählt {names[int(pick[5:])]}")
    elif pick[:2] in ("A:", "B:", "C:"):
        text = _t(lang, f"chooses to {token_name(pick, lang)}", f"wählt: {token_name(pick, lang)}")
    else:
        text = _t(lang, f"chooses {token_name(pick, lang)}", f"wählt {token_name(pick, lang)}")
    return text[:1].upper() + text[1:] + "."


class TheseusCommandLine(CommandLine):
    """`play` on the command line: the modes and variants as flags, the seats named by faction."""

    def arguments(self, parser) -> None:
        parser.add_argument("--teams", action="store_true", help="4 players as two teams of two")
        parser.add_argument("--no-bonus", action="store_true", help="play without the bonus cards")
        parser.add_argument("--random-ring", action="store_true", help="the sectors in a random order")

    def options(self, args) -> dict:
        return {"teams": args.teams, "no_bonus": args.no_bonus, "random_ring": args.random_ring}

    def seat(self, name: str, lang: str) -> str:
        return FACTION[language(lang)].get(name, name)
