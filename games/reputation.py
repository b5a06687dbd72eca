"""How reliably players play, as an app beside games measures it: an extension point like games.gates.

The games app keeps no such figure; an app that does (reliability/) registers `read` here, in its
AppConfig.ready, and the games app's API asks it for the players it names (a lobby's hosts): `of`,
one query for all of them. `read(user_ids) -> {user id: figures}`, each figures a dict of the shape of
games.entry.api.serializers.ReliabilitySerializer; a player it does not know is left out.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

Read = Callable[[list[int]], "dict[int, dict[str, Any]]"]
_reads: list[Read] = []


def register(read: Read) -> None:
    """Once per reader, however often an app's ready() runs (tests reload apps)."""
    if read not in _reads:
        _reads.append(read)


def of(user_ids: Iterable[int]) -> dict[int, dict[str, Any]]:
    ids = sorted(set(user_ids))
    found: dict[int, dict[str, Any]] = {}
    if not ids:
        return found
    for read in _reads:
        found.update(read(ids))
    return found
