"""The registry of games: `get("argo")` (its rules), `presentation("argo")` (what it says), `names()`.
Each game lives in its own package beside this file.

A game's package holds everything about it: the pure rules (Python) as `RULES`, its words as
`PRESENTATION`, and for the site its board module (`static/<name>/board.js`) and rules page
(`templates/<name>/rules.html`). Adding a game is adding its package and one line here
(docs/games.md).
"""
from __future__ import annotations

from importlib import import_module
from types import ModuleType

from .base import GamePresentation, GameRules, IllegalAction, ImpossiblePosition, MalformedDecision

_PACKAGES = {
    "argo": "games.rules.argo",
    "andromeda": "games.rules.andromeda",
    "theseus": "games.rules.theseus",
}


def names() -> list[str]:
    return sorted(_PACKAGES)


def packages() -> list[str]:
    """The games' packages, which the site also loads as Django apps for their templates and static files."""
    return [_PACKAGES[name] for name in names()]


def _package(name: str) -> ModuleType:
    try:
        package = _PACKAGES[name]
    except (KeyError, TypeError):
        raise KeyError(f"no game named {name!r}; games: {', '.join(names())}") from None
    return import_module(package)


def get(name: str) -> GameRules:
    rules: GameRules = _package(name).RULES
    return rules


def presentation(name: str) -> GamePresentation:
    shown: GamePresentation = _package(name).PRESENTATION
    return shown


def title(name: str, lang: str) -> str:
    """The game's title in `lang`, or in English where the game has none in it."""
    texts = presentation(name).title
    return texts.get(lang, texts["en"])


__all__ = ["GamePresentation", "GameRules", "IllegalAction", "ImpossiblePosition", "MalformedDecision", "get", "names",
           "packages", "presentation", "title"]
