"""A player's turn in a few short sentences, for a player who was away ("Since you last looked").

Built from the turn's events only, which the log shows everyone: a kept mission stays as secret as
the log keeps it. The turn's bookkeeping (its header, "ends the turn", new open cards, a reshuffle,
a block running out) is left out, a ship's steps in one player's hands become one flight from where
it started to where it ended, and the reader's own ships and points are "your" ones.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..base import N_
from .components import WORMHOLE
from .log import CATALOGUE, PLACES, card, colour, field, joined, link, mission, n_, node, p_, render, t_
from .ships import BOARD

Event = dict[str, Any]
Item = dict[str, Any]

# A sentence whose subject is the reader ("You moved …") is read in the context "you": a language
# whose verb changes with the person ("Du hast …") says it there.
EN = {
    "mission_returned": N_("{s} returned one mission and kept two."),
    "enter": N_("{s} brought a ship into play on {nodes}."),
    "enter_many": N_("{s} brought ships into play on {nodes}."),
    "move": N_("{s} moved {ship} from {a} to {b}."),
    "move_saved": N_("{s} moved {ship} from {a} into the wormhole: saved."),
    "move_back": N_("{s} moved {ship} away from {a} and back again."),
    "warp": N_("{s} warped a ship from {a} to {b}."),
    "warp_saved": N_("{s} warped a ship from {a} into the wormhole: saved."),
    "all_saved": N_("{s} saved every ship: {place} place on the Last Ship track."),
    "last_place": N_("{s} stayed last on the board: {place} place on the Last Ship track."),
    "take": N_("{s} took the open card {cards}."),
    "take_many": N_("{s} took the open cards {cards}."),
    "skip": N_("{s} skipped: the Skip disc moved to field {field}."),
    "trade": N_("{Ship} on {a} and {other} on {b} traded places."),
    "raise": N_("{Ship} on {a} was set upright for a warp."),
    "lost_found": N_("{s} found the Lost Ship."),
    "lost_found_placed": N_("{s} found the Lost Ship and placed it on {to}."),
    "lost_alone": N_("{s} had no ship left: the Lost Ship enters at once."),
    "lost_alone_placed": N_("{s} had no ship left and placed the Lost Ship on {to}."),
    "lost_due": N_("{s} will place the Lost Ship later: no outer-ring node is free."),
    "lost_placed": N_("{s} placed the Lost Ship on {to}."),
    "card": N_("{s} played {card} ({vp} VP)."),
    "card_for": N_("{s} played {card} for {p} ({vp} VP)."),
    "to_platform": N_("{Ship} on {a} went back to the platform."),
    "block": N_("{s} blocked the dotted link {link}."),
    "discard": N_("{s} discarded {card} with it."),
    "missions_drawn": N_("{s} drew {missions}."),
    "missions_drawn_kept": N_("{s} drew {missions} and kept one."),
    "mission_kept": N_("{s} kept one of the drawn missions."),
    "mission": N_("{s} revealed mission {mission}: {vp} VP."),
    "game_over": N_("The game is over. {winners}"),
    "end_turn": N_("{s} ended the turn."),
    "decline": N_("{s} let the chance pass."),
}

# the sentences whose verb a language may change for the reader
PERSONAL = frozenset(EN) - {"trade", "raise", "to_platform", "game_over"}

# Said only when a turn did nothing else; the rest of the bookkeeping is told by the log's own line.
QUIET = frozenset({"turn", "end_turn", "refill", "reshuffle", "unblock", "decline"})
SAID_WHEN_ALONE = frozenset({"end_turn", "decline"})


class Reader:
    """Who reads the recap, and in which words: the reader's own colour is "you"."""

    def __init__(self, viewer: int | None, lang: str, names: list[str] | None) -> None:
        self.lang = lang
        self.names = names
        self.you = BOARD.colours[viewer] if viewer is not None and 0 <= viewer < len(BOARD.colours) else None

    def name(self, c: str) -> str:
        """A player by name where the names are given (in seat order, the board's order of colours)."""
        names = self.names
        return names[BOARD.colours.index(c)] if names and c in BOARD.colours[:len(names)] else colour(c, self.lang)

    def subject(self, c: str) -> str:
        return t_(self.lang, "You") if c == self.you else self.name(c)

    def object(self, c: str) -> str:
        return p_(self.lang, "object", "you") if c == self.you else self.name(c)

    def ship(self, owner: str, actor: str | None = None, first: bool = False) -> str:
        """A ship by whose it is: one the acting player moves himself is just "a ship"."""
        if owner == actor:
            return t_(self.lang, "a ship")
        if owner == self.you:
            return t_(self.lang, "Your ship") if first else t_(self.lang, "your ship")
        theirs = p_(self.lang, "first", "{name}'s ship") if first else t_(self.lang, "{name}'s ship")
        return theirs.format(name=self.name(owner))

    def joined(self, words: list[str]) -> str:
        return joined(words, self.lang)

    def missions(self, count: int) -> str:
        return n_(self.lang, "a mission", "{n} missions", count).format(n=count)

    def winners(self, colours: list[str]) -> str:
        if colours == [self.you]:
            return t_(self.lang, "You won.")
        who = self.joined([t_(self.lang, "you") if c == self.you else self.name(c) for c in colours])
        return n_(self.lang, "Winner: {who}.", "Winners: {who}.", len(colours)).format(who=who)

    def words(self, item: Item) -> dict[str, str]:
        """The item's fields as the sentence names them."""
        c = item.get("colour", "")
        out = {"s": self.subject(c) if c else ""}
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
                "place": lambda v: t_(lang, PLACES[v]), "field": lambda v: field(v, lang),
                "link": lambda v: link(v, lang), "mission": lambda v: mission(v, lang),
                "vp": lambda v: f"{v:+d}", "missions": self.missions, "winners": self.winners}

    def line(self, item: Item) -> str:
        if item["say"] is None:
            return render(item["event"], self.lang, self.names)
        say = "move_back" if item["say"] == "move" and item["a"] == item["b"] else item["say"]
        yours = say in PERSONAL and item.get("colour") is not None and item.get("colour") == self.you
        text = CATALOGUE.variant(self.lang, "you", EN[say]) if yours else t_(self.lang, EN[say])
        return text.format(**self.words(item))


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
