"""RULES.md section 2.8: the data files are checked on load, and a broken copy is refused with a
clear reason (each test breaks one thing in a copy of data/ under tmp_path)."""
from __future__ import annotations

import json
import shutil

import pytest

from games.rules.base import ImpossiblePosition
from games.rules.theseus.components import DATA, DATA_DIR, Components


def broken(tmp_path, name: str, change):
    folder = tmp_path / "data"
    shutil.copytree(DATA_DIR, folder)
    raw = json.loads((folder / name).read_text(encoding="utf-8"))
    change(raw)
    (folder / name).write_text(json.dumps(raw), encoding="utf-8")
    return folder


def refused(folder, *words):
    with pytest.raises(ImpossiblePosition) as caught:
        Components(folder)
    for word in words:
        assert word in str(caught.value)


def sector(raw, sid):
    return next(s for s in raw["sectors"] if s["id"] == sid)


def card(raw, cid):
    return next(c for c in raw["cards"] if c["id"] == cid)


def test_the_shipped_data_loads():
    assert set(DATA.sectors) == {"COR", "CTL", "TEC", "DOCK", "NEST", "LAB", "WRECK"}
    assert all(len(deck) == 15 for deck in DATA.decks.values())
    assert len(DATA.bonus_deck) == 9


def test_a_copy_unchanged_loads(tmp_path):
    Components(broken(tmp_path, "cards.json", lambda raw: None))


def test_range_groups_are_connected_rooms_th4():
    groups = DATA.sectors["TEC"].groups
    assert groups["TEC1"] == {"TEC1", "TEC2", "TEC3"} and groups["TEC4"] == {"TEC4"}
    assert DATA.sectors["WRECK"].groups["WRECK3"] == {"WRECK3"}


def test_cor_s2_and_tec_s2_touch_three_slots():
    assert len(DATA.sectors["COR"].adjacent["s2"]) == 3 and len(DATA.sectors["TEC"].adjacent["s2"]) == 3
    assert all(len(DATA.sectors[x].adjacent["s1"]) == 2 for x in ("DOCK", "NEST", "LAB", "WRECK"))


def test_a_sector_needs_four_rooms(tmp_path):
    folder = broken(tmp_path, "sectors.json", lambda raw: sector(raw, "COR")["rooms"].pop())
    refused(folder, "COR", "four rooms")


def test_a_connection_may_not_leave_its_sector(tmp_path):
    folder = broken(tmp_path, "sectors.json", lambda raw: sector(raw, "CTL")["connections"].append(["CTL4", "TEC1"]))
    refused(folder, "CTL4-TEC1", "leaves the sector")


def test_two_slots_on_one_cell_are_refused(tmp_path):
    def change(raw):
        sector(raw, "DOCK")["slots"][1]["pos"] = [0, 0]
    refused(broken(tmp_path, "sectors.json", change), "DOCK", "distinct")


def test_three_pending_positions_are_refused(tmp_path):
    def change(raw):
        sector(raw, "NEST")["pending"] = 3
    refused(broken(tmp_path, "sectors.json", change), "NEST", "pending")


def test_a_faction_deck_has_15_cards(tmp_path):
    def change(raw):
        card(raw, "MAR01")["copies"] = 3
    refused(broken(tmp_path, "cards.json", change), "marines", "16", "15")


def test_there_are_nine_bonus_cards(tmp_path):
    def change(raw):
        raw["cards"][0]["copies"] = 1
    refused(broken(tmp_path, "bonus.json", change), "8 bonus cards", "9")


def test_an_op_outside_the_vocabulary_is_refused(tmp_path):
    def change(raw):
        card(raw, "MAR03")["effects"][0]["do"] = [["nuke", "station"]]
    refused(broken(tmp_path, "cards.json", change), "MAR03", "'nuke'", "vocabulary")


def test_an_unknown_trigger_is_refused(tmp_path):
    def change(raw):
        card(raw, "MAR03")["effects"][0]["on"] = "whenever"
    refused(broken(tmp_path, "cards.json", change), "MAR03", "trigger")


def test_number_without_x_is_refused(tmp_path):
    def change(raw):
        card(raw, "MAR03")["number"] = 2
    refused(broken(tmp_path, "cards.json", change), "MAR03", "`number`")


def test_x_without_number_is_refused(tmp_path):
    def change(raw):
        card(raw, "MAR01")["number"] = None
    refused(broken(tmp_path, "cards.json", change), "MAR01", "`number`")


def test_x_read_inside_a_wrapper_needs_a_number(tmp_path):
    def change(raw):
        card(raw, "GRE01")["number"] = None
    refused(broken(tmp_path, "cards.json", change), "GRE01", "`number`")


def test_card_ids_are_unique(tmp_path):
    def change(raw):
        card(raw, "MAR02")["id"] = "MAR01"
    refused(broken(tmp_path, "cards.json", change), "unique")


def test_an_unknown_card_type_is_refused(tmp_path):
    def change(raw):
        card(raw, "MAR02")["types"] = ["trap", "bomb"]
    refused(broken(tmp_path, "cards.json", change), "MAR02", "types")


def test_an_unknown_tile_kind_is_refused(tmp_path):
    def change(raw):
        raw["factions"][0]["tiles"] = {"laser": 2}
    refused(broken(tmp_path, "factions.json", change), "tile kind")


def test_the_tile_supplies_are_item_6s():
    assert {k: DATA.tile_supply(k) for k in ("deactivation", "young_alien", "parasite", "gripper", "invisibility")} \
        == {"deactivation": 4, "young_alien": 4, "parasite": 3, "gripper": 2, "invisibility": 2}


def test_setup_numbers():
    setup = DATA.setup
    assert setup["upgrade_tiles"] == 20 and setup["backstop_round"] == 40 and setup["tiles_per_card"] == 6
    assert setup["end_track"] == ["off", "3", "2", "1", "END"]
