"""Andromeda Escape as players read it: its name, its questions, its log, the board in words and
the data board.js draws with (games.rules.base.GamePresentation)."""
from __future__ import annotations

from typing import Any

from ..base import N_, NAMED_COLOURS, Presentation
from . import describe as _describe, log, recap as _recap
from .board_words import board_words
from .ships import BOARD


class AndromedaPresentation(Presentation):
    """Andromeda Escape's words: its sentences are the game's own modules (log, recap, describe)."""
    name = "andromeda"
    catalogue = log.CATALOGUE
    title = catalogue.texts(N_("Andromeda Escape"))
    summary = catalogue.texts(N_("Steer your fleet through crowded approach zones into the wormhole before the others."))
    command_line = log.AndromedaCommandLine

    # the game's own modules say each sentence
    prompt, render, ending = staticmethod(log.prompt), staticmethod(log.render), staticmethod(log.ending)
    recap, describe = staticmethod(_recap.recap), staticmethod(_describe.describe)

    def client_data(self, lang: str = "en") -> dict[str, Any]:
        """The board, the cards and missions in `lang`, and every word board.js says (`words`)."""
        raw = BOARD.raw
        t = log.t_
        return {
            "nodes": raw["nodes"], "links": raw["links"], "dotted": raw["dotted"], "zones": list(BOARD.zones),
            "colour_names": {c: log.colour(c, lang) for c in BOARD.colours},
            "cards": {c.id: {"deck": c.deck, "played": c.played, "in_hand": c.in_hand, "name": t(lang, c.name),
                             "text": t(lang, c.text)} for c in BOARD.cards.values()},
            "missions": {m.id: {"vp": m.vp, "when": m.when, "name": t(lang, m.name), "text": t(lang, m.text)}
                         for m in BOARD.missions.values()},
            "words": board_words(lang),
            "skip_fields": {str(k): v for k, v in BOARD.skip_fields.items()},
            "last_ship_vp": list(BOARD.last_ship_vp), "ships": {str(k): v for k, v in BOARD.ships.items()},
            "seat_colours": {c: NAMED_COLOURS[c] for c in BOARD.colours},
        }
