"""Theseus's published rules versions (games/rules/theseus/docs/versions.md; how versions work:
docs/rules-versions.md). A game plays to its end under the version it started with; the code that
changed asks `holds(state, ruling)`, so a stored game replays exactly as it was played."""
from __future__ import annotations

from ..base import RulesVersions

VERSIONS = RulesVersions("Theseus", current=2, published=(1, 2), since={
    "TH60": 2,  # reaching END, a tie included, ends the turn at once
    "TH63": 2,  # a counted move teleported back into its start sector sets off none of its traps
    "TH52": 2,  # the Teleporter names the Greys: a partner's unit is not offered it (13)
    "TH57": 2,  # Double Shot repeats only its Marines' units, never an Adrenaline Rush attack
    "MAR10": 2,  # with the disc on the Shield Generator, the Control Room offers only the card it forces
})
CURRENT, PUBLISHED, SINCE = VERSIONS.current, VERSIONS.published, VERSIONS.since
holds, check = VERSIONS.holds, VERSIONS.check
