"""Events as sentences and the pending question as a prompt, in the languages of the game's catalogue
(locale/<lang>/LC_MESSAGES/andromeda.po): the code holds the English, `CATALOGUE` the rest.

Nothing here may reveal a secret: events never carry one, and prompts only name who decides what.
"""
from __future__ import annotations

from typing import Any

from ..base import N_, Catalogue, CommandLine, Event, State
from .components import WORMHOLE
from .ships import BOARD

CATALOGUE = Catalogue(__file__, "andromeda")
t_, p_, n_ = CATALOGUE.gettext, CATALOGUE.pgettext, CATALOGUE.ngettext

COLOURS = {"red": N_("Red"), "yellow": N_("Yellow"), "green": N_("Green"), "blue": N_("Blue")}
PLACES = {1: N_("1st"), 2: N_("2nd"), 3: N_("3rd")}
FIELDS = {1: N_("1 (SWAP)"), 2: N_("2 (wait)"), 3: N_("3 (WARP)")}
DECKS = {"warning": "WARNING", "alert": "ALERT"}  # the decks' names as printed on the cards, in every language


def colour(c: str, lang: str) -> str:
    return t_(lang, COLOURS[c]) if c in COLOURS else c


def place(n: int, lang: str) -> str:
    return t_(lang, PLACES[n])


def field(n: int, lang: str) -> str:
    return t_(lang, FIELDS[n])


def _who(e: Event, c: str, lang: str) -> str:
    """The player of colour `c`: their name where render was given the players' names (in seat order,
    which is the board's order of colours), else the colour."""
    names = e.get("_names")
    return names[BOARD.colours.index(c)] if names and c in BOARD.colours[:len(names)] else colour(c, lang)


def node(n: str, lang: str) -> str:
    return t_(lang, "the wormhole") if n == WORMHOLE else n


def card_name(card_id: str, lang: str) -> str:
    """An action card's name (its English name in the data file is the msgid)."""
    return t_(lang, BOARD.cards[card_id].name)


def card_text(card_id: str, lang: str) -> str:
    return t_(lang, BOARD.cards[card_id].text)


def mission_name(number: int, lang: str) -> str:
    return t_(lang, BOARD.missions[number].name)


def mission_text(number: int, lang: str) -> str:
    return t_(lang, BOARD.missions[number].text)


def card(card_id: str, lang: str) -> str:
    return f"{card_id} «{card_name(card_id, lang)}»"


def mission(number: int, lang: str) -> str:
    return f"{number} «{mission_name(number, lang)}»"


def link(link_id: str, lang: str) -> str:
    a, b = link_id.split(">")
    return f"{a} → {b}"


def joined(words: list[str], lang: str) -> str:
    """"A, B and C"."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + t_(lang, " and ") + words[-1]


SENTENCES = {
    "turn": N_("Turn {number}: {player}."),
    "mission_returned": N_("{player} returns one mission and keeps two."),
    "enter": N_("{player} brings a ship into play on {to}."),
    "enter.called": N_("{player} brings a new ship into play on {to}."),
    "ship": N_("{player} moves {from} → {to}."),
    "ship.moved": N_("The ship of {player} moves {from} → {to}."),
    "warp": N_("{player} warps {from} → {to}; the ship lies down again."),
    "saved": N_("A ship of {player} flies from {from} into the wormhole: saved."),
    "all_saved": N_("{player} has saved every ship: {place} place on the Last Ship track."),
    "last_place": N_("{player} is the last one on the board and takes the {place} place on the Last Ship track."),
    "take": N_("{player} takes the open card {card}."),
    "refill": N_("New open cards: {cards}."),
    "refill.none": N_("No cards are left to open."),
    "reshuffle": N_("The {deck} discards are shuffled into a new deck."),
    "skip": N_("{player} skips: the Skip disc moves to field {field}."),
    "trade": N_("The ship of {player} on {ship} and the ship of {other} on {with} trade places."),
    "raise": N_("The ship of {player} on {ship} stands upright for a warp."),
    "decline": N_("{player} lets the chance pass."),
    "lost_found": N_("{player} has ships in all three zones: the Lost Ship is found."),
    "lost_alone": N_("{player} has no ship left on platform or board: the Lost Ship enters at once."),
    "lost_due": N_("No outer-ring node is free: {player} places the Lost Ship at the end of a later turn."),
    "lost_placed": N_("{player} places the Lost Ship on {to}."),
    "card": N_("{player} plays {card} ({vp} VP)."),
    "card.for": N_("{player} plays {card}, for {other} ({vp} VP)."),
    "to_platform": N_("The ship of {player} on {from} goes back to the platform."),
    "block": N_("{player} blocks the dotted link {link} until {player}'s next turn."),
    "unblock": N_("The dotted link {link} is open again."),
    "discard": N_("{player} discards {card} with it."),
    "missions_drawn": N_("{player} draws {count} missions."),
    "mission_kept": N_("{player} keeps one of them; the others go back."),
    "mission": N_("{player} reveals mission {mission}: {vp} VP."),
    "end_turn": N_("{player} ends the turn."),
    "game_over": N_("The game is over. Winner: {winners}."),
}


def _key(e: Event) -> str:
    kind = e["e"]
    if kind == "enter" and e["how"] == "called":
        return "enter.called"
    if kind == "ship" and e["how"] != "move":
        return "ship.moved"
    if kind == "refill" and not (e["warning"] or e["alert"]):
        return "refill.none"
    if kind == "card" and "player" in e:
        return "card.for"
    return str(kind)


def render(event: Event, lang: str = "en", names: list[str] | None = None) -> str:
    """One event as a sentence, naming each player by `names` (in seat order), else by colour."""
    e = {**event, "_names": names} if names else event
    values = dict(event)
    for key in ("colour", "other", "player"):
        if key in event and event["e"] != "game_over":
            values[{"colour": "player", "other": "other", "player": "other"}[key]] = _who(e, event[key], lang)
    for key in ("from", "to"):
        if key in event:
            values[key] = node(event[key], lang)
    if "card" in event:
        values["card"] = card(event["card"], lang)
    if "vp" in event:
        values["vp"] = f"{event['vp']:+d}"
    if "place" in event:
        values["place"] = place(event["place"], lang)
    if "field" in event:
        values["field"] = field(event["field"], lang)
    if "deck" in event:
        values["deck"] = DECKS[event["deck"]]
    if "link" in event:
        values["link"] = link(event["link"], lang)
    if "mission" in event:
        values["mission"] = mission(event["mission"], lang)
    if event["e"] == "refill":
        values["cards"] = joined([card(x, lang) for x in (event["warning"], event["alert"]) if x], lang)
    if event["e"] == "game_over":
        values["winners"] = ", ".join(_who(e, c, lang) for c in event["winners"])
    return t_(lang, SENTENCES[_key(event)]).format(**values)


def ending(outcome: dict[str, Any], lang: str = "en") -> str:
    """Why the game ended: it ends one way only (the second-to-last player saves their last ship)."""
    return t_(lang, "Every player but one has saved all their ships.")


PROMPTS = {
    "return_mission": N_("{c} chooses which of the three missions to return."),
    "turn": N_("{c} may play cards, then brings in or moves a ship (or skips)."),
    "swap": N_("{c} chooses which of his ships trades places with another player's ship in front (SWAP)."),
    "raise": N_("{c} chooses which of his ships to stand upright (WARP)."),
    "take": N_("{c} takes one of the open cards."),
    "place_lost": N_("{c} places the Lost Ship on a free outer-ring node."),
    "shift": N_("{c} moves an inner-ring ship to another free inner-ring field ({b}'s card)."),
    "enter_for": N_("{c} brings a new ship into play ({b}'s card)."),
    "keep_mission": N_("{c} chooses which of the drawn missions to keep."),
    "end_turn": N_("{c} confirms the end of the turn."),
    "over": N_("The game is over."),
}


def prompt(state: State, lang: str = "en") -> str:
    ask = state["ask"]
    if state["over"] is not None or ask is None:
        return t_(lang, PROMPTS["over"])
    by = colour(ask["by"], lang) if "by" in ask else ""
    return t_(lang, PROMPTS[ask["q"]]).format(c=colour(state["colours"][ask["seat"]], lang), b=by)


class AndromedaCommandLine(CommandLine):
    """`play` on the command line: each ranked seat with the ships it saved."""

    def seat(self, name: str, lang: str) -> str:
        return colour(name, lang)

    def ranked(self, entry: dict[str, Any], lang: str) -> str:
        saved = t_(lang, "{n} saved").format(n=entry["saved"])
        return f"{super().ranked(entry, lang)} ({saved})"
