"""A player's turn in a few short sentences, for a player who was away ("Since you last looked").

Built from the turn's events only, which the log shows everyone: a kept mission stays as secret as
the log keeps it. The turn's bookkeeping (its header, "ends the turn", new open cards, a reshuffle,
a block running out) is left out, a ship's steps in one player's hands become one flight from where
it started to where it ended, and the reader's own ships and points are "your" ones.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .components import WORMHOLE
from .log import FIELDS, PLACES, card, colour, link, mission, node, render
from .ships import BOARD

Event = dict[str, Any]
Item = dict[str, Any]

# German in the perfect tense: its auxiliary is the only word that changes for "du".
EN = {
    "mission_returned": "{s} returned one mission and kept two.",
    "enter": "{s} brought a ship into play on {nodes}.",
    "enter_many": "{s} brought ships into play on {nodes}.",
    "move": "{s} moved {ship} from {a} to {b}.",
    "move_saved": "{s} moved {ship} from {a} into the wormhole: saved.",
    "move_back": "{s} moved {ship} away from {a} and back again.",
    "warp": "{s} warped a ship from {a} to {b}.",
    "warp_saved": "{s} warped a ship from {a} into the wormhole: saved.",
    "all_saved": "{s} saved every ship: {place} place on the Last Ship track.",
    "last_place": "{s} stayed last on the board: {place} place on the Last Ship track.",
    "take": "{s} took the open card {cards}.",
    "take_many": "{s} took the open cards {cards}.",
    "skip": "{s} skipped: the Skip disc moved to field {field}.",
    "trade": "{Ship} on {a} and {other} on {b} traded places.",
    "raise": "{Ship} on {a} was set upright for a warp.",
    "lost_found": "{s} found the Lost Ship.",
    "lost_found_placed": "{s} found the Lost Ship and placed it on {to}.",
    "lost_alone": "{s} had no ship left: the Lost Ship enters at once.",
    "lost_alone_placed": "{s} had no ship left and placed the Lost Ship on {to}.",
    "lost_due": "{s} will place the Lost Ship later: no outer-ring node is free.",
    "lost_placed": "{s} placed the Lost Ship on {to}.",
    "card": "{s} played {card} ({vp} VP).",
    "card_for": "{s} played {card} for {p} ({vp} VP).",
    "to_platform": "{Ship} on {a} went back to the platform.",
    "block": "{s} blocked the dotted link {link}.",
    "discard": "{s} discarded {card} with it.",
    "missions_drawn": "{s} drew {missions}.",
    "missions_drawn_kept": "{s} drew {missions} and kept one.",
    "mission_kept": "{s} kept one of the drawn missions.",
    "mission": "{s} revealed mission {mission}: {vp} VP.",
    "game_over": "The game is over. {winners}",
    "end_turn": "{s} ended the turn.",
    "decline": "{s} let the chance pass.",
}

DE = {
    "mission_returned": "{s} {hat} eine Mission zurückgelegt und zwei behalten.",
    "enter": "{s} {hat} ein Schiff auf {nodes} ins Spiel gebracht.",
    "enter_many": "{s} {hat} Schiffe auf {nodes} ins Spiel gebracht.",
    "move": "{s} {hat} {ship} von {a} nach {b} gezogen.",
    "move_saved": "{s} {hat} {ship} von {a} ins Wurmloch gezogen: gerettet.",
    "move_back": "{s} {hat} {ship} von {a} weg und wieder zurück gezogen.",
    "warp": "{s} {ist} per Warp von {a} nach {b} gesprungen.",
    "warp_saved": "{s} {ist} per Warp von {a} ins Wurmloch gesprungen: gerettet.",
    "all_saved": "{s} {hat} alle Schiffe gerettet: {place} Platz der Last-Ship-Leiste.",
    "last_place": "{s} {ist} als Letzter auf dem Spielplan geblieben: {place} Platz der Last-Ship-Leiste.",
    "take": "{s} {hat} die offene Karte {cards} genommen.",
    "take_many": "{s} {hat} die offenen Karten {cards} genommen.",
    "skip": "{s} {hat} ausgesetzt: Die Skip-Scheibe ist auf Feld {field} gerückt.",
    "trade": "{Ship} auf {a} und {other} auf {b} haben die Plätze getauscht.",
    "raise": "{Ship} auf {a} wurde für einen Warp aufgestellt.",
    "lost_found": "{s} {hat} das Lost Ship gefunden.",
    "lost_found_placed": "{s} {hat} das Lost Ship gefunden und auf {to} gesetzt.",
    "lost_alone": "{s} {hatte} kein Schiff mehr: Das Lost Ship kommt sofort ins Spiel.",
    "lost_alone_placed": "{s} {hatte} kein Schiff mehr und {hat} das Lost Ship auf {to} gesetzt.",
    "lost_due": "{s} setzt das Lost Ship später ein: Kein Knoten des Außenrings ist frei.",
    "lost_placed": "{s} {hat} das Lost Ship auf {to} gesetzt.",
    "card": "{s} {hat} {card} gespielt ({vp} SP).",
    "card_for": "{s} {hat} {card} für {p} gespielt ({vp} SP).",
    "to_platform": "{Ship} auf {a} ist auf die Plattform zurückgekehrt.",
    "block": "{s} {hat} die gepunktete Verbindung {link} gesperrt.",
    "discard": "{s} {hat} dazu {card} abgeworfen.",
    "missions_drawn": "{s} {hat} {missions} gezogen.",
    "missions_drawn_kept": "{s} {hat} {missions} gezogen und eine behalten.",
    "mission_kept": "{s} {hat} eine der gezogenen Missionen behalten.",
    "mission": "{s} {hat} Mission {mission} aufgedeckt: {vp} SP.",
    "game_over": "Das Spiel ist zu Ende. {winners}",
    "end_turn": "{s} {hat} den Zug beendet.",
    "decline": "{s} {hat} verzichtet.",
}

TEXTS = {"en": EN, "de": DE}

# Said only when a turn did nothing else; the rest of the bookkeeping is told by the log's own line.
QUIET = frozenset({"turn", "end_turn", "refill", "reshuffle", "unblock", "decline"})
SAID_WHEN_ALONE = frozenset({"end_turn", "decline"})


class Reader:
    """Who reads the recap, and in which words: the reader's own colour is "you"."""

    def __init__(self, viewer: int | None, lang: str, names: list[str] | None) -> None:
        self.lang = lang if lang in TEXTS else "en"
        self.names = names
        self.you = BOARD.colours[viewer] if viewer is not None and 0 <= viewer < len(BOARD.colours) else None

    def name(self, c: str) -> str:
        """A player by name where the names are given (in seat order, the board's order of colours)."""
        names = self.names
        return names[BOARD.colours.index(c)] if names and c in BOARD.colours[:len(names)] else colour(c, self.lang)

    def subject(self, c: str) -> str:
        return ("You" if self.lang == "en" else "Du") if c == self.you else self.name(c)

    def object(self, c: str) -> str:
        return ("you" if self.lang == "en" else "dich") if c == self.you else self.name(c)

    def ship(self, owner: str, actor: str | None = None, first: bool = False) -> str:
        """A ship by whose it is: one the acting player moves himself is just "a ship"."""
        en = self.lang == "en"
        if owner == actor:
            return "a ship" if en else "ein Schiff"
        if owner == self.you:
            return ("Your ship" if first else "your ship") if en else ("Dein Schiff" if first else "dein Schiff")
        return f"{self.name(owner)}'s ship" if en else f"{'Das' if first else 'das'} Schiff von {self.name(owner)}"

    def joined(self, words: list[str]) -> str:
        also = " and " if self.lang == "en" else " und "
        return words[0] if len(words) == 1 else ", ".join(words[:-1]) + also + words[-1]

    def missions(self, count: int) -> str:
        if count == 1:
            return "a mission" if self.lang == "en" else "eine Mission"
        return f"{count} missions" if self.lang == "en" else f"{count} Missionen"

    def winners(self, colours: list[str]) -> str:
        en = self.lang == "en"
        if colours == [self.you]:
            return "You won." if en else "Du hast gewonnen."
        who = self.joined([("you" if en else "du") if c == self.you else self.name(c) for c in colours])
        if not en:
            return f"Es {'gewinnt' if len(colours) == 1 else 'gewinnen'}: {who}."
        return f"{'Winner' if len(colours) == 1 else 'Winners'}: {who}."

    def words(self, item: Item) -> dict[str, str]:
        """The item's fields as the sentence names them."""
        c, you = item.get("colour", ""), item.get("colour") == self.you
        out = {"s": self.subject(c) if c else "", "hat": "hast" if you else "hat", "ist": "bist" if you else "ist",
               "hatte": "hattest" if you else "hatte"}
        out.update({key: node(item[key], self.lang) for key in ("a", "b", "to") if key in item})
        if "owner" in item:
            out["ship"] = self.ship(item["owner"], item.get("actor"))
            out["Ship"] = self.ship(item["owner"], item.get("actor"), first=True)
        out.update({key: say(item[key]) for key, say in self.phrases().items() if key in item})
        return out

    def phrases(self) -> dict[str, Callable[[Any], str]]:
        lang = self.lang
        return {"other": self.ship, "nodes": self.joined, "p": self.object,
                "cards": lambda v: self.joined([card(x, lang) for x in v]), "card": lambda v: card(v, lang),
                "place": lambda v: PLACES[lang][v], "field": lambda v: FIELDS[lang][v],
                "link": lambda v: link(v, lang), "mission": lambda v: mission(v, lang),
                "vp": lambda v: f"{v:+d}", "missions": self.missions, "winners": self.winners}

    def line(self, item: Item) -> str:
        if item["say"] is None:
            return render(item["event"], self.lang, self.names)
        say = "move_back" if item["say"] == "move" and item["a"] == item["b"] else item["say"]
        return TEXTS[self.lang][say].format(**self.words(item))


class Turn:
    """The turn's events gathered into items, one sentence each: later events join earlier items
    (a ship's next step, a second ship brought into play, the Lost Ship placed where found)."""

    def __init__(self) -> None:
        self.items: list[Item] = []
        self.flights: dict[str, Item] = {}   # a ship still on its way, by the node it stands on
        self.joins: dict[tuple[str, str], Item] = {}
        self.card_by: str | None = None      # the player whose card the next event carries out
        self.warped: str | None = None       # where a ship warped into the wormhole from
        self.quiet: list[Event] = []

    def new(self, item: Item) -> Item:
        self.items.append(item)
        return item

    def add(self, e: Event) -> None:
        actor, self.card_by = self.card_by, None
        kind = e["e"]
        if kind in QUIET:
            self.quiet.append(e)
        elif kind in GATHER:
            GATHER[kind](self, e, actor or e.get("colour", ""))
        elif kind in EN:
            self.new({"say": kind, **{k: v for k, v in e.items() if k != "e"}})
        else:  # an event this recap has no words of its own for is told as the log tells it
            self.new({"say": None, "event": e})

    def later(self, item: Item) -> Item:
        """An item joined by a later event is told where its last event happened."""
        self.items.remove(item)
        return self.new(item)

    def joining(self, kind: str, c: str, first: Item) -> Item:
        """The item of this kind and player that later ones join, or `first`, new in its place."""
        if (kind, c) in self.joins:
            return self.later(self.joins[(kind, c)])
        self.joins[(kind, c)] = self.new(first)
        return first

    # --- a ship's flight -------------------------------------------------------------------

    def flight(self, e: Event, actor: str) -> Item:
        """The ship's flight so far in `actor`'s hands (after the cards that carried it on), or a new one."""
        flight = self.flights.pop(e["from"], None)
        if flight is None or flight["actor"] != actor or flight["say"] != "move":
            return self.new({"say": "move", "colour": actor, "actor": actor, "owner": e["colour"], "a": e["from"]})
        return self.later(flight)

    def fly(self, e: Event, actor: str) -> None:
        flight = self.flight(e, actor)
        flight["b"] = e["to"]
        self.flights[e["to"]] = flight

    def warp(self, e: Event, actor: str) -> None:
        self.flights.pop(e["from"], None)
        into = e["to"] == WORMHOLE
        flight = self.new({"say": "warp_saved" if into else "warp", "colour": actor, "actor": actor,
                           "owner": e["colour"], "a": e["from"], "b": e["to"]})
        if into:
            self.warped = e["from"]  # the ship's "saved" that follows is this warp's end, told already
        else:
            self.flights[e["to"]] = flight

    def saved(self, e: Event, actor: str) -> None:
        if self.warped == e["from"]:
            self.warped = None
            return
        flight = self.flight(e, actor)
        flight["say"] += "_saved"
        flight["b"] = WORMHOLE

    def left_board(self, *nodes: str) -> None:
        """A trade or a ship sent back ends the flights there: the next step is another story."""
        for n in nodes:
            self.flights.pop(n, None)

    def trade(self, e: Event, actor: str) -> None:
        self.left_board(e["ship"], e["with"])
        self.new({"say": "trade", "owner": e["colour"], "a": e["ship"], "other": e["other"], "b": e["with"]})

    def to_platform(self, e: Event, actor: str) -> None:
        self.left_board(e["from"])
        self.new({"say": "to_platform", "owner": e["colour"], "a": e["from"]})

    def raised(self, e: Event, actor: str) -> None:
        self.new({"say": "raise", "owner": e["colour"], "a": e["ship"]})

    # --- things one player does more than once in a turn -------------------------------------

    def enter(self, e: Event, actor: str) -> None:
        item = self.joining("enter", e["colour"], {"say": "enter", "colour": e["colour"], "nodes": []})
        item["nodes"].append(e["to"])
        item["say"] = "enter" if len(item["nodes"]) == 1 else "enter_many"

    def take(self, e: Event, actor: str) -> None:
        item = self.joining("take", e["colour"], {"say": "take", "colour": e["colour"], "cards": []})
        item["cards"].append(e["card"])
        item["say"] = "take" if len(item["cards"]) == 1 else "take_many"

    def card(self, e: Event, actor: str) -> None:
        self.new({"say": "card_for" if "player" in e else "card", "colour": e["colour"], "card": e["card"],
                  "vp": e["vp"], **({"p": e["player"]} if "player" in e else {})})
        self.card_by = e["colour"]

    # --- the Lost Ship and the missions drawn by a card --------------------------------------

    def lost(self, e: Event, actor: str) -> None:
        self.joins[("lost", e["colour"])] = self.new({"say": e["e"], "colour": e["colour"]})

    def lost_placed(self, e: Event, actor: str) -> None:
        found = self.joins.pop(("lost", e["colour"]), None)
        if found is None:
            self.new({"say": "lost_placed", "colour": e["colour"], "to": e["to"]})
        else:
            found.update(say=found["say"] + "_placed", to=e["to"])

    def missions_drawn(self, e: Event, actor: str) -> None:
        self.joins[("drawn", e["colour"])] = self.new({"say": "missions_drawn", "colour": e["colour"],
                                                       "missions": e["count"]})

    def mission_kept(self, e: Event, actor: str) -> None:
        drawn = self.joins.pop(("drawn", e["colour"]), None)
        if drawn is None:
            self.new({"say": "mission_kept", "colour": e["colour"]})
        else:
            drawn["say"] = "missions_drawn_kept"


GATHER = {
    "ship": Turn.fly, "warp": Turn.warp, "saved": Turn.saved, "trade": Turn.trade, "to_platform": Turn.to_platform,
    "raise": Turn.raised, "enter": Turn.enter, "take": Turn.take, "card": Turn.card,
    "lost_found": Turn.lost, "lost_alone": Turn.lost, "lost_placed": Turn.lost_placed,
    "missions_drawn": Turn.missions_drawn, "mission_kept": Turn.mission_kept,
}


def recap(events: list[Event], viewer: int | None, lang: str = "en", names: list[str] | None = None) -> list[str]:
    """What the turn did, one short sentence per thing that happened, in the order it happened."""
    reader, turn = Reader(viewer, lang, names), Turn()
    for e in events:
        turn.add(e)
    lines = [reader.line(item) for item in turn.items]
    if lines or not turn.quiet:
        return lines
    return [_alone(turn.quiet, reader)]


def _alone(quiet: list[Event], reader: Reader) -> str:
    """A turn of bookkeeping only still says what it did: its player ended it, or what the log says."""
    said = [e for e in quiet if e["e"] in SAID_WHEN_ALONE]
    if said:
        return reader.line({"say": said[0]["e"], "colour": said[0]["colour"]})
    return render(quiet[0], reader.lang, reader.names)
