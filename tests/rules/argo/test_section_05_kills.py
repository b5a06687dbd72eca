"""RULES.md section 5 (deaths and kills) and 3.1 (the alien phase): R1, R4, R6, R12, R14.

Red (seat 0) is the active player; positions start in Red's alien phase unless said otherwise.
Figures not placed are out of the way ("escaped"). The build phase is skipped in these positions
(no modules left), so after the alien phase comes the action phase.
Tiles: C01 straight (rot 1 EW), C08 cross, WH2 cross of capacity 2, SAFE Safe Room (rot 1: doors
E, S, W), P1 pod (door N at rot 0), T1 teleporter, C04/C05 corners, C06 T-piece.
"""
from __future__ import annotations

import copy

import pytest

from games.rules import IllegalAction
from games.rules.argo import RULES

from .positions import kinds, legal, loose_position, play, position

# Waking Room and a straight corridor running east: 0|0 - 1|0 - 2|0 - 3|0 - 4|0.
LINE = {"0|0": "WR", "1|0": ("C01", 1), "2|0": ("C01", 1), "3|0": ("C01", 1), "4|0": ("C01", 1)}
# Capacity-2 cross on 1|0 next to the Waking Room, a corridor east of it on 2|0.
ROOM = {"0|0": "WR", "1|0": "WH2", "2|0": ("C01", 1)}


def alien(a, to):
    return {"type": "alien", "alien": a, "to": to}


def victim(figure):
    return {"type": "victim", "figure": figure}


def alien_phase(board, astronauts, aliens, **kw):
    # Red keeps a Robot in the Waking Room so that he always has an astronaut on the board.
    return loose_position(board, {"red-robot": "0|0", **astronauts}, aliens, phase="alien", **kw)


def alien_score(s):
    return RULES.view(s, 0)["alien_track"]["score"]


def refused(s, decision):
    before = copy.deepcopy(s)
    with pytest.raises(IllegalAction):
        RULES.apply(s, decision)
    assert s == before


# --- the kill step ---------------------------------------------------------------------------

def test_every_alien_on_a_tile_with_astronauts_kills_moved_or_not():
    # alien-1 moves onto Yellow's Pilot; alien-2 has not moved but shares 1|0 with Yellow's Explorer.
    s = alien_phase(LINE, {"yellow-pilot": "2|0", "yellow-explorer": "1|0"},
                    {"alien-1": "3|0", "alien-2": "1|0"})
    s, ev = play(s, alien("alien-1", "2|0"))
    assert s["astronauts"]["yellow-pilot"] == "dead"
    assert s["astronauts"]["yellow-explorer"] == "dead"
    assert sorted(s["track"]) == ["yellow-explorer", "yellow-pilot"]
    assert s["scores"] == {"red": 2, "yellow": 0}
    assert kinds(ev).count("dies") == 2
    assert s["turn"]["phase"] == "actions"


def test_an_alien_pushed_onto_astronauts_kills_too():
    # alien-1 moves onto 2|0 and pushes alien-2 west onto 1|0, where Yellow's Pilot stands.
    s = alien_phase(LINE, {"yellow-pilot": "1|0"}, {"alien-1": "3|0", "alien-2": "2|0"})
    s, ev = play(s, alien("alien-1", "2|0"), {"type": "push", "figure": "alien-2", "to": "1|0"})
    assert s["astronauts"]["yellow-pilot"] == "dead"
    assert s["scores"]["red"] == 1


def test_pilot_dies_before_a_grunt():
    s = alien_phase(ROOM, {"yellow-grunt": "1|0", "yellow-pilot": "1|0"}, {"alien-1": "2|0"})
    s, ev = play(s, alien("alien-1", "1|0"))
    assert s["astronauts"]["yellow-pilot"] == "dead"
    assert s["astronauts"]["yellow-grunt"] == "1|0"
    assert s["aliens"] == {"alien-1": "1|0"}
    assert s["scores"]["red"] == 1


def test_active_players_own_explorer_dies_before_an_enemy_grunt_for_no_points():
    s = alien_phase(ROOM, {"yellow-grunt": "1|0", "red-explorer": "1|0"}, {"alien-1": "2|0"})
    s, ev = play(s, alien("alien-1", "1|0"))
    assert s["astronauts"]["red-explorer"] == "dead"
    assert s["astronauts"]["yellow-grunt"] == "1|0"
    assert s["scores"] == {"red": 0, "yellow": 0}
    assert s["track"] == ["red-explorer"]


def test_active_player_chooses_the_victim_among_chief_explorer_pilot():
    s = alien_phase(ROOM, {"yellow-chief": "1|0", "yellow-explorer": "1|0"}, {"alien-1": "2|0"})
    s, ev = play(s, alien("alien-1", "1|0"))
    assert s["ask"]["q"] == "victim"
    assert RULES.current_seat(s) == 0
    assert sorted(d["figure"] for d in legal(s)) == ["yellow-chief", "yellow-explorer"]
    s, ev = play(s, victim("yellow-chief"))
    assert s["astronauts"]["yellow-chief"] == "dead"
    assert s["astronauts"]["yellow-explorer"] == "1|0"
    assert s["scores"]["red"] == 2


def test_victim_choice_may_be_the_active_players_own():
    s = alien_phase(ROOM, {"red-pilot": "1|0", "yellow-explorer": "1|0"}, {"alien-1": "2|0"})
    s, _ = play(s, alien("alien-1", "1|0"))
    refused(s, victim("red-robot"))
    s, _ = play(s, victim("red-pilot"))
    assert s["astronauts"]["red-pilot"] == "dead"
    assert s["astronauts"]["yellow-explorer"] == "1|0"
    assert s["scores"]["red"] == 0


def test_lone_grunt_dies_a_robot_beside_him_does_not_count():
    s = alien_phase(ROOM, {"yellow-grunt": "1|0", "yellow-robot": "1|0"}, {"alien-1": "2|0"})
    s, ev = play(s, alien("alien-1", "1|0"))
    assert s["astronauts"]["yellow-grunt"] == "dead"
    assert s["astronauts"]["yellow-robot"] == "1|0"
    assert s["scores"]["red"] == 1


def test_R6_two_grunts_kill_the_alien_and_the_active_player_scores_one():
    s = alien_phase(ROOM, {"yellow-grunt": "1|0", "red-grunt": "1|0"}, {"alien-1": "2|0"})
    s, ev = play(s, alien("alien-1", "1|0"))
    assert s["aliens"] == {}
    assert s["astronauts"]["yellow-grunt"] == "1|0"
    assert s["astronauts"]["red-grunt"] == "1|0"
    assert s["track"] == []
    assert s["scores"] == {"red": 1, "yellow": 0}
    assert "alien_dies" in kinds(ev)


def test_R6_two_grunts_kill_an_alien_pushed_onto_them():
    # alien-1 moves 3|0 -> 2|0 and pushes alien-2 onto the Warehouse 1|0 holding two Grunts.
    board = {"0|0": "WR", "1|0": "WH2", "2|0": ("C01", 1), "3|0": ("C01", 1)}
    s = alien_phase(board, {"yellow-grunt": "1|0", "red-grunt": "1|0"},
                    {"alien-1": "3|0", "alien-2": "2|0"})
    s, ev = play(s, alien("alien-1", "2|0"), {"type": "push", "figure": "alien-2", "to": "1|0"})
    assert s["aliens"] == {"alien-1": "2|0"}
    assert s["scores"]["red"] == 1
    assert s["track"] == []


def test_robots_are_never_killed_by_aliens():
    s = alien_phase(LINE, {"yellow-robot": "1|0"}, {"alien-1": "2|0"})
    s, ev = play(s, alien("alien-1", "1|0"))
    assert s["astronauts"]["yellow-robot"] == "1|0"
    assert s["aliens"] == {"alien-1": "1|0"}
    assert s["track"] == []
    assert "dies" not in kinds(ev)


@pytest.mark.parametrize("figure, points", [
    ("yellow-chief", 2), ("yellow-explorer", 1), ("yellow-pilot", 1), ("yellow-grunt", 1),
    ("red-chief", 0), ("red-pilot", 0), ("red-grunt", 0),
])
def test_kill_points_one_two_for_a_chief_never_for_own(figure, points):
    s = alien_phase(LINE, {figure: "1|0"}, {"alien-1": "2|0"})
    before = alien_score(s)
    s, ev = play(s, alien("alien-1", "1|0"))
    assert s["astronauts"][figure] == "dead"
    assert s["scores"]["red"] == points
    assert s["scores"]["yellow"] == 0
    assert s["track"] == [figure]
    assert alien_score(s) > before  # every death counts for the aliens, own ones included


# --- the alien track (R12) -------------------------------------------------------------------

@pytest.mark.parametrize("players, difficulty, start, after_one", [
    (2, "easy", 7, 9), (2, "medium", 9, 11), (2, "hard", 11, 13),
    (3, "easy", 5, 7), (4, "medium", 5, 7), (4, "hard", 7, 9),
])
def test_R12_alien_score_is_the_first_visible_slot(players, difficulty, start, after_one):
    s = alien_phase(LINE, {"yellow-pilot": "1|0"}, {"alien-1": "2|0"}, players=players,
                    options={"difficulty": difficulty})
    assert alien_score(s) == start
    s, ev = play(s, alien("alien-1", "1|0"))
    assert alien_score(s) == after_one
    assert [e["alien_score"] for e in ev if e["e"] == "dies"] == [after_one]


def test_R12_two_players_easy_starts_at_seven_and_each_death_covers_the_next_slot():
    # Two deaths already on the track (7, 9 covered): the score shows 11; two more deaths -> 16.
    dead = {"red-chief": "dead", "yellow-chief": "dead"}
    s = alien_phase(LINE, {**dead, "yellow-pilot": "1|0", "yellow-explorer": "3|0"},
                    {"alien-1": "2|0", "alien-2": "3|0"},
                    track=["red-chief", "yellow-chief"], options={"difficulty": "easy"})
    assert alien_score(s) == 11
    s, ev = play(s, alien("alien-1", "1|0"))
    assert s["track"][:2] == ["red-chief", "yellow-chief"]
    assert sorted(s["track"][2:]) == ["yellow-explorer", "yellow-pilot"]
    assert alien_score(s) == 16


def test_track_full_ends_the_game_at_once_with_alien_victory():
    # Two players, easy: 8 deaths fill the track. Seven are there already; two aliens each have a
    # victim, but the first death ends the game at once, so only one of the two dies.
    dead = ["red-chief", "red-explorer", "red-pilot", "red-grunt", "yellow-robot", "yellow-chief",
            "yellow-grunt"]
    s = alien_phase(LINE, {**dict.fromkeys(dead, "dead"), "yellow-pilot": "1|0",
                           "yellow-explorer": "4|0"},
                    {"alien-1": "2|0", "alien-2": "4|0"}, track=dead,
                    options={"difficulty": "easy"}, scores={"red": 40})
    s, ev = play(s, alien("alien-1", "1|0"))
    # R20: one free slot, two victims: the active player chooses which alien kills first.
    assert s["ask"] == {"q": "kill_order", "aliens": ["alien-1", "alien-2"]}
    assert RULES.legal_actions(s) == [{"type": "kill_first", "alien": "alien-1"}, {"type": "kill_first", "alien": "alien-2"}]
    s, ev = play(s, {"type": "kill_first", "alien": "alien-2"})
    assert s["over"] is not None
    assert len(s["track"]) == 8
    assert s["astronauts"]["yellow-explorer"] == "dead" and s["astronauts"]["yellow-pilot"] == "1|0"
    assert kinds(ev)[0] == "kills_first" and kinds(ev)[-1] == "game_over"
    result = RULES.outcome(s)
    assert result["reason"] == "track_full"
    assert result["alien_victory"] is True  # even though Red has 40 points
    assert result["winners"] == []
    assert legal(s) == []
    with pytest.raises(IllegalAction):
        RULES.apply(s, {"type": "end_turn"})


# --- the alien move (3.1) --------------------------------------------------------------------

def test_aliens_never_enter_the_waking_room_a_pod_or_the_safe_room():
    # alien-1 on the cross 1|0: Waking Room west, Safe Room east, pod P1 south, a corridor north.
    board = {"0|0": "WR", "1|0": "C08", "2|0": ("SAFE", 1), "1|1": ("P1", 0), "1|-1": "C01"}
    s = alien_phase(board, {}, {"alien-1": "1|0"})
    assert legal(s) == [alien("alien-1", "1|-1")]
    for cell in ("0|0", "2|0", "1|1"):
        refused(s, alien("alien-1", cell))


def test_aliens_may_stand_on_a_teleporter_and_are_never_teleported():
    board = {"0|0": "WR", "1|0": ("T1", 1), "2|0": ("C01", 1)}
    s = alien_phase(board, {}, {"alien-1": "2|0"})
    s, ev = play(s, alien("alien-1", "1|0"))
    assert s["aliens"] == {"alien-1": "1|0"}
    assert "teleports" not in kinds(ev)


def test_R1_no_alien_can_move_the_move_is_skipped_but_aliens_still_kill():
    # alien-1 stands on 1|0 between the Waking Room and the Safe Room: it cannot move. Yellow's
    # Pilot stands with it (a hand-made position). Yellow ends his turn; in Red's alien phase the
    # move is skipped and the alien still kills her.
    board = {"0|0": "WR", "1|0": ("C01", 1), "2|0": ("SAFE", 1)}
    s = position(board, {"red-grunt": "0|0", "yellow-pilot": "1|0"}, {"alien-1": "1|0"},
                 seat=1, phase="end")
    s, ev = play(s, {"type": "end_turn"})
    assert RULES.current_seat(s) == 0
    assert {"e": "lapse", "what": "alien_move"} in ev
    assert "alien_moves" not in kinds(ev)
    assert s["astronauts"]["yellow-pilot"] == "dead"
    assert s["aliens"] == {"alien-1": "1|0"}
    assert s["scores"]["red"] == 1
    assert s["ask"]["q"] == "action"


def test_R1_stuck_aliens_with_nobody_to_kill_just_skip_the_move():
    board = {"0|0": "WR", "1|0": ("C01", 1), "2|0": ("SAFE", 1)}
    s = position(board, {"red-grunt": "0|0"}, {"alien-1": "1|0"}, seat=1, phase="end")
    s, ev = play(s, {"type": "end_turn"})
    assert {"e": "lapse", "what": "alien_move"} in ev
    assert s["aliens"] == {"alien-1": "1|0"}
    assert s["ask"]["q"] == "action"


def test_no_alien_phase_without_aliens():
    s = loose_position(LINE, {"red-grunt": "0|0"}, seat=1, phase="end")
    s, ev = play(s, {"type": "end_turn"})
    assert s["ask"]["q"] == "action"
    assert not [e for e in ev if e["e"] in ("lapse", "alien_moves")]


# --- aliens pushing aliens -------------------------------------------------------------------

def test_alien_pushes_alien_in_a_chain():
    # alien-1 moves west onto 3|0 (alien-2), which is pushed on to 2|0 (alien-3), pushed to 1|0.
    s = alien_phase(LINE, {}, {"alien-1": "4|0", "alien-2": "3|0", "alien-3": "2|0"})
    s, ev = play(s, alien("alien-1", "3|0"))
    assert s["ask"]["q"] == "alien_push"
    assert legal(s) == [{"type": "push", "figure": "alien-2", "to": "2|0"}]
    s, ev = play(s, {"type": "push", "figure": "alien-2", "to": "2|0"})
    # alien-3 may only go on west, onto 1|0: never back, never into the Waking Room.
    assert legal(s) == [{"type": "push", "figure": "alien-3", "to": "1|0"}]
    s, ev = play(s, {"type": "push", "figure": "alien-3", "to": "1|0"})
    assert s["aliens"] == {"alien-1": "3|0", "alien-2": "2|0", "alien-3": "1|0"}


def test_R4_alien_move_that_would_push_an_alien_into_the_waking_room_is_not_offered():
    # alien-2 on 1|0 could only be pushed into the Waking Room (or back): alien-1 may not enter 1|0.
    s = alien_phase(LINE, {}, {"alien-1": "2|0", "alien-2": "1|0"})
    assert alien("alien-1", "1|0") not in legal(s)
    assert alien("alien-1", "3|0") in legal(s)
    refused(s, alien("alien-1", "1|0"))


def test_R4_aliens_are_never_pushed_into_a_pod_or_the_safe_room():
    # alien-2 on the cross 1|0 is surrounded by the Waking Room, the Safe Room and a pod; alien-1
    # comes from the north: there is nowhere to push alien-2, so the move is not offered.
    board = {"0|0": "WR", "1|0": "C08", "2|0": ("SAFE", 1), "1|1": ("P1", 0), "1|-1": "C01",
             "1|-2": "C01"}
    s = alien_phase(board, {}, {"alien-1": "1|-1", "alien-2": "1|0"})
    assert alien("alien-1", "1|0") not in legal(s)
    refused(s, alien("alien-1", "1|0"))


def test_R14_alien_chain_never_pushes_the_alien_that_started_it():
    # A ring of four corridors 1|0 - 2|0 - 2|1 - 1|1, an alien on each; alien-5 on 1|-1 north of
    # the cross 1|0. If alien-5 moves onto 1|0, the chain runs round the ring back to 1|0, where
    # only alien-5 (the starter) could be pushed on: refused. (The ring aliens can still move.)
    board = {"0|0": "WR", "1|-1": "C01", "1|0": "C08", "2|0": ("C04", 2), "2|1": ("C05", 3),
             "1|1": ("C07", 0)}
    s = alien_phase(board, {}, {"alien-1": "1|0", "alien-2": "2|0", "alien-3": "2|1",
                                "alien-4": "1|1", "alien-5": "1|-1"})
    assert alien("alien-5", "1|0") not in legal(s)
    assert legal(s)  # other moves remain
    refused(s, alien("alien-5", "1|0"))


def test_R14_alien_chain_round_a_ring_completes_when_the_starter_left_a_gap():
    # Same ring, no alien-5: alien-1 moving round the ring pushes each alien on into the gap it left.
    board = {"0|0": "WR", "1|0": ("C06", 1), "2|0": ("C04", 2), "2|1": ("C05", 3),
             "1|1": ("C07", 0)}
    s = alien_phase(board, {}, {"alien-1": "1|0", "alien-2": "2|0", "alien-3": "2|1",
                                "alien-4": "1|1"})
    s, ev = play(s, alien("alien-1", "2|0"), {"type": "push", "figure": "alien-2", "to": "2|1"},
                 {"type": "push", "figure": "alien-3", "to": "1|1"},
                 {"type": "push", "figure": "alien-4", "to": "1|0"})
    assert s["aliens"] == {"alien-1": "2|0", "alien-2": "2|1", "alien-3": "1|1", "alien-4": "1|0"}


# --- the rulebook's examples -----------------------------------------------------------------

def test_rulebook_example_1_alien_a_moves_and_kills_the_pilot_alien_b_could_not_be_moved():
    # Alien A (alien-1) on 2|0 next to Yellow's Pilot on 1|0. Alien B (alien-2) on 0|1 south of the
    # Waking Room, with the Safe Room south of it: it has nowhere to go.
    board = {"0|0": "WR", "1|0": ("C01", 1), "2|0": ("C01", 1), "0|1": "C01", "0|2": "SAFE"}
    s = alien_phase(board, {"yellow-pilot": "1|0"}, {"alien-1": "2|0", "alien-2": "0|1"})
    assert legal(s) == [alien("alien-1", "1|0")]
    refused(s, alien("alien-2", "0|2"))
    s, ev = play(s, alien("alien-1", "1|0"))
    assert s["astronauts"]["yellow-pilot"] == "dead"
    assert s["aliens"] == {"alien-1": "1|0", "alien-2": "0|1"}
    assert s["scores"]["red"] == 1


def test_rulebook_example_2_alien_c_moves_alien_a_kills_the_grunt_c_spares_the_robot():
    # Alien A (alien-1) shares 1|0 with Yellow's Grunt (hand-made). Alien C (alien-3) moves from
    # 4|0 onto 3|0, where Yellow's Robot stands.
    s = alien_phase(LINE, {"yellow-grunt": "1|0", "yellow-robot": "3|0"},
                    {"alien-1": "1|0", "alien-3": "4|0"})
    s, ev = play(s, alien("alien-3", "3|0"))
    assert s["astronauts"]["yellow-grunt"] == "dead"
    assert s["astronauts"]["yellow-robot"] == "3|0"
    assert s["aliens"] == {"alien-1": "1|0", "alien-3": "3|0"}
    assert s["track"] == ["yellow-grunt"]
    assert s["scores"]["red"] == 1


def test_the_active_player_must_move_an_alien_when_one_can_move():
    s = alien_phase(LINE, {"red-grunt": "0|0"}, {"alien-1": "2|0"})
    assert s["ask"]["q"] == "alien_move"
    assert sorted(d["to"] for d in legal(s)) == ["1|0", "3|0"]
    refused(s, {"type": "step", "figure": "red-grunt", "to": "1|0"})
    refused(s, {"type": "end_turn"})


def test_kill_step_goes_on_after_a_victim_choice():
    # alien-1 moves onto the Warehouse with two soft targets (a choice); alien-2, unmoved, shares
    # 3|0 with Yellow's Pilot and kills her after the choice.
    board = {"0|0": "WR", "1|0": "WH2", "2|0": ("C01", 1), "3|0": ("C01", 1)}
    s = alien_phase(board, {"yellow-chief": "1|0", "yellow-explorer": "1|0", "yellow-pilot": "3|0"},
                    {"alien-1": "2|0", "alien-2": "3|0"})
    s, _ = play(s, alien("alien-1", "1|0"))
    assert s["ask"]["q"] == "victim"
    s, ev = play(s, victim("yellow-explorer"))
    assert s["astronauts"]["yellow-explorer"] == "dead"
    assert s["astronauts"]["yellow-pilot"] == "dead"
    assert s["astronauts"]["yellow-chief"] == "1|0"
    assert s["scores"]["red"] == 2


def test_track_full_from_a_death_while_moving_ends_the_game_at_once():
    # Two players, easy, seven deaths on the track: Red's Chief walks into an alien (own astronaut,
    # no points) and fills the track; the game ends in the middle of Red's action phase.
    dead = ["red-explorer", "red-pilot", "red-grunt", "red-robot", "yellow-robot", "yellow-chief",
            "yellow-grunt"]
    s = loose_position(LINE, {**dict.fromkeys(dead, "dead"), "red-chief": "0|0"}, {"alien-1": "1|0"},
                 track=dead, options={"difficulty": "easy"})
    s, ev = play(s, {"type": "step", "figure": "red-chief", "to": "1|0"})
    assert s["over"] is not None and s["ask"] is None
    assert RULES.outcome(s)["alien_victory"] is True
    assert RULES.outcome(s)["reason"] == "track_full"
    assert s["scores"]["red"] == 0


def test_R20_with_room_for_every_victim_alien_number_decides_the_order():
    dead = ["red-chief", "red-explorer", "red-pilot", "red-grunt", "yellow-robot"]
    s = alien_phase(LINE, {**dict.fromkeys(dead, "dead"), "yellow-pilot": "1|0", "yellow-explorer": "4|0"},
                    {"alien-1": "2|0", "alien-2": "4|0"}, track=dead, options={"difficulty": "easy"})
    s, ev = play(s, alien("alien-1", "1|0"))
    assert s["over"] is None and s["ask"]["q"] != "kill_order"
    assert [e["figure"] for e in ev if e["e"] == "dies"] == ["yellow-pilot", "yellow-explorer"]
