"""RULES.md sections 9 and 10: one hand-written position for each faction card and each bonus card, showing
its effect. Action cards are shown in an enemy faction sector (its sector action does nothing there).

Rings: MG (Marines 0, Greys 1) COR CTL DOCK TEC WRECK; MA (Marines 0, Aliens 1) COR CTL DOCK TEC NEST;
AS (Aliens 0, Scientists 1) COR CTL NEST TEC LAB; SG (Scientists 0, Greys 1) COR CTL LAB TEC WRECK.
"""
from __future__ import annotations

from games.rules.theseus.components import DATA

from .positions import legal, number, play, position

MG = {"faction1": "marines", "faction2": "greys"}
MA = {"faction1": "marines", "faction2": "aliens"}
AS = {"faction1": "aliens", "faction2": "scientists"}
SG = {"faction1": "scientists", "faction2": "greys"}

# the active unit moves one sector into the enemy faction sector, where the action cards lie
ACTOR = {"MG": ("M1", "TEC1", "WRECK"), "MA": ("M1", "TEC1", "NEST"), "AS": ("A1", "TEC1", "LAB"),
         "SG": ("S1", "TEC1", "WRECK")}
OPTS = {"MG": MG, "MA": MA, "AS": AS, "SG": SG}


def act(ring: str, cards: dict, units=None, room: str | None = None, **kw):
    """The state at the action phase in the enemy faction sector, `cards` installed (slot id -> card)."""
    unit, start, sector = ACTOR[ring]
    slots = {f"{sector}.{sid}" if "." not in sid else sid: c for sid, c in cards.items()}
    s = position(options=OPTS[ring], units={unit: start, **(units or {})}, slots=slots, **kw)
    s, _ = play(s, unit) if s["ask"]["type"] == "move_unit" else (s, [])
    if s["ask"]["type"] == "room":
        s, _ = play(s, room or s["ask"]["options"][0])
    return s


def seat1_act(options: dict, unit: str, sector: str, cards: dict, units=None, **kw):
    """Seat 1 moves `unit` CTL1 -> `sector` (one point), where the cards lie (slot id -> card)."""
    slots = {f"{sector}.{sid}" if "." not in sid else sid: c for sid, c in cards.items()}
    s = position(options=options, seat=1, units={unit: "CTL1", **(units or {})}, slots=slots, **kw)
    s, _ = play(s, unit)
    if s["ask"]["type"] == "room":
        s, _ = play(s, f"{sector}4" if f"{sector}4" in legal(s) else legal(s)[0])
    return s


def greys_act(cards: dict, units=None, **kw):
    """The Greys (seat 1, MG) move G1 CTL1 -> DOCK."""
    return seat1_act(MG, "G1", "DOCK", cards, units, **kw)


def scientists_act(cards: dict, units=None, **kw):
    """The Scientists (seat 1, AS) move S1 CTL1 -> NEST."""
    return seat1_act(AS, "S1", "NEST", cards, units, **kw)


# --- 9.1 Marines -----------------------------------------------------------------------------------

def test_mar01_landmine_damages_x_and_is_discarded():
    s = position(seat=1, units={"G1": "WRECK1", "M1": "DOCK1"}, slots={"COR.s2": "MAR01a"})
    s, _ = play(s, "G1", "COR1")
    assert s["lp"][1] == 18 and "MAR01a" in s["discards"][0]


def test_mar02_fire_hits_entering_and_passing_units():
    s = position(seat=1, units={"G1": "WRECK1", "M1": "DOCK1"}, slots={"COR.s2": ("MAR02a", {"tiles": 1})})
    s, _ = play(s, "G1", "COR1")
    assert s["lp"][1] == 18


def test_mar03_combat_action():
    s = act("MG", {"s1": "MAR03a"}, units={"G1": "WRECK2"}, room="WRECK1")
    s, _ = play(s, "MAR03a")
    assert s["lp"][1] == 19


def test_mar05_ambush_each_marine_in_range_hits_once():
    s = position(seat=1, units={"G1": "CTL1", "M1": "DOCK1", "M2": "DOCK2"}, slots={"DOCK.s1": "MAR05a"})
    s, _ = play(s, "G1", "DOCK3")
    assert s["lp"][1] == 18


def test_mar07_team_tactics_moves_an_enemy_unit_from_here():
    s = act("MG", {"s1": "MAR07a"}, units={"G1": "WRECK2"}, room="WRECK1")
    s, _ = play(s, "MAR07a")
    # G1 is the only movable enemy: 2 units in WRECK -> COR -> CTL; the active player picks the room
    assert s["ask"]["type"] == "room" and s["ask"]["seat"] == 0 and legal(s)[0] == "CTL1"
    s, _ = play(s, "CTL3")
    assert s["units"]["G1"]["at"] == "CTL3"


def test_mar07_team_tactics_moves_only_a_movable_unit_without_its_shortcuts_or_phases_th21():
    # WRECK holds M1 and three Greys (4 points): G1 invisible and G2 gripped are not movable, so G3 goes,
    # through COR without the Greys' Time Loop question, into TEC, where the Greys get no extra turn: the
    # Marines' turn goes on in WRECK
    s = position(units={"M1": "TEC1", "G1": ("WRECK1", {"invisible": True}), "G2": ("WRECK2", {"gripped": True}),
                        "G3": "WRECK3"}, slots={"WRECK.s1": "MAR07a", "COR.s2": "GRE05a"})
    s, _ = play(s, "M1", "MAR07a")
    assert s["ask"]["type"] == "room" and s["ask"]["about"] == {"unit": "G3", "sector": "TEC"}
    s, _ = play(s, "TEC1")
    assert s["units"]["G3"]["at"] == "TEC1"
    assert s["ask"]["seat"] == 0 and s["ask"]["type"] == "pending" and s["ask"]["about"] == {"sector": "WRECK"}


def test_mar08_trap_tracker_deactivates_an_enemy_trap_6_4():
    s = act("MG", {"s1": "MAR08a", "COR.s2": "GRE02a"}, room="WRECK1")
    s, _ = play(s, "MAR08a", "COR.s2")
    assert s["slots"]["COR.s2"]["deact"] == 1


def test_mar08_deactivation_tile_stops_the_trap_once_th51():
    s = position(units={"M1": "WRECK1", "G1": "DOCK1"}, slots={"COR.s2": ("GRE02a", {"deact": 1})})
    s, _ = play(s, "M1", "COR1")
    assert s["dp"][1] == 0 and s["slots"]["COR.s2"]["deact"] == 0


def test_mar11_armory_gains_x_upgrade_tiles():
    s = act("MG", {"s1": ("MAR11a", {"tiles": 1})}, room="WRECK1")
    s, _ = play(s, "MAR11a")
    assert s["tiles"][0] == 2


# --- 9.2 Aliens ------------------------------------------------------------------------------------

def test_ali01_tentacle_stops_a_passing_unit_th50():
    s = position(options=MA, units={"M1": "TEC1", "M2": "TEC2", "A1": "CTL1"}, slots={"NEST.s1": "ALI01a"})
    s, ev = play(s, "M1")
    assert s["ask"]["type"] == "room" and s["ask"]["options"][0].startswith("NEST")
    s, _ = play(s, "NEST2")
    assert s["lp"][0] == 19  # the Tentacle that acted on the pass does not act again on arrival


def test_ali02_hatchery_damages_an_entering_unit():
    s = position(options=MA, units={"M1": "TEC1", "A1": "CTL1"}, slots={"NEST.s1": "ALI02a"})
    s, _ = play(s, "M1", "NEST1")
    assert s["lp"][0] == 19


def test_ali03_lurker_attacks_in_an_aliens_combat():
    s = position(options=AS, units={"A1": "LAB1", "S1": "COR3"}, slots={"COR.s2": "ALI03a"})
    s, _ = play(s, "A1", "COR1")
    assert s["lp"][1] == 19


def test_ali04_habitat_heals():
    s = act("AS", {"s1": "ALI04a"}, lp=[15, 20])
    s, _ = play(s, "ALI04a")
    assert s["lp"][0] == 16


def test_ali05_incubator_spawns_a_young_alien_th56():
    s = act("AS", {"s1": "ALI05a"}, units={"S1": "LAB3"}, room="LAB1")
    s, _ = play(s, "ALI05a")
    assert s["ask"]["type"] == "room"
    s, _ = play(s, "LAB2")
    assert s["rooms"]["LAB2"] == "Y1"


def test_ali06_combat_action_with_ali08_pheromone_trail_range_th1():
    # cards beat rules (TH1): the Pheromone Trail's text overrides the general range rule (TH4)
    cards = {"s1": "ALI06a", "s2": "ALI08a"}
    s = act("AS", cards, units={"A1": ("TEC1", {"up": True}), "S1": "LAB3"}, room="LAB1")
    s, _ = play(s, "ALI06a")
    assert s["lp"][1] == 19
    s = act("AS", {"s1": "ALI06a"}, units={"A1": ("TEC1", {"up": True}), "S1": "LAB3"}, room="LAB1")
    s, _ = play(s, "ALI06a")
    assert s["lp"][1] == 20  # without the trail LAB1 and LAB3 are out of range (TH4)


def test_ali09_crawler_switches_off_enemy_cards_here():
    s = act("MA", {"s1": "MAR11a", "s2": "ALI09a"}, room="NEST1")
    assert s["ask"]["type"] != "action_next"


def test_ali10_abduction_relocates_to_the_aliens_sector():
    s = act("AS", {"s1": "ALI10a"}, units={"S1": "LAB3"}, room="LAB1")
    s, _ = play(s, "ALI10a")
    s, _ = play(s, legal(s)[0]) if s["ask"]["type"] == "pick_unit" else (s, [])
    if s["ask"]["type"] == "room":
        s, _ = play(s, legal(s)[0])
    assert s["units"]["S1"]["at"].startswith("NEST")


def test_ali11_adrenaline_rush_makes_an_aliens_unit_attack():
    s = act("AS", {"s1": "ALI11a"}, units={"A2": ("CTL1", {"up": True}), "S1": "CTL2"}, room="LAB1")
    s, _ = play(s, "ALI11a")
    if s["ask"]["type"] == "pick_unit":
        s, _ = play(s, "A2")
    assert s["lp"][1] == 19


def test_ali12_parasite_puts_a_tile_on_an_entering_unit():
    s = scientists_act({"s1": "ALI12a"})
    assert s["units"]["S1"]["parasites"] == 1


def test_ali13_hole_moves_an_own_card():
    s = position(options=AS, units={"A1": "NEST1", "S1": "LAB1"}, slots={"COR.s2": "ALI04a"},
                 held={0: ["ALI13a"]}, phase="sub")
    s, _ = play(s, "play:ALI13a")
    if s["ask"]["type"] == "pick_card":
        s, _ = play(s, "COR.s2")
    s, _ = play(s, "CTL.s1")
    assert s["slots"]["CTL.s1"]["card"] == "ALI04a" and s["slots"]["COR.s2"]["card"] is None


def test_ali14_duplication_copies_a_neighbour_th25():
    s = act("AS", {"s1": "ALI04a", "s2": "ALI14a"}, lp=[10, 20])
    assert legal(s) == ["ALI04a", "ALI04a@ALI14a", "end_phase"]
    s, _ = play(s, "ALI04a", "ALI04a@ALI14a")
    assert s["lp"][0] == 12


# --- 9.3 Greys -------------------------------------------------------------------------------------

def test_gre01_mind_control_moves_an_enemy_unit_anywhere():
    s = greys_act({"s1": "GRE01a"}, units={"M1": "COR1"})
    s, _ = play(s, "GRE01a")
    if s["ask"]["type"] == "pick_unit":
        s, _ = play(s, "M1")
    s, _ = play(s, "CTL1") if s["ask"]["type"] == "room" else (s, [])
    assert s["units"]["M1"]["at"] == "CTL1"


def test_gre01_each_move_resolves_ejection_traps_and_limited_combat_before_the_next_pick_th21_th46():
    # Mind Control (X 2) moves M1 COR -> CTL, which is full: the Greys eject M3, their Probe there acts and
    # CTL's Limited Combat is theirs (G2 upgraded hits M2 for 1 DP; the Marines there do not attack), all
    # before the second unit is picked, which can no longer be M1
    units = {"G1": "TEC1", "G2": ("CTL1", {"up": True}), "G3": "CTL4", "M1": "COR1", "M2": "CTL2", "M3": "CTL3"}
    s = position(seat=1, units=units, slots={"WRECK.s1": ("GRE01a", {"tiles": 1}), "CTL.s1": "GRE02a"})
    s, _ = play(s, "G1", "WRECK1", "GRE01a", "M1")
    assert s["ask"]["type"] == "eject" and s["ask"]["seat"] == 1
    s, _ = play(s, "M3")
    assert s["units"]["M1"]["at"] == "CTL3" and s["units"]["M3"]["at"] == "space"
    assert s["dp"][1] == number("GRE02a") + 1 and s["lp"][1] == 20
    assert s["ask"]["type"] == "pick_unit" and legal(s) == ["M2", "done"]


def test_gre02_probe_gains_dp_when_an_enemy_enters():
    s = position(units={"M1": "WRECK1", "G1": "DOCK1"}, slots={"COR.s2": "GRE02a"})
    s, _ = play(s, "M1", "COR1")
    assert s["dp"][1] == number("GRE02a")


def test_gre03_chamber_adds_dp_to_greys_hits():
    s = position(seat=1, units={"G1": ("WRECK1", {"up": True}), "M1": "COR2"}, slots={"COR.s2": "GRE03a"})
    s, _ = play(s, "G1", "COR1")
    assert s["dp"][1] == 2


def test_gre04_amplifier_raises_other_greys_numbers():
    s = greys_act({"s1": "GRE07a", "s2": "GRE04a"})
    s, _ = play(s, "GRE07a")
    assert s["dp"][1] == number("GRE07a") + number("GRE04a")


def test_gre06_downgrade_turns_an_upgraded_unit_basic_th40():
    s = greys_act({"s1": "GRE06a"}, units={"M1": ("COR1", {"up": True})})
    s, _ = play(s, "GRE06a")
    assert not s["units"]["M1"]["up"]


def test_gre07_transmission_gains_x_and_drains_a_collector():
    s = position(options=SG, seat=1, units={"G1": "CTL1", "S1": "WRECK1"}, slots={"LAB.s1": "GRE07a"},
                 dp=[3, 0])
    s, _ = play(s, "G1", "LAB2")
    s, _ = play(s, "GRE07a")
    assert s["dp"] == [3 - number("GRE07a"), number("GRE07a")]


def test_gre08_life_transfer_damages_and_heals_th56():
    s = greys_act({"s1": "GRE08a"}, units={"M1": "DOCK1"}, lp=[20, 15])
    s, _ = play(s, "GRE08a")
    assert s["lp"] == [19, 16]


def test_gre10_invisibility_puts_a_tile_on_an_own_unit():
    s = greys_act({"s1": "GRE10a"})
    s, _ = play(s, "GRE10a")
    if s["ask"]["type"] == "pick_unit":
        s, _ = play(s, "G1")
    assert s["units"]["G1"]["invisible"]


def test_gre11_annihilation_discards_an_enemy_installed_card_th44():
    s = position(seat=1, units={"G1": "WRECK1", "M1": "DOCK1"}, slots={"COR.s2": "MAR02a"},
                 held={1: ["GRE11a"]}, phase="sub")
    s, _ = play(s, "play:GRE11a")
    assert "MAR02a" in s["discards"][0] and "GRE11a" in s["discards"][1]


def test_gre12_duplication_copies_a_greys_neighbour():
    s = greys_act({"s1": "GRE04a", "s2": "GRE12a", "s3": "GRE07a"})  # s1 (0,0) - s2 (0,1); s3 (1,0)
    assert "GRE07a" in legal(s)


def test_gre13_psi_field_gains_dp_when_an_enemy_enters_a_sector_with_a_greys_unit():
    s = position(units={"M1": "WRECK1", "G1": "COR3", "G2": "DOCK1"}, slots={"TEC.s1": "GRE13a"})
    s, _ = play(s, "M1", "COR1")
    assert s["dp"][1] == number("GRE13a")


# --- 9.4 Scientists ------------------------------------------------------------------------------

def test_sci01_camera_counts_visits_and_cashes_in():
    s = act("SG", {"s1": ("SCI01a", {"counter": 4})}, room="WRECK1")
    s, _ = play(s, "SCI01a")
    assert s["dp"][0] == 4 and s["slots"]["WRECK.s1"]["counter"] == 0
    s = position(options=SG, seat=1, units={"G1": "CTL1", "S1": "COR1"}, slots={"LAB.s1": "SCI01a"})
    s, _ = play(s, "G1", "LAB1")
    assert s["slots"]["LAB.s1"]["counter"] == 2


def test_sci02_gripper_grips_and_is_discarded():
    s = position(options=SG, seat=1, units={"G1": "CTL1", "S1": "COR1"}, slots={"LAB.s1": "SCI02a"})
    s, _ = play(s, "G1", "LAB1")
    assert s["units"]["G1"]["gripped"] and "SCI02a" in s["discards"][0]


def test_sci03_medstation_heals():
    s = act("SG", {"s1": "SCI03a"}, room="WRECK1", lp=[10, 20])
    s, _ = play(s, "SCI03a")
    assert s["lp"][0] == 11


def test_sci04_small_lab_and_sci05_archive():
    s = act("SG", {"s1": "SCI04a", "COR.s2": "SCI05a"}, room="WRECK1")
    s, _ = play(s, "SCI04a")
    assert s["dp"][0] == number("SCI04a") + number("SCI05a")


def test_sci06_defence_system_acts_from_x_1():
    s = position(options=SG, seat=1, units={"G1": "CTL1", "S1": "COR1"}, slots={"LAB.s1": "SCI06a"})
    s, _ = play(s, "G1", "LAB1")
    assert s["lp"][1] == 20
    s = position(options=SG, seat=1, units={"G1": "CTL1", "S1": "COR1"}, slots={"LAB.s1": ("SCI06a", {"tiles": 1})})
    s, _ = play(s, "G1", "LAB1")
    assert s["lp"][1] == 19


def test_sci07_station_plans_installs_own_pending_cards():
    s = act("SG", {"s1": "SCI07a"}, room="WRECK1", pending={"LAB.p1": "SCI04a"})
    s, _ = play(s, "SCI07a")
    if s["ask"]["type"] == "pick_pending":
        s, _ = play(s, "LAB.p1")
    s, _ = play(s, "CTL.s1")
    assert s["slots"]["CTL.s1"]["card"] == "SCI04a" and s["pending"]["LAB.p1"] is not None


def test_sci08_detonation_discards_enemy_cards_here_then_itself():
    s = act("SG", {"s1": "SCI08a", "s2": "GRE02a"}, room="WRECK1")
    s, _ = play(s, "SCI08a")
    if s["ask"]["type"] == "pick_card":
        s, _ = play(s, "WRECK.s2")
    assert "GRE02a" in s["discards"][1] and "SCI08a" in s["discards"][0]


def test_sci09_malfunction_places_the_disc():
    s = act("SG", {"s1": "SCI09a", "s2": "GRE02a"}, room="WRECK1")
    s, _ = play(s, "SCI09a")
    assert s["disc"] == "WRECK.s2"


def test_sci10_shelter_keeps_enemy_traps_off():
    s = position(options=SG, units={"S1": "TEC1", "G1": "COR1"}, slots={"WRECK.s1": "GRE02a", "WRECK.s2": "SCI10a"})
    s, _ = play(s, "S1", "WRECK1")
    assert s["dp"][1] == 0


def test_sci12_remote_control_resolves_another_action_card():
    s = act("SG", {"s1": "SCI12a", "COR.s2": "SCI04a"}, room="WRECK1")
    s, _ = play(s, "SCI12a")
    assert s["dp"][0] == number("SCI04a")


def test_sci13_duplication_copies_small_lab():
    s = act("SG", {"s1": "SCI04a", "s2": "SCI13a"}, room="WRECK1")
    s, _ = play(s, "SCI04a", "SCI04a@SCI13a")
    assert s["dp"][0] == 2 * number("SCI04a")


# --- card data -------------------------------------------------------------------------------------

def test_the_greys_have_no_landmine_th27():
    landmines = [c for c in DATA.kinds.values() if "Landmine" in (c.name["en"], c.name["de"])]
    assert [(c.id, c.faction) for c in landmines] == [("MAR01", "marines")]
    assert all(DATA.card(c).faction == "greys" and DATA.card(c).name["en"] != "Landmine" for c in DATA.decks["greys"])


def test_each_card_the_rulebook_names_twice_is_one_card_th28():
    german = [c.name["de"] for c in DATA.kinds.values()]
    for name, other, card in (("Kampfposition", "Angriffsposition", "MAR04"), ("Fallen-Ortung", "Fallen-Tracker", "MAR08"),
                              ("Abwehrsystem", "Verteidigungssystem", "SCI06"), ("Teleportation", "Teleport", "GRE09"),
                              ("Auflauern", "Aufbauern", "ALI03")):
        assert german.count(name) == 1 and other not in german
        assert DATA.kinds[card].name["de"] == name and DATA.kinds[card].copies == 1
    places = {sid: sec.name["de"] for sid, sec in DATA.sectors.items()}
    assert places["CTL"] == "Kontrollraum" and "Kontrollzentrum" not in places.values()
    assert places["NEST"] == "Aliennest" and not any("Brutstätte" in name for name in places.values())


# --- 10 bonus cards ----------------------------------------------------------------------------------

def sub(held, **kw):
    return position(units={"M1": "DOCK1", "G1": "WRECK1"}, held={0: held}, phase="sub", **kw)


def test_bon1_card_from_the_deck_installs_the_top_card_th39():
    s = sub(["BON1a"], decks={0: ["MAR11a"]}, bonus={"COR.s1": "BON3a"})
    s, _ = play(s, "play:BON1a")
    assert "COR.s1" not in legal(s)  # a slot with a bonus card is not offered (TH39)
    s, _ = play(s, "CTL.s1")
    assert s["slots"]["CTL.s1"]["card"] == "MAR11a"


def test_bon3_upgrade_gains_a_tile():
    s, _ = play(sub(["BON3a"]), "play:BON3a")
    assert s["tiles"][0] == 1


def test_bon5_maintenance_places_the_disc():
    s, _ = play(sub(["BON5a"], slots={"COR.s2": "GRE02a"}), "play:BON5a")
    assert s["disc"] == "COR.s2"


def test_bon6_sabotage_discards_an_enemy_pending_card():
    s, _ = play(sub(["BON6a"], pending={"WRECK.p1": "GRE02a"}), "play:BON6a")
    assert "GRE02a" in s["discards"][1] and s["pending"]["WRECK.p1"] is None


def test_deactivation_tiles_serve_a_traps_duplication_copies_one_each_th62():
    # the Greys' Probe with its Duplication beside it in COR: two items act on a Marines unit entering.
    # With two tiles on the Probe both items are stopped; with one, the original takes it and the copy acts
    cards = {"COR.s1": "GRE12a"}
    s = position(units={"M1": "WRECK1", "G1": "DOCK1"}, slots={**cards, "COR.s2": ("GRE02a", {"deact": 2})})
    s, ev = play(s, "M1", "COR1")
    assert s["dp"][1] == 0 and s["slots"]["COR.s2"]["deact"] == 0
    assert [e["card"] for e in ev if e["kind"] == "deactivated"] == ["GRE02a", "GRE02a"]
    s = position(units={"M1": "WRECK1", "G1": "DOCK1"}, slots={**cards, "COR.s2": ("GRE02a", {"deact": 1})})
    s, _ = play(s, "M1", "COR1")
    assert s["dp"][1] == number("GRE02a") and s["slots"]["COR.s2"]["deact"] == 0
