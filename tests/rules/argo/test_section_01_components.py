"""RULES.md section 1: the default station set, its validation, and tile geometry (1.1-1.5, R12)."""
from __future__ import annotations

import copy
import json

import pytest

from games.rules.argo import RULES
from games.rules.argo.components import (
    DATA_DIR,
    StationDataError,
    load_station,
    parse_station,
    rotate_mask,
)

from .positions import legal, loose_position, play, position

RAW = json.loads((DATA_DIR / "station.json").read_text(encoding="utf-8"))
STATION = load_station("station")


def raw():
    return copy.deepcopy(RAW)


def module(data, tile_id):
    return next(m for m in data["modules"] if m["id"] == tile_id)


def doors(spec, rotation):
    mask = spec.doors_at(rotation)
    return "".join(side for side, bit in zip("NESW", (1, 2, 4, 8)) if mask & bit)


# --- the default data ------------------------------------------------------------------------

def test_default_station_has_27_modules_plus_the_waking_room():
    kinds = [STATION.tiles[t].kind for t in STATION.modules]
    assert len(STATION.modules) == 28
    assert kinds.count("waking_room") == 1
    assert STATION.modules[0] == STATION.waking_room == "WR"
    assert len([t for t in STATION.modules if t != "WR"]) == 27


def test_default_station_module_table_matches_section_1_2():
    table = {
        "WR": ("waking_room", None, "NESW", False),
        "C01": ("corridor", 1, "NS", False), "C02": ("corridor", 1, "NS", False),
        "C03": ("corridor", 1, "NS", False), "C04": ("corridor", 1, "NE", False),
        "C05": ("corridor", 1, "NE", False), "C06": ("corridor", 1, "NES", False),
        "C07": ("corridor", 1, "NES", False), "C08": ("corridor", 1, "NESW", False),
        "C09": ("corridor", 1, "NS", True), "C10": ("corridor", 1, "NS", True),
        "C11": ("corridor", 1, "NE", True), "C12": ("corridor", 1, "NE", True),
        "C13": ("corridor", 1, "NES", True), "C14": ("corridor", 1, "NES", True),
        "C15": ("corridor", 1, "NESW", True),
        "T1": ("teleporter", 1, "NS", False), "T2": ("teleporter", 1, "NE", False),
        "LAB": ("lab", 2, "NES", True), "CTRL": ("control_room", 1, "NS", False),
        "JUMP": ("jump_room", 2, "NESW", True), "LASER": ("laser", 1, "NE", False),
        "INF": ("infirmary", 2, "NES", False), "WH1": ("warehouse", 1, "NS", False),
        "WH2": ("warehouse", 2, "NESW", True), "SEC": ("security_center", 1, "NES", False),
        "CORE": ("core_room", 2, "NS", True), "SAFE": ("safe_room", 2, "NES", False),
    }
    assert set(STATION.modules) == set(table)
    for tile_id, (kind, capacity, door_text, symbol) in table.items():
        spec = STATION.tiles[tile_id]
        assert (spec.kind, spec.capacity, doors(spec, 0), spec.alien_symbol) == \
            (kind, capacity, door_text, symbol), tile_id


def test_default_station_has_six_pods_in_stack_order():
    assert STATION.pods == ("P1", "P2", "P3", "P4", "P5", "P6")
    expected = {"P1": (2, (1, 2)), "P2": (2, (2, 3)), "P3": (2, (3, 4)), "P4": (2, (4, 5)),
                "P5": (3, (5, 6)), "P6": (3, (6, 7))}
    for pod, (players, seats) in expected.items():
        spec = STATION.tiles[pod]
        assert spec.kind == "pod"
        assert spec.min_players == players
        assert spec.seats == seats
        assert doors(spec, 0) == "N"


def test_default_station_has_three_alien_tracks():
    assert STATION.tracks == {
        2: (0, 7, 9, 11, 13, 16, 19, 22, 26),
        3: (0, 5, 7, 9, 11, 13, 15, 18, 21, 24, 28),
        4: (0, 3, 5, 7, 9, 11, 13, 15, 17, 20, 23, 26, 30),
    }
    assert [RAW["alien_tracks"][k][-1] for k in ("2", "3", "4")] == ["skull"] * 3
    assert STATION.difficulty == {"easy": 1, "medium": 2, "hard": 3}


def test_default_station_figures_and_aliens():
    assert STATION.colours[:4] == ("red", "yellow", "green", "blue")
    assert STATION.roles == ("chief", "explorer", "pilot", "grunt", "robot")
    assert STATION.max_aliens == 5
    s = RULES.new_game(4, 1)
    assert "red-chief" in s["astronauts"] and "blue-robot" in s["astronauts"]
    assert len(s["astronauts"]) == 20


def test_the_rules_object_serves_the_default_station():
    assert RULES.station() is STATION


def test_parse_station_accepts_the_default_data_unchanged():
    assert parse_station(raw()).modules == STATION.modules


# --- bad data: each error names the entry ------------------------------------------------------

def broken(edit):
    data = raw()
    edit(data)
    with pytest.raises(StationDataError) as info:
        parse_station(data)
    return str(info.value)


def test_unknown_kind_names_the_module():
    message = broken(lambda d: module(d, "LAB").update(kind="kitchen"))
    assert "LAB" in message and "kitchen" in message


def test_a_pod_kind_among_the_modules_is_refused():
    message = broken(lambda d: module(d, "C03").update(kind="pod"))
    assert "C03" in message


def test_bad_doors_letter_names_the_module():
    message = broken(lambda d: module(d, "C06").update(doors="NEX"))
    assert "C06" in message and "X" in message


def test_empty_doors_names_the_module():
    assert "T2" in broken(lambda d: module(d, "T2").update(doors=""))


def test_bad_pod_doors_names_the_pod():
    message = broken(lambda d: d["pods"][2].update(doors="NS"))
    assert "P3" in message


def test_duplicate_id_is_named():
    def dup(d):
        module(d, "C02")["id"] = "C01"
    message = broken(dup)
    assert "C01" in message and "twice" in message


def test_pod_sharing_a_module_id_is_named():
    def dup(d):
        d["pods"][0]["id"] = "LAB"
    assert "LAB" in broken(dup)


@pytest.mark.parametrize("seats", [[2, 1], [1], [1, 2, 3], [0, 1], ["1", "2"], None])
def test_bad_seats_name_the_pod(seats):
    message = broken(lambda d: d["pods"][3].update(seats=seats))
    assert "P4" in message


def test_bad_pod_player_count_names_the_pod():
    assert "P5" in broken(lambda d: d["pods"][4].update(min_players=5))


@pytest.mark.parametrize("players", ["2", "3", "4"])
def test_track_without_skull_names_the_track(players):
    message = broken(lambda d: d["alien_tracks"][players].pop())
    assert f"alien_tracks[{players}]" in message and "skull" in message


def test_track_with_decreasing_values_names_the_track():
    def edit(d):
        d["alien_tracks"]["3"][2], d["alien_tracks"]["3"][3] = 9, 7
    assert "alien_tracks[3]" in broken(edit)


def test_missing_waking_room_is_named():
    def edit(d):
        d["modules"] = d["modules"][1:]
    message = broken(edit)
    assert "waking_room" in message


def test_two_waking_rooms_are_refused():
    def edit(d):
        d["modules"].append(dict(d["modules"][0], id="WR2"))
    assert "waking_room" in broken(edit)


def test_waking_room_with_a_wall_names_it():
    assert "WR" in broken(lambda d: module(d, "WR").update(doors="NES"))


def test_alien_symbol_on_the_safe_room_names_it():
    assert "SAFE" in broken(lambda d: module(d, "SAFE").update(alien_symbol=True))


@pytest.mark.parametrize("capacity", [0, -1, "two", None, True])
def test_bad_capacity_names_the_module(capacity):
    assert "INF" in broken(lambda d: module(d, "INF").update(capacity=capacity))


def test_too_few_plain_corridors_for_the_setup():
    def edit(d):
        for tile in ("C01", "C02", "C03", "C04", "C05"):
            module(d, tile)["alien_symbol"] = True
    assert "corridor" in broken(edit)


def test_bad_difficulty_names_the_level():
    def edit(d):
        d["difficulty"]["hard"] = 99
    assert "hard" in broken(edit)


def test_pods_out_of_stack_order_are_refused():
    def edit(d):
        d["pods"][0], d["pods"][1] = d["pods"][1], d["pods"][0]
    assert "pods" in broken(edit)


def test_station_error_is_a_value_error_and_not_silently_accepted():
    with pytest.raises(StationDataError):
        parse_station("not a station")
    assert issubclass(StationDataError, ValueError)


# --- geometry (1.1) --------------------------------------------------------------------------

@pytest.mark.parametrize("text, rotation, expected", [
    ("NS", 1, "EW"), ("NS", 2, "NS"), ("NE", 1, "ES"), ("NE", 2, "SW"), ("NE", 3, "NW"),
    ("NES", 1, "ESW"), ("NES", 3, "NEW"), ("NESW", 2, "NESW"), ("N", 1, "E"), ("N", 2, "S"),
    ("N", 3, "W"),
])
def test_rotation_turns_doors_clockwise(text, rotation, expected):
    mask = sum({"N": 1, "E": 2, "S": 4, "W": 8}[c] for c in text)
    want = sum({"N": 1, "E": 2, "S": 4, "W": 8}[c] for c in expected)
    assert rotate_mask(mask, rotation) == want


def test_tile_specs_rotate_their_doors():
    assert doors(STATION.tiles["C04"], 1) == "ES"
    assert doors(STATION.tiles["P1"], 2) == "S"
    assert doors(STATION.tiles["WR"], 3) == "NESW"


def _grunt_steps(state):
    return sorted(d["to"] for d in legal(state) if d["type"] == "step" and d["figure"] == "red-grunt")


def test_connected_needs_a_door_on_both_facing_sides():
    # C01 at 1|0 turned to E-W faces the Waking Room with a door; C02 at 0|1 stays N-S and
    # also connects; C03 at -1|0 stays N-S: it is next to the Waking Room but shows it a wall.
    s = loose_position({"0|0": "WR", "1|0": ("C01", 1), "0|1": "C02", "-1|0": "C03"},
                 {"red-grunt": "0|0"})
    assert _grunt_steps(s) == ["0|1", "1|0"]


def test_a_door_facing_a_wall_does_not_connect():
    # The Waking Room has a door west; C03 (N-S) on -1|0 has a wall east: no way through.
    s = loose_position({"0|0": "WR", "-1|0": "C03", "-1|1": ("C04", 0)}, {"red-grunt": "-1|0"})
    assert _grunt_steps(s) == ["-1|1"]
    with pytest.raises(Exception) as info:
        RULES.apply(s, {"type": "step", "figure": "red-grunt", "to": "0|0"})
    assert "no door" in str(info.value)


def test_adjacent_ignores_doors_for_the_laser():
    # The red Grunt on the Laser (N-E) has a wall to the south; the alien's corridor is south of
    # it and not connected, yet adjacent: the Laser may shoot it.
    s = loose_position({"0|0": "WR", "1|0": ("LASER", 3), "1|1": ("C09", 1), "2|0": ("C01", 1)},
                 {"red-grunt": "1|0"}, {"alien-1": "1|1"}, phase="actions")
    assert "1|1" not in [d["to"] for d in legal(s) if d["type"] == "step"]
    s, events = play(s, {"type": "activate", "figure": "red-grunt"})
    assert {"type": "shoot", "alien": "alien-1"} in legal(s)
    s, events = play(s, {"type": "shoot", "alien": "alien-1"})
    assert "alien-1" not in s["aliens"]


# --- the alien track (1.4, R12) ----------------------------------------------------------------

@pytest.mark.parametrize("players, difficulty, score", [
    (2, "easy", 7), (2, "medium", 9), (2, "hard", 11),
    (3, "easy", 5), (3, "medium", 7), (3, "hard", 9),
    (4, "easy", 3), (4, "medium", 5), (4, "hard", 7),
])
def test_R12_alien_score_is_the_first_visible_slot(players, difficulty, score):
    s = RULES.new_game(players, 3, {"difficulty": difficulty})
    assert RULES.view(s, 0)["alien_track"]["score"] == score


def test_R12_each_death_uncovers_the_next_slot():
    dead = ["yellow-chief", "yellow-pilot", "yellow-grunt"]
    s = position({"0|0": "WR"}, {"red-chief": "0|0", **dict.fromkeys(dead, "dead")},
                 options={"difficulty": "easy"}, track=dead)
    assert RULES.view(s, 0)["alien_track"]["score"] == 13  # slots 0 (token), 7, 9, 11 covered
