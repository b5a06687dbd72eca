"""RULES.md section 3: the station: rings per mode (R for 2 players, O otherwise), random_ring seat numbering,
bonus slot counts, range groups (TH4)."""
from __future__ import annotations

import pytest

from games.rules.base import IllegalAction
from games.rules.theseus import RULES
from games.rules.theseus.components import DATA

from .positions import SEAT_0_STARTS, started

FOUR = {"faction1": "marines", "faction2": "greys", "faction3": "aliens", "faction4": "scientists"}


def test_two_player_ring_and_seat_1_starts():
    s = started()
    assert s["ring"] == ["COR", "CTL", "DOCK", "TEC", "WRECK"] and s["order"] == [0, 1]


def test_three_and_four_player_rings():
    s = RULES.new_game(3, SEAT_0_STARTS, {"faction1": "marines", "faction2": "greys", "faction3": "aliens"})
    assert s["ring"] == ["CTL", "DOCK", "TEC", "WRECK", "COR", "NEST"]
    s = RULES.new_game(4, SEAT_0_STARTS, FOUR)
    assert s["ring"] == ["CTL", "DOCK", "TEC", "WRECK", "COR", "NEST", "LAB"] and s["order"] == [0, 1, 2, 3]


def test_random_ring_numbers_seats_by_their_sectors_after_the_control_room():
    for seed in range(8):
        s = RULES.new_game(3, seed, {"random_ring": True})
        assert sorted(s["ring"]) == sorted(["CTL", "TEC", "COR", *(DATA.factions[c]["sector"] for c in s["colours"])])
        i = s["ring"].index("CTL")
        after = s["ring"][i:] + s["ring"][:i]
        sectors = [DATA.factions[s["colours"][seat]]["sector"] for seat in s["order"]]
        assert sectors == [x for x in after if x in sectors]


def test_random_ring_is_not_played_in_teams():
    with pytest.raises(IllegalAction):
        RULES.new_game(4, SEAT_0_STARTS, {"teams": True, "random_ring": True})


def test_teams_need_four_players_and_factions_differ():
    with pytest.raises(IllegalAction):
        RULES.new_game(3, SEAT_0_STARTS, {"teams": True})
    with pytest.raises(IllegalAction):
        RULES.new_game(2, SEAT_0_STARTS, {"faction1": "greys", "faction2": "greys"})


@pytest.mark.parametrize("players,bonus", [(2, 7), (3, 8), (4, 9)])
def test_bonus_slots_per_player_count(players, bonus):
    s = RULES.new_game(players, 1)
    assert sum(1 for slot in s["slots"].values() if slot["bonus"]) == bonus


def test_every_sector_has_four_rooms_and_the_tech_dock_no_pending_position():
    assert all(len(sec.rooms) == 4 for sec in DATA.sectors.values())
    assert DATA.sectors["TEC"].pending == 0 and DATA.sectors["DOCK"].pending == 2 and DATA.sectors["COR"].pending == 1


def test_sector_actions():
    assert {sid: sec.action for sid, sec in DATA.sectors.items()} == {
        "COR": "combat", "CTL": "malfunction", "TEC": "extra_turn", "DOCK": "faction", "NEST": "faction",
        "LAB": "faction", "WRECK": "faction"}
