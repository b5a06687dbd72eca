"""Theseus as players read it: its name, its questions, its log, the board in words and the data
board.js draws with (games.rules.base.GamePresentation)."""
from __future__ import annotations

from typing import Any

from ..base import N_, Event, Presentation, State
from . import describe as _describe, log, prompts, recap as _recap, view as _view
from .components import CATALOGUE

# Each faction's colour on the page's light and dark background (its own, not one of NAMED_COLOURS).
COLOURS = {"marines": {"light": "#1f5fa8", "dark": "#7fb3f0"}, "aliens": {"light": "#2e7d32", "dark": "#7ccf80"},
           "scientists": {"light": "#a35f00", "dark": "#f0b45c"}, "greys": {"light": "#6a4c93", "dark": "#c3a6ee"}}


class TheseusPresentation(Presentation):
    """Theseus's words: its sentences are the game's own modules (log, prompts, recap, describe)."""
    name = "theseus"
    title = CATALOGUE.texts(N_("Theseus"))
    summary = CATALOGUE.texts(N_("Four factions fight over a space station: install cards, set traps, move through the "
                                 "ring of sectors, and win on life or data points; 2-4 players, or two teams of two."))
    catalogue = CATALOGUE
    command_line = log.TheseusCommandLine

    # the game's own modules say each sentence
    ending, render_decision = staticmethod(log.ending), staticmethod(log.render_decision)
    recap, describe = staticmethod(_recap.recap), staticmethod(_describe.describe)

    def prompt(self, state: State, lang: str = "en") -> str:
        return log.prompt(state, lang)

    def prompt_for_others(self, state: State, lang: str = "en") -> str:
        return prompts.for_others(state, lang)

    def render(self, event: Event, lang: str = "en", names: list[str] | None = None) -> str:
        return log.render(event, lang, names)

    def client_data(self, lang: str = "en") -> dict[str, Any]:
        return _view.client_data(lang, COLOURS)
