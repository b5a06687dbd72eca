"""The published versions of Argo's rules (games/rules/argo/docs/versions.md; how versions work: docs/rules-versions.md).

A game plays to its end under the version it started with, which its state records. A ruling that
changed play says from which version on it holds; the code asks `holds(state, ruling)` where the
versions differ, so a stored game replays exactly as it was played, whatever was published since.
"""
from __future__ import annotations

from ..base import RulesVersions

VERSIONS = RulesVersions("Argo", current=2, published=(1, 2), since={
    "R19": 2,  # the Pilot may turn her pod on its own cell
    "R20": 2,  # the active player orders the kills when the track cannot take every victim
    "R21": 2,  # any rotation is accepted and stored canonically
})
CURRENT, PUBLISHED, SINCE = VERSIONS.current, VERSIONS.published, VERSIONS.since
holds, check = VERSIONS.holds, VERSIONS.check
