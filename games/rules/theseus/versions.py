"""Theseus's published rules versions (docs/versions.md); the first is the whole of RULES.md."""
from __future__ import annotations

from ..base import RulesVersions

VERSIONS = RulesVersions("Theseus", current=1, published=(1,), since={})
