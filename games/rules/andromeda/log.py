"""Events as sentences and the pending question as a prompt, in English and German.

Nothing here may reveal a secret: events never carry one, and prompts only name who decides what.
"""
from __future__ import annotations

from ..base import CommandLine
from .components import WORMHOLE
from .ships import BOARD

PLACES = {"en": {1: "1st", 2: "2nd", 3: "3rd"}, "de": {1: "1.", 2: "2.", 3: "3."}}
FIELDS = {"en": {1: "1 (SWAP)", 2: "2 (wait)", 3: "3 (WARP)"}, "de": {1: "1 (SWAP)", 2: "2 (warten)", 3: "3 (WARP)"}}
DECKS = {"en": {"warning": "WARNING", "alert": "ALERT"}, "de": {"warning": "WARNING", "alert": "ALERT"}}


def colour(c: str, lang: str) -> str:
    return BOARD.colour_names[lang][c]


def _who(e: dict, c: str, lang: str) -> str:
    """The player of colour `c`: their name where render was given the players' names (in seat order,
    which is the board's order of colours), else the colour."""
    names = e.get("_names")
    return names[BOARD.colours.index(c)] if names and c in BOARD.colours[:len(names)] else colour(c, lang)


def node(n: str, lang: str) -> str:
    if n == WORMHOLE:
        return "the wormhole" if lang == "en" else "das Wurmloch"
    return n


def card(card_id: str, lang: str) -> str:
    return f"{card_id} «{BOARD.cards[card_id].name[lang]}»"


def mission(number: int, lang: str) -> str:
    return f"{number} «{BOARD.missions[number].name[lang]}»"


def link(link_id: str, lang: str) -> str:
    a, b = link_id.split(">")
    return f"{a} → {b}"


def _vp(points: int) -> str:
    return f"{points:+d}"


def _ship(e, lang):
    where = f"{node(e['from'], lang)} → {node(e['to'], lang)}"
    c = _who(e, e["colour"], lang)
    if e["how"] == "move":
        return f"{c} moves {where}." if lang == "en" else f"{c} zieht {where}."
    return (f"The ship of {c} moves {where}." if lang == "en" else f"Das Schiff von {c} wird versetzt: {where}.")


def _card(e, lang):
    c, name = _who(e, e["colour"], lang), card(e["card"], lang)
    extra = ""
    if "player" in e:
        who = _who(e, e["player"], lang)
        extra = f", for {who}" if lang == "en" else f" für {who}"
    if lang == "en":
        return f"{c} plays {name}{extra} ({_vp(e['vp'])} VP)."
    return f"{c} spielt {name}{extra} ({_vp(e['vp'])} SP)."


EN = {
    "turn": lambda e: f"Turn {e['number']}: {_who(e, e['colour'], 'en')}.",
    "mission_returned": lambda e: f"{_who(e, e['colour'], 'en')} returns one mission and keeps two.",
    "enter": lambda e: (f"{_who(e, e['colour'], 'en')} brings a ship into play on {e['to']}."
                        if e["how"] != "called" else
                        f"{_who(e, e['colour'], 'en')} brings a new ship into play on {e['to']}."),
    "ship": lambda e: _ship(e, "en"),
    "warp": lambda e: (f"{_who(e, e['colour'], 'en')} warps {node(e['from'], 'en')} → {node(e['to'], 'en')}; "
                       "the ship lies down again."),
    "saved": lambda e: f"A ship of {_who(e, e['colour'], 'en')} flies from {e['from']} into the wormhole: saved.",
    "all_saved": lambda e: (f"{_who(e, e['colour'], 'en')} has saved every ship: {PLACES['en'][e['place']]} place "
                            "on the Last Ship track."),
    "last_place": lambda e: (f"{_who(e, e['colour'], 'en')} is the last one on the board and takes the "
                             f"{PLACES['en'][e['place']]} place on the Last Ship track."),
    "take": lambda e: f"{_who(e, e['colour'], 'en')} takes the open card {card(e['card'], 'en')}.",
    "refill": lambda e: ("New open cards: " + " and ".join(card(x, "en") for x in (e["warning"], e["alert"]) if x)
                         + "." if e["warning"] or e["alert"] else "No cards are left to open."),
    "reshuffle": lambda e: f"The {DECKS['en'][e['deck']]} discards are shuffled into a new deck.",
    "skip": lambda e: f"{_who(e, e['colour'], 'en')} skips: the Skip disc moves to field {FIELDS['en'][e['field']]}.",
    "trade": lambda e: (f"The ship of {_who(e, e['colour'], 'en')} on {e['ship']} and the ship of "
                        f"{_who(e, e['other'], 'en')} on {e['with']} trade places."),
    "raise": lambda e: f"The ship of {_who(e, e['colour'], 'en')} on {e['ship']} stands upright for a warp.",
    "decline": lambda e: f"{_who(e, e['colour'], 'en')} lets the chance pass.",
    "lost_found": lambda e: f"{_who(e, e['colour'], 'en')} has ships in all three zones: the Lost Ship is found.",
    "lost_alone": lambda e: (f"{_who(e, e['colour'], 'en')} has no ship left on platform or board: "
                             "the Lost Ship enters at once."),
    "lost_due": lambda e: (f"No outer-ring node is free: {_who(e, e['colour'], 'en')} places the Lost Ship at the "
                           "end of a later turn."),
    "lost_placed": lambda e: f"{_who(e, e['colour'], 'en')} places the Lost Ship on {e['to']}.",
    "card": lambda e: _card(e, "en"),
    "to_platform": lambda e: f"The ship of {_who(e, e['colour'], 'en')} on {e['from']} goes back to the platform.",
    "block": lambda e: (f"{_who(e, e['colour'], 'en')} blocks the dotted link {link(e['link'], 'en')} until "
                        f"{_who(e, e['colour'], 'en')}'s next turn."),
    "unblock": lambda e: f"The dotted link {link(e['link'], 'en')} is open again.",
    "discard": lambda e: f"{_who(e, e['colour'], 'en')} discards {card(e['card'], 'en')} with it.",
    "missions_drawn": lambda e: f"{_who(e, e['colour'], 'en')} draws {e['count']} missions.",
    "mission_kept": lambda e: f"{_who(e, e['colour'], 'en')} keeps one of them; the others go back.",
    "mission": lambda e: (f"{_who(e, e['colour'], 'en')} reveals mission {mission(e['mission'], 'en')}: "
                          f"{_vp(e['vp'])} VP."),
    "end_turn": lambda e: f"{_who(e, e['colour'], 'en')} ends the turn.",
    "game_over": lambda e: "The game is over. Winner: " + ", ".join(_who(e, c, "en") for c in e["winners"]) + ".",
}

DE = {
    "turn": lambda e: f"Zug {e['number']}: {_who(e, e['colour'], 'de')}.",
    "mission_returned": lambda e: f"{_who(e, e['colour'], 'de')} legt eine Mission zurück und behält zwei.",
    "enter": lambda e: f"{_who(e, e['colour'], 'de')} bringt ein Schiff auf {e['to']} ins Spiel.",
    "ship": lambda e: _ship(e, "de"),
    "warp": lambda e: (f"{_who(e, e['colour'], 'de')} springt per Warp {node(e['from'], 'de')} → "
                       f"{node(e['to'], 'de')}; das Schiff wird wieder hingelegt."),
    "saved": lambda e: f"Ein Schiff von {_who(e, e['colour'], 'de')} fliegt von {e['from']} ins Wurmloch: gerettet.",
    "all_saved": lambda e: (f"{_who(e, e['colour'], 'de')} hat alle Schiffe gerettet: {PLACES['de'][e['place']]} "
                            "Platz der Last-Ship-Leiste."),
    "last_place": lambda e: (f"{_who(e, e['colour'], 'de')} ist als Letzter noch auf dem Spielplan und erhält den "
                             f"{PLACES['de'][e['place']]} Platz der Last-Ship-Leiste."),
    "take": lambda e: f"{_who(e, e['colour'], 'de')} nimmt die offene Karte {card(e['card'], 'de')}.",
    "refill": lambda e: ("Neue offene Karten: " + " und ".join(card(x, "de") for x in (e["warning"], e["alert"]) if x)
                         + "." if e["warning"] or e["alert"] else "Es gibt keine Karten mehr zum Aufdecken."),
    "reshuffle": lambda e: f"Der {DECKS['de'][e['deck']]}-Ablagestapel wird zu einem neuen Stapel gemischt.",
    "skip": lambda e: (f"{_who(e, e['colour'], 'de')} setzt aus: Die Skip-Scheibe rückt auf Feld "
                       f"{FIELDS['de'][e['field']]}."),
    "trade": lambda e: (f"Das Schiff von {_who(e, e['colour'], 'de')} auf {e['ship']} und das Schiff von "
                        f"{_who(e, e['other'], 'de')} auf {e['with']} tauschen die Plätze."),
    "raise": lambda e: f"Das Schiff von {_who(e, e['colour'], 'de')} auf {e['ship']} wird für einen Warp aufgestellt.",
    "decline": lambda e: f"{_who(e, e['colour'], 'de')} verzichtet.",
    "lost_found": lambda e: (f"{_who(e, e['colour'], 'de')} hat Schiffe in allen drei Zonen: Das Lost Ship ist "
                             "gefunden."),
    "lost_alone": lambda e: (f"{_who(e, e['colour'], 'de')} hat kein Schiff mehr auf Plattform oder Spielplan: "
                             "Das Lost Ship kommt sofort ins Spiel."),
    "lost_due": lambda e: (f"Kein Knoten des Außenrings ist frei: {_who(e, e['colour'], 'de')} setzt das Lost Ship am "
                           "Ende eines späteren Zuges ein."),
    "lost_placed": lambda e: f"{_who(e, e['colour'], 'de')} setzt das Lost Ship auf {e['to']}.",
    "card": lambda e: _card(e, "de"),
    "to_platform": lambda e: (f"Das Schiff von {_who(e, e['colour'], 'de')} auf {e['from']} kehrt auf die "
                              "Plattform zurück."),
    "block": lambda e: (f"{_who(e, e['colour'], 'de')} sperrt die gepunktete Verbindung {link(e['link'], 'de')} "
                        "bis zum nächsten eigenen Zug."),
    "unblock": lambda e: f"Die gepunktete Verbindung {link(e['link'], 'de')} ist wieder frei.",
    "discard": lambda e: f"{_who(e, e['colour'], 'de')} wirft dazu {card(e['card'], 'de')} ab.",
    "missions_drawn": lambda e: f"{_who(e, e['colour'], 'de')} zieht {e['count']} Missionen.",
    "mission_kept": lambda e: (f"{_who(e, e['colour'], 'de')} behält eine davon; die anderen gehen zurück in den "
                               "Stapel."),
    "mission": lambda e: (f"{_who(e, e['colour'], 'de')} deckt Mission {mission(e['mission'], 'de')} auf: "
                          f"{_vp(e['vp'])} SP."),
    "end_turn": lambda e: f"{_who(e, e['colour'], 'de')} beendet den Zug.",
    "game_over": lambda e: ("Das Spiel ist zu Ende. Es gewinnt: " + ", ".join(_who(e, c, "de") for c in e["winners"])
                            + "."),
}

SENTENCES = {"en": EN, "de": DE}


def render(event: dict, lang: str = "en", names: list[str] | None = None) -> str:
    """One event as a sentence, naming each player by `names` (in seat order), else by colour."""
    lang = lang if lang in SENTENCES else "en"
    return SENTENCES[lang][event["e"]]({**event, "_names": names} if names else event)


ENDING = {"en": "Every player but one has saved all their ships.",
          "de": "Alle Spieler bis auf einen haben alle ihre Schiffe gerettet."}


def ending(outcome: dict, lang: str = "en") -> str:
    """Why the game ended: it ends one way only (the second-to-last player saves their last ship)."""
    return ENDING[lang if lang in ENDING else "en"]


PROMPTS = {
    "en": {
        "return_mission": "{c} chooses which of the three missions to return.",
        "turn": "{c} may play cards, then brings in or moves a ship (or skips).",
        "swap": "{c} chooses which of his ships trades places with another player's ship in front (SWAP).",
        "raise": "{c} chooses which of his ships to stand upright (WARP).",
        "take": "{c} takes one of the open cards.",
        "place_lost": "{c} places the Lost Ship on a free outer-ring node.",
        "shift": "{c} moves an inner-ring ship to another free inner-ring field ({b}'s card).",
        "enter_for": "{c} brings a new ship into play ({b}'s card).",
        "keep_mission": "{c} chooses which of the drawn missions to keep.",
        "end_turn": "{c} confirms the end of the turn.",
        "over": "The game is over.",
    },
    "de": {
        "return_mission": "{c} wählt, welche der drei Missionen zurückgeht.",
        "turn": "{c} darf Karten spielen und bringt dann ein Schiff ins Spiel oder zieht eines (oder setzt aus).",
        "swap": "{c} wählt, welches seiner Schiffe mit einem fremden Schiff davor den Platz tauscht (SWAP).",
        "raise": "{c} wählt, welches seiner Schiffe aufgestellt wird (WARP).",
        "take": "{c} nimmt eine der offenen Karten.",
        "place_lost": "{c} setzt das Lost Ship auf einen freien Knoten des Außenrings.",
        "shift": "{c} zieht ein Schiff im inneren Ring auf ein anderes freies Feld (Karte von {b}).",
        "enter_for": "{c} bringt ein neues Schiff ins Spiel (Karte von {b}).",
        "keep_mission": "{c} wählt, welche der gezogenen Missionen behalten wird.",
        "end_turn": "{c} bestätigt das Ende des Zuges.",
        "over": "Das Spiel ist zu Ende.",
    },
}


def prompt(s, lang: str = "en") -> str:
    lang = lang if lang in PROMPTS else "en"
    ask = s["ask"]
    if s["over"] is not None or ask is None:
        return PROMPTS[lang]["over"]
    key = ask["q"]
    by = colour(ask["by"], lang) if "by" in ask else ""
    return PROMPTS[lang][key].format(c=colour(s["colours"][ask["seat"]], lang), b=by)


class AndromedaCommandLine(CommandLine):
    """`play` on the command line: each ranked seat with the ships it saved."""

    SAVED = {"en": "saved", "de": "gerettet"}

    def seat(self, name: str, lang: str) -> str:
        return colour(name, lang)

    def ranked(self, entry: dict, lang: str) -> str:
        return f"{super().ranked(entry, lang)} ({entry['saved']} {self.SAVED[lang]})"
