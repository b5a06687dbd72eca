"""RULES.md section 12: deathmatch with 3 players (Marines 0, Greys 1, Aliens 2; ring CTL, DOCK, TEC, WRECK,
COR, NEST). Damage is LP for its source, never a loss for the victim; heals lower opponents (TH32)."""
from __future__ import annotations

from .positions import SEAT_0_STARTS, legal, play, position

MGA = {"faction1": "marines", "faction2": "greys", "faction3": "aliens"}


def dm(**kw):
    return position(3, SEAT_0_STARTS, MGA, **kw)


def test_deathmatch_starts_at_0_lp():
    s = dm(units={"M1": "DOCK1", "G1": "WRECK1", "A1": "NEST1"})
    assert s["mode"] == "deathmatch" and s["ring"] == ["CTL", "DOCK", "TEC", "WRECK", "COR", "NEST"]


def test_damage_is_gained_as_lp_by_its_source():
    s = dm(units={"M1": "WRECK1", "G1": "COR2", "A1": "NEST1"}, lp=[0, 3, 0])
    s, _ = play(s, "M1", "COR1")
    assert s["lp"] == [1, 3, 0]


def test_a_traps_owner_gains_whoever_moved_the_victim():
    s = dm(units={"M1": "DOCK1", "G1": "WRECK1", "A1": "NEST1"}, slots={"TEC.s1": "ALI02a"})
    s, _ = play(s, "M1", "TEC1")
    assert s["lp"] == [0, 0, 1]


def test_heal_lowers_opponents_one_point_at_a_time_th32():
    s = dm(units={"M1": "DOCK1", "G1": "WRECK1", "A1": "NEST1"}, held={0: ["BON4a"]}, phase="sub", lp=[0, 3, 1])
    s, _ = play(s, "play:BON4a")
    assert s["ask"]["type"] == "heal_split" and legal(s) == ["seat:1", "seat:2"]
    s, _ = play(s, "seat:2")
    assert s["lp"] == [0, 2, 0]  # the second point: only the Greys are left above 0, taken without asking


def test_heal_has_no_effect_when_every_opponent_is_at_0():
    s = dm(units={"M1": "DOCK1", "G1": "WRECK1", "A1": "NEST1"}, held={0: ["BON4a"]}, phase="sub")
    assert s["ask"]["type"] == "move_unit"


def test_20_lp_wins_in_deathmatch():
    s = dm(units={"M1": "WRECK1", "G1": "COR2", "A1": "NEST1"}, lp=[19, 0, 0])
    s, _ = play(s, "M1", "COR1")
    assert s["over"]["winners"] == ["marines"] and s["over"]["why"] == "20"
