"""Rules modules by name: `get("argo")`. Each game lives in its own package beside this file."""
from __future__ import annotations

from importlib import import_module

from .base import GameRules, IllegalAction

_PACKAGES = {"argo": "games.rules.argo"}


def names() -> list[str]:
    return sorted(_PACKAGES)


def get(name: str) -> GameRules:
    try:
        package = _PACKAGES[name]
    except KeyError:
        raise KeyError(f"no rules module named {name!r}; known: {', '.join(names())}") from None
    return import_module(package).RULES


__all__ = ["GameRules", "IllegalAction", "get", "names"]
