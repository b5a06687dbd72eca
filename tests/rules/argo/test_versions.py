"""Published rules versions: a game keeps the version it started with to its end, so a stored game
replays exactly as it was played after any later change (docs/rules-versions.md). Version 2 brought
R19, R20 and R21; a version 1 game keeps the rules of version 1."""
from __future__ import annotations

import random

import pytest

from games.rules import IllegalAction
from games.rules.argo import RULES
from games.rules.argo.station import specs

from .positions import legal, loose_position, play
from .test_section_05_kills import LINE, alien, alien_phase
from .test_section_07_pods import PILOT


def under(version, s):
    s["rules_version"] = version
    return s


def test_a_new_game_starts_under_the_current_version_or_a_published_one_named():
    assert RULES.version == 2 and RULES.versions == (1, 2)
    assert RULES.new_game(2, 5)["rules_version"] == 2
    assert RULES.new_game(2, 5, None, 1)["rules_version"] == 1
    with pytest.raises(IllegalAction, match="no published rules version 7"):
        RULES.new_game(2, 5, None, 7)


def test_R21_holds_from_version_2_only():
    s = RULES.new_game(2, 0, None, 1)  # the display offers the Core Room, whose rotations 0 and 2 look alike
    place = {"type": "place", "tile": "CORE", "cell": "-1|1", "rotation": 2}
    assert specs(s)["CORE"].doors_at(2) == specs(s)["CORE"].doors_at(0)
    with pytest.raises(IllegalAction):
        RULES.apply(s, place)
    after, _ = RULES.apply(RULES.new_game(2, 0, None, 2), place)
    assert after["board"]["-1|1"]["rot"] == 0


@pytest.mark.parametrize("version, turns", [(1, False), (2, True)])
def test_R19_the_pilot_turns_her_pod_in_place_from_version_2(version, turns):
    s = loose_position(dict(PILOT, **{"4|-1": ("C01", 0)}), {"red-pilot": "3|0", "red-grunt": "0|0"}, {"alien-1": "-1|0"})
    s, _ = play(under(version, s), {"type": "step", "figure": "red-pilot", "to": "4|0"})
    assert any(d["choice"] == "move" and d["cell"] == "4|0" for d in legal(s)) is turns


def test_R20_under_version_1_alien_number_orders_the_kills():
    dead = ["red-chief", "red-explorer", "red-pilot", "red-grunt", "yellow-robot", "yellow-chief", "yellow-grunt"]
    s = alien_phase(LINE, {**dict.fromkeys(dead, "dead"), "yellow-pilot": "1|0", "yellow-explorer": "4|0"},
                    {"alien-1": "2|0", "alien-2": "4|0"}, track=dead, options={"difficulty": "easy"},
                    scores={"red": 40})
    s, _ = play(under(1, s), alien("alien-1", "1|0"))
    assert s["over"] is not None and s["astronauts"]["yellow-pilot"] == "dead"  # alien 1 killed first
    assert s["astronauts"]["yellow-explorer"] == "4|0"


@pytest.mark.parametrize("seed", range(6))
def test_a_version_1_game_replays_to_the_same_end_whatever_is_current(seed):
    rng = random.Random(seed)
    s = RULES.new_game(3, seed, {"difficulty": "hard"}, 1)
    decisions = []
    while s["over"] is None:
        choice = rng.choice(RULES.legal_actions(s))
        assert choice["type"] != "kill_first"  # no R20 question in a version 1 game
        decisions.append(choice)
        s, _ = RULES.apply(s, choice)
    again = RULES.replay(3, seed, {"difficulty": "hard"}, decisions, version=1)
    assert RULES.dump(again) == RULES.dump(s) and again["rules_version"] == 1
