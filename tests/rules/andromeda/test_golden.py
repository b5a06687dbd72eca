"""Golden games: recorded decisions replay to the recorded outcome, under the rules version they were
recorded with, with the same number of legal decisions at every step (a perft-like count for the
decision generator). The games of an older version stay as recorded: they are what a stored game of
that version must still replay to.

Record the current version's games after a deliberate rules change (with a new rules version,
games/rules/andromeda/versions.py):
    ANDROMEDA_GOLDEN=write python -m pytest tests/rules/andromeda/test_golden.py
"""
import json
import os
from pathlib import Path

import pytest

from games.rules.andromeda import RULES

from .play import steps

GOLDEN = Path(__file__).parent / "golden"
GAMES = [(2, 11, "greedy"), (3, 7, "random"), (3, 19, "mixed"), (4, 42, "greedy"), (4, 5, "random")]
SUFFIX = {1: "", 2: "-v2"}  # the file name of each version's recording


def record(players, seed, mix):
    decisions, counts, last = [], [], None
    for before, decision, after, _ in steps(players, seed, mix):
        counts.append(len(RULES.legal_actions(before)))
        decisions.append(decision)
        last = after
    return {"players": players, "seed": seed, "bots": mix, "rules_version": RULES.version, "decisions": decisions,
            "legal_counts": counts, "outcome": RULES.outcome(last)}


@pytest.mark.parametrize("version", RULES.versions)
@pytest.mark.parametrize("players, seed, mix", GAMES)
def test_a_recorded_game_replays_identically(players, seed, mix, version):
    path = GOLDEN / f"{players}p-{mix}-seed{seed}{SUFFIX[version]}.json"
    if os.environ.get("ANDROMEDA_GOLDEN") == "write" and version == RULES.version:
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(json.dumps(record(players, seed, mix), separators=(",", ":")) + "\n")
    golden = json.loads(path.read_text())
    assert golden["rules_version"] == version
    state = RULES.new_game(golden["players"], golden["seed"], None, golden["rules_version"])
    for decision, count in zip(golden["decisions"], golden["legal_counts"]):
        assert len(RULES.legal_actions(state)) == count
        state, _ = RULES.apply(state, decision)
    assert RULES.outcome(state) == golden["outcome"]
