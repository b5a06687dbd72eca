"""RULES.md section 13: team play. Seats: 0 Marines and 2 Scientists (team A), 1 Aliens and 3 Greys
(team B); the teams' first seats pick the team sectors (TH31): DOCK and NEST, ring COR, CTL, DOCK, TEC, NEST."""
from __future__ import annotations

from .positions import SEAT_0_STARTS, kinds, legal, number, play, position, started

TEAMS = {"teams": True, "faction1": "marines", "faction2": "aliens", "faction3": "scientists", "faction4": "greys"}


def team(**kw):
    return position(4, SEAT_0_STARTS, TEAMS, **kw)


def test_team_sectors_picked_by_each_teams_first_seat_th31():
    s = started(4, SEAT_0_STARTS, TEAMS)
    assert s["team_sectors"] == ["DOCK", "NEST"] and s["ring"] == ["COR", "CTL", "DOCK", "TEC", "NEST"]
    assert not any(r.startswith(("LAB", "WRECK")) for r in s["rooms"])
    assert sum(1 for u in s["units"].values() if u["seat"] == 2) == 2


def test_never_move_a_partners_unit_th33():
    s = team(units={"M1": "COR1", "S1": "COR2", "A1": "NEST1", "G1": "NEST2"})
    assert legal(s) == ["M1", "M2"]


def test_partners_share_one_tile_supply_and_flip_each_others_units_th52():
    s = team(units={"M1": "COR1", "S1": "COR2", "A1": "NEST1", "G1": "NEST2"}, tiles=[1, 0], phase="sub")
    assert "flip:S1" in legal(s)
    s, _ = play(s, "flip:S1")
    assert s["units"]["S1"]["up"] and s["tiles"] == [0, 0]


def test_a_partners_action_card_acts_and_its_gain_goes_to_its_owner_th52():
    s = team(units={"M1": "TEC1", "A1": "COR1"}, slots={"NEST.s1": "SCI04a"})
    s, _ = play(s, "M1", "NEST1")
    assert "SCI04a" in legal(s)
    s, _ = play(s, "SCI04a")
    assert s["dp"] == [0, 0, number("SCI04a"), 0]


def test_the_team_sector_is_own_for_both_partners_faction_action():
    s = team(seat=2, units={"S1": "CTL1", "A1": "COR1"})
    s, ev = play(s, "S1", "DOCK1")
    assert s["tiles"] == [1, 0]  # Upgrade, the only option, taken without asking


def test_partners_traps_spare_each_other():
    s = team(seat=2, units={"S1": "CTL1", "A1": "COR1"}, slots={"DOCK.s1": "MAR01a"})
    s, _ = play(s, "S1", "DOCK1")
    assert s["lp"][2] == 20


def test_bringing_an_opponent_to_0_wins_for_the_team():
    s = team(seat=1, units={"A1": "CTL1", "M1": "COR1"}, slots={"DOCK.s1": "MAR01a"}, lp=[20, 2, 20, 20])
    s, _ = play(s, "A1", "DOCK1")
    assert s["over"]["winners"] == ["marines", "scientists"]


def test_the_greys_teleporter_is_the_greys_alone_not_their_partners_13_th52():
    # the Aliens' A1 goes from CTL into DOCK, which holds their partner's Teleporter: a text that names a
    # faction ("the Greys'") is that faction's alone, so A1 simply goes in; the Greys' G1 is offered it
    s = team(seat=1, units={"A1": "CTL1", "M1": "COR1"}, slots={"DOCK.s1": "GRE09a"})
    s, _ = play(s, "A1")
    assert s["ask"]["type"] == "room" and s["ask"]["about"]["sector"] == "DOCK"
    s = team(seat=3, units={"G1": "CTL1", "M1": "COR1"}, slots={"DOCK.s1": "GRE09a"})
    s, _ = play(s, "G1")
    assert s["ask"]["type"] == "shortcut" and "teleport:NEST" in legal(s)


MGAS = {"teams": True, "faction1": "marines", "faction2": "greys", "faction3": "aliens", "faction4": "scientists"}


def test_double_shot_never_repeats_a_partners_adrenaline_rush_attack_mar06_th57():
    # team A: Marines and Aliens (ring COR, CTL, DOCK, TEC, WRECK). The Aliens' Adrenaline Rush in CTL
    # activates A2 in DOCK beside the Marines' Double Shot: A2 hits G1 once, nothing repeats it
    s = position(4, SEAT_0_STARTS, MGAS, seat=2, units={"A1": "COR1", "A2": ("DOCK2", {"up": True}), "G1": "DOCK1"},
                 slots={"CTL.s1": "ALI11a", "DOCK.s1": "MAR06a"})
    s, ev = play(s, "A1", "CTL1", "ALI11a", "A2")
    assert [e["unit"] for e in ev if e["kind"] == "hit"] == ["G1"] and "double_shot" not in kinds(ev)
    assert s["lp"][1] == 19


def test_double_shot_repeats_only_a_marines_units_attacks_in_a_partners_combat_mar06_th57():
    # the Scientists' S1 (upgraded) comes into COR: their Combat hits A1 once; the Marines' Double Shot
    # there repeats only a Marines unit's attacks
    s = team(seat=2, units={"S1": ("NEST1", {"up": True}), "A1": "COR3", "G1": "TEC1"}, slots={"COR.s2": "MAR06a"})
    s, ev = play(s, "S1", "COR1")
    assert "combat" in kinds(ev) and "double_shot" not in kinds(ev)
    assert s["lp"][1] == 19
