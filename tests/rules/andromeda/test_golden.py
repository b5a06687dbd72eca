"""Golden games: recorded decisions replay to the recorded outcome, with the same number of legal
decisions at every step (a perft-like count for the decision generator).

Regenerate after a deliberate rules change (and raise RULES_VERSION):
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


def record(players, seed, mix):
    decisions, counts, last = [], [], None
    for before, decision, after, _ in steps(players, seed, mix):
        counts.append(len(RULES.legal_actions(before)))
        decisions.append(decision)
        last = after
    return {"players": players, "seed": seed, "bots": mix, "rules_version": RULES.version, "decisions": decisions,
            "legal_counts": counts, "outcome": RULES.outcome(last)}


@pytest.mark.parametrize("players, seed, mix", GAMES)
def test_a_recorded_game_replays_identically(players, seed, mix):
    path = GOLDEN / f"{players}p-{mix}-seed{seed}.json"
    if os.environ.get("ANDROMEDA_GOLDEN") == "write":
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(json.dumps(record(players, seed, mix), separators=(",", ":")) + "\n")
    golden = json.loads(path.read_text())
    state = RULES.new_game(golden["players"], golden["seed"])
    for decision, count in zip(golden["decisions"], golden["legal_counts"]):
        assert len(RULES.legal_actions(state)) == count
        state, _ = RULES.apply(state, decision)
    assert RULES.outcome(state) == golden["outcome"]
