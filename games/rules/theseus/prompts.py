"""The pending question as the players who are not deciding, and spectators, read it: after the site's
"Waiting for Carol: ", so never addressed to the reader ("choose your team's sector" read as if it
were theirs). One entry for each of log.QUESTION's, (English, German)."""
from __future__ import annotations

from . import log

FOR_OTHERS = {
    "team_sector": ("choosing the team's sector", "den Sektor des Teams wählen"),
    "setup_card": ("choosing the card to install", "die Karte zum Installieren wählen"),
    "setup_slot": ("choosing a slot for it", "ein Feld dafür wählen"),
    "setup_room": ("choosing a room for the unit", "einen Raum für die Einheit wählen"),
    "free_step": ("playing a card, spending tiles or continuing", "eine Karte spielen, Plättchen einsetzen oder weiter"),
    "move_unit": ("choosing the unit to move", "die Einheit wählen, die zieht"),
    "shortcut": ("deciding whether to use a shortcut", "entscheiden, ob eine Abkürzung genutzt wird"),
    "eject": ("the sector is full: choosing who is ejected", "der Sektor ist voll: wählen, wer ausgestoßen wird"),
    "room": ("choosing a room", "einen Raum wählen"),
    "space_room": ("choosing a room for the unit from space", "einen Raum für die Einheit aus dem All wählen"),
    "trap_next": ("choosing the trap that acts next", "die Falle wählen, die als nächste wirkt"),
    "target": ("choosing a target", "ein Ziel wählen"),
    "double_shot": ("choosing the unit that shoots again", "die Einheit wählen, die noch einmal schießt"),
    "action_next": ("choosing an action card or ending the phase", "eine Aktionskarte wählen oder die Phase beenden"),
    "pick_unit": ("choosing a unit", "eine Einheit wählen"),
    "pick_card": ("choosing a card", "eine Karte wählen"),
    "pick_slot": ("choosing a slot", "ein Feld wählen"),
    "pick_opponent": ("choosing an opponent", "einen Gegner wählen"),
    "pick_pending": ("choosing a pending card", "eine wartende Karte wählen"),
    "disc_target": ("choosing the card for the malfunction disc", "die Karte für die Fehlfunktionsscheibe wählen"),
    "faction_action": ("upgrading or cleaning up", "aufwerten oder aufräumen"),
    "extra_unit": ("choosing the unit for the extra turn", "die Einheit für den Extrazug wählen"),
    "pending": ("choosing a pending position or passing", "einen Warteplatz wählen oder passen"),
    "install_slot": ("choosing the slot to install on", "das Feld zum Installieren wählen"),
    "lose_upgrade": ("choosing the upgrade to lose", "das Upgrade wählen, das verloren geht"),
    "heal_split": ("choosing whose LP go down", "wählen, wessen LP sinken"),
}


def for_others(s, lang: str = "en") -> str:
    """"Marines: choosing a card": the deciding seat's faction, as the prompt names it."""
    if s["over"] is not None:
        return log.prompt(s, lang)
    ask = s["ask"]
    return f"{log.seat_name(ask['seat'], s, lang)}: {FOR_OTHERS[ask['type']][0 if log.language(lang) == 'en' else 1]}"
