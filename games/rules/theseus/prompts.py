"""The pending question as the players who are not deciding, and spectators, read it: after the site's
"Waiting for Carol: ", so never addressed to the reader ("choose your team's sector" read as if it
were theirs). One entry for each of log.QUESTION's, in English: the catalogue
gives the other languages."""
from __future__ import annotations

from ..base import N_, State
from . import log

FOR_OTHERS = {
    "team_sector": N_("choosing the team's sector"),
    "setup_card": N_("choosing the card to install"),
    "setup_slot": N_("choosing a slot for it"),
    "setup_room": N_("choosing a room for the unit"),
    "free_step": N_("playing a card, spending tiles or continuing"),
    "move_unit": N_("choosing the unit to move"),
    "shortcut": N_("deciding whether to use a shortcut"),
    "eject": N_("the sector is full: choosing who is ejected"),
    "room": N_("choosing a room"),
    "space_room": N_("choosing a room for the unit from space"),
    "trap_next": N_("choosing the trap that acts next"),
    "target": N_("choosing a target"),
    "double_shot": N_("choosing the unit that shoots again"),
    "action_next": N_("choosing an action card or ending the phase"),
    "pick_unit": N_("choosing a unit"),
    "pick_card": N_("choosing a card"),
    "pick_slot": N_("choosing a slot"),
    "pick_opponent": N_("choosing an opponent"),
    "pick_pending": N_("choosing a pending card"),
    "disc_target": N_("choosing the card for the malfunction disc"),
    "faction_action": N_("upgrading or cleaning up"),
    "extra_unit": N_("choosing the unit for the extra turn"),
    "pending": N_("choosing a pending position or passing"),
    "install_slot": N_("choosing the slot to install on"),
    "lose_upgrade": N_("choosing the upgrade to lose"),
    "heal_split": N_("choosing whose LP go down"),
}


def for_others(s: State, lang: str = "en") -> str:
    """"Marines: choosing a card": the deciding seat's faction, as the prompt names it."""
    if s["over"] is not None:
        return log.prompt(s, lang)
    ask = s["ask"]
    question = log.t_(lang, FOR_OTHERS[ask["type"]])
    return log.t_(lang, "{who}: {question}").format(who=log.seat_name(ask["seat"], s, lang), question=question)
