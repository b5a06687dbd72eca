"""RULES.md section 4: movement, pushing, teleporting (R4, R5, R13, R14).

Red (seat 0) is the active player in every position unless said otherwise; figures not placed are
out of the way ("escaped"). Tiles used: C01 is a straight corridor (rot 0 NS, rot 1 EW), C08 a
cross, C04/C05 corners (rot 0 NE, rot 1 ES, rot 2 SW, rot 3 WN), C06/C07 T-pieces (rot 0 NES,
rot 1 ESW), T1 a straight teleporter, T2 a corner teleporter, WH2 a cross of capacity 2, P1 a pod
(door N at rot 0).
"""
from __future__ import annotations

import copy

import pytest

from games.rules import IllegalAction
from games.rules.argo import RULES

from .positions import kinds, legal, loose_position, play, position

# Waking Room and a straight corridor running east: 0|0 - 1|0 - 2|0 - 3|0.
LINE = {"0|0": "WR", "1|0": ("C01", 1), "2|0": ("C01", 1), "3|0": ("C01", 1)}


def step(figure, to):
    return {"type": "step", "figure": figure, "to": to}


def push(figure, to):
    return {"type": "push", "figure": figure, "to": to}


def teleport(to):
    return {"type": "teleport", "to": to}


STOP = {"type": "stop"}


def refused(s, decision):
    """The decision raises IllegalAction and leaves the state untouched."""
    before = copy.deepcopy(s)
    with pytest.raises(IllegalAction):
        RULES.apply(s, decision)
    assert s == before


def alien_score(s):
    return RULES.view(s, 0)["alien_track"]["score"]


# --- steps -----------------------------------------------------------------------------------

def test_steps_follow_connections_only_walls_block():
    # 1|0 runs east-west; 2|0 runs north-south (its west side is a wall); 1|1 is south of 1|0,
    # whose south side is a wall. Only the Waking Room is connected.
    s = loose_position({"0|0": "WR", "1|0": ("C01", 1), "2|0": ("C01", 0), "1|1": ("C01", 0)},
                 {"red-grunt": "1|0"})
    assert legal(s) == [step("red-grunt", "0|0")]
    refused(s, step("red-grunt", "2|0"))
    refused(s, step("red-grunt", "1|1"))
    refused(s, step("red-grunt", "5|5"))


def test_explorer_takes_one_step_then_may_stop():
    s = loose_position(LINE, {"red-explorer": "0|0", "red-grunt": "0|0"})
    s, ev = play(s, step("red-explorer", "1|0"))
    assert s["astronauts"]["red-explorer"] == "1|0"
    assert s["ask"]["q"] == "step"
    assert STOP in legal(s)
    s, ev = play(s, STOP)
    assert s["astronauts"]["red-explorer"] == "1|0"
    assert s["ask"]["q"] == "action" and s["turn"]["actions"] == 1
    # Her Move is spent: only the Grunt may move now.
    assert {d["figure"] for d in legal(s)} == {"red-grunt"}


def test_explorer_takes_two_steps_in_one_move():
    s = loose_position(LINE, {"red-explorer": "0|0"})
    s, ev = play(s, step("red-explorer", "1|0"), step("red-explorer", "2|0"))
    assert s["astronauts"]["red-explorer"] == "2|0"
    assert kinds(ev).count("steps") == 2
    # The second step ends her Move; no third step is offered.
    assert s["ask"]["q"] != "step"


def test_explorer_may_step_back_onto_the_tile_just_left():
    s = loose_position(LINE, {"red-explorer": "0|0"})
    s, _ = play(s, step("red-explorer", "1|0"))
    assert step("red-explorer", "0|0") in legal(s)
    s, _ = play(s, step("red-explorer", "0|0"))
    assert s["astronauts"]["red-explorer"] == "0|0"


def test_explorer_must_finish_her_move_before_another_action():
    s = loose_position(LINE, {"red-explorer": "0|0", "red-grunt": "0|0"})
    s, _ = play(s, step("red-explorer", "1|0"))
    assert sorted(legal(s), key=str) == sorted([step("red-explorer", "0|0"),
                                                step("red-explorer", "2|0"), STOP], key=str)
    refused(s, step("red-grunt", "1|0"))


def test_R5_explorer_pushes_on_her_first_step_then_takes_her_second():
    """R5 and R22: each step of the Explorer is its own chain."""
    # 1|0 (capacity 1) holds a yellow Grunt: her first step pushes him on (east, never back to
    # the Waking Room she came from), then her second step is still hers to take.
    s = loose_position(LINE, {"red-explorer": "0|0", "yellow-grunt": "1|0"})
    s, _ = play(s, step("red-explorer", "1|0"))
    assert s["ask"]["q"] == "push"
    assert legal(s) == [push("yellow-grunt", "2|0")]
    s, ev = play(s, push("yellow-grunt", "2|0"))
    assert s["astronauts"]["yellow-grunt"] == "2|0"
    assert s["ask"]["q"] == "step" and s["ask"]["figure"] == "red-explorer"
    s, ev = play(s, step("red-explorer", "0|0"))
    assert s["astronauts"]["red-explorer"] == "0|0"


def test_R5_alien_on_her_first_step_kills_the_explorer_and_ends_her_move():
    s = loose_position(LINE, {"red-explorer": "0|0", "red-grunt": "0|0"}, {"alien-1": "1|0"})
    s, ev = play(s, step("red-explorer", "1|0"))
    assert s["astronauts"]["red-explorer"] == "dead"
    assert s["track"] == ["red-explorer"]
    assert s["scores"]["red"] == 0  # her own astronaut: no points
    assert "dies" in kinds(ev)
    # No second step: the next question is the second action.
    assert s["ask"]["q"] == "action"
    assert {d["figure"] for d in legal(s)} == {"red-grunt"}


def test_R5_explorer_teleports_mid_move_and_continues_from_the_destination():
    # T1 on 1|0 (east-west), T2 on 3|0 (doors N and E) with a corridor east of it on 4|0.
    board = {"0|0": "WR", "1|0": ("T1", 1), "3|0": ("T2", 0), "4|0": ("C01", 1)}
    s = loose_position(board, {"red-explorer": "0|0"})
    s, ev = play(s, step("red-explorer", "1|0"))
    assert s["ask"]["q"] == "teleport"
    s, ev = play(s, teleport("3|0"))
    assert s["astronauts"]["red-explorer"] == "3|0"  # no second teleport on arrival
    assert sorted(legal(s), key=str) == sorted([step("red-explorer", "4|0"), STOP], key=str)
    s, ev = play(s, step("red-explorer", "4|0"))
    assert s["astronauts"]["red-explorer"] == "4|0"


def test_seated_astronaut_never_moves():
    # Red's Pilot sits in pod P1 on 1|1, whose door faces the cross on 1|0.
    board = {"0|0": "WR", "1|0": "C08", "1|1": ("P1", 0, ["red-pilot", None])}
    s = position(board, {"red-grunt": "0|0"})
    assert {d["figure"] for d in legal(s) if d["type"] == "step"} == {"red-grunt"}
    refused(s, step("red-pilot", "1|0"))


def test_one_move_per_astronaut_per_turn():
    s = loose_position(LINE, {"red-grunt": "0|0", "red-chief": "0|0"})
    s, _ = play(s, step("red-grunt", "1|0"))
    assert s["ask"]["q"] == "action"
    assert {d["figure"] for d in legal(s)} == {"red-chief"}
    refused(s, step("red-grunt", "2|0"))


# --- pushing ---------------------------------------------------------------------------------

def test_push_the_active_player_chooses_whom_and_where_but_never_back():
    # WH2 (capacity 2, cross) on 1|0 holds Yellow's Chief and Red's Chief, with corridors on its
    # three other sides. Red's Grunt comes in from the Waking Room: either Chief (any colour) may be
    # pushed, to any connected tile except the Waking Room the Grunt came from.
    board = {"0|0": "WR", "1|0": "WH2", "2|0": ("C01", 1), "1|-1": "C01", "1|1": "C01"}
    s = loose_position(board, {"red-grunt": "0|0", "red-chief": "1|0", "yellow-chief": "1|0"})
    s, _ = play(s, step("red-grunt", "1|0"))
    assert s["ask"]["q"] == "push"
    assert RULES.current_seat(s) == 0  # Red decides, even about Yellow's Chief
    options = {(d["figure"], d["to"]) for d in legal(s)}
    assert options == {(f, c) for f in ("red-chief", "yellow-chief")
                       for c in ("2|0", "1|-1", "1|1")}
    s, ev = play(s, push("yellow-chief", "1|1"))
    assert s["astronauts"]["yellow-chief"] == "1|1"
    assert s["astronauts"]["red-chief"] == "1|0"
    assert s["astronauts"]["red-grunt"] == "1|0"
    assert {"e": "pushed", "figure": "yellow-chief", "from": "1|0", "to": "1|1"} in ev


def test_push_chain_reaction():
    s = loose_position(LINE, {"red-chief": "0|0", "yellow-grunt": "1|0", "yellow-robot": "2|0"})
    s, ev = play(s, step("red-chief", "1|0"), push("yellow-grunt", "2|0"),
                 push("yellow-robot", "3|0"))
    assert [s["astronauts"][f] for f in ("red-chief", "yellow-grunt", "yellow-robot")] == \
        ["1|0", "2|0", "3|0"]
    assert kinds(ev).count("pushed") == 2
    assert s["ask"]["q"] not in ("push", "step")


def test_push_into_the_waking_room():
    # Red's Grunt comes from the east; the only way on for Yellow's Pilot is the Waking Room.
    s = loose_position(LINE, {"red-grunt": "2|0", "yellow-pilot": "1|0"})
    s, _ = play(s, step("red-grunt", "1|0"))
    assert legal(s) == [push("yellow-pilot", "0|0")]
    s, _ = play(s, push("yellow-pilot", "0|0"))
    assert s["astronauts"]["yellow-pilot"] == "0|0"
    assert s["astronauts"]["red-grunt"] == "1|0"


def test_push_into_a_pod_seats_the_astronaut():
    # Pod P1 on 1|1, door north to the cross on 1|0; a corridor on 2|0 as another way on.
    board = {"0|0": "WR", "1|0": "C08", "2|0": ("C01", 1), "1|1": ("P1", 0)}
    s = position(board, {"red-grunt": "0|0", "yellow-chief": "1|0"})
    s, _ = play(s, step("red-grunt", "1|0"))
    assert {d["to"] for d in legal(s)} == {"2|0", "1|1"}
    s, ev = play(s, push("yellow-chief", "1|1"))
    assert s["astronauts"]["yellow-chief"] == "1|1"
    assert s["board"]["1|1"]["seats"] == ["yellow-chief", None]  # the seat of lowest value
    assert "seated" in kinds(ev)


def test_pushed_pilot_entering_a_pod_lets_the_active_player_choose():
    board = {"0|0": "WR", "1|0": "C08", "1|1": ("P1", 0)}
    s = position(board, {"red-grunt": "0|0", "yellow-pilot": "1|0"})
    s, _ = play(s, step("red-grunt", "1|0"), push("yellow-pilot", "1|1"))
    assert s["ask"]["q"] == "pilot"
    assert RULES.current_seat(s) == 0


def test_R4_dead_end_push_is_not_offered():
    # Yellow's Grunt on 1|0 could only be pushed back into the Waking Room the pusher comes from:
    # the step is a dead end, so it is not offered, and applying it changes nothing. (A corridor
    # south of the Waking Room keeps another Move open, so the action question stays.)
    s = loose_position({"0|0": "WR", "1|0": ("C01", 1), "0|1": "C01"},
                 {"red-grunt": "0|0", "yellow-grunt": "1|0"})
    assert s["ask"]["q"] == "action"
    assert legal(s) == [step("red-grunt", "0|1")]
    refused(s, step("red-grunt", "1|0"))
    with pytest.raises(IllegalAction, match="R4"):
        RULES.apply(s, step("red-grunt", "1|0"))


def test_R4_dead_end_further_down_the_chain_is_not_offered():
    # 1|0 and 2|0 are both full and nothing lies east of 2|0: the second push has nowhere to go.
    board = {"0|0": "WR", "1|0": ("C01", 1), "2|0": ("C01", 1), "0|1": "C01"}
    s = loose_position(board, {"red-grunt": "0|0", "yellow-grunt": "1|0", "yellow-robot": "2|0"})
    assert legal(s) == [step("red-grunt", "0|1")]
    refused(s, step("red-grunt", "1|0"))


def test_R4_dead_end_branch_of_a_push_is_not_offered():
    # Yellow's Grunt on the cross 1|0 may go south (empty 1|1) or east to 2|0, whose Robot would then
    # have nowhere to go (nothing east of 2|0, and never back): only the push south is offered.
    board = {"0|0": "WR", "1|0": "C08", "2|0": ("C01", 1), "1|1": "C01"}
    s = loose_position(board, {"red-grunt": "0|0", "yellow-grunt": "1|0", "yellow-robot": "2|0"})
    s, _ = play(s, step("red-grunt", "1|0"))
    assert legal(s) == [push("yellow-grunt", "1|1")]
    refused(s, push("yellow-grunt", "2|0"))


def test_R14_chain_starter_is_never_pushed_so_a_full_loop_is_refused():
    # A ring of four full corridors 1|0 - 2|0 - 2|1 - 1|1. Red's Grunt enters 1|0 from the Waking
    # Room; whichever way the chain runs it comes back to 1|0, where only the Grunt (the starter)
    # could be pushed on (to the Waking Room): forbidden, so the step is not offered.
    # (0|-1 is a spare corridor north of the Waking Room: another Move stays possible.)
    ring = {"0|0": "WR", "1|0": ("C06", 1), "2|0": ("C04", 2), "2|1": ("C05", 3), "1|1": ("C07", 0),
            "0|-1": "C01"}
    figures = {"red-grunt": "0|0", "yellow-chief": "1|0", "yellow-pilot": "2|0",
               "yellow-grunt": "2|1", "yellow-robot": "1|1"}
    s = position(ring, figures)
    assert legal(s) == [step("red-grunt", "0|-1")]
    refused(s, step("red-grunt", "1|0"))
    # With one ring tile free, the same step is fine.
    del figures["yellow-robot"]
    assert step("red-grunt", "1|0") in legal(position(ring, figures))


def test_R14_no_figure_moves_twice_in_a_chain():
    # Red's Grunt enters 1|0 (Yellow's Chief there). The Chief can only go east to the cross 2|0
    # (Explorer there), which sits on a full ring 2|0 - 3|0 - 3|1 - 2|1. Pushing the Explorer round
    # the ring either way brings the chain back to 2|0, where the only one who could be pushed on is
    # the Chief, who has already moved in this chain: every branch is refused, so the step is too.
    board = {"0|0": "WR", "1|0": ("C01", 1), "2|0": "C08", "3|0": ("C04", 2),
             "3|1": ("C05", 3), "2|1": ("C06", 0), "0|-1": "C01"}
    figures = {"red-grunt": "0|0", "yellow-chief": "1|0", "yellow-explorer": "2|0",
               "yellow-pilot": "3|0", "yellow-grunt": "3|1", "yellow-robot": "2|1"}
    s = loose_position(board, figures)
    assert legal(s) == [step("red-grunt", "0|-1")]
    refused(s, step("red-grunt", "1|0"))
    del figures["yellow-robot"]
    assert step("red-grunt", "1|0") in legal(loose_position(board, figures))


# --- teleports -------------------------------------------------------------------------------

# T1 on 1|0 east-west next to the Waking Room; T2 on 3|0 with doors N and E (a corridor east on 4|0).
TWO_TP = {"0|0": "WR", "1|0": ("T1", 1), "3|0": ("T2", 0), "4|0": ("C01", 1)}


def test_teleport_to_the_other_teleporter():
    s = loose_position(TWO_TP, {"red-grunt": "0|0"})
    s, ev = play(s, step("red-grunt", "1|0"))
    assert s["ask"]["q"] == "teleport"
    assert sorted(d["to"] for d in legal(s)) == ["0|0", "3|0"]
    s, ev = play(s, teleport("3|0"))
    assert s["astronauts"]["red-grunt"] == "3|0"
    assert {"e": "teleports", "figure": "red-grunt", "from": "1|0", "to": "3|0"} in ev


def test_teleport_to_the_waking_room():
    s = loose_position(TWO_TP, {"red-grunt": "0|0"})
    s, ev = play(s, step("red-grunt", "1|0"), teleport("0|0"))
    assert s["astronauts"]["red-grunt"] == "0|0"
    assert "teleports" in kinds(ev)


def test_lone_teleporter_sends_to_the_waking_room():
    s = position({"0|0": "WR", "1|0": ("T1", 1), "2|0": ("C01", 1)}, {"red-grunt": "2|0"})
    s, ev = play(s, step("red-grunt", "1|0"))
    assert s["astronauts"]["red-grunt"] == "0|0"
    assert {"e": "teleports", "figure": "red-grunt", "from": "1|0", "to": "0|0"} in ev
    assert s["ask"]["q"] != "teleport"  # no teleport question: only one destination


def test_pushed_astronaut_entering_a_teleporter_teleports():
    # Red's Grunt steps from 3|0 onto 2|0 and pushes Yellow's Pilot west onto the lone teleporter.
    board = {"0|0": "WR", "1|0": ("T1", 1), "2|0": ("C01", 1), "3|0": ("C01", 1)}
    s = loose_position(board, {"red-grunt": "3|0", "yellow-pilot": "2|0"})
    s, ev = play(s, step("red-grunt", "2|0"), push("yellow-pilot", "1|0"))
    assert s["astronauts"]["yellow-pilot"] == "0|0"
    assert "teleports" in kinds(ev)


def test_teleporter_with_an_alien_on_it_teleports_before_the_alien_matters():
    # Entering a teleporter resolves the teleport first: the alien standing on T1 never meets her.
    board = {"0|0": "WR", "1|0": ("T1", 1), "2|0": ("C01", 1)}
    s = position(board, {"red-chief": "2|0"}, {"alien-1": "1|0"})
    s, ev = play(s, step("red-chief", "1|0"))
    assert s["astronauts"]["red-chief"] == "0|0"
    assert s["aliens"] == {"alien-1": "1|0"}
    assert "dies" not in kinds(ev)


def test_teleport_into_an_alien_tile_kills_the_astronaut():
    # Red's own Chief is sent to T2, where an alien waits: he dies, for no points.
    s = loose_position(TWO_TP, {"red-chief": "0|0"}, {"alien-1": "3|0"})
    s, ev = play(s, step("red-chief", "1|0"), teleport("3|0"))
    assert s["astronauts"]["red-chief"] == "dead"
    assert s["track"] == ["red-chief"]
    assert s["scores"]["red"] == 0
    assert s["aliens"] == {"alien-1": "3|0"}


def test_teleport_pushed_enemy_chief_into_an_alien_tile_scores_two():
    # 4|0 - 3|0 (T2, doors N and E) ... Red's Grunt on 5|0 steps west onto 4|0 and pushes Yellow's
    # Chief onto T2; Red sends him to T1 on 1|0, where an alien waits.
    board = {"0|0": "WR", "1|0": ("T1", 1), "3|0": ("T2", 0), "4|0": ("C01", 1),
             "5|0": ("C01", 1)}
    s = loose_position(board, {"red-grunt": "5|0", "yellow-chief": "4|0"}, {"alien-1": "1|0"})
    s, ev = play(s, step("red-grunt", "4|0"), push("yellow-chief", "3|0"))
    assert s["ask"]["q"] == "teleport" and RULES.current_seat(s) == 0
    s, ev2 = play(s, teleport("1|0"))
    assert s["astronauts"]["yellow-chief"] == "dead"
    assert s["scores"] == {"red": 2, "yellow": 0}
    assert s["track"] == ["yellow-chief"]


def test_teleporting_grunt_kills_the_alien_on_arrival():
    s = loose_position(TWO_TP, {"red-grunt": "0|0"}, {"alien-1": "3|0"})
    s, ev = play(s, step("red-grunt", "1|0"), teleport("3|0"))
    assert s["astronauts"]["red-grunt"] == "3|0"
    assert s["aliens"] == {}
    assert s["scores"]["red"] == 1
    assert "alien_dies" in kinds(ev)


def test_R13_teleport_into_a_full_tile_pushes_with_no_excluded_tile():
    # Cross on 1|0 between the Waking Room (west), T1 (south, 1|1) and T2 (east, 2|0; doors S, W).
    # Red's Grunt steps 1|0 -> T1 and is sent to T2, where Yellow's Pilot stands. T2's only
    # connection is 1|0, the tile the Grunt stepped from: after a teleport no tile is excluded, so the
    # Pilot is pushed there.
    board = {"0|0": "WR", "1|0": "C08", "1|1": ("T1", 0), "2|0": ("T2", 2)}
    s = position(board, {"red-grunt": "1|0", "yellow-pilot": "2|0"})
    s, _ = play(s, step("red-grunt", "1|1"))
    assert teleport("2|0") in legal(s)
    s, _ = play(s, teleport("2|0"))
    assert s["ask"]["q"] == "push"
    assert legal(s) == [push("yellow-pilot", "1|0")]
    s, _ = play(s, push("yellow-pilot", "1|0"))
    assert s["astronauts"]["red-grunt"] == "2|0"
    assert s["astronauts"]["yellow-pilot"] == "1|0"


MEAN = {"mean_teleporters": True}
LONE_TP = {"0|0": "WR", "1|0": ("T1", 1), "2|0": ("C01", 1), "3|0": ("C01", 1)}


def test_mean_lone_teleporter_kills_in_deep_space_and_scores_one_even_for_a_chief():
    s = loose_position(LONE_TP, {"red-grunt": "3|0", "yellow-chief": "2|0"}, options=MEAN)
    s, ev = play(s, step("red-grunt", "2|0"), push("yellow-chief", "1|0"))
    assert s["astronauts"]["yellow-chief"] == "dead"
    assert s["track"] == ["yellow-chief"]
    assert s["scores"] == {"red": 1, "yellow": 0}


def test_mean_lone_teleporter_own_astronaut_scores_nothing():
    s = loose_position(LONE_TP, {"red-grunt": "2|0"}, options=MEAN)
    before = alien_score(s)
    s, ev = play(s, step("red-grunt", "1|0"))
    assert s["astronauts"]["red-grunt"] == "dead"
    assert s["scores"]["red"] == 0
    assert alien_score(s) > before


def test_mean_lone_teleporter_kills_a_robot_too():
    s = loose_position(LONE_TP, {"red-robot": "2|0"}, options=MEAN)
    s, ev = play(s, step("red-robot", "1|0"))
    assert s["astronauts"]["red-robot"] == "dead"
    assert s["track"] == ["red-robot"]


def test_mean_two_teleporters_never_send_to_the_waking_room():
    s = loose_position(TWO_TP, {"red-grunt": "0|0"}, options=MEAN)
    s, ev = play(s, step("red-grunt", "1|0"))
    # Only one destination is left (T2): no question, and never the Waking Room.
    assert s["astronauts"]["red-grunt"] == "3|0"
    assert {"e": "teleports", "figure": "red-grunt", "from": "1|0", "to": "3|0"} in ev
    assert s["ask"]["q"] != "teleport"


def test_R4_mean_teleport_into_a_full_dead_end_is_not_offered():
    # Mean variant: T1 can only send to T2 (3|0), where Yellow's Pilot stands; T2's only connection
    # (east, 4|0) is full too and leads nowhere. The step onto T1 cannot be completed.
    board = {"0|0": "WR", "1|0": ("T1", 1), "3|0": ("T2", 0), "4|0": ("C01", 1), "0|1": "C01"}
    s = loose_position(board, {"red-grunt": "0|0", "yellow-pilot": "3|0", "yellow-chief": "4|0"},
                 options=MEAN)
    assert legal(s) == [step("red-grunt", "0|1")]
    refused(s, step("red-grunt", "1|0"))
    # Without the variant the Waking Room is a way out, so the step is offered.
    s = loose_position(board, {"red-grunt": "0|0", "yellow-pilot": "3|0", "yellow-chief": "4|0"})
    assert step("red-grunt", "1|0") in legal(s)


# --- aliens met while moving -----------------------------------------------------------------

def test_grunt_entering_an_alien_tile_kills_it():
    s = loose_position(LINE, {"red-grunt": "0|0"}, {"alien-1": "1|0"})
    s, ev = play(s, step("red-grunt", "1|0"))
    assert s["astronauts"]["red-grunt"] == "1|0"
    assert s["aliens"] == {}
    assert s["scores"]["red"] == 1
    assert "alien_dies" in kinds(ev)


def test_robot_ignores_aliens():
    s = loose_position(LINE, {"red-robot": "0|0"}, {"alien-1": "1|0"})
    s, ev = play(s, step("red-robot", "1|0"))
    assert s["astronauts"]["red-robot"] == "1|0"
    assert s["aliens"] == {"alien-1": "1|0"}
    assert "dies" not in kinds(ev) and "alien_dies" not in kinds(ev)


def test_own_astronaut_entering_an_alien_tile_dies_for_no_points():
    s = loose_position(LINE, {"red-chief": "0|0"}, {"alien-1": "1|0"})
    before = alien_score(s)
    s, ev = play(s, step("red-chief", "1|0"))
    assert s["astronauts"]["red-chief"] == "dead"
    assert s["aliens"] == {"alien-1": "1|0"}
    assert s["scores"]["red"] == 0
    assert s["track"] == ["red-chief"]
    assert alien_score(s) > before


@pytest.mark.parametrize("victim, points", [("yellow-chief", 2), ("yellow-pilot", 1),
                                             ("yellow-explorer", 1)])
def test_pushed_enemy_astronaut_into_an_alien_tile_dies_and_the_active_player_scores(victim, points):
    s = loose_position(LINE, {"red-grunt": "3|0", victim: "2|0"}, {"alien-1": "1|0"})
    s, ev = play(s, step("red-grunt", "2|0"), push(victim, "1|0"))
    assert s["astronauts"][victim] == "dead"
    assert s["scores"] == {"red": points, "yellow": 0}
    assert s["track"] == [victim]


def test_pushed_enemy_grunt_kills_the_alien_and_the_active_player_scores():
    s = loose_position(LINE, {"red-chief": "3|0", "yellow-grunt": "2|0"}, {"alien-1": "1|0"})
    s, ev = play(s, step("red-chief", "2|0"), push("yellow-grunt", "1|0"))
    assert s["astronauts"]["yellow-grunt"] == "1|0"
    assert s["aliens"] == {}
    assert s["scores"] == {"red": 1, "yellow": 0}


def test_active_player_makes_the_choices_on_his_turn_as_yellow():
    # Same chain with Yellow active: Yellow decides and Yellow earns the point.
    s = loose_position(LINE, {"yellow-chief": "3|0", "red-pilot": "2|0"}, {"alien-1": "1|0"}, seat=1)
    s, _ = play(s, step("yellow-chief", "2|0"))
    assert s["ask"]["q"] == "push" and RULES.current_seat(s) == 1
    s, _ = play(s, push("red-pilot", "1|0"))
    assert s["scores"] == {"red": 0, "yellow": 1}


def test_being_pushed_is_not_a_move():
    # Red's Grunt pushes Red's own Chief on; the Chief may still take his own Move afterwards.
    s = loose_position(LINE, {"red-grunt": "0|0", "red-chief": "1|0"})
    s, _ = play(s, step("red-grunt", "1|0"), push("red-chief", "2|0"))
    assert s["ask"]["q"] == "action"
    assert step("red-chief", "3|0") in legal(s)


def test_R4_random_games_never_get_stuck_mid_chain():
    # Whole games with random legal decisions (both teleporter variants): whenever a chain question
    # is open, every offered choice can be applied and there is always at least one.
    import random

    chain_questions = {"push", "teleport", "alien_push", "victim", "pilot"}
    seen = 0
    for seed in range(12):
        s = RULES.new_game(2 + seed % 3, seed, {"mean_teleporters": bool(seed % 2)})
        pick = random.Random(seed)
        for _ in range(300):
            if s["over"] is not None:
                break
            options = legal(s)
            assert options, (seed, s["ask"])
            if s["ask"]["q"] in chain_questions:
                seen += 1
                for d in options:
                    RULES.apply(s, d)  # must not raise
            s, _ = RULES.apply(s, pick.choice(options))
    assert seen > 0


def test_R5_explorer_entering_a_pod_on_her_first_step_is_seated_and_her_move_ends():
    board = {"0|0": "WR", "1|0": "C08", "1|1": ("P1", 0)}
    s = position(board, {"red-explorer": "1|0", "red-grunt": "0|0"})
    s, ev = play(s, step("red-explorer", "1|1"))
    assert s["board"]["1|1"]["seats"] == ["red-explorer", None]
    assert s["ask"]["q"] == "action"
    assert {d["figure"] for d in legal(s)} == {"red-grunt"}


def test_grunt_kills_the_alien_first_then_pushes_on_a_full_tile():
    # 1|0 holds an alien and Yellow's Robot: Red's Grunt kills the alien (+1), then the tile is over
    # capacity and the Robot is pushed on.
    s = loose_position(LINE, {"red-grunt": "0|0", "yellow-robot": "1|0"}, {"alien-1": "1|0"})
    s, ev = play(s, step("red-grunt", "1|0"))
    assert s["aliens"] == {} and s["scores"]["red"] == 1
    assert s["ask"]["q"] == "push"
    s, ev = play(s, push("yellow-robot", "2|0"))
    assert s["astronauts"]["red-grunt"] == "1|0"
    assert s["astronauts"]["yellow-robot"] == "2|0"


def test_an_astronaut_killed_on_entry_pushes_nobody():
    # 1|0 holds an alien and Yellow's Robot (full). Yellow's Pilot pushed in dies at once: nobody is
    # pushed on, the Robot stays.
    s = loose_position(LINE, {"red-grunt": "3|0", "yellow-pilot": "2|0", "yellow-robot": "1|0"},
                 {"alien-1": "1|0"})
    s, ev = play(s, step("red-grunt", "2|0"), push("yellow-pilot", "1|0"))
    assert s["astronauts"]["yellow-pilot"] == "dead"
    assert s["astronauts"]["yellow-robot"] == "1|0"
    assert s["ask"]["q"] != "push"
    assert s["scores"]["red"] == 1


def test_a_pushed_astronaut_waiting_for_its_teleport_is_shown_on_the_teleporter():
    # Yellow's Pilot is pushed west onto T1 and two destinations are open: while red chooses,
    # the view shows her on the teleporter in transit, never back on the corridor she left,
    # which would then hold two figures in a one-figure tile.
    board = {"0|0": "WR", "1|0": ("T1", 1), "2|0": ("C01", 1), "3|0": ("C01", 1), "4|0": ("T2", 2)}
    s = loose_position(board, {"red-grunt": "3|0", "yellow-pilot": "2|0"})
    s, ev = play(s, step("red-grunt", "2|0"), push("yellow-pilot", "1|0"))
    assert s["ask"]["q"] == "teleport"
    seen = RULES.view(s, 1)
    assert seen["astronauts"]["yellow-pilot"] == "1|0"
    assert seen["in_transit"] == ["yellow-pilot"]
    on_corridor = [f for f, c in seen["astronauts"].items() if c == "2|0"]
    assert on_corridor == ["red-grunt"]
    s, ev = play(s, teleport("4|0"))
    assert RULES.view(s, 1)["in_transit"] == []
