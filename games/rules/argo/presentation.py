"""Argo as players read it: its name, its questions, its log, the board in words and the data
board.js draws with (games.rules.base.GamePresentation)."""
from __future__ import annotations

from typing import Any

from ..base import N_, NAMED_COLOURS, Presentation
from . import log, prompts, recap as _recap
from .board_words import board_words
from .components import load_station
from .describe import describe as _describe


class ArgoPresentation(Presentation):
    """Argo's words: its sentences are the game's own modules (log, prompts, recap, describe)."""
    name = "argo"
    languages = ("en", "de", "fr")
    catalogue = log.CATALOGUE
    title = catalogue.texts(N_("Argo"))
    summary = catalogue.texts(N_("Wake up in a strange space station, dodge the aliens and get your crew into the "
                                 "escape pods."))
    participants = {"aliens": catalogue.texts(N_("Aliens"))}
    command_line = log.ArgoCommandLine

    # the game's own modules say each sentence
    prompt, render, ending = staticmethod(log.prompt), staticmethod(log.render), staticmethod(log.ending)
    prompt_for_others, recap = staticmethod(prompts.for_others), staticmethod(_recap.recap)
    describe = staticmethod(_describe)

    def client_data(self, lang: str = "en") -> dict[str, Any]:
        """The tile set with its kind names, for previews of tiles not yet on the board, and every
        word board.js says (`words`), in `lang`."""
        station = load_station("station")
        tiles = {t.id: {"tile": t.id, "kind": t.kind, "capacity": t.capacity, "doors": t.doors,
                        "alien_symbol": t.alien_symbol, "seats": list(t.seats), "min_players": t.min_players}
                 for t in station.tiles.values()}
        words = board_words(lang)
        return {"tiles": tiles, "kinds": words["kinds"], "words": words,
                "tracks": {str(n): list(v) for n, v in station.tracks.items()},
                "seat_colours": {c: NAMED_COLOURS[c] for c in station.colours}}
