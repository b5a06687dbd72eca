"""Published rules versions: a game keeps the version it started with to its end, so a stored game
replays exactly as it was played after any later change (docs/rules-versions.md). Version 2 brought
TH60, TH63, the Teleporter's faction (13, TH52), Double Shot's Marines units (TH57) and the Shield
Generator's forced disc (MAR10); a version 1 game keeps the rules of version 1, shown here on the
positions of the rulings' own tests."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.rules.theseus import RULES, IllegalAction

from .positions import SEAT_0_STARTS, kinds, legal, play, position
from .test_section_13_teams import MGAS, TEAMS

V1 = {"rules_version": 1}


def test_new_games_start_under_version_2_and_version_1_stays_published():
    # a game of either version starting is the contract test's (tests/rules/test_contract.py)
    assert RULES.version == 2 and RULES.versions == (1, 2)


def test_th60_version_1_plays_the_rest_of_the_turn_after_a_tie_at_end():
    s = position(units={"M1": "TEC1", "G1": "COR1"}, pending={"WRECK.p1": "GRE02a"}, held={0: ["BON3a"]}, end=3,
                 **V1)
    s["decks"][0], s["discards"][0] = [], s["decks"][0]
    s = RULES.at_phase(s, "move")
    s, _ = play(s, "M1", "WRECK1", "continue", "continue", "continue", "B:WRECK.p1", "continue")
    assert s["end"] == 4 and s["tie"] == {"queue": [1, 0]}
    assert s["ask"]["seat"] == 0 and "play:BON3a" in legal(s)  # the end-of-turn free step


def test_th63_version_1_sets_off_the_start_sectors_traps_after_a_teleport_back():
    s = position(seat=1, units={"G1": "COR1", "M1": "COR3"}, slots={"COR.s1": "MAR01a", "COR.s2": "GRE02a",
                                                                    "DOCK.s1": "GRE09a"}, **V1)
    s, _ = play(s, "G1", "teleport:COR", "COR1")
    assert s["lp"][1] == 18


def test_th52_version_1_offers_a_partner_the_greys_teleporter():
    s = position(4, SEAT_0_STARTS, TEAMS, seat=1, units={"A1": "CTL1", "M1": "COR1"}, slots={"DOCK.s1": "GRE09a"},
                 **V1)
    s, _ = play(s, "A1")
    assert s["ask"]["type"] == "shortcut" and "teleport:NEST" in legal(s)


def test_th57_version_1_repeats_a_partners_adrenaline_rush_attack():
    s = position(4, SEAT_0_STARTS, MGAS, seat=2, units={"A1": "COR1", "A2": ("DOCK2", {"up": True}), "G1": "DOCK1"},
                 slots={"CTL.s1": "ALI11a", "DOCK.s1": "MAR06a"}, **V1)
    s, ev = play(s, "A1", "CTL1", "ALI11a", "A2")
    assert "double_shot" in kinds(ev) and s["lp"][1] == 18


def test_mar10_version_1_offers_another_card_then_moves_the_disc_back():
    s = position(seat=1, units={"G1": "COR1", "M1": "DOCK1"}, disc="CTL.s1",
                 slots={"CTL.s1": "MAR10a", "CTL.s2": "MAR02a", "TEC.s1": "MAR11a"}, **V1)
    s, _ = play(s, "G1", "CTL3")
    assert legal(s) == ["CTL.s1", "CTL.s2", "TEC.s1"]
    s, ev = play(s, "CTL.s2")
    assert s["disc"] == "CTL.s1" and [e["place"] for e in ev if e["kind"] == "disc"] == ["CTL.s2", "CTL.s1"]


GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize("name", ["4p-teams-random-seed9", "4p-teams-random-seed13"])
def test_a_version_1_team_game_replays_to_its_recorded_end(name):
    """Recorded by random bots under version 1 before version 2 existed: it replays under version 1 to the
    same end; under version 2 its decisions no longer fit (seed 13 took a partner's Teleporter) or end
    otherwise (seed 9)."""
    golden = json.loads((GOLDEN / f"{name}.json").read_text())
    args = golden["players"], golden["seed"], golden["options"], golden["decisions"]
    assert golden["rules_version"] == 1
    assert RULES.outcome(RULES.replay(*args, version=1)) == golden["outcome"]
    try:
        assert RULES.outcome(RULES.replay(*args, version=2)) != golden["outcome"]
    except IllegalAction as refused:
        assert "not 'shortcut'" in str(refused)


def test_bots_play_whole_version_1_and_2_games():
    for version in RULES.versions:
        for seed in range(3):
            s = RULES.new_game(4, seed, {"teams": True}, version)
            bot = RULES.bot("random", seed)
            while s["over"] is None:
                s, _ = RULES.apply(s, bot.choose(s))
            assert s["rules_version"] == version
