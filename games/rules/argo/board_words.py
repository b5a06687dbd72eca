"""The words of the board module (static/argo/board.js), which the page hands it in `client_data`:
English here, every other language from the game's catalogue, so board.js holds no language."""
from __future__ import annotations

from ..base import N_
from .describe import EN as DESCRIBED, SIDE_WORDS
from .log import ADJECTIVES, CATALOGUE, FIGURES, KINDS, PROMPTS, ROLES

WORDS = {
    "score": N_("score"), "activations": N_("activations"), "escaped": N_("escaped"), "alienScore": N_("Alien score"),
    "dead": N_("killed astronauts"), "trackTaken": N_("alien track, slots taken"), "trackFree": N_("free"),
    "trackFull": N_("when the last slot is taken, the aliens win"), "facedown": N_("face-down modules"),
    "podsWaiting": N_("Pods waiting"), "supply": N_("Supply"), "aliensWin": N_("The aliens win."),
    "last": N_("last turn"), "heal": N_("Bring back"), "rotate": N_("Rotate"), "none": N_("none"),
    "station": N_("The station"), "boardRole": N_("board"),
    "button.end_turn": N_("End turn"), "button.stop": N_("Stop here"), "button.activate": N_("Activate"),
    "button.stay": N_("Stay"), "button.launch": N_("Launch now"),
    "cell": N_("column {x}, row {y}"), "and": N_(" and "),
    "door": N_("door {sides}"), "doors": N_("doors {sides}"),
    "turned.one": N_("turned so its door faces {sides}"), "turned.many": N_("turned so its doors face {sides}"),
    "markBy": N_("Activated by {colour}"), "bringBack": N_("Bring back {figure}"),
    "chip": N_("{tile}, room for {room}"), "chipPod": N_("{tile}, seats of {low} and {high} points"),
    "offer": N_("Place {chip}"), "offer.shape": N_("; {shape}"), "offer.alien": N_(", brings an alien"),
    "anyRoom": N_("any number"),
    "shape.1": DESCRIBED["shape.1"], "shape.2": DESCRIBED["shape.2"], "shape.corner": DESCRIBED["shape.corner"],
    "shape.3": DESCRIBED["shape.3"], "shape.4": DESCRIBED["shape.4"],
    # what choosing an offered target does
    "move": N_("Move {figure}"), "moveTo": N_("Move {figure} to {place}"), "push": N_("Push {figure}"),
    "pushTo": N_("Push {figure} to {place}"), "activate": N_("Activate the module of {figure}"),
    "victim": N_("Choose {figure} as the victim"), "killFirst": N_("Choose {figure} to kill first"),
    "swap": N_("Swap {figure} with an alien"), "swapWith": N_("Swap {figure} with {alien}"), "shoot": N_("Shoot {figure}"),
    "choose": N_("Choose {figure}"), "teleport": N_("Teleport to {place}"), "lift": N_("Lift {place}"),
    "launch": N_("Launch {place}"), "place": N_("Place {tile} at {place}"), "fly": N_("Fly the pod to {place}"),
    "relocate": N_("Move the module to {place}"), "at": N_("{kind} {tile} at {cell}"),
    # the prompt at each step of placing a module
    "step.supply": N_("Place a module from the supply"), "step.pod": N_("Place the top pod"), "step.both": PROMPTS["build"],
    "step.where": N_("Place {tile}: choose a lit cell beside the station"),
    "step.turn": N_("Turn {tile} with Rotate, then Confirm"),
    "step.turned": N_("{place}, {doors}: Rotate to turn it on, or Confirm"), "step.turned.last": N_("{place}, {doors}: Confirm"),
}


def board_words(lang: str) -> dict[str, object]:
    """Every word board.js says, in `lang`: its texts with {placeholders} it fills, the sides, the
    colours, the roles, and each astronaut's name ("figures") and name as a target ("pieces")."""
    def t(msgid: str) -> str:
        return CATALOGUE.gettext(lang, msgid)
    figures = {figure: CATALOGUE.named(lang, msgid) for figure, msgid in FIGURES.items()}
    return {
        **{key: t(msgid) for key, msgid in WORDS.items()},
        "sides": [t(SIDE_WORDS[side]) for side in (1, 2, 4, 8)],
        "colours": {colour: t(msgid) for colour, msgid in ADJECTIVES.items()},
        "roles": {role: t(msgid) for role, msgid in ROLES.items()},
        "kinds": {kind: t(msgid) for kind, msgid in KINDS.items()},
        "figures": {figure: str(name) for figure, name in figures.items()},
        "pieces": {figure: name.bare for figure, name in figures.items()},
        "alien": t("Alien {n}"),
    }
