"""The pending question as the players who are not deciding, and spectators, read it: after the site's
"Waiting for Carol: ", so never addressed to the reader ("Your single action this first turn…" read
as if it were theirs). The same keys and values as log.PROMPTS."""
from __future__ import annotations

from ..base import N_, State
from . import log

FOR_OTHERS = {
    "alien_move": N_("Moving an alien"),
    "alien_push": N_("Choosing where {alien} is pushed from {cell}"),
    "victim": N_("Choosing whom {alien} kills on {cell}"),
    "kill_order": N_("The alien track cannot take every victim: choosing which alien kills first"),
    "build": N_("Placing a module from the supply or the top pod"),
    "action": N_("Action {n} of {m}: moving an astronaut or activating a module"),
    "action.first": N_("The single action of the first turn: moving an astronaut"),
    "step.more": N_("Moving {figure} one more step, or stopping"),
    "step.jump": N_("Jump Room: moving {figure} (move {n} of 2)"),
    "push": N_("Choosing whom {entering} pushes out of {cell}, and where"),
    "teleport": N_("Choosing where {figure} is teleported"),
    "pilot": N_("{figure} in pod {pod}: staying, launching now, or flying the pod elsewhere"),
    "target.lab": N_("Lab: choosing an astronaut and an alien to swap"),
    "target.control_room": N_("Control Room: choosing a tile to move"),
    "target.laser": N_("Laser: choosing an alien to kill"),
    "target.infirmary": N_("Infirmary: choosing an astronaut to bring back"),
    "target.security_center": N_("Security Center: choosing a pod to launch"),
    "relocate": N_("Control Room: choosing where the tile from {cell} goes, and its rotation"),
    "end_turn": N_("Confirming the end of the turn"),
    "over": N_("The game is over"),
}


def for_others(state: State, lang: str = "en") -> str:
    return log.prompt(state, lang, FOR_OTHERS)
