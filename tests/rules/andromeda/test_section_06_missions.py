"""RULES.md section 6: missions met during play are revealed at once; five are judged at the end."""
import pytest

from games.rules.andromeda import RULES

from .positions import do, loose_position, position


def revealed(events, number):
    return [e for e in events if e["e"] == "mission" and e["mission"] == number]


@pytest.mark.parametrize("number, board, move", [
    (1, {"A1": "red", "A2": "red", "A3": "red"}, {"type": "enter", "to": "A4"}),
    (2, {"A5": "red", "B6": "red", "A8": "red", "B7": "red"}, {"type": "move", "from": "B7", "to": "B9"}),
    (3, {"A11": "red", "B11": "red", "C10": "red"}, {"type": "move", "from": "C10", "to": "C11"}),
    (4, {"A5": "red", "B6": "red", "B9": "red", "B10": "red"}, {"type": "move", "from": "B10", "to": "B11"}),
    (5, {"A1": "red", "A6": "red", "A9": "red", "A10": "red"}, {"type": "move", "from": "A10", "to": "A11"}),
])
def test_board_missions_are_revealed_the_moment_they_are_held(number, board, move):
    vp = 3 + RULES_VP[number]
    s = position(3, board=board, missions={"red": [number, 12]})
    s, events = RULES.apply(s, move)
    assert revealed(events, number) and s["revealed"]["red"] == [number]
    assert s["missions"]["red"] == [12] and s["vp"]["red"] == vp
    assert s["undo_floor"] == s["seq"]


RULES_VP = {1: 5, 2: 6, 3: 6, 4: 5, 5: 6, 6: 7, 7: 9, 8: 8, 9: 5, 10: 5, 11: 8, 12: 10, 13: 8, 14: 9, 15: 5}


def test_a_mission_not_held_is_not_revealed():
    s = position(3, board={"A11": "red", "B11": "red", "C10": "red"}, missions={"red": [1, 2]})
    s, events = do(s, type="move", **{"from": "C10", "to": "C11"})
    assert not [e for e in events if e["e"] == "mission"]


def test_AE9_mission_6_by_the_second_place_however_reached():
    """AE9: the remaining player's place at the end counts as well."""
    s = position(3, board={"A11": "red", "B6": "yellow"}, platform={"red": 0, "green": 0},
                 saved={"red": 7, "green": 8}, lost={"red": "placed", "green": "placed"}, last_ship=["green"],
                 missions={"red": [6]})
    s, events = do(s, type="move", **{"from": "A11", "to": "W"})
    assert revealed(events, 6) and s["over"] is not None
    s = position(2, board={"A11": "red", "B6": "yellow"}, platform={"red": 0}, saved={"red": 9},
                 lost={"red": "placed"}, missions={"yellow": [6]})
    s, events = do(s, type="move", **{"from": "A11", "to": "W"})
    assert revealed(events, 6) and s["over"]["scores"]["yellow"] == 3 + 7 + 4 + s["over"]["breakdown"]["yellow"]["hand"]


def test_AE9_mission_7_for_the_third_place():
    s = position(3, seat=1, board={"B11": "yellow", "C6": "green"}, platform={"red": 0, "yellow": 0},
                 saved={"red": 8, "yellow": 7}, lost={"red": "placed", "yellow": "placed"}, last_ship=["red"],
                 missions={"green": [7]})
    s, events = do(s, type="move", **{"from": "B11", "to": "W"})
    assert revealed(events, 7) and s["over"]["breakdown"]["green"]["last_ship"] == 2


def test_mission_8_when_the_lost_ship_has_to_enter_on_its_own():
    s = position(3, board={"A11": "red", "B6": "yellow"}, platform={"red": 0}, saved={"red": 6},
                 missions={"red": [8]})
    s, events = do(s, type="move", **{"from": "A11", "to": "W"})
    assert revealed(events, 8)


def test_mission_11_two_ships_into_the_wormhole_in_one_own_turn():
    s = position(3, board={"A11": "yellow", "B11": "red", "C6": "red"}, hands={"red": ["W7"]},
                 missions={"red": [11]})
    s, events = do(s, type="play", card="W7", ship="A11", to="W")
    assert not revealed(events, 11) and s["turn"]["into_wormhole"] == 1
    while s["ask"]["seat"] != 0:  # yellow takes an open card for the ship pushed in
        s, _ = RULES.apply(s, RULES.legal_actions(s)[0])
    s, events = do(s, type="move", **{"from": "B11", "to": "W"})
    assert revealed(events, 11)


def test_mission_15_first_to_empty_the_platform():
    s = loose_position(3, board={"A1": "red"}, platform={"red": 1}, missions={"red": [15], "yellow": [15]})
    s, events = do(s, type="enter", to="B1")
    assert s["first_empty"] == "red" and revealed(events, 15)


@pytest.mark.parametrize("number, hand, skip", [
    (9, [], 1), (10, [], 3), (12, ["W1", "W2", "W3"], 2), (13, ["A1", "A3", "A4"], 2), (14, ["W1", "A1", "A3"], 2),
])
def test_end_missions_are_judged_at_the_end(number, hand, skip):
    s = position(2, board={"A11": "red", "B6": "yellow"}, platform={"red": 0}, saved={"red": 9},
                 lost={"red": "placed"}, missions={"yellow": [number]}, hands={"yellow": hand},
                 skip={"yellow": skip})
    s, events = do(s, type="move", **{"from": "A11", "to": "W"})
    assert revealed(events, number) and number in s["over"]["breakdown"]["yellow"]["end_missions"]
    assert s["over"]["breakdown"]["yellow"]["end_missions_vp"] == RULES_VP[number]


def test_unmet_missions_score_nothing_and_stay_secret():
    s = position(2, board={"A11": "red", "B6": "yellow"}, platform={"red": 0}, saved={"red": 9},
                 lost={"red": "placed"}, missions={"yellow": [3, 5]}, hands={"yellow": []})
    s, _ = do(s, type="move", **{"from": "A11", "to": "W"})
    assert s["over"]["scores"]["yellow"] == 3 + 4
    assert "3" not in str(s["over"]["breakdown"]["yellow"]["end_missions"])
