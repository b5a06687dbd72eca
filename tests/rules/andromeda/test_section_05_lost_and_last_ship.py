"""RULES.md section 5: the Lost Ship, the last ship, the Last Ship track and the end."""
from games.rules.andromeda import RULES

from .positions import do, kinds, loose_position, position


def test_AE4_the_lost_ship_is_found_with_ships_in_all_three_zones_and_placed_at_once():
    """AE4: at the end of an own action; placing it is not an action."""
    s = position(3, board={"A6": "red", "B6": "red"})
    s, events = do(s, type="enter", to="C3")
    assert "lost_found" in kinds(events) and s["ask"]["q"] == "place_lost" and s["ask"]["seat"] == 0
    assert "C3" not in {d["to"] for d in RULES.legal_actions(s)}
    s, events = do(s, type="place_lost", to="B2")
    assert s["board"]["B2"] == "red" and s["lost"]["red"] == "placed" and s["ask"]["q"] == "end_turn"


OUTER = ("A1", "A2", "A3", "A4", "A5", "B1", "B2", "B3", "B4", "B5", "C1", "C2", "C3", "C4", "C5")


def crowded(free=()):
    """Every outer-ring node but `free` taken by yellow and green, seven ships each at most."""
    nodes = [n for n in OUTER if n not in free]
    return {n: ("yellow" if i % 2 else "green") for i, n in enumerate(nodes)}


def test_AE4_with_no_free_outer_node_the_lost_ship_waits_for_the_end_of_a_later_turn():
    """AE4: found but no free outer-ring node: placed at the end of the first own turn when one is."""
    s = loose_position(3, board={**crowded(free=("C3",)), "A6": "red", "B6": "red"})
    s, events = do(s, type="enter", to="C3")
    assert kinds(events)[-1] == "lost_due" and s["lost"]["red"] == "due" and s["ask"]["q"] == "end_turn"
    s = loose_position(3, board={**crowded(), "A6": "red", "B6": "red", "C6": "red"}, lost={"red": "due"})
    s, _ = do(s, type="move", **{"from": "A6", "to": "A9"})
    assert s["ask"]["q"] == "end_turn"
    s = loose_position(3, board={**crowded(free=("A1",)), "A6": "red", "B6": "red", "C6": "red"}, lost={"red": "due"})
    s, _ = do(s, type="move", **{"from": "A6", "to": "A9"})
    assert s["ask"]["q"] == "place_lost" and RULES.legal_actions(s) == [{"type": "place_lost", "to": "A1"}]
    s, _ = do(s, type="place_lost", to="A1")
    assert s["lost"]["red"] == "placed" and s["ask"]["q"] == "end_turn"


def test_AE6_the_lost_ship_enters_when_nothing_else_is_left():
    """AE6: no ship on platform or board and the Lost Ship unfound: it is placed at once."""
    s = position(3, board={"A11": "red", "B6": "yellow"}, platform={"red": 0}, saved={"red": 6})
    s, events = do(s, type="move", **{"from": "A11", "to": "W"})
    assert "lost_alone" in kinds(events) and s["alone"] == ["red"]
    assert s["ask"]["q"] in ("take", "place_lost")


def test_no_ship_is_the_last_while_the_lost_ship_is_unfound():
    s = position(3, board={"A11": "red"}, platform={"red": 0}, saved={"red": 6})
    s, events = do(s, type="move", **{"from": "A11", "to": "W"})
    assert "all_saved" not in kinds(events) and s["last_ship"] == []
    assert {"take", "place_lost"} & {q["q"] for q in s["queue"] + [s["ask"]]}


def test_saving_the_last_ship_takes_a_place_on_the_last_ship_track_and_no_card():
    s = position(3, board={"A11": "red", "B6": "yellow", "C6": "green"}, platform={"red": 0}, saved={"red": 7},
                 lost={"red": "placed"})
    s, events = do(s, type="move", **{"from": "A11", "to": "W"})
    assert kinds(events) == ["saved", "all_saved"] and s["last_ship"] == ["red"]
    assert "take" not in kinds(events) and s["ask"]["q"] == "end_turn"
    s, events = do(s, type="end_turn")
    assert s["turn"]["seat"] == 1


def test_a_player_who_saved_all_ships_is_passed_over():
    s = position(3, seat=2, board={"B6": "yellow", "C6": "green"}, platform={"red": 0}, saved={"red": 8},
                 lost={"red": "placed"}, last_ship=["red"])
    s, _ = do(s, type="move", **{"from": "C6", "to": "C9"})
    s, _ = do(s, type="end_turn")
    assert s["turn"]["seat"] == 1


def test_the_game_ends_at_once_when_the_second_to_last_player_saves_his_last_ship():
    s = position(3, seat=1, board={"B11": "yellow", "C6": "green"}, platform={"red": 0, "yellow": 0},
                 saved={"red": 8, "yellow": 7}, lost={"red": "placed", "yellow": "placed"}, last_ship=["red"])
    s, events = do(s, type="move", **{"from": "B11", "to": "W"})
    assert s["over"] is not None and RULES.current_seat(s) is None
    assert s["last_ship"] == ["red", "yellow", "green"]
    assert kinds(events)[:3] == ["saved", "all_saved", "last_place"] and kinds(events)[-1] == "game_over"


def test_in_a_four_player_game_nobody_takes_a_fourth_place():
    s = position(4, seat=2, board={"C11": "green", "A6": "blue"},
                 platform={"red": 0, "yellow": 0, "green": 0}, saved={"red": 6, "yellow": 6, "green": 5},
                 lost={"red": "placed", "yellow": "placed", "green": "placed"}, last_ship=["red", "yellow"])
    s, events = do(s, type="move", **{"from": "C11", "to": "W"})
    assert s["last_ship"] == ["red", "yellow", "green"] and "last_place" not in kinds(events)


def test_in_a_two_player_game_the_first_home_ends_it_and_the_other_is_second():
    s = position(2, board={"A11": "red", "B6": "yellow"}, platform={"red": 0}, saved={"red": 9},
                 lost={"red": "placed"})
    s, _ = do(s, type="move", **{"from": "A11", "to": "W"})
    assert s["over"]["last_ship"] == ["red", "yellow"]
    assert s["over"]["breakdown"]["yellow"]["last_ship"] == 4


def test_a_player_who_saves_his_last_ship_by_a_card_has_nothing_left_to_do_in_that_turn():
    """Out of the game at once: no further cards and no Skip (which would move his disc for missions 9/10)."""
    s = position(3, board={"A11": "red", "B6": "yellow", "C6": "green"}, platform={"red": 0}, saved={"red": 7},
                 lost={"red": "placed"}, hands={"red": ["A6", "A9"]}, skip={"red": 2})
    s, events = do(s, type="play", card="A6", ship="A11", to="W")
    assert s["last_ship"] == ["red"] and s["ask"] == {"q": "end_turn", "seat": 0}
    assert RULES.legal_actions(s) == [{"type": "end_turn"}] and s["skip"]["red"] == 2
    s, _ = do(s, type="end_turn")
    assert s["turn"]["seat"] == 1 and RULES.undoable(s) == 0


def test_AE13_the_lost_ship_is_found_after_a_card_of_its_owner():
    """AE13: the condition is checked after every decision of the owner, a card play included."""
    s = loose_position(3, board={"A6": "red", "B6": "red", "C6": "red"}, hands={"red": ["A12"]})
    s, events = do(s, type="play", card="A12", ship="A6")
    assert "lost_found" in kinds(events) and s["lost"]["red"] == "due"


def test_AE13_the_lost_ship_is_found_after_a_take_answer_of_its_owner():
    """AE13: a `take` answer is a decision of its owner too."""
    s = loose_position(3, seat=1, board={"A6": "red", "B6": "red", "C6": "red", "A2": "yellow"},
                       open={"warning": "W1", "alert": "A5"}, queue=[{"q": "take", "colour": "red"}], phase="after")
    assert s["ask"] == {"q": "take", "seat": 0} and s["lost"]["red"] == "aside"
    s, events = do(s, type="take", card="W1")
    assert "lost_found" in kinds(events) and s["lost"]["red"] == "due"
