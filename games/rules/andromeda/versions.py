"""Andromeda Escape's published rules versions, and which ruling each version brought
(docs/rules-versions.md explains the mechanism, shared with Argo: a game keeps its version to its end)."""
from __future__ import annotations

from ..base import IllegalAction

CURRENT = 2
PUBLISHED = (1, 2)
SINCE = {
    "AE14": 2,  # a Skip disc landing on SWAP or WARP acts whenever it can: no decline
}


def holds(state, ruling: str) -> bool:
    return state["rules_version"] >= SINCE[ruling]


def check(version: int | None) -> int:
    """The version a new game starts under: the current one unless a published one is named."""
    if version is None:
        return CURRENT
    if version not in PUBLISHED:
        raise IllegalAction(f"Andromeda Escape has no published rules version {version!r}; published: {PUBLISHED}")
    return version
