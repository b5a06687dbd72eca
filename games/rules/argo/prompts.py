"""The pending question as the players who are not deciding, and spectators, read it: after the site's
"Waiting for Carol: ", so never addressed to the reader ("Your single action this first turn…" read
as if it were theirs). The same keys and values as log.PROMPTS."""
from __future__ import annotations

from . import log

FOR_OTHERS = {
    "en": {
        "alien_move": "Moving an alien",
        "alien_push": "Choosing where {alien} is pushed from {cell}",
        "victim": "Choosing whom {alien} kills on {cell}",
        "kill_order": "The alien track cannot take every victim: choosing which alien kills first",
        "build": "Placing a module from the supply or the top pod",
        "action": "Action {n} of {m}: moving an astronaut or activating a module",
        "action.first": "The single action of the first turn: moving an astronaut",
        "step.more": "Moving {figure} one more step, or stopping",
        "step.jump": "Jump Room: moving {figure} (move {n} of 2)",
        "push": "Choosing whom {entering} pushes out of {cell}, and where",
        "teleport": "Choosing where {figure} is teleported",
        "pilot": "{figure} in pod {pod}: staying, launching now, or flying the pod elsewhere",
        "target.lab": "Lab: choosing an astronaut and an alien to swap",
        "target.control_room": "Control Room: choosing a tile to move",
        "target.laser": "Laser: choosing an alien to kill",
        "target.infirmary": "Infirmary: choosing an astronaut to bring back",
        "target.security_center": "Security Center: choosing a pod to launch",
        "relocate": "Control Room: choosing where the tile from {cell} goes, and its rotation",
        "end_turn": "Confirming the end of the turn",
        "over": "The game is over",
    },
    "de": {
        "alien_move": "Ein Alien bewegen",
        "alien_push": "Wählen, wohin {alien} von {cell} geschoben wird",
        "victim": "Wählen, wen {alien} auf {cell} tötet",
        "kill_order": "Die Alienleiste fasst nicht alle Opfer: wählen, welches Alien zuerst tötet",
        "build": "Ein Modul aus dem Vorrat oder die oberste Kapsel anlegen",
        "action": "Aktion {n} von {m}: einen Astronauten bewegen oder ein Modul aktivieren",
        "action.first": "Die einzige Aktion im ersten Zug: einen Astronauten bewegen",
        "step.more": "{figure_acc} noch einen Schritt bewegen oder anhalten",
        "step.jump": "Sprungraum: {figure_acc} bewegen (Zug {n} von 2)",
        "push": "Wählen, wen {entering} aus {cell} schiebt, und wohin",
        "teleport": "Wählen, wohin {figure} teleportiert wird",
        "pilot": "{figure} in Kapsel {pod}: bleiben, sofort starten oder die Kapsel versetzen",
        "target.lab": "Labor: einen Astronauten und ein Alien zum Tauschen wählen",
        "target.control_room": "Kontrollraum: ein Plättchen zum Versetzen wählen",
        "target.laser": "Laser: ein Alien zum Töten wählen",
        "target.infirmary": "Krankenstation: einen Astronauten wählen, der zurückkehrt",
        "target.security_center": "Sicherheitszentrale: eine Kapsel zum Starten wählen",
        "relocate": "Kontrollraum: wählen, wohin das Plättchen von {cell} kommt, und die Drehung",
        "end_turn": "Das Ende des Zuges bestätigen",
        "over": "Das Spiel ist zu Ende",
    },
}


def for_others(s, lang: str = "en") -> str:
    return log.prompt(s, lang, FOR_OTHERS)
