"""RULES.md section 7: attacks (TH5), range (TH4), Combat, Limited Combat (TH30), Bunker (TH37), Double Shot
(TH57). Duel ring COR, CTL, DOCK, TEC, WRECK (Marines seat 0 vs Greys) unless told."""
from __future__ import annotations

from games.rules.theseus import RULES

from .positions import kinds, legal, number, play, position

MA = {"faction1": "marines", "faction2": "aliens"}  # ring COR, CTL, DOCK, TEC, NEST


def into_cor(**kw):
    """M1 moves WRECK -> COR (1 point); the Corridors' Combat follows."""
    units = {"M1": "WRECK1", **kw.pop("units", {})}
    return position(units=units, **kw)


def test_attacks_are_automatic_when_targets_are_few_th5():
    s = into_cor(units={"G1": "COR3"})
    s, ev = play(s, "M1", "COR1")
    assert s["lp"][1] == 19 and "target" not in [e["kind"] for e in ev]


def test_targets_are_picked_only_when_too_many_th5():
    s = into_cor(units={"G1": "COR3", "G2": "COR4"})
    s, ev = play(s, "M1", "COR1")
    assert s["ask"]["type"] == "target" and legal(s) == ["G1", "G2"]
    s, ev = play(s, "G2")
    assert s["lp"][1] == 19


def test_upgraded_marines_hit_up_to_three_targets():
    s = into_cor(units={"M1": ("WRECK1", {"up": True}), "G1": "COR3", "G2": "COR4"})
    s, ev = play(s, "M1", "COR1")
    assert s["lp"][1] == 18


def test_range_is_the_connected_room_group_th4():
    # CTL rooms 1-2 and 3-4 are two groups: a Marine in CTL3 cannot hit a Grey in CTL1.
    s = position(units={"M1": "COR1", "M2": "CTL3", "G1": "CTL1"}, slots={"CTL.s1": "MAR03a"})
    s, ev = play(s, "M1", "CTL4")
    # the disc question lapses (no enemy card); M1 has no action card here; nothing hit
    assert s["lp"][1] == 20


def test_nothing_is_in_range_across_sectors_or_from_space_th4():
    s = into_cor(units={"G1": "CTL1", "M2": "CTL2"})
    s, ev = play(s, "M1", "COR1")
    assert s["lp"][1] == 19  # M2 in CTL hits G1; M1 in COR has nobody; M3 in space never attacks


def test_invisible_units_cannot_be_hit():
    s = into_cor(units={"G1": ("COR3", {"invisible": True})})
    s, ev = play(s, "M1", "COR1")
    assert s["lp"][1] == 20


def test_gripped_units_never_attack_th22():
    s = into_cor(units={"M2": ("CTL2", {"gripped": True}), "G1": "CTL1"})
    s, ev = play(s, "M1", "COR4")
    assert s["lp"][1] == 20


def test_a_unit_freed_by_its_sides_entry_attacks_in_that_combat_th22():
    s = into_cor(units={"M2": ("COR2", {"gripped": True}), "G1": "COR3"})
    s, ev = play(s, "M1", "COR4")
    assert not s["units"]["M2"]["gripped"] and s["lp"][1] == 18


def test_combat_order_sectors_clockwise_from_the_control_room():
    s = into_cor(units={"M2": "CTL1", "G1": "CTL2", "G2": "COR3"})
    s, ev = play(s, "M1", "COR1")
    hits = [e["unit"] for e in ev if e["kind"] == "hit"]
    assert hits == ["G1", "G2"]  # CTL first, COR last


def test_greys_hits_give_dp_not_damage():
    s = position(seat=1, units={"G1": ("CTL1", {"up": True}), "M1": "COR1"})
    s, ev = play(s, "G1", "DOCK1")
    assert s["lp"][0] == 20


def test_limited_combat_when_a_move_fills_a_sector():
    s = position(units={"M1": "COR1", "G1": "CTL1", "G2": "CTL2", "G3": "CTL3"})
    s, ev = play(s, "M1")
    assert "combat" in kinds(ev) and s["lp"][1] == 19


def test_no_limited_combat_at_setup_th30():
    s = RULES.new_game(2, 3, {"faction1": "marines", "faction2": "greys"})
    events = []
    while s["turn"]["phase"] == "setup":
        ask = s["ask"]
        pick = ask["options"][0]
        if ask["type"] == "setup_room":  # fill the Loading Dock: DOCK1, DOCK2, then the third units
            pick = next((o for o in ask["options"] if o.startswith("DOCK")), pick)
        s, ev = RULES.apply(s, {"type": ask["type"], "pick": pick})
        events += ev
    assert all(s["rooms"][f"DOCK{i}"] for i in range(1, 5))
    assert "combat" not in kinds(events) and s["lp"] == [20, 20]


def test_bunker_stops_attack_damage_th37():
    s = position(options=MA, seat=1, units={"A1": ("TEC1", {"up": True}), "M1": "NEST1", "M2": "NEST2",
                                             "M3": "NEST3"}, slots={"NEST.s1": "MAR09a"})
    s, ev = play(s, "A1")  # A1 fills the Nest: the Aliens' Limited Combat
    assert "combat" in kinds(ev) and s["lp"][0] == 20


def test_bunker_does_not_stop_greys_dp_th37():
    s = position(seat=1, units={"G1": ("WRECK1", {"up": True}), "M1": "COR2", "M2": "COR3", "M3": "COR4"},
                 slots={"COR.s2": "MAR09a"})
    s, ev = play(s, "G1", "M1")  # fills COR: Limited Combat, one target of three
    assert s["dp"][1] >= 1


def test_bunker_does_not_stop_trap_damage_th37():
    s = position(seat=1, units={"G1": "WRECK1", "M1": "COR2"}, slots={"COR.s2": "MAR09a", "COR.s4": "MAR01a"})
    s, ev = play(s, "G1", "COR1")
    assert s["lp"][1] == 18


def test_double_shot_repeats_one_hitters_attacks_th57():
    s = into_cor(units={"G1": "COR3"}, slots={"COR.s2": "MAR06a"})
    s, ev = play(s, "M1", "COR1")
    assert s["lp"][1] == 18


def test_double_shot_after_a_limited_combat_th57():
    s = position(units={"M1": "COR1", "G1": "CTL1", "G2": "CTL2", "G3": "CTL3"}, slots={"CTL.s1": "MAR06a"})
    s, ev = play(s, "M1")
    assert s["lp"][1] == 18


def test_battle_position_adds_x_damage():
    s = into_cor(units={"G1": "COR3"}, slots={"COR.s2": ("MAR04a", {"tiles": 1})})
    s, ev = play(s, "M1", "COR1")
    assert s["lp"][1] == 17



# --- Young Aliens (4.3, TH24) -------------------------------------------------------------------------

def with_young_alien(room: str, **kw):
    s = position(**kw)
    s["rooms"][room] = "Y1"
    return RULES.at_phase(s, "move")


def test_a_young_alien_bites_in_the_aliens_combat_th24():
    s = with_young_alien("COR2", options=MA, seat=1, units={"A1": "NEST1", "M1": "COR3"})
    s, _ = play(s, "A1", "COR1")  # NEST -> COR: the Aliens' Combat; Y1 (COR2) hits M1 (COR3)
    assert s["lp"][0] == 19


def test_one_damaging_hit_removes_a_young_alien_no_lp_lost_th24():
    s = with_young_alien("COR2", options=MA, units={"M1": "NEST1", "A1": "DOCK1"})
    s, _ = play(s, "M1", "COR1")
    assert s["rooms"]["COR2"] is None and s["lp"] == [20, 20]


def test_an_ejected_young_alien_returns_to_its_supply_th19():
    s = with_young_alien("TEC4", options=MA, units={"M1": "DOCK1", "A1": "TEC1", "A2": "TEC2", "M2": "TEC3"})
    s, _ = play(s, "M1", "Y1")
    assert s["units"]["M1"]["at"] == "TEC4" and "Y1" not in s["rooms"].values()


def test_double_shot_after_an_ambush_item_off_turn_takes_the_first_hitter_th57():
    s = position(seat=1, units={"G1": "CTL1", "M1": "DOCK1", "M2": "DOCK2"},
                 slots={"DOCK.s1": "MAR05a", "DOCK.s2": "MAR06a"})
    s, ev = play(s, "G1", "DOCK3")
    assert s["lp"][1] == 17 and s["ask"]["type"] != "double_shot"
    assert [e["unit"] for e in ev if e["kind"] == "double_shot"] == ["M1"]


def test_bunker_stops_a_lurkers_card_hits_th61():
    # the Aliens' Lurker in COR hits in their Combat: a hit by a card is an attack, the Bunker stops it
    s = position(options=MA, seat=1, units={"A1": "NEST1", "M1": "COR3"}, slots={"COR.s1": "ALI03a", "COR.s2": "MAR09a"})
    s, ev = play(s, "A1", "COR1")
    assert "bunker" in kinds(ev) and s["lp"][0] == 20


def test_bunker_does_not_stop_a_cards_damage_without_a_hit_th61():
    # the Greys' Life Transfer Device deals its damage without a hit: the Bunker lets it through
    s = position(seat=1, units={"G1": "WRECK1", "M1": "COR3"}, slots={"COR.s1": "GRE08a", "COR.s2": "MAR09a"},
                 lp=[20, 15])
    s, ev = play(s, "G1", "COR1", "GRE08a")
    assert "bunker" not in kinds(ev)
    assert s["lp"] == [20 - number("GRE08a"), 15 + number("GRE08a")]
