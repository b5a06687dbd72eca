"""RULES.md section 8: Duplication (8.4, TH25), the malfunction disc (8.5, TH26), Shield Generator (MAR10),
installing (8.3), tiles on cards leaving play (8.2, TH38). Duel ring COR, CTL, DOCK, TEC, WRECK; Marines seat 0, Greys seat 1."""
from __future__ import annotations

from games.rules.theseus.station import upgrade_supply

from .positions import legal, number, play, position


def marines_in_wreck(slots, **kw):
    s = position(units={"M1": "TEC1", "G1": "COR1"}, slots=slots, **kw)
    return play(s, "M1", "WRECK1")[0]


def test_duplication_gives_each_neighbour_a_second_item_th25():
    s = marines_in_wreck({"WRECK.s1": "MAR11a", "WRECK.s2": "MAR12a"})
    assert legal(s) == ["MAR11a", "MAR11a@MAR12a", "end_phase"]
    s, _ = play(s, "MAR11a", "MAR11a@MAR12a")
    assert s["tiles"][0] == 2


def test_duplication_copies_only_its_own_faction_th25():
    s = marines_in_wreck({"WRECK.s1": "GRE07a", "WRECK.s2": "MAR12a", "WRECK.s4": "MAR11a"})
    assert legal(s) == ["MAR11a", "MAR11a@MAR12a", "end_phase"]


def test_duplication_copies_only_orthogonal_neighbours():
    s = marines_in_wreck({"WRECK.s1": "MAR11a", "WRECK.s4": "MAR12a"})  # (0,0) and (1,1): diagonal
    assert s["ask"]["type"] != "action_next" or legal(s) == ["MAR11a", "end_phase"]


def test_a_gripper_is_never_copied_th25():
    s = position(options={"faction1": "scientists", "faction2": "greys"}, seat=1, units={"G1": "CTL1", "S1": "COR1"},
                 slots={"LAB.s1": "SCI02a", "LAB.s2": "SCI13a"})
    s, _ = play(s, "G1", "LAB1")
    assert s["units"]["G1"]["gripped"] and "SCI02a" in s["discards"][0]


def test_a_landmine_copy_acts_after_its_original_left_th49():
    s = position(seat=1, units={"G1": "WRECK1", "M1": "DOCK1"}, slots={"COR.s2": "MAR01a", "COR.s1": "MAR12a"})
    s, _ = play(s, "G1", "COR1")
    assert s["lp"][1] == 16 and "MAR01a" in s["discards"][0]


def test_a_card_under_the_disc_is_ignored_8_5():
    s = marines_in_wreck({"WRECK.s1": "MAR11a"}, disc=None)
    assert s["ask"]["type"] == "action_next"
    s = position(units={"M1": "WRECK1", "G1": "DOCK1"}, slots={"COR.s2": "GRE02a"}, disc="COR.s2")
    s, _ = play(s, "M1", "COR1")
    assert s["dp"][1] == 0


def test_the_disc_goes_on_any_enemy_card_the_current_one_included_never_a_bonus_card():
    s = position(units={"M1": "COR1", "G1": "WRECK1"}, slots={"TEC.s1": "GRE02a", "TEC.s2": "GRE05a"},
                 bonus={"TEC.s3": "BON3a"}, pending={"WRECK.p1": "GRE07a"}, disc="TEC.s1")
    s, _ = play(s, "M1", "CTL1")
    assert legal(s) == ["TEC.s1", "TEC.s2", "WRECK.p1"]


def test_a_card_the_disc_leaves_is_active_at_once_th26_shield_generator_takes_it_back():
    # the Greys lift the disc off the Shield Generator (both it and Fire in CTL): the Generator, active at
    # once, forces the disc onto itself (MAR10), the only card offered, so it is placed there unasked
    s = position(seat=1, units={"G1": "COR1", "M1": "DOCK1"}, slots={"CTL.s1": "MAR10a", "CTL.s2": "MAR02a"},
                 disc="CTL.s1")
    s, _ = play(s, "G1", "CTL3")
    assert s["ask"]["type"] != "disc_target" and s["disc"] == "CTL.s1"


def test_shield_generator_redirects_the_disc_to_itself():
    s = position(seat=1, units={"G1": "COR1", "M1": "DOCK1"}, slots={"DOCK.s1": "MAR10a", "DOCK.s2": "MAR02a",
                                                                     "TEC.s1": "MAR11a"})
    s, _ = play(s, "G1", "CTL1")
    assert legal(s) == ["DOCK.s1", "TEC.s1"]


def test_installing_on_own_card_discards_it_and_on_a_bonus_slot_takes_the_bonus_8_3():
    s = position(units={"M1": "TEC1", "G1": "COR1"}, pending={"WRECK.p1": "MAR11a"},
                 slots={"CTL.s1": "MAR03a", "CTL.s2": "GRE02a"}, bonus={"CTL.s4": "BON3a"})
    s, _ = play(s, "M1", "WRECK1", "C:WRECK.p1")
    assert "CTL.s1" in legal(s) and "CTL.s4" in legal(s) and "CTL.s2" not in legal(s)
    t, _ = play(s, "CTL.s1")
    assert "MAR03a" in t["discards"][0]
    t, _ = play(s, "CTL.s4")
    assert "BON3a" in t["held"][0]


def test_a_shield_generator_installed_beside_the_disc_takes_it_mar10():
    # the disc lies on Fire in CTL; the Marines install the Shield Generator there: active at once, it draws
    # the disc onto itself (MAR10)
    s = position(units={"M1": "TEC1", "G1": "COR1"}, pending={"WRECK.p1": "MAR10a"},
                 slots={"CTL.s2": "MAR02a"}, disc="CTL.s2")
    s, _ = play(s, "M1", "WRECK1", "C:WRECK.p1", "CTL.s1")
    assert s["disc"] == "CTL.s1"


def test_a_shield_generator_an_enemy_crawler_switched_off_takes_the_disc_when_the_crawler_goes_mar10_ali09():
    # the Aliens' Crawler switches off the Marines' cards in CTL, so the disc lies on Fire there; the Greys
    # annihilate the Crawler: the Shield Generator, active again, draws the disc onto itself
    s = position(3, options={"faction1": "greys", "faction2": "aliens", "faction3": "marines"},
                 units={"G1": "COR1", "A1": "NEST1", "M1": "TEC1"}, held={0: ["GRE11a"]}, phase="sub",
                 slots={"CTL.s2": "ALI09a", "CTL.s3": "MAR10a", "CTL.s4": "MAR02a"}, disc="CTL.s4")
    s, _ = play(s, "play:GRE11a", "CTL.s2")
    assert "ALI09a" in s["discards"][1]
    assert s["disc"] == "CTL.s3"


def test_a_card_installed_during_the_action_phase_may_act_th49():
    s = position(options={"faction1": "scientists", "faction2": "greys"}, units={"S1": "TEC1", "G1": "COR1"},
                 slots={"WRECK.s1": "SCI07a"}, pending={"LAB.p1": "SCI04a"})
    s, _ = play(s, "S1", "WRECK2", "SCI07a", "LAB.p1", "WRECK.s2")
    assert "SCI04a" in legal(s)
    s, _ = play(s, "SCI04a")
    assert s["dp"][0] == number("SCI04a")


def test_tiles_on_a_card_leaving_play_return_to_the_supply_th38():
    s = position(seat=1, units={"G1": "WRECK1", "M1": "DOCK1"}, slots={"COR.s2": ("MAR11a", {"tiles": 2})},
                 held={1: ["GRE11a"]}, phase="sub")
    assert upgrade_supply(s) == 18
    s, _ = play(s, "play:GRE11a")  # the Greys annihilate the Armory
    assert "MAR11a" in s["discards"][0] and upgrade_supply(s) == 20 and s["tiles"] == [0, 0]


def test_tiles_a_card_put_on_units_stay_when_it_leaves_play_th38():
    # the Greys annihilate the Aliens' Parasite: the parasite it put on G1 stays and bites on G1's next move
    s = position(options={"faction1": "aliens", "faction2": "greys"}, seat=1, phase="sub",
                 units={"G1": ("WRECK1", {"parasites": 1}), "A1": "NEST1"}, slots={"COR.s2": "ALI12a"},
                 held={1: ["GRE11a"]})
    s, _ = play(s, "play:GRE11a")
    assert "ALI12a" in s["discards"][0] and s["units"]["G1"]["parasites"] == 1
    s, _ = play(s, "G1", "COR1")
    assert s["lp"][1] == 19


def test_with_the_disc_on_the_shield_generator_only_the_card_it_forces_is_offered_mar10_15():
    # the disc lies on the Shield Generator in CTL; once lifted, the Generator is active at once and forces
    # the disc onto itself for every Marines card of CTL: Fire there is not offered, the Armory in TEC is;
    # the disc is placed once
    s = position(seat=1, units={"G1": "COR1", "M1": "DOCK1"}, disc="CTL.s1",
                 slots={"CTL.s1": "MAR10a", "CTL.s2": "MAR02a", "TEC.s1": "MAR11a"})
    s, _ = play(s, "G1", "CTL3")
    assert s["ask"]["type"] == "disc_target" and legal(s) == ["CTL.s1", "TEC.s1"]
    s, ev = play(s, "CTL.s1")
    assert s["disc"] == "CTL.s1" and [e["place"] for e in ev if e["kind"] == "disc"] == ["CTL.s1"]
