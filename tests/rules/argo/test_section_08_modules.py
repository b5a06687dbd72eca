"""RULES.md section 8 (activating modules) with rulings R8, R9, R10, R11, R13, R15, R16."""
from __future__ import annotations

import pytest

from games.rules import IllegalAction
from games.rules.argo import RULES
from games.rules.argo.components import load_station

from .positions import kinds, legal, play, position

STATION = load_station("station")
SIDES = {1: (0, -1), 2: (1, 0), 4: (0, 1), 8: (-1, 0)}
OPP = {1: 4, 2: 8, 4: 1, 8: 2}


def activations(state):
    return [d for d in legal(state) if d["type"] == "activate"]


def activate(state, figure):
    return play(state, {"type": "activate", "figure": figure})


def reachable_from_wr(state):
    """Cells reachable from the Waking Room through doors (written here from the data file)."""
    board = state["board"]
    wr = next(c for c, e in board.items() if e["tile"] == "WR")

    def doors(cell):
        e = board[cell]
        return STATION.tiles[e["tile"]].doors_at(e["rot"])

    seen, todo = {wr}, [wr]
    while todo:
        cell = todo.pop()
        x, y = map(int, cell.split("|"))
        for bit, (dx, dy) in SIDES.items():
            other = f"{x + dx}|{y + dy}"
            if other in board and other not in seen and doors(cell) & bit and doors(other) & OPP[bit]:
                seen.add(other)
                todo.append(other)
    return seen


def alien_score(state):
    return RULES.view(state, 0)["alien_track"]["score"]


# --- who may activate what ---------------------------------------------------------------------

# Waking Room, a Warehouse for two (NESW) on 1|0 and a Warehouse for one (E-W) on 2|0.
STORES = {"0|0": "WR", "1|0": "WH2", "2|0": ("WH1", 1)}


def test_activation_needs_an_unseated_astronaut_of_yours_on_the_module():
    s = position(STORES, {"red-chief": "0|0", "yellow-chief": "1|0"})
    assert activations(s) == []  # only yellow stands on a module
    with pytest.raises(IllegalAction):
        activate(s, "yellow-chief")
    s = position(STORES, {"red-chief": "0|0", "red-grunt": "2|0", "yellow-chief": "1|0"})
    assert activations(s) == [{"type": "activate", "figure": "red-grunt"}]


def test_a_seated_astronaut_cannot_activate():
    board = {"0|0": "WR", "1|0": ("C01", 1), "2|0": ("C02", 1), "3|0": "WH2",
             "4|0": ("P1", 3, ["red-chief", None])}
    s = position(board, {"red-grunt": "0|0"})
    assert activations(s) == []


def test_a_module_is_activated_at_most_twice_by_different_players_and_marks_are_kept():
    s = position({"0|0": "WR", "1|0": ("WH2", 0, ["red"])}, {"red-chief": "1|0"})
    assert activations(s) == []  # red's mark is already there
    s = position({"0|0": "WR", "1|0": ("WH2", 0, ["yellow"])}, {"red-chief": "1|0"})
    s, events = activate(s, "red-chief")
    assert s["board"]["1|0"]["marks"] == ["yellow", "red"]
    assert RULES.view(s, 0)["activations"] == {"red": 1, "yellow": 1}
    s = position({"0|0": "WR", "1|0": ("WH2", 0, ["yellow", "green"])}, {"red-chief": "1|0"},
                 players=3)
    assert activations(s) == []  # twice already
    with pytest.raises(IllegalAction, match="twice"):
        activate(s, "red-chief")


def test_a_robot_cannot_activate_the_lab_or_the_laser():
    lab = {"0|0": "WR", "0|1": "LAB", "1|0": ("C01", 1), "2|0": ("C02", 1)}
    aliens = {"alien-1": "2|0"}
    s = position(lab, {"red-robot": "0|1", "red-grunt": "1|0"}, aliens)
    assert activations(s) == []
    s = position(lab, {"red-chief": "0|1", "red-grunt": "1|0"}, aliens)
    assert activations(s) == [{"type": "activate", "figure": "red-chief"}]
    laser = {"0|0": "WR", "0|1": "LASER", "1|0": ("C01", 1), "2|0": ("C02", 1)}
    s = position(laser, {"red-robot": "0|1", "red-grunt": "1|0"}, aliens)
    assert activations(s) == []
    with pytest.raises(IllegalAction, match="robot"):
        activate(s, "red-robot")
    s = position(laser, {"red-chief": "0|1", "red-grunt": "1|0"}, aliens)
    assert activations(s) == [{"type": "activate", "figure": "red-chief"}]


def test_a_robot_may_activate_a_warehouse():
    s = position(STORES, {"red-robot": "2|0"})
    s, _ = activate(s, "red-robot")
    assert s["scores"]["red"] == 2


def test_corridors_teleporters_waking_room_core_and_safe_room_cannot_be_activated():
    board = {"0|0": "WR", "1|0": ("T1", 1), "-1|0": ("C01", 1), "0|1": "CORE", "0|-1": "SAFE"}
    s = position(board, {"red-chief": "0|0", "red-explorer": "1|0", "red-pilot": "-1|0",
                         "red-grunt": "0|1", "red-robot": "0|-1"})
    assert activations(s) == []
    for figure in ("red-chief", "red-explorer", "red-pilot", "red-grunt", "red-robot"):
        with pytest.raises(IllegalAction, match="cannot be activated"):
            activate(s, figure)


def test_the_first_turn_has_one_action_and_it_must_be_a_move():
    # Yellow ends a turn; red then plays his very first turn, standing on a Warehouse.
    s = position(STORES, {"red-chief": "1|0", "yellow-chief": "0|0"}, phase="end", seat=1,
                 turns_played={"red": 0, "yellow": 1})
    s, _ = play(s, {"type": "end_turn"})
    assert s["turn"]["first"] and s["colours"][s["turn"]["seat"]] == "red"
    assert {d["type"] for d in legal(s)} == {"step"}
    with pytest.raises(IllegalAction, match="first turn"):
        activate(s, "red-chief")
    s, _ = play(s, {"type": "step", "figure": "red-chief", "to": "2|0"})
    assert legal(s) == [{"type": "end_turn"}]


# --- R8: no activation without an effect -------------------------------------------------------

def test_R8_no_laser_activation_without_an_alien_in_reach():
    board = {"0|0": "WR", "0|1": "LASER", "1|0": ("C01", 1), "2|0": ("C02", 1), "3|0": ("C03", 1)}
    s = position(board, {"red-chief": "0|1"}, {"alien-1": "3|0"})
    assert activations(s) == []
    with pytest.raises(IllegalAction, match="R8"):
        activate(s, "red-chief")
    # A Grunt of red's on 2|0, next to the alien, brings it into reach.
    s = position(board, {"red-chief": "0|1", "red-grunt": "2|0"}, {"alien-1": "3|0"})
    assert activations(s) == [{"type": "activate", "figure": "red-chief"}]


def test_R8_no_infirmary_activation_with_an_empty_track():
    board = {"0|0": "WR", "0|1": "INF"}
    s = position(board, {"red-chief": "0|1"})
    assert activations(s) == []
    s = position(board, {"red-chief": "0|1", "yellow-grunt": "dead"}, track=["yellow-grunt"])
    assert activations(s) == [{"type": "activate", "figure": "red-chief"}]


SECURITY = {"0|0": "WR", "0|1": "SEC", "1|0": ("C01", 1), "2|0": ("C02", 1), "3|0": "C08",
            "4|0": ("P1", 3), "3|-1": ("P2", 2)}


def test_R8_no_security_center_activation_without_an_occupied_pod():
    s = position(SECURITY, {"red-chief": "0|1"})
    assert activations(s) == []


def test_R8_no_lab_activation_without_an_alien_or_a_swappable_astronaut():
    lab = {"0|0": "WR", "0|1": "LAB", "1|0": ("C01", 1), "2|0": ("C02", 1)}
    s = position(lab, {"red-chief": "0|1", "red-grunt": "1|0"})  # no alien at all
    assert activations(s) == []


# --- Lab -----------------------------------------------------------------------------------------

# Lab south of the Waking Room; a cross on 1|0, a Jump Room (capacity 2) on 2|0, a corridor on
# 3|0; a corridor west of the Waking Room; a Safe Room north of it.
LAB = {"0|0": "WR", "0|1": "LAB", "1|0": "C08", "2|0": "JUMP", "3|0": ("C01", 1),
       "-1|0": ("C09", 1), "0|-1": "SAFE"}


def test_lab_swaps_an_astronaut_and_an_alien_and_the_alien_kills_at_once():
    """R17: the swapped alien kills at once on its new tile, before anything else happens."""
    s = position(LAB, {"red-chief": "0|1", "red-explorer": "2|0", "yellow-pilot": "2|0"},
                 {"alien-1": "3|0"})
    s, _ = activate(s, "red-chief")
    assert s["ask"]["q"] == "target"
    s, events = play(s, {"type": "swap", "astronaut": "red-explorer", "alien": "alien-1"})
    assert s["astronauts"]["red-explorer"] == "3|0"
    assert s["aliens"]["alien-1"] == "2|0"
    assert s["astronauts"]["yellow-pilot"] == "dead"  # killed on the spot, in red's action phase
    assert s["scores"]["red"] == 1
    assert s["board"]["0|1"]["marks"] == ["red"]


def lab_targets(astronauts, aliens):
    s = position(LAB, astronauts, aliens)
    s, _ = activate(s, "red-chief")
    return {(d["astronaut"], d["alien"]) for d in legal(s)}


def test_R15_the_lab_does_not_swap_an_astronaut_whose_tile_holds_an_alien():
    # The alien on the Jump Room killed yellow's Chief there; yellow's Explorer survived with it.
    targets = lab_targets({"red-chief": "0|1", "red-pilot": "3|0", "yellow-explorer": "2|0"},
                          {"alien-1": "-1|0", "alien-2": "2|0"})
    assert not any(a == "yellow-explorer" for a, _ in targets)
    assert ("red-pilot", "alien-2") in targets and ("red-pilot", "alien-1") in targets


def test_R15_the_lab_does_not_swap_a_robot():
    targets = lab_targets({"red-chief": "0|1", "red-robot": "3|0", "yellow-robot": "1|0"},
                          {"alien-1": "-1|0"})
    assert targets == {("red-chief", "alien-1")}


def test_R15_the_lab_does_not_swap_from_the_waking_room_or_the_safe_room():
    targets = lab_targets({"red-chief": "0|1", "red-grunt": "0|0", "yellow-grunt": "0|-1",
                           "yellow-pilot": "3|0"}, {"alien-1": "-1|0"})
    assert {a for a, _ in targets} == {"red-chief", "yellow-pilot"}


def test_R15_the_swapped_astronaut_does_not_teleport_on_arrival():
    board = dict(LAB, **{"3|0": ("T1", 1)})  # the alien stands on a teleporter
    s = position(board, {"red-chief": "0|1", "red-pilot": "-1|0"}, {"alien-1": "3|0"})
    s, _ = activate(s, "red-chief")
    s, events = play(s, {"type": "swap", "astronaut": "red-pilot", "alien": "alien-1"})
    assert s["astronauts"]["red-pilot"] == "3|0"
    assert "teleports" not in kinds(events)


def test_R9_R13_a_swapped_astronaut_pushes_when_over_capacity_with_no_excluded_tile():
    # Yellow's Robot shares the cross 1|0 (capacity 1) with the alien. Red's Pilot comes from the
    # Jump Room 2|0 next door; the Robot may be pushed anywhere, the Jump Room included.
    s = position(LAB, {"red-chief": "0|1", "red-pilot": "2|0", "yellow-robot": "1|0"},
                 {"alien-1": "1|0"})
    s, _ = activate(s, "red-chief")
    s, events = play(s, {"type": "swap", "astronaut": "red-pilot", "alien": "alien-1"})
    assert s["ask"]["q"] == "push"
    pushes = {(d["figure"], d["to"]) for d in legal(s)}
    assert pushes == {("yellow-robot", "2|0"), ("yellow-robot", "0|0")}
    s, events = play(s, {"type": "push", "figure": "yellow-robot", "to": "2|0"})
    assert s["astronauts"]["red-pilot"] == "1|0"
    assert s["astronauts"]["yellow-robot"] == "2|0"  # a Robot ignores the alien there
    assert s["aliens"]["alien-1"] == "2|0"


# --- Control Room (R10) --------------------------------------------------------------------------

# Control Room (N-S) south of the Waking Room; corridors 1|0, 2|0 and a corner on 3|0 with
# doors W and N.
CONTROL = {"0|0": "WR", "0|1": "CTRL", "1|0": ("C01", 1), "2|0": ("C02", 1), "3|0": ("C04", 3)}


def control(board, astronauts=None, aliens=None):
    s = position(board, {"red-chief": "0|1", **(astronauts or {})}, aliens)
    s, _ = activate(s, "red-chief")
    assert s["ask"]["q"] == "target"
    return s


def relocations(s, cell):
    s, _ = play(s, {"type": "lift", "cell": cell})
    return {(d["to"], d["rotation"]) for d in legal(s)}


def test_R10_the_control_room_may_turn_a_tile_in_place_and_must_change_something():
    s = control(CONTROL)
    places = relocations(s, "3|0")
    assert ("3|0", 2) in places  # turned: doors S and W, still joined to 2|0
    assert ("3|0", 3) not in places  # exactly as before: no change
    after, events = play(s, {"type": "lift", "cell": "3|0"},
                         {"type": "relocate", "to": "3|0", "rotation": 2})
    assert after["board"]["3|0"]["rot"] == 2
    assert "tile_moved" in kinds(events)


def test_R10_the_waking_room_and_pods_are_never_lifted():
    board = dict(CONTROL, **{"3|-1": ("P1", 2)})
    s = control(board)
    lifts = {d["cell"] for d in legal(s)}
    assert "0|0" not in lifts and "3|-1" not in lifts


def test_R10_the_station_stays_connected_after_every_offered_move():
    s = control(CONTROL)
    # 1|0 and 2|0 hold the corner on: they can neither leave nor turn (E-W is their only look
    # that joins; N-S would cut the rest off).
    lifts = {d["cell"] for d in legal(s)}
    assert "1|0" not in lifts and "2|0" not in lifts
    for lift in legal(s):
        t, _ = play(s, lift)
        for d in legal(t):
            after, _ = play(t, d)
            assert reachable_from_wr(after) == set(after["board"]), (lift, d)


def test_R10_the_control_room_never_cuts_a_pod_off_its_module():
    # The pod on 3|-1 faces the corner's north door. Turning the corner to S+W (allowed without
    # the pod) would leave the pod facing a wall, and moving the corner away cuts it off too.
    board = dict(CONTROL, **{"3|-1": ("P1", 2, ["yellow-grunt", None])})
    s = control(board)
    assert {"type": "lift", "cell": "3|0"} not in legal(s)


def test_R10_a_moved_tile_takes_its_contents_along():
    s = control(CONTROL, {"yellow-robot": "3|0"}, {"alien-1": "3|0"})
    s, events = play(s, {"type": "lift", "cell": "3|0"})
    assert {"type": "relocate", "to": "-1|0", "rotation": 0} in legal(s)
    s, events = play(s, {"type": "relocate", "to": "-1|0", "rotation": 0})
    assert "3|0" not in s["board"] and s["board"]["-1|0"]["tile"] == "C04"
    assert s["astronauts"]["yellow-robot"] == "-1|0"
    assert s["aliens"]["alien-1"] == "-1|0"
    assert s["board"]["0|1"]["marks"] == ["red"]


# --- Jump Room (R11) -----------------------------------------------------------------------------

# Jump Room (NESW) on 1|0, then corridors 2|0..4|0 and a cross on 5|0.
JUMPS = {"0|0": "WR", "1|0": "JUMP", "2|0": ("C01", 1), "3|0": ("C02", 1), "4|0": ("C03", 1),
         "5|0": "C08"}


def test_R11_the_jump_room_gives_two_moves_even_after_the_astronauts_move_action():
    # Red's Grunt already had its Move action (into the Jump Room); one action is left.
    s = position(JUMPS, {"red-grunt": "1|0"}, actions=1, moved=["red-grunt"])
    assert activations(s) == [{"type": "activate", "figure": "red-grunt"}]
    s, _ = activate(s, "red-grunt")
    assert s["ask"]["q"] == "step"
    assert {"type": "stop"} not in legal(s)  # a move is taken while possible
    s, _ = play(s, {"type": "step", "figure": "red-grunt", "to": "2|0"})
    assert s["ask"]["q"] == "step"
    s, _ = play(s, {"type": "step", "figure": "red-grunt", "to": "3|0"})
    assert s["astronauts"]["red-grunt"] == "3|0"
    assert legal(s) == [{"type": "end_turn"}]


def test_R11_jump_room_moves_are_not_move_actions():
    s = position(JUMPS, {"red-grunt": "1|0"})
    s, _ = activate(s, "red-grunt")
    s, _ = play(s, {"type": "step", "figure": "red-grunt", "to": "2|0"},
                {"type": "step", "figure": "red-grunt", "to": "3|0"})
    # The second action may still be the Grunt's own Move action.
    assert s["ask"]["q"] == "action"
    assert {"type": "step", "figure": "red-grunt", "to": "4|0"} in legal(s)


def test_R11_the_explorer_takes_up_to_two_steps_in_each_jump_move():
    s = position(JUMPS, {"red-explorer": "1|0"})
    s, _ = activate(s, "red-explorer")
    s, _ = play(s, {"type": "step", "figure": "red-explorer", "to": "2|0"})
    assert {"type": "stop"} in legal(s)  # her second step is optional
    s, _ = play(s, {"type": "step", "figure": "red-explorer", "to": "3|0"})
    # Now the second jump move: mandatory again.
    assert {"type": "stop"} not in legal(s)
    s, _ = play(s, {"type": "step", "figure": "red-explorer", "to": "4|0"},
                {"type": "step", "figure": "red-explorer", "to": "5|0"})
    assert s["astronauts"]["red-explorer"] == "5|0"
    assert s["ask"]["q"] == "action"


def test_R11_a_jump_move_lapses_only_when_it_is_impossible():
    # The first jump move seats the Grunt in a pod: the second move is impossible and lapses.
    board = {"0|0": "WR", "1|0": ("C01", 1), "2|0": ("C02", 1), "3|0": "JUMP", "4|0": ("P1", 3)}
    s = position(board, {"red-grunt": "3|0", "red-chief": "0|0"})
    s, _ = activate(s, "red-grunt")
    s, events = play(s, {"type": "step", "figure": "red-grunt", "to": "4|0"})
    assert s["board"]["4|0"]["seats"] == ["red-grunt", None]
    assert {"e": "lapse", "what": "jump", "figure": "red-grunt"} in events
    assert s["ask"]["q"] == "action"


# --- Laser ---------------------------------------------------------------------------------------

# Laser (doors N and E) south of the Waking Room. A corridor on 1|0, crosses on 2|0 and 3|0, and
# below them two N-S corridors 2|1 and 3|1: neighbours, but a wall between them.
LASER = {"0|0": "WR", "0|1": "LASER", "1|0": ("C01", 1), "2|0": "C15", "3|0": "C08",
         "2|1": "C09", "3|1": "C10"}


def test_laser_kills_an_alien_next_to_a_tile_with_your_robot_and_scores_nothing():
    s = position(LASER, {"red-chief": "0|1", "red-robot": "2|1"}, {"alien-1": "3|1"})
    s, _ = activate(s, "red-chief")
    assert legal(s) == [{"type": "shoot", "alien": "alien-1"}]  # adjacent through a wall
    s, events = play(s, {"type": "shoot", "alien": "alien-1"})
    assert s["aliens"] == {}
    assert "alien_dies" in kinds(events)
    assert s["scores"] == {"red": 0, "yellow": 0}
    assert "score" not in kinds(events)


def test_laser_the_astronauts_own_tile_does_not_count():
    # Red's Robot shares 3|1 with the alien; no red astronaut stands next to 3|1, and yellow's
    # Grunt on 2|1 is not red's.
    s = position(LASER, {"red-chief": "0|1", "red-robot": "3|1", "yellow-grunt": "2|1"},
                 {"alien-1": "3|1"})
    assert activations(s) == []


def test_laser_a_seated_astronaut_is_no_reference():
    board = dict(LASER, **{"3|1": ("C10", 0), "3|2": ("P1", 0, ["red-grunt", None])})
    s = position(board, {"red-chief": "0|1"}, {"alien-1": "3|1"})
    assert activations(s) == []


# --- Infirmary (R16) -----------------------------------------------------------------------------

def test_R16_the_infirmary_heals_into_the_waking_room_and_the_last_placed_fills_the_gap():
    track = ["yellow-chief", "red-grunt", "yellow-explorer", "yellow-pilot"]
    s = position({"0|0": "WR", "0|1": "INF"}, {"red-chief": "0|1", **dict.fromkeys(track, "dead")},
                 track=track)
    before = alien_score(s)
    s, _ = activate(s, "red-chief")
    assert {d["astronaut"] for d in legal(s)} == set(track)
    s, events = play(s, {"type": "heal", "astronaut": "red-grunt"})
    assert s["astronauts"]["red-grunt"] == "0|0"
    assert RULES.view(s, 0)["alien_track"]["dead"] == ["yellow-chief", "yellow-pilot",
                                                        "yellow-explorer"]
    assert (before, alien_score(s)) == (19, 16)
    assert s["scores"] == {"red": 0, "yellow": 0}


def test_R16_healing_the_last_placed_astronaut_just_frees_its_slot():
    track = ["yellow-chief", "red-grunt"]
    s = position({"0|0": "WR", "0|1": "INF"}, {"red-chief": "0|1", **dict.fromkeys(track, "dead")},
                 track=track)
    s, _ = activate(s, "red-chief")
    s, _ = play(s, {"type": "heal", "astronaut": "red-grunt"})
    assert s["track"] == ["yellow-chief"]
    assert alien_score(s) == 11


# --- Warehouse, Security Center --------------------------------------------------------------------

def test_warehouse_scores_two():
    s = position(STORES, {"red-grunt": "2|0"})
    s, events = activate(s, "red-grunt")
    assert s["scores"]["red"] == 2


def test_warehouse_scores_four_with_the_chief():
    s = position(STORES, {"red-chief": "2|0"})
    s, events = activate(s, "red-chief")
    assert s["scores"]["red"] == 4


def test_security_center_launches_any_occupied_pod():
    board = dict(SECURITY, **{"4|0": ("P1", 3, ["yellow-grunt", None])})
    s = position(board, {"red-chief": "0|1"})
    s, _ = activate(s, "red-chief")
    assert legal(s) == [{"type": "launch", "pod": "4|0"}]  # the empty P2 is not offered
    s, events = play(s, {"type": "launch", "pod": "4|0"})
    assert "4|0" not in s["board"] and "3|-1" in s["board"]
    assert s["scores"] == {"red": 0, "yellow": 1}
    assert s["astronauts"]["yellow-grunt"] == "escaped"


# --- Core Room, Safe Room ------------------------------------------------------------------------

CORE = {"0|0": "WR", "0|1": "CORE", "1|0": "C08", "-1|0": ("C01", 1)}


def test_core_room_kills_your_astronauts_that_stood_there_since_the_start_of_your_turn():
    # Yellow ends a turn; red's Chief stands in the Core Room when red's turn begins.
    s = position(CORE, {"red-chief": "0|1", "red-grunt": "0|0", "red-explorer": "0|0",
                        "yellow-chief": "0|0"}, phase="end", seat=1)
    s, _ = play(s, {"type": "end_turn"},
                {"type": "step", "figure": "red-grunt", "to": "0|1"},  # arrives this turn
                {"type": "step", "figure": "red-explorer", "to": "1|0"}, {"type": "stop"})
    s, events = play(s, {"type": "end_turn"})
    assert s["astronauts"]["red-chief"] == "dead"
    assert s["astronauts"]["red-grunt"] == "0|1"
    assert s["track"] == ["red-chief"]
    assert s["scores"] == {"red": 0, "yellow": 0}
    assert [e["cause"] for e in events if e["e"] == "dies"] == ["core"]


def test_core_room_spares_other_players_astronauts_and_kills_robots_on_their_owners_turn():
    s = position(CORE, {"red-chief": "0|0", "yellow-robot": "0|1", "yellow-chief": "0|0",
                        "yellow-grunt": "0|0"}, phase="end", seat=1)
    s, _ = play(s, {"type": "end_turn"}, {"type": "step", "figure": "red-chief", "to": "1|0"})
    s, events = play(s, {"type": "end_turn"})
    assert s["astronauts"]["yellow-robot"] == "0|1"  # not red's: red's turn end spares it
    s, _ = play(s, {"type": "step", "figure": "yellow-chief", "to": "-1|0"},
                {"type": "step", "figure": "yellow-grunt", "to": "0|1"})
    s, events = play(s, {"type": "end_turn"})
    assert s["astronauts"]["yellow-robot"] == "dead"  # the Core kills Robots too
    assert s["astronauts"]["yellow-grunt"] == "0|1"
    assert s["scores"] == {"red": 0, "yellow": 0}


def test_safe_room_aliens_never_enter():
    board = {"0|0": "WR", "1|0": "C08", "1|-1": ("SAFE", 2), "1|1": ("C01", 0)}
    s = position(board, {"red-chief": "0|0"}, {"alien-1": "1|0"}, phase="alien")
    assert legal(s) == [{"type": "alien", "alien": "alien-1", "to": "1|1"}]
    # Without the corridor the alien has nowhere to go: neither the Safe Room nor the Waking Room.
    del board["1|1"]
    s = position(board, {"red-chief": "0|0"}, {"alien-1": "1|0"}, phase="alien")
    assert s["aliens"]["alien-1"] == "1|0"
    assert s["ask"]["q"] == "action"
