"""RULES.md section 7 (escape pods), the pod part of section 6 and ruling R7."""
from __future__ import annotations

import pytest

from games.rules import IllegalAction
from games.rules.argo import PRESENTATION, RULES

from .positions import kinds, legal, loose_position, play, position

# Waking Room, corridors 1|0 and 2|0, a Warehouse (NESW, capacity 2) on 3|0 and pod P1 on 4|0
# with its door turned west onto the Warehouse.
BAY = {"0|0": "WR", "1|0": ("C01", 1), "2|0": ("C02", 1), "3|0": "WH2", "4|0": ("P1", 3)}
# The same with a plain corridor (capacity 1) in front of the pod.
HALL = {"0|0": "WR", "1|0": ("C01", 1), "2|0": ("C02", 1), "3|0": ("C03", 1), "4|0": ("P1", 3)}


def with_pod(board, pod="P1", seats=(None, None), cell="4|0", rot=3):
    return dict(board, **{cell: (pod, rot, list(seats))})


def launches(events):
    return [e for e in events if e["e"] == "launch"]


# --- seats and launches ----------------------------------------------------------------------

def test_astronauts_take_the_lowest_free_seat_and_a_full_pod_launches_at_once():
    s = position(BAY, {"red-chief": "3|0", "red-grunt": "3|0"})
    s, events = play(s, {"type": "step", "figure": "red-chief", "to": "4|0"})
    assert s["board"]["4|0"]["seats"] == ["red-chief", None]
    assert [e["seat"] for e in events if e["e"] == "seated"] == [1]
    assert launches(events) == []
    s, events = play(s, {"type": "step", "figure": "red-grunt", "to": "4|0"})
    assert [e["seat"] for e in events if e["e"] == "seated"] == [2]
    assert len(launches(events)) == 1  # full: gone at once, mid-turn
    assert "4|0" not in s["board"]
    assert s["scores"]["red"] == 1 * 2 + 2  # Chief on seat 1 doubled, Grunt on seat 2


def test_a_launch_scores_each_owner_their_seat_value_with_the_chief_doubled():
    board = with_pod(BAY, "P2", ["yellow-grunt", None])  # P2: seats 2 and 3
    s = position(board, {"red-chief": "3|0"})
    s, events = play(s, {"type": "step", "figure": "red-chief", "to": "4|0"})
    assert s["scores"] == {"red": 6, "yellow": 2}
    assert s["astronauts"]["red-chief"] == "escaped"
    assert s["astronauts"]["yellow-grunt"] == "escaped"
    assert "4|0" not in s["board"]


def test_the_last_pod_of_the_game_launching_ends_the_game_at_once():
    board = with_pod(BAY, "P4", ["yellow-grunt", None])  # P4: seats 4 and 5
    s = position(board, {"red-chief": "3|0", "red-grunt": "0|0", "yellow-chief": "0|0"})
    s["launched"] = 3  # with 2 players there are 4 pods: this is the last
    s, events = play(s, {"type": "step", "figure": "red-chief", "to": "4|0"})
    assert "game_over" in kinds(events)
    assert legal(s) == []  # red's second action never comes
    out = RULES.outcome(s)
    assert out["reason"] == "all_pods"
    assert out["scores"] == {"red": 10, "yellow": 4}
    assert s["astronauts"]["red-chief"] == "escaped" and s["astronauts"]["yellow-grunt"] == "escaped"


def test_launched_astronauts_are_counted_as_escaped():
    # Everyone not placed is dead here, so "escaped" counts only the launched ones.
    board = with_pod(BAY, "P4", ["yellow-grunt", None])
    s = loose_position(board, {"red-chief": "3|0", "yellow-chief": "0|0"}, rest="dead")
    s["launched"] = 3
    s, _ = play(s, {"type": "step", "figure": "red-chief", "to": "4|0"})
    assert RULES.outcome(s)["escaped"] == {"red": 1, "yellow": 1}


def test_a_launch_that_is_not_the_last_pod_does_not_end_the_game():
    board = with_pod(BAY, "P1", ["yellow-grunt", None])
    s = position(board, {"red-chief": "3|0", "red-grunt": "0|0"})
    s["launched"] = 2
    s, events = play(s, {"type": "step", "figure": "red-chief", "to": "4|0"})
    assert "game_over" not in kinds(events)
    assert s["ask"]["q"] == "action"


def test_seated_astronauts_never_move():
    board = with_pod(BAY, "P1", ["red-chief", None])
    s = position(board, {"red-grunt": "2|0"})
    assert all(d.get("figure") != "red-chief" for d in legal(s))
    with pytest.raises(IllegalAction, match="seated"):
        RULES.apply(s, {"type": "step", "figure": "red-chief", "to": "3|0"})


# --- R7: an alien arriving in front of a pod ---------------------------------------------------

def test_R7_an_alien_moving_onto_the_tile_a_pod_faces_launches_it():
    board = with_pod(HALL, "P1", ["yellow-grunt", None])
    s = position(board, {"red-chief": "0|0"}, {"alien-1": "2|0"}, phase="alien")
    s, events = play(s, {"type": "alien", "alien": "alien-1", "to": "3|0"})
    assert [e["why"] for e in launches(events)] == ["alien"]
    assert "4|0" not in s["board"]
    assert s["astronauts"]["yellow-grunt"] == "escaped"
    assert s["scores"]["yellow"] == 1


def test_R7_an_alien_pushed_onto_the_tile_a_pod_faces_launches_it():
    board = with_pod(HALL, "P1", ["yellow-grunt", None])
    s = position(board, {"red-chief": "0|0"}, {"alien-1": "1|0", "alien-2": "2|0"}, phase="alien")
    s, _ = play(s, {"type": "alien", "alien": "alien-1", "to": "2|0"})
    assert s["ask"]["q"] == "alien_push"
    s, events = play(s, {"type": "push", "figure": "alien-2", "to": "3|0"})
    assert len(launches(events)) == 1
    assert "4|0" not in s["board"]
    assert s["scores"]["yellow"] == 1


def test_R7_an_alien_swapped_by_the_lab_onto_the_tile_a_pod_faces_launches_it():
    board = with_pod(HALL, "P1", ["yellow-grunt", None])
    board.update({"0|1": "LAB", "-1|0": ("C09", 1)})  # Lab south of the Waking Room
    s = position(board, {"red-chief": "0|1", "red-explorer": "3|0"}, {"alien-1": "-1|0"})
    s, _ = play(s, {"type": "activate", "figure": "red-chief"})
    s, events = play(s, {"type": "swap", "astronaut": "red-explorer", "alien": "alien-1"})
    assert len(launches(events)) == 1
    assert s["aliens"]["alien-1"] == "3|0" and s["astronauts"]["red-explorer"] == "-1|0"
    assert "4|0" not in s["board"]
    assert s["scores"]["yellow"] == 1


def test_R7_every_occupied_pod_facing_the_tile_launches():
    # Two pods face the cross on 3|0: P1 from the east, P2 from the north.
    board = {"0|0": "WR", "1|0": ("C01", 1), "2|0": ("C02", 1), "3|0": "C08",
             "4|0": ("P1", 3, ["yellow-grunt", None]), "3|-1": ("P2", 2, ["red-grunt", None])}
    s = position(board, {"red-chief": "0|0"}, {"alien-1": "2|0"}, phase="alien")
    s, events = play(s, {"type": "alien", "alien": "alien-1", "to": "3|0"})
    assert sorted(e["pod"] for e in launches(events)) == ["P1", "P2"]
    assert s["scores"] == {"red": 2, "yellow": 1}


def test_R7_an_empty_pod_does_not_launch():
    s = position(HALL, {"red-chief": "0|0"}, {"alien-1": "2|0"}, phase="alien")
    s, events = play(s, {"type": "alien", "alien": "alien-1", "to": "3|0"})
    assert launches(events) == []
    assert s["board"]["4|0"]["tile"] == "P1"


def test_R7_an_alien_behind_a_pod_wall_does_not_launch_it():
    # 4|-1 touches the pod on 4|0 only through the pod's north wall: adjacent, not connected.
    board = {"0|0": "WR", "1|0": ("C01", 1), "2|0": ("C02", 1), "3|0": "C08",
             "3|-1": ("C04", 1), "4|-1": ("C05", 2), "4|0": ("P1", 3, ["yellow-grunt", None])}
    s = position(board, {"red-chief": "0|0"}, {"alien-1": "3|-1"}, phase="alien")
    s, events = play(s, {"type": "alien", "alien": "alien-1", "to": "4|-1"})
    assert launches(events) == []
    assert s["board"]["4|0"]["seats"] == ["yellow-grunt", None]


# --- the Pilot ---------------------------------------------------------------------------------

# BAY plus a cross west of the Waking Room (an alien stands on it) and one south of it.
PILOT = dict(BAY, **{"-1|0": "C08", "0|1": "C15"})


def pilot_in_pod():
    s = position(PILOT, {"red-pilot": "3|0", "red-grunt": "0|0"}, {"alien-1": "-1|0"})
    s, events = play(s, {"type": "step", "figure": "red-pilot", "to": "4|0"})
    assert s["ask"]["q"] == "pilot"
    return s


def test_the_pilot_chooses_stay_launch_or_move():
    s = pilot_in_pod()
    choices = {d["choice"] for d in legal(s)}
    assert choices == {"stay", "launch", "move"}


def test_the_pilot_may_move_the_pod_without_the_distance_rule():
    s = pilot_in_pod()
    moves = {(d["cell"], d["rotation"]) for d in legal(s) if d["choice"] == "move"}
    assert ("0|2", 0) in moves  # facing the cross on 0|1, one step from the Waking Room
    assert not any(cell == "4|0" for cell, _ in moves)  # nothing else to face from 4|0 here (R19)
    s, events = play(s, {"type": "pilot", "choice": "move", "cell": "0|2", "rotation": 0})
    assert "pod_moved" in kinds(events)
    assert "4|0" not in s["board"]
    assert s["board"]["0|2"]["tile"] == "P1" and s["board"]["0|2"]["seats"] == ["red-pilot", None]
    assert s["astronauts"]["red-pilot"] == "0|2"
    assert s["ask"]["q"] == "action"  # one action left


def test_the_pilot_may_not_move_the_pod_next_to_a_tile_with_an_alien():
    s = pilot_in_pod()
    moves = {(d["cell"], d["rotation"]) for d in legal(s) if d["choice"] == "move"}
    # The three places whose door would face the alien's cross on -1|0:
    for place in [("-1|-1", 2), ("-2|0", 1), ("-1|1", 0)]:
        assert place not in moves
    # -1|1 facing east onto 0|1 only touches the alien's tile through a wall: allowed.
    assert ("-1|1", 1) in moves
    with pytest.raises(IllegalAction):
        RULES.apply(s, {"type": "pilot", "choice": "move", "cell": "-2|0", "rotation": 1})


def test_the_pilot_may_launch_and_scores_her_seat():
    s = pilot_in_pod()
    s, events = play(s, {"type": "pilot", "choice": "launch"})
    assert [e["why"] for e in launches(events)] == ["pilot"]
    assert s["scores"]["red"] == 1
    assert s["astronauts"]["red-pilot"] == "escaped"
    assert "4|0" not in s["board"]


def test_the_pilot_may_stay():
    s = pilot_in_pod()
    s, events = play(s, {"type": "pilot", "choice": "stay"})
    assert "pilot_stays" in kinds(events)
    assert s["board"]["4|0"]["seats"] == ["red-pilot", None]
    assert s["scores"]["red"] == 0
    assert s["ask"]["q"] == "action"


def test_a_pilot_pushed_into_a_pod_also_chooses_and_the_active_player_decides():
    # Red's Grunt steps onto the full corridor 3|0; yellow's Pilot there can only be pushed
    # into the pod (never back to 2|0, where the Grunt came from).
    s = position(HALL, {"red-grunt": "2|0", "yellow-pilot": "3|0"})
    s, _ = play(s, {"type": "step", "figure": "red-grunt", "to": "3|0"})
    assert legal(s) == [{"type": "push", "figure": "yellow-pilot", "to": "4|0"}]
    s, _ = play(s, {"type": "push", "figure": "yellow-pilot", "to": "4|0"})
    assert s["ask"]["q"] == "pilot"
    assert s["colours"][s["turn"]["seat"]] == "red"
    s, events = play(s, {"type": "pilot", "choice": "launch"})
    assert s["scores"] == {"red": 0, "yellow": 1}  # her seat scores for her owner


def test_the_pilot_launching_the_last_pod_ends_the_game_at_once():
    s = pilot_in_pod()
    s["launched"] = 3
    s, events = play(s, {"type": "pilot", "choice": "launch"})
    assert RULES.outcome(s)["reason"] == "all_pods"
    assert legal(s) == []


def test_R19_the_pilot_may_turn_her_pod_on_its_own_cell_to_face_another_module():
    s = loose_position(dict(PILOT, **{"4|-1": ("C01", 0)}), {"red-pilot": "3|0", "red-grunt": "0|0"}, {"alien-1": "-1|0"})
    s, _ = play(s, {"type": "step", "figure": "red-pilot", "to": "4|0"})
    turns = [d for d in legal(s) if d["choice"] == "move" and d["cell"] == "4|0"]
    assert turns, "facing 4|-1 instead of 3|0 is another place"
    before = s["board"]["4|0"]["rot"]
    s, events = play(s, turns[0])
    assert kinds(events)[0] == "pod_turned" and s["board"]["4|0"]["rot"] != before
    assert s["astronauts"]["red-pilot"] == "4|0"
    assert PRESENTATION.render(events[0], "en") == "The red Pilot turns pod P1 on 4|0 to face another module."


def test_R18_the_pilot_may_dock_her_pod_next_to_the_waking_room():
    from games.rules.argo.components import around
    from games.rules.argo.station import specs
    s = pilot_in_pod()
    spec = specs(s)["P1"]
    beside = {cell: bit for bit, cell in around("0|0")}
    docked = [d for d in legal(s) if d["choice"] == "move" and d["cell"] in beside]
    assert any(spec.doors_at(d["rotation"]) & {1: 4, 2: 8, 4: 1, 8: 2}[beside[d["cell"]]] for d in docked)
