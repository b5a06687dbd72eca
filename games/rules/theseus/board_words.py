"""The words of the board module (static/theseus/board.js), which the page hands it in `client_data`:
English here, every other language from the game's catalogue, so board.js holds no language. A text
with {placeholders} is filled in board.js (`fill`, js/board_shell.js's catalogueWords)."""
from __future__ import annotations

from ..base import N_, pN_
from .components import CATALOGUE

WORDS = {
    "board": N_("The station"), "roledescription": N_("board"), "space": N_("Space"), "moving": N_("on the move"),
    "room": N_("{sector} room {n}"), "roomAlone": N_("room {n}"), "slot": N_("{sector} slot {n}"),
    "pending": N_("{sector} pending position {n}"), "unit": N_("{faction} unit {n}"), "copy": N_("{name} (copy)"),
    "young": N_("Young Alien"), "empty": N_("empty"), "bonusSlot": N_("bonus slot"), "bonus": N_("bonus card"),
    "upgraded": N_("upgraded"), "invisible": N_("invisible"), "gripped": N_("gripped"), "parasites": N_("parasite(s)"),
    "tiles": N_("tile(s)"), "counter": N_("counter"), "deact": N_("deactivation tile(s)"),
    "disc": N_("the malfunction disc lies on it"), "seatOf": N_("{faction} (seat {n})"), "lp": N_("LP"), "dp": N_("DP"),
    "deck": N_("deck"), "top": N_("top"), "discards": N_("discards"), "held": N_("held"), "drawn": N_("drawn"),
    "upgradeTiles": N_("upgrade tiles"), "endTrack": N_("End track"), "turn": N_("Turn"), "round": N_("round"),
    "phase": N_("phase"), "asks": N_("asks"), "none": N_("none"), "seats": N_("The seats"),
    "yourCards": N_("Cards to choose"), "choose": N_("Choose"), "traps": N_("The traps here"), "colour": N_("colour"),
    "x": pN_("the card's number", "X"), "read": N_("Read the card"), "endHere": N_("the end tile is here"),
    "linked": N_("connected to {rooms}"), "unlinked": N_("connected to no other room"), "and": N_("and"),
    "stepPrompt": N_("choose what happens to it"),
    "actions.combat": N_("Combat"), "actions.malfunction": N_("Malfunction"), "actions.extra_turn": N_("Extra turn"),
    "actions.faction": N_("Faction action"),
    "phases.setup": N_("setup"), "phases.start": N_("start"), "phases.sub": N_("start"), "phases.move": N_("movement"),
    "phases.actions": N_("action cards"), "phases.sector": N_("sector action"), "phases.pending": N_("pending cards"),
    "phases.end": N_("end of turn"),
    "buttons.continue": N_("Continue"), "buttons.pass": N_("Pass"), "buttons.done": N_("Done"),
    "buttons.end_phase": N_("End the phase"), "buttons.no": N_("No"), "buttons.skip": N_("Skip the sector"),
    "buttons.stop": N_("Stop here"), "buttons.upgrade": N_("Take an upgrade tile"), "buttons.flip": N_("Upgrade it"),
    "buttons.tile": N_("Put a tile on it"), "buttons.A": N_("Put your top card here"), "buttons.B": N_("Discard this card"),
    "buttons.C": N_("Install this card"), "buttons.spend": N_("Spend {n} more"),
    # what choosing an offered target does, by the question asked: {t} the target, {c} the card, {u} the unit
    "verbs.team_sector": N_("Choose {t} as your team's sector"), "verbs.setup_card": N_("Install {t} first"),
    "verbs.setup_slot": N_("Install {c} on {t}"), "verbs.setup_room": N_("Place {u} in {t}"),
    "verbs.move_unit": N_("Move {t}"), "verbs.passage": N_("Play {t} with your move"),
    "verbs.movePassage": N_("Move {t} with {c}"), "verbs.shortcut": N_("Teleport to {t}"), "verbs.eject": N_("Eject {t}"),
    "verbs.room": N_("Move {u} into {t}"), "verbs.space_room": N_("Bring {u} from space into {t}"),
    "verbs.target": N_("Attack {t}"), "verbs.double_shot": N_("Shoot again with {t}"), "verbs.action_next": N_("Use {t}"),
    "verbs.pick": N_("Choose {t}"), "verbs.pickFor": N_("Choose {t} for {c}"),
    "verbs.disc_target": N_("Put the malfunction disc on {t}"), "verbs.faction_action": N_("Clean up {t}"),
    "verbs.extra_unit": N_("Give the extra turn to {t}"), "verbs.install_slot": N_("Install {c} on {t}"),
    "verbs.lose_upgrade": N_("Take the upgrade off {t}"), "verbs.flip": N_("Choose {t} to upgrade"),
    "verbs.tile": N_("Choose {t} for a tile"), "verbs.play": N_("Play {t}"),
    "verbs.pick_opponent": N_("Choose the {t}"), "verbs.pick_opponentFor": N_("Choose the {t} for {c}"),
    "verbs.heal_split": N_("Take 1 LP from the {t}"), "verbs.trap_next": N_("Let {t} act next"),
    "verbs.cleanup": N_("Clean up {t}: discard it"), "verbs.uses": N_("{t}: {list}"), "verbs.or": N_(" or "),
    "verbs.use.A": N_("put your top card here"), "verbs.use.B": N_("discard its card"), "verbs.use.C": N_("install its card"),
    "verbs.theCard": N_("the card"), "verbs.yourUnit": N_("your unit"), "verbs.theUnit": N_("the unit"),
}


def board_words(lang: str) -> dict[str, str]:
    """Every word board.js says, in `lang`: its texts, some with {placeholders} it fills."""
    return {key: CATALOGUE.gettext(lang, msgid) for key, msgid in WORDS.items()}
