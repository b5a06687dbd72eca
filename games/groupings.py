"""My games' filters that other apps own: an extension point like games.gates.

The games app knows no tournaments; an app that groups games (a tournament's tables) registers a
`Grouping` here in its AppConfig.ready, and My games (the page and GET /api/me/games/) offers it as a
filter named by its key: `choices(user)`, the player's groups as (value, name) for the page's select;
`games(value)`, the ids of a group's games, or None when the value names no group (a 404; a value
that does not match `pattern`, or an empty one, is a 400)."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Grouping:
    key: str                                          # the filter's query parameter
    label: Any                                        # the select's label (a lazy translation)
    description: str                                  # the API's parameter, in its schema
    pattern: str                                      # what a value looks like (the schema's pattern)
    choices: Callable[[Any], list[tuple[str, str]]]
    games: Callable[[str], set[int] | None]


_groupings: dict[str, Grouping] = {}


def register(grouping: Grouping) -> None:
    """Once per key, however often an app's ready() runs (tests reload apps)."""
    _groupings[grouping.key] = grouping


def registered() -> list[Grouping]:
    return list(_groupings.values())


def get(key: str) -> Grouping | None:
    return _groupings.get(key)
