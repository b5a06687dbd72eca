"""The words of the board module (static/andromeda/board.js), which the page hands it in `client_data`:
English here, every other language from the game's catalogue, so board.js holds no language."""
from __future__ import annotations

from ..base import N_, pN_
from .log import CATALOGUE, COLOURS

WORDS = {
    "board": N_("The approach zones and the wormhole"), "roledescription": N_("board"), "wormhole": N_("Wormhole"),
    "zone": N_("Zone"), "ship": N_("ship of"), "upright": N_("upright for a warp"), "free": N_("free"),
    "blocked": N_("blocked"), "vp": N_("VP"), "platform": N_("platform"), "saved": N_("saved"), "lost": N_("Lost Ship"),
    "lostState.aside": N_("not found"), "lostState.due": N_("found, to place"), "lostState.placed": N_("on the board"),
    "skip": N_("Skip"), "fields.1": N_("1 SWAP"), "fields.2": N_("2 wait"), "fields.3": N_("3 WARP"),
    "hand": N_("hand"), "missions": N_("missions"), "yourHand": N_("Your hand"), "yourMissions": N_("Your missions"),
    "noCards": N_("no cards"), "noMissions": N_("no missions kept"), "open": N_("Open cards"), "decks": N_("Decks"),
    "discard": N_("Discards"), "revealed": N_("Missions met"), "lastShip": N_("Last Ship track"), "played": N_("played"),
    "inHand": N_("in hand"), "choosePlayer": N_("Choose a player"), "chooseMission": N_("Choose a mission to keep"),
    "returnMission": N_("Choose the mission to give back"), "place": N_("place"), "none": N_("none"),
    "breakdown": N_("Score"), "track": N_("track"), "handVp": N_("cards in hand"), "endMissions": N_("end missions"),
    "total": N_("total"), "missionCards": N_("Missions"), "actionCards": N_("Action cards"),
    "when.play": N_("at once"), "when.end": N_("at the end"),
    "buttons.skip": pN_("button", "Skip"), "buttons.decline": N_("No thanks"), "buttons.end_turn": N_("End turn"),
    "read": N_("Read the card"), "link": N_("dotted link from {a} to {b}"),
    # what choosing an offered target does
    "act.enter": N_("Enter at {p}"), "act.place_lost": N_("Place the Lost Ship at {p}"),
    "act.move": N_("Move the ship at {p}"), "act.warp": N_("Warp the ship at {p}"), "act.shift": N_("Shift the ship at {p}"),
    "act.swap": N_("Swap the ship at {p}"), "act.raise": N_("Raise the ship at {p} for a warp"), "act.choose": N_("Choose {p}"),
    "act.to": N_("{verb} the ship from {from} {dest}"), "act.swapWith": N_("Swap the ship at {from} with the ship at {p}"),
    "act.dest": N_("to {p}"), "act.dest.wormhole": N_("into the wormhole"), "act.wormhole": N_("the wormhole"),
    "act.verbs.move": N_("Move"), "act.verbs.warp": N_("Warp"), "act.verbs.shift": N_("Shift"),
    "act.play": N_("Play {card}: {what}"),
    "act.fields.ship": N_("the ship at {p}"), "act.fields.with": N_("with the ship at {p}"),
    "act.fields.link": N_("block the {p}"), "act.fields.player": N_("for {p}"), "act.fields.discard": N_("discard {p}"),
    "act.fields.take": N_("take {p}"),
    "act.playCard": N_("Play {card}"), "act.takeCard": N_("Take {card}"), "act.giveBack": N_("Give back {m}"),
    "act.keepMission": N_("Keep {m}"), "act.mission": N_("mission {n} {name} (+{vp} VP)"),
    # what the next click of a played card chooses
    "step.ship": N_("choose the ship it acts on"), "step.with": N_("choose the ship to swap with"),
    "step.to": N_("choose where it goes"), "step.player": N_("choose a player"), "step.link": N_("choose a dotted line"),
    "step.discard": N_("choose a card to discard"), "step.take": N_("choose an open card to take"),
}


def board_words(lang: str) -> dict[str, object]:
    """Every word board.js says, in `lang`: its texts with {placeholders} it fills, and the colours."""
    return {**{key: CATALOGUE.gettext(lang, msgid) for key, msgid in WORDS.items()},
            "colours": {colour: CATALOGUE.gettext(lang, msgid) for colour, msgid in COLOURS.items()}}
