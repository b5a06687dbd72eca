"""RULES.md section 6: the turn. Duel ring COR, CTL, DOCK (Marines, seat 0), TEC, WRECK (Greys, seat 1)
unless a test names other factions; the Marines are active unless said otherwise."""
from __future__ import annotations

from .positions import kinds, legal, number, play, position

AS = {"faction1": "aliens", "faction2": "scientists"}  # ring COR, CTL, NEST, TEC, LAB
SG = {"faction1": "scientists", "faction2": "greys"}  # ring COR, CTL, LAB, TEC, WRECK


def moved_to(events, unit):
    return [e for e in events if e["kind"] == "enter" and e.get("unit") == unit]


# --- 6.1 / 6.2 counted move ----------------------------------------------------------------------

def test_points_are_the_units_in_the_start_sector_mover_included():
    s = position(units={"M1": "DOCK1", "M2": "DOCK2", "G1": "DOCK3", "G2": "WRECK1"})
    s, ev = play(s, "M1")
    assert ev[0] == {"kind": "move", "unit": "M1", "start": "DOCK", "points": 3}
    assert [e["sector"] for e in ev if e["kind"] == "pass"] == ["TEC", "WRECK"]
    assert s["ask"]["type"] == "room" and s["ask"]["options"] == ["COR1", "COR2", "COR3", "COR4"]


def test_young_aliens_give_no_points():
    s = position(options=AS, units={"A1": "NEST1", "S1": "LAB1"})
    s["rooms"]["NEST2"] = "Y1"
    from games.rules.theseus import RULES
    s = RULES.at_phase(s, "move")
    s, ev = play(s, "A1")
    assert ev[0]["points"] == 1
    assert s["ask"]["options"] == ["TEC1", "TEC2", "TEC3", "TEC4"]


def test_a_lone_unit_moves_one_sector():
    s = position(units={"M1": "DOCK1", "G1": "WRECK1"})
    s, ev = play(s, "M1", "TEC1")
    assert s["units"]["M1"]["at"] == "TEC1"


def test_a_move_may_come_round_to_its_start_th17():
    # 4 units in DOCK + Passage = 5 points on a ring of 5: back to DOCK, into the mover's own empty room;
    # the Greys' Probe in DOCK (start sector) does not act (TH17).
    s = position(units={"M1": "DOCK1", "M2": "DOCK2", "M3": "DOCK3", "G1": "DOCK4", "G2": "WRECK1"},
                 slots={"DOCK.s1": "GRE02a"}, held={0: ["BON2a"]})
    assert "M1+BON2a" in legal(s)
    s, ev = play(s, "M1+BON2a")
    assert next(e for e in ev if e["kind"] == "move")["points"] == 5
    assert s["units"]["M1"]["at"] == "DOCK1"
    assert s["dp"][1] == 0
    assert "BON2a" in s["spent"]


def test_passage_is_offered_with_the_move_choice_only_for_units_in_a_sector():
    s = position(units={"M1": "DOCK1", "G1": "WRECK1"}, held={0: ["BON2a"]})
    assert legal(s) == ["M1", "M1+BON2a", "M2", "M3"]


def test_pass_traps_act_on_a_passing_unit_enter_traps_do_not():
    # Greys active: G1, G2 in WRECK: 2 points, WRECK -> COR (passes) -> CTL. Fire and Landmine in COR.
    s = position(seat=1, units={"G1": "WRECK1", "G2": "WRECK2", "M1": "DOCK1"},
                 slots={"COR.s2": "MAR02a", "COR.s4": "MAR01a"})
    s, ev = play(s, "G1")
    assert s["lp"][1] == 19
    assert s["slots"]["COR.s4"]["card"] == "MAR01a"


def test_enter_traps_act_on_arrival_and_cannot_be_declined_th45():
    # nobody is asked whether the Landmine acts: entering COR1 is the last answer before it has hit (TH45)
    s = position(seat=1, units={"G1": "WRECK1", "M1": "DOCK1"}, slots={"COR.s4": "MAR01a"})
    s, ev = play(s, "G1", "COR1")
    assert s["lp"][1] == 18  # Landmine X = 2
    assert "MAR01a" in s["discards"][0]  # one-shot


def test_traps_never_act_on_their_owners_side():
    s = position(units={"M1": "DOCK1", "G1": "WRECK1"}, slots={"TEC.s1": "MAR01a"})
    s, ev = play(s, "M1", "TEC1")
    assert s["lp"] == [20, 20] and s["slots"]["TEC.s1"]["card"] == "MAR01a"


# --- shortcuts (6.2, TH16, TH42) ------------------------------------------------------------------

def test_air_shaft_skip_spends_no_point_and_its_traps_do_not_act():
    # Aliens: A1, A2 in NEST (2 points): NEST -> TEC -> LAB normally; skipping TEC: NEST -> LAB -> COR.
    s = position(options=AS, units={"A1": "NEST1", "A2": "NEST2", "S1": "CTL1"},
                 slots={"TEC.s1": "ALI07a", "TEC.s2": "SCI02a"})
    s, ev = play(s, "A1")
    assert s["ask"]["type"] == "shortcut" and legal(s) == ["skip", "no"]
    s, ev = play(s, "skip")
    assert ("skip" in kinds(ev)) and s["ask"]["options"] == ["COR1", "COR2", "COR3", "COR4"]
    s, ev = play(s, "COR1")
    assert not s["units"]["A1"]["gripped"] and s["slots"]["TEC.s2"]["card"] == "SCI02a"


def test_no_shortcut_in_the_start_sector_th42():
    s = position(options=AS, units={"A1": "NEST1", "S1": "LAB1"}, slots={"NEST.s1": "ALI07a"})
    s, ev = play(s, "A1")
    assert s["ask"]["type"] == "room"


def test_shortcuts_are_only_for_their_sides_moves():
    s = position(options=AS, seat=1, units={"S1": "LAB1", "A1": "NEST1"}, slots={"COR.s2": "ALI07a"})
    s, ev = play(s, "S1")
    assert s["ask"]["type"] == "room" and s["ask"]["options"][0] == "COR1"


def test_teleporter_relocates_the_move_th35_th54():
    # Greys G1 alone in WRECK: next sector COR holds the Teleporter; targets: sectors with an active Greys
    # card (COR, TEC) and WRECK itself is the unit's current one, so not offered.
    s = position(seat=1, units={"G1": "WRECK1", "M1": "DOCK1"}, slots={"COR.s2": "GRE09a", "TEC.s1": "GRE02a"})
    s, ev = play(s, "G1")
    assert s["ask"]["type"] == "shortcut" and legal(s) == ["teleport:COR", "teleport:TEC", "no"]
    s, ev = play(s, "teleport:TEC", "TEC2")
    assert s["units"]["G1"]["at"] == "TEC2"


def test_time_loop_spends_extra_points_here():
    # G1, G2, G3 in WRECK: 3 points; Time Loop in COR (X 1): spend 1 there, then CTL is the last.
    s = position(seat=1, units={"G1": "WRECK1", "G2": "WRECK2", "G3": "WRECK3", "M1": "DOCK1"},
                 slots={"COR.s2": "GRE05a"})
    s, ev = play(s, "G1")
    assert s["ask"]["type"] == "shortcut" and legal(s) == ["spend:1", "no"]
    s, ev = play(s, "spend:1")
    assert s["ask"]["type"] == "room" and s["ask"]["options"][0] == "CTL1"


def test_secret_passage_ends_the_move_here():
    s = position(options=SG, units={"S1": "LAB1", "S2": "LAB2", "G1": "WRECK1"}, slots={"TEC.s1": "SCI11a"})
    s, ev = play(s, "S1")
    assert legal(s) == ["stop", "no"]
    s, ev = play(s, "stop")
    assert s["ask"]["options"][0] == "TEC1"


def test_time_loop_points_count_for_parasites_th23():
    s = position(seat=1, units={"G1": ("WRECK1", {"parasites": 1}), "G2": "WRECK2", "G3": "WRECK3",
                                "M1": "DOCK1"}, slots={"COR.s2": "GRE05a"})
    # No Aliens in this game: parasite damage is still lost by its victim.
    s, ev = play(s, "G1", "spend:1", "CTL1")
    assert s["lp"][1] == 17  # 3 points spent, one of them in the Time Loop


# --- 6.3 arrival, ejection (TH19, TH48) ----------------------------------------------------------

def full_tec(**units):
    return {"TEC1": "G1", "TEC2": "G2", "TEC3": "M2", "TEC4": "M3", **units}


def test_ejection_may_take_any_occupant_own_included_invisible_and_gripped_th48():
    units = {"M1": "DOCK1", "G1": ("TEC1", {"invisible": True}), "G2": ("TEC2", {"gripped": True}),
             "M2": "TEC3", "M3": "TEC4", "G3": "WRECK1"}
    s = position(units=units)
    s, ev = play(s, "M1")
    assert s["ask"]["type"] == "eject" and sorted(legal(s)) == ["G1", "G2", "M2", "M3"]
    s, ev = play(s, "G1")
    assert s["units"]["G1"]["at"] == "space" and not s["units"]["G1"]["invisible"]
    assert s["units"]["M1"]["at"] == "TEC1"


def test_ejection_sheds_tiles():
    units = {"M1": "DOCK1", "G1": ("TEC1", {"parasites": 1}), "G2": "TEC2", "M2": "TEC3", "M3": "TEC4"}
    s = position(units=units)
    s, ev = play(s, "M1", "G1")
    assert s["units"]["G1"]["parasites"] == 0 and s["units"]["G1"]["at"] == "space"


def test_arrival_order_ejection_traps_then_limited_combat():
    # M1 fills CTL (3 Greys there); Greys Probe in CTL gives DP first; then the Marines' Limited Combat.
    s = position(units={"M1": "COR1", "M2": "DOCK2", "G1": "CTL1", "G2": "CTL2", "G3": "CTL3"},
                 slots={"CTL.s1": "GRE02a"})
    s, ev = play(s, "M1")
    order = [e["kind"] for e in ev if e["kind"] in ("enter", "dp", "combat", "hit", "lp")]
    assert order.index("dp") < order.index("combat")
    assert s["dp"][1] == number("GRE02a")
    assert s["lp"][1] == 19  # basic Marine: 1 target in range (CTL1 + CTL2 linked): one hit


def test_gripped_units_of_the_newcomers_side_are_freed_th22():
    s = position(units={"M1": "COR1", "M2": ("CTL1", {"gripped": True}), "G1": "WRECK1"})
    s, ev = play(s, "M1", "CTL2")
    assert not s["units"]["M2"]["gripped"]


# --- 6.6 placement from space (TH20, TH53) --------------------------------------------------------

def test_placement_from_space_traps_act_no_limited_combat_and_the_turn_ends():
    units = {"M2": "DOCK1", "M3": "DOCK2", "G1": "TEC1", "G2": "TEC2", "G3": "TEC3"}
    s = position(units=units, slots={"TEC.s1": "GRE02a"}, tiles=[3, 0])
    assert "M1" in legal(s)
    s, ev = play(s, "M1")
    assert s["ask"]["type"] == "space_room" and "TEC4" in legal(s)
    s, ev = play(s, "TEC4")
    assert s["dp"][1] == number("GRE02a")
    assert "combat" not in kinds(ev)
    # the whole turn is over, with no free step though tiles could be spent: the Greys' turn
    assert s["turn"]["seat"] == 1 and s["ask"]["seat"] == 1


# --- 6.7 action cards (TH14) ----------------------------------------------------------------------

def test_action_cards_in_the_destination_are_optional():
    s = position(units={"M1": "DOCK1", "M2": "DOCK2", "G1": "COR1"}, slots={"WRECK.s1": "MAR11a"})
    s, ev = play(s, "M1", "WRECK1")
    assert s["ask"]["type"] == "action_next" and legal(s) == ["MAR11a", "end_phase"]
    declined, _ = play(s, "end_phase")
    assert declined["tiles"][0] == 0
    s, ev = play(s, "MAR11a")
    assert s["tiles"][0] == 1


def test_action_cards_act_once_each_in_the_active_players_order():
    s = position(units={"M1": "DOCK1", "M2": "DOCK2", "G1": "COR1"},
                 slots={"WRECK.s1": "MAR11a", "WRECK.s2": ("MAR08a", {})})
    s, ev = play(s, "M1", "WRECK1")
    assert legal(s) == ["MAR11a", "MAR08a", "end_phase"]
    s, ev = play(s, "MAR08a")  # no enemy trap: nothing to do
    assert legal(s) == ["MAR11a", "end_phase"]


def test_enemy_action_cards_do_not_act():
    s = position(units={"M1": "DOCK1", "M2": "DOCK2", "G1": "COR1"}, slots={"WRECK.s1": "GRE07a"})
    s, ev = play(s, "M1", "WRECK1")
    assert s["ask"]["type"] == "pending"  # no action phase question


# --- 6.8 sector actions (TH13, TH36) --------------------------------------------------------------

def test_corridors_combat_is_mandatory():
    s = position(units={"M1": "WRECK1", "G1": "COR1", "G2": "DOCK1"})
    s, ev = play(s, "M1", "COR2")
    assert "combat" in kinds(ev) and s["lp"][1] == 19


def test_control_room_places_the_disc():
    s = position(units={"M1": "COR1", "G1": "WRECK1"}, slots={"TEC.s1": "GRE02a", "TEC.s2": "GRE05a"})
    s, ev = play(s, "M1", "CTL1")
    assert s["ask"]["type"] == "disc_target" and legal(s) == ["TEC.s1", "TEC.s2"]
    s, ev = play(s, "TEC.s2")
    assert s["disc"] == "TEC.s2"


def test_tech_dock_extra_turn_replaces_the_pending_phase_th36():
    s = position(units={"M1": "DOCK1", "M3": "COR1", "G1": "WRECK1"})
    s, ev = play(s, "M1", "TEC1")
    assert s["ask"]["type"] == "extra_unit" and legal(s) == ["M2", "M3"]  # M2 in space may go (TH43)
    s, ev = play(s, "M3")
    assert s["turn"]["sub"] == 2 and s["ask"]["type"] == "room" and s["ask"]["options"][0] == "CTL1"
    s, ev = play(s, "CTL1")
    assert s["units"]["M3"]["at"] == "CTL1"


def test_no_unit_moves_twice_in_a_turn_th12():
    s = position(units={"M1": "DOCK1", "M2": "TEC2", "G1": "WRECK1"})
    s, ev = play(s, "M1", "TEC1")
    assert "M1" not in legal(s)


def test_after_a_tech_dock_extra_turn_adrenaline_rush_activates_the_same_unit_again_th41():
    # Aliens (AS ring COR, CTL, NEST, TEC, LAB): A1 alone in NEST moves into TEC, whose Adrenaline Rush makes
    # A2 (upgraded, COR) hit S1; the extra turn's A3 (CTL, 2 points) comes into TEC too: A2 may attack again
    s = position(options=AS, units={"A1": "NEST1", "A2": ("COR1", {"up": True}), "A3": "CTL1", "S1": "COR2",
                                    "S2": "CTL2"}, slots={"TEC.s1": "ALI11a"})
    s, _ = play(s, "A1", "TEC1", "ALI11a", "A2")
    assert s["lp"][1] == 19 and s["ask"]["type"] == "extra_unit"
    s, _ = play(s, "A3", "TEC2", "ALI11a")
    assert s["turn"]["sub"] == 2 and legal(s) == ["A2", "done"]
    s, _ = play(s, "A2")
    assert s["lp"][1] == 18


def test_after_a_tech_dock_extra_turn_remote_control_runs_the_same_card_again_th41():
    # Scientists (SG ring COR, CTL, LAB, TEC, WRECK): Remote Control in TEC runs the Small Lab in COR twice
    s = position(options=SG, units={"S1": "LAB1", "S2": "CTL1", "G1": "CTL2"},
                 slots={"TEC.s1": "SCI12a", "COR.s2": "SCI04a"})
    s, _ = play(s, "S1", "TEC1", "SCI12a")
    assert s["dp"][0] == number("SCI04a") and s["ask"]["type"] == "extra_unit"
    s, _ = play(s, "S2", "TEC2")
    assert legal(s) == ["SCI12a", "end_phase"]
    s, _ = play(s, "SCI12a")
    assert s["dp"][0] == 2 * number("SCI04a")


def test_after_a_tech_dock_extra_turn_no_enemy_unit_is_moved_again_th41():
    # Greys: G1 moves into TEC, whose Mind Control moves M1 COR -> CTL; in the extra sub-turn G2 (CTL, 2
    # points) comes into TEC: Mind Control again offers only M2, M1 has moved this turn
    s = position(seat=1, units={"G1": "DOCK1", "G2": "CTL3", "M1": "COR1", "M2": "WRECK1"},
                 slots={"TEC.s1": "GRE01a"})
    s, _ = play(s, "G1", "TEC1", "GRE01a")
    assert legal(s) == ["M1", "M2", "done"]
    s, _ = play(s, "M1", "CTL1", "G2", "TEC2", "GRE01a")
    assert s["turn"]["sub"] == 2 and legal(s) == ["M2", "done"]


def test_tech_dock_extra_turn_with_no_unit_left_ends_the_turn():
    s = position(units={"M1": "DOCK1", "M2": ("COR1", {"gripped": True}), "M3": ("COR2", {"gripped": True}),
                        "G1": "WRECK1"})
    s, ev = play(s, "TEC1")  # M1 is the only unit that can move: taken without asking
    assert s["turn"]["seat"] == 1


def test_own_sector_action_upgrade_or_clean_up():
    s = position(units={"M1": "CTL1", "G1": "TEC1"}, slots={"DOCK.s1": "GRE02a"})
    s, ev = play(s, "M1", "DOCK1")
    assert s["ask"]["type"] == "faction_action" and legal(s) == ["upgrade", "cleanup:GRE02a"]
    up, _ = play(s, "upgrade")
    assert up["tiles"][0] == 1
    clean, _ = play(s, "cleanup:GRE02a")
    assert "GRE02a" in clean["discards"][1]


def test_faction_action_in_another_sides_sector_does_nothing():
    s = position(seat=1, units={"G1": "CTL1", "M1": "TEC1"}, slots={"DOCK.s1": "MAR02a"})
    s, ev = play(s, "G1", "DOCK2")
    assert s["ask"]["type"] == "pending" and s["tiles"][1] == 0


def test_sector_action_in_the_destination_even_if_the_mover_left_th13():
    # M1 enters COR via a move; COR's action is Combat; the Marines' Combat hits the Grey there.
    s = position(units={"M1": "WRECK1", "G1": "COR2"})
    s, ev = play(s, "M1", "COR1")
    assert s["lp"][1] == 19


def test_phases_2_to_4_happen_where_the_teleporter_relocation_ends_th47():
    # G1 (WRECK) is about to go into COR, which holds the Teleporter and Invisibility; relocated to DOCK
    # instead, the Greys get DOCK's Transmission and DOCK's pending positions, nothing of COR's
    s = position(seat=1, units={"G1": "WRECK1", "M1": "TEC1"}, pending={"COR.p1": "MAR03a"},
                 slots={"COR.s2": "GRE09a", "COR.s1": "GRE10a", "DOCK.s1": "GRE07a"})
    s, _ = play(s, "G1", "teleport:DOCK", "DOCK2")
    assert s["ask"]["type"] == "action_next" and legal(s) == ["GRE07a", "end_phase"]
    s, _ = play(s, "GRE07a")
    assert s["dp"][1] == number("GRE07a")  # the Marines' faction sector's action does nothing for the Greys
    assert s["ask"]["type"] == "pending" and legal(s) == ["A:DOCK.p1", "A:DOCK.p2", "pass"]


# --- 6.9 pending phase (TH6, TH7) -------------------------------------------------------------------

def pending_pos(**kw):
    # M1 from TEC moves 1 to WRECK (the Greys' sector has p1, p2)
    return position(units={"M1": "TEC1", "G1": "COR1"}, **kw)


def test_pending_a_on_an_empty_position_puts_the_deck_top_there():
    s = pending_pos(decks={0: ["MAR03a"]}, pending={"WRECK.p2": "GRE02a"})
    s, ev = play(s, "M1", "WRECK1")
    assert s["ask"]["type"] == "pending" and legal(s) == ["A:WRECK.p1", "B:WRECK.p2", "pass"]  # TH6
    s, ev = play(s, "A:WRECK.p1")
    assert s["pending"]["WRECK.p1"] == "MAR03a"


def test_pending_b_discards_an_enemy_card_and_refills():
    s = pending_pos(decks={0: ["MAR03a"]}, pending={"WRECK.p1": "GRE02a", "WRECK.p2": "GRE02b"})
    s, ev = play(s, "M1", "WRECK1", "B:WRECK.p2")
    assert "GRE02b" in s["discards"][1] and s["pending"]["WRECK.p2"] == "MAR03a"


def test_pending_c_installs_an_own_card():
    s = pending_pos(decks={0: ["MAR03a"]}, pending={"WRECK.p1": "MAR11a", "WRECK.p2": "GRE02b"})
    s, ev = play(s, "M1", "WRECK1", "C:WRECK.p1")
    assert s["ask"]["type"] == "install_slot"
    s, ev = play(s, "CTL.s1")
    assert s["slots"]["CTL.s1"]["card"] == "MAR11a" and s["pending"]["WRECK.p1"] == "MAR03a"


def test_pending_a_needs_a_deck_card_th7():
    s = pending_pos(decks={0: []}, pending={"WRECK.p2": "GRE02a"})
    s["decks"][0] = []
    from games.rules.theseus import RULES
    s["discards"][0] = list(__import__("games.rules.theseus.components", fromlist=["DATA"]).DATA.decks["marines"])
    s = RULES.at_phase(s, "move")
    s, ev = play(s, "M1", "WRECK1")
    assert legal(s) == ["B:WRECK.p2", "pass"]
    s, ev = play(s, "B:WRECK.p2")
    assert s["end"] == 1  # TH7: B with an empty deck advances the end tile


def test_a_card_under_the_disc_is_neither_discarded_nor_installed():
    s = pending_pos(pending={"WRECK.p1": "GRE02a", "WRECK.p2": "MAR11a"}, disc="WRECK.p1")
    s, ev = play(s, "M1", "WRECK1")
    assert legal(s) == ["C:WRECK.p2", "pass"]


# --- 6.10 free steps (TH15), tile costs (8.2) -------------------------------------------------------

def test_free_steps_flip_and_tile_costs():
    s = position(units={"M1": "DOCK1", "G1": "WRECK1"}, slots={"CTL.s1": ("MAR11a", {"tiles": 2})},
                 tiles=[3, 0], phase="sub")
    assert s["ask"]["type"] == "free_step"
    assert "flip:M1" in legal(s) and "tile:CTL.s1" in legal(s)
    t, _ = play(s, "tile:CTL.s1")  # the third tile costs 3
    assert t["tiles"][0] == 0 and t["slots"]["CTL.s1"]["tiles"] == 3
    f, _ = play(s, "flip:M1")
    assert f["tiles"][0] == 2 and f["units"]["M1"]["up"]


def test_a_tile_too_dear_is_not_offered_and_no_tile_on_a_card_without_number():
    s = position(units={"M1": ("DOCK1", {"up": True}), "M2": ("space", {"up": True}),
                        "M3": ("space", {"up": True}), "G1": "WRECK1"},
                 slots={"CTL.s1": ("MAR11a", {"tiles": 2}), "CTL.s2": "MAR03a"}, tiles=[2, 0], phase="sub")
    assert s["ask"]["type"] == "move_unit"  # nothing usable: no free step asked


def test_specials_only_with_an_effect_th15():
    s = position(units={"M1": "DOCK1", "G1": "WRECK1"}, held={0: ["BON4a"]}, phase="sub")
    assert s["ask"]["type"] == "move_unit"  # Field Repair at 20 LP has no effect
    s = position(units={"M1": "DOCK1", "G1": "WRECK1"}, held={0: ["BON4a"]}, phase="sub", lp=[15, 20])
    assert legal(s) == ["play:BON4a", "continue"]
    s, ev = play(s, "play:BON4a")
    assert s["lp"][0] == 17 and "BON4a" in s["spent"]


def test_a_turn_restarted_at_its_end_offers_the_end_free_steps_6_10():
    s = position(units={"M1": "DOCK1", "G1": "WRECK1"}, tiles=[1, 0], phase="end")
    assert s["ask"]["type"] == "free_step" and s["ask"]["seat"] == 0 and s["ask"]["about"]["phase"] == "end"


# --- gripper, parasites, invisibility (TH22, TH23, TH34), trap order (TH18) ----------------------------

def test_all_units_gripped_at_turn_start_are_freed_th22():
    s = position(units={"M1": ("COR1", {"gripped": True}), "M2": ("CTL1", {"gripped": True}),
                        "M3": ("TEC1", {"gripped": True}), "G1": "WRECK1"}, phase="start")
    assert legal(s) == ["M1", "M2", "M3"] and not any(s["units"][u]["gripped"] for u in ("M1", "M2", "M3"))


def test_a_gripped_unit_cannot_move_th22():
    s = position(units={"M1": ("COR1", {"gripped": True}), "M2": "CTL1", "G1": "WRECK1"}, phase="start")
    assert "M1" not in legal(s)


def test_parasite_damage_then_shed_on_entering_the_own_sector_th23():
    s = position(units={"M1": ("CTL1", {"parasites": 2}), "G1": "WRECK1"})
    s, _ = play(s, "M1", "DOCK1")
    assert s["lp"][0] == 18 and s["units"]["M1"]["parasites"] == 0


def test_invisibility_ends_when_the_unit_moves_th34():
    s = position(seat=1, units={"G1": ("WRECK1", {"invisible": True}), "M1": "DOCK1"})
    s, _ = play(s, "G1", "COR1")
    assert not s["units"]["G1"]["invisible"]


def test_traps_of_one_name_act_in_slot_order_without_a_question_th18():
    s = position(units={"M1": "WRECK1", "G1": "DOCK1"}, slots={"COR.s2": "GRE02a", "COR.s4": "GRE02b"})
    s, _ = play(s, "M1", "COR1")
    assert s["dp"][1] == 2 * number("GRE02a")


def test_traps_of_different_names_are_ordered_by_the_active_player_th18():
    s = position(seat=1, units={"G1": "WRECK1", "M1": "DOCK1"}, slots={"COR.s2": "MAR01a", "COR.s4": "MAR02a"})
    s, _ = play(s, "G1", "COR1")
    # only the order is asked: neither trap can be declined (TH45)
    assert s["ask"]["type"] == "trap_next" and legal(s) == ["trap:MAR01", "trap:MAR02"]
    s, _ = play(s, "trap:MAR02")
    assert s["lp"][1] == 17


def test_a_move_teleported_back_into_its_start_sector_sets_off_none_of_its_traps_th63():
    # G1 and M1 in COR: 2 points. G1 goes into CTL, then, about to go into DOCK (the Teleporter), is
    # relocated back to COR, its start sector: the Marines' Landmine there does not act
    s = position(seat=1, units={"G1": "COR1", "M1": "COR3"},
                 slots={"COR.s1": "MAR01a", "COR.s2": "GRE02a", "DOCK.s1": "GRE09a"})
    s, ev = play(s, "G1")
    assert s["ask"]["type"] == "shortcut" and "teleport:COR" in legal(s)
    s, ev = play(s, "teleport:COR", "COR1")
    assert s["units"]["G1"]["at"] == "COR1"
    assert s["lp"] == [20, 20] and s["slots"]["COR.s1"]["card"] == "MAR01a"
