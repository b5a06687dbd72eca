"""Published rules versions: a game keeps the version it started with to its end, so a stored game
replays exactly as it was played after any later change (docs/rules-versions.md). Version 2 brought
AE14 (SWAP and WARP act whenever they can); a version 1 game keeps the decline."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.rules.andromeda import RULES, IllegalAction

from .play import bots_for

GOLDEN = Path(__file__).parent / "golden"


def test_a_new_game_starts_under_the_current_version_or_a_published_one_named():
    assert RULES.version == 2 and RULES.versions == (1, 2)
    assert RULES.new_game(3, 5)["rules_version"] == 2
    assert RULES.new_game(3, 5, None, 1)["rules_version"] == 1
    with pytest.raises(IllegalAction, match="no published rules version 7"):
        RULES.new_game(3, 5, None, 7)


@pytest.mark.parametrize("name", ["3p-mixed-seed19", "4p-random-seed5"])
def test_a_version_1_game_that_declined_replays_to_its_recorded_end(name):
    """Stored under version 1 with declines in it: it replays under version 1, and would not under 2."""
    golden = json.loads((GOLDEN / f"{name}.json").read_text())
    assert golden["rules_version"] == 1 and {"type": "decline"} in golden["decisions"]
    args = golden["players"], golden["seed"], None, golden["decisions"]
    assert RULES.outcome(RULES.replay(*args, version=1)) == golden["outcome"]
    with pytest.raises(IllegalAction, match="AE14"):
        RULES.replay(*args, version=2)


@pytest.mark.parametrize("version, declines", [(1, True), (2, False)])
def test_AE14_bots_meet_a_decline_only_under_version_1(version, declines):
    """Bots pick among the legal decisions: under version 2 they never see a decline and still finish."""
    seen = set()
    for seed in range(6):
        bots = bots_for(3, seed, "random")
        s = RULES.new_game(3, seed, None, version)
        while s["over"] is None:
            if s["ask"]["q"] in ("swap", "raise"):
                seen.add({"type": "decline"} in RULES.legal_actions(s))
            s, _ = RULES.apply(s, bots[RULES.current_seat(s)].choose(s))
        assert s["rules_version"] == version
    assert seen == {declines}
