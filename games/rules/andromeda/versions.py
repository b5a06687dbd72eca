"""Andromeda Escape's published rules versions, and which ruling each version brought
(games/rules/andromeda/docs/versions.md; docs/rules-versions.md explains the mechanism, shared with
Argo: a game keeps its version to its end)."""
from __future__ import annotations

from ..base import RulesVersions

VERSIONS = RulesVersions("Andromeda Escape", current=2, published=(1, 2), since={
    "AE14": 2,  # a Skip disc landing on SWAP or WARP acts whenever it can: no decline
})
CURRENT, PUBLISHED, SINCE = VERSIONS.current, VERSIONS.published, VERSIONS.since
holds, check = VERSIONS.holds, VERSIONS.check
