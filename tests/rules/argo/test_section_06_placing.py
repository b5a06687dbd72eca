"""RULES.md section 6 (placing tiles) and the build phase of 3.2, with ruling R2."""
from __future__ import annotations

import pytest

from games.rules import IllegalAction
from games.rules.argo import RULES
from games.rules.argo.components import load_station

from .positions import kinds, legal, loose_position, play, position

STATION = load_station("station")
SIDES = {1: (0, -1), 2: (1, 0), 4: (0, 1), 8: (-1, 0)}
OPP = {1: 4, 2: 8, 4: 1, 8: 2}

# The Waking Room and three east-west corridors: 1|0, 2|0, 3|0 lie 1, 2, 3 steps away.
LINE = {"0|0": "WR", "1|0": ("C01", 1), "2|0": ("C02", 1), "3|0": ("C03", 1)}


def spots(state, tile):
    """The (cell, rotation) pairs offered for `tile`."""
    return {(d["cell"], d["rotation"]) for d in legal(state) if d["tile"] == tile}


def reachable_from_wr(state):
    """Cells reachable from the Waking Room through doors (written here from the data file)."""
    board = state["board"]

    def doors(cell):
        e = board[cell]
        return STATION.tiles[e["tile"]].doors_at(e["rot"])

    seen, todo = {"0|0"}, ["0|0"]
    while todo:
        cell = todo.pop()
        x, y = map(int, cell.split("|"))
        for bit, (dx, dy) in SIDES.items():
            other = f"{x + dx}|{y + dy}"
            if other in board and other not in seen and doors(cell) & bit and doors(other) & OPP[bit]:
                seen.add(other)
                todo.append(other)
    return seen


def build(board, **kw):
    kw.setdefault("astronauts", {"red-chief": "0|0", "yellow-chief": "0|0"})
    return loose_position(board, phase="build", **kw)


# --- connection ------------------------------------------------------------------------------

def test_a_tile_must_connect_to_the_station_by_a_door():
    s = build(LINE, display=["C04"], stack=["INF"])
    offered = spots(s, "C04")
    # 1|-1 touches 1|0 only through that corridor's north wall.
    assert not any(cell == "1|-1" for cell, _ in offered)
    with pytest.raises(IllegalAction):
        RULES.apply(s, {"type": "place", "tile": "C04", "cell": "1|-1", "rotation": 1})
    # North of the Waking Room the corner must turn a door south: E+S (1) or S+W (2), not N+E, W+N.
    assert {r for cell, r in offered if cell == "0|-1"} == {1, 2}


def test_every_offered_placement_keeps_the_whole_station_reachable():
    s = build(LINE, display=["C04", "LAB", "JUMP"], stack=["INF"], pod_stack=["P1"])
    options = legal(s)
    assert options
    for d in options:
        after, events = RULES.apply(s, d)
        assert d["cell"] in after["board"]
        assert reachable_from_wr(after) == set(after["board"]), d


def test_a_module_must_connect_to_a_tile_that_is_not_a_pod():
    # Contrived: in play a pod's door always faces a module, so this is only reachable by hand.
    # The pod on 2|-1 turns its door north, onto the empty cell 2|-2.
    board = dict(LINE, **{"2|-1": ("P1", 0)})
    s = build(board, display=["C08"], stack=["INF"])
    assert not any(cell == "2|-2" for cell, _ in spots(s, "C08"))


def test_a_pod_must_connect_to_a_module_not_to_a_pod():
    # Contrived as above: P1 on 5|-1 turns its door south onto the empty cell 5|0; a pod on 5|0
    # with its door north would connect to it -- but pods never connect to pods.
    board = dict(LINE, **{"4|0": ("C09", 1), "5|-1": ("P1", 2)})
    s = build(board, display=["INF"], stack=["LAB"], pod_stack=["P2"])
    offered = spots(s, "P2")
    assert ("5|0", 3) in offered  # door W onto the corridor 4|0 (4 steps away): fine
    assert ("5|0", 0) not in offered  # door N onto the pod on 5|-1: never


def test_a_pod_must_lie_at_least_four_steps_from_the_waking_room():
    # Crosses on 2|0 and 3|0: their north/south neighbours are 3 and 4 steps away.
    board = dict(LINE, **{"2|0": "C08", "3|0": "C15"})
    s = build(board, display=["INF"], stack=["LAB"], pod_stack=["P1", "P2"])
    assert spots(s, "P1") == {("4|0", 3), ("3|-1", 2), ("3|1", 0)}
    with pytest.raises(IllegalAction):
        RULES.apply(s, {"type": "place", "tile": "P1", "cell": "2|-1", "rotation": 2})


def test_only_the_top_pod_may_be_placed():
    s = build(LINE, display=["INF"], stack=["LAB"], pod_stack=["P1", "P2"])
    assert spots(s, "P2") == set()
    assert spots(s, "P1") == {("4|0", 3)}


def test_pod_distance_counts_teleporters_as_ordinary_tiles():
    # T1 on 1|0 and T2 on 4|0 (doors W and N). Through the teleporters T2 would be 2 "steps"
    # from the Waking Room; counted as ordinary tiles it is 4, so a pod may face it from 4|-1.
    board = {"0|0": "WR", "1|0": ("T1", 1), "2|0": ("C01", 1), "3|0": ("C02", 1), "4|0": ("T2", 3)}
    s = build(board, display=["INF"], stack=["LAB"], pod_stack=["P1"])
    assert ("4|-1", 2) in spots(s, "P1")
    assert spots(s, "P1") == {("4|-1", 2)}


# --- what a placement brings -----------------------------------------------------------------

FIVE_CORRIDORS = {"0|0": "WR", "1|0": ("C01", 1), "2|0": ("C02", 1), "3|0": ("C03", 1),
                  "-1|0": ("C04", 1), "-1|1": ("C05", 3)}


def test_a_module_with_an_alien_symbol_brings_an_alien():
    s = build(LINE, display=["LAB"], stack=["INF"])
    s, events = play(s, {"type": "place", "tile": "LAB", "cell": "4|0", "rotation": 2})
    assert list(s["aliens"].values()) == ["4|0"]
    assert "alien_arrives" in kinds(events)


def test_the_fifth_alien_arrives_but_not_a_sixth():
    aliens4 = {"alien-1": "1|0", "alien-2": "2|0", "alien-3": "3|0", "alien-4": "-1|0"}
    s = build(FIVE_CORRIDORS, aliens=aliens4, display=["LAB"], stack=["JUMP"])
    s, events = play(s, {"type": "place", "tile": "LAB", "cell": "4|0", "rotation": 2})
    assert len(s["aliens"]) == 5 and "4|0" in s["aliens"].values()

    aliens5 = dict(aliens4, **{"alien-5": "-1|1"})
    s = build(FIVE_CORRIDORS, aliens=aliens5, display=["LAB"], stack=["JUMP"])
    s, events = play(s, {"type": "place", "tile": "LAB", "cell": "4|0", "rotation": 2})
    assert len(s["aliens"]) == 5 and "4|0" not in s["aliens"].values()
    assert "alien_arrives" not in kinds(events)


def test_a_module_without_an_alien_symbol_brings_none():
    s = build(LINE, display=["INF"], stack=["LAB"])
    s, events = play(s, {"type": "place", "tile": "INF", "cell": "4|0", "rotation": 2})
    assert s["aliens"] == {}
    assert "alien_arrives" not in kinds(events)


def test_taking_from_the_display_reveals_the_next_face_down_module():
    s = build(LINE, display=["LAB", "INF", "WH1"], stack=["SEC", "CORE"], pod_stack=["P1"])
    s, events = play(s, {"type": "place", "tile": "INF", "cell": "4|0", "rotation": 2})
    assert sorted(s["display"]) == ["LAB", "SEC", "WH1"]
    assert s["stack"] == ["CORE"]
    assert {"e": "revealed", "tile": "SEC"} in events


def test_taking_the_top_pod_reveals_nothing():
    board = dict(LINE, **{"3|0": "C08"})
    s = build(board, display=["LAB", "INF", "WH1"], stack=["SEC"], pod_stack=["P1", "P2"])
    s, events = play(s, {"type": "place", "tile": "P1", "cell": "4|0", "rotation": 3})
    assert s["display"] == ["LAB", "INF", "WH1"] and s["stack"] == ["SEC"]
    assert s["pod_stack"] == ["P2"]
    assert "revealed" not in kinds(events)


# --- the end of building ---------------------------------------------------------------------

def test_placing_the_last_module_ends_building_for_good_and_pods_left_are_never_placed():
    s = build(LINE, display=["INF"], stack=[], pod_stack=["P1", "P2"])
    s, events = play(s, {"type": "place", "tile": "INF", "cell": "4|0", "rotation": 2})
    assert "final_round" in kinds(events)
    assert s["ask"]["q"] == "action"
    # Red moves and ends the turn; yellow's turn goes straight to the actions.
    s, events = play(s, {"type": "step", "figure": "red-chief", "to": "1|0"},
                     {"type": "end_turn"})
    assert s["colours"][s["turn"]["seat"]] == "yellow"
    assert s["ask"]["q"] == "action"
    assert all(d["type"] != "place" for d in legal(s))
    assert s["pod_stack"] == ["P1", "P2"]


def test_build_phase_is_skipped_when_display_and_stack_are_empty():
    s = position(LINE, {"red-chief": "0|0", "yellow-chief": "0|0"}, phase="alien",
                 display=(), stack=(), pod_stack=["P1"])
    assert s["ask"]["q"] == "action"
    assert s["pod_stack"] == ["P1"]


# The Waking Room closed in by a ring of eight corridors: no door of the station faces an
# empty cell, so nothing at all can be placed.
CLOSED = {
    "0|0": "WR",
    "1|0": ("C06", 2), "-1|0": ("C07", 0), "0|-1": ("C13", 1), "0|1": ("C14", 3),
    "1|-1": ("C04", 2), "1|1": ("C05", 3), "-1|1": ("C11", 0), "-1|-1": ("C12", 1),
}


def test_R2_nothing_can_be_placed_the_build_is_skipped_and_the_final_round_begins():
    s = position(CLOSED, {"red-chief": "0|0", "yellow-chief": "0|0"}, phase="build",
                 display=["LAB", "INF"], stack=["JUMP"], pod_stack=["P1"])
    assert reachable_from_wr(s) == set(s["board"])  # the ring is really connected
    # The build question lapses at once: the player is asked for an action.
    assert s["ask"]["q"] == "action"
    assert s["final"] == ["yellow"]
    # From a turn before (yellow ending), red's turn shows the events of the skip.
    s = position(CLOSED, {"red-chief": "0|0", "yellow-chief": "0|0"}, phase="end", seat=1,
                 display=["LAB", "INF"], stack=["JUMP"], pod_stack=["P1"])
    s, events = play(s, {"type": "end_turn"})
    assert {"e": "lapse", "what": "build"} in events
    assert {"e": "final_round", "reason": "no_placement"} in events
    assert s["ask"]["q"] == "action"
    assert s["display"] == ["LAB", "INF"]


def test_R2_after_the_skip_no_later_turn_builds():
    s = position(CLOSED, {"red-chief": "0|0", "yellow-chief": "0|0"}, phase="build",
                 display=["LAB", "INF"], stack=["JUMP"], pod_stack=["P1"])
    s, events = play(s, {"type": "step", "figure": "red-chief", "to": "1|0"},
                     {"type": "end_turn"})
    assert s["colours"][s["turn"]["seat"]] == "yellow"
    assert s["ask"]["q"] == "action"
    assert "placed" not in kinds(events)


def test_R2_the_final_round_ends_the_game_after_the_others_play():
    s = position(CLOSED, {"red-chief": "0|0", "yellow-chief": "0|0"}, phase="build",
                 display=["LAB"], stack=[], pod_stack=["P1"])
    s, _ = play(s, {"type": "step", "figure": "red-chief", "to": "1|0"}, {"type": "end_turn"},
                {"type": "step", "figure": "yellow-chief", "to": "-1|0"}, {"type": "end_turn"})
    assert RULES.outcome(s) is not None


# --- rotations -------------------------------------------------------------------------------

def test_only_distinct_rotations_are_offered():
    s = build(LINE, display=["C08", "C01", "C04"], stack=["INF"])
    options = legal(s)
    assert len(options) == len({(d["tile"], d["cell"], d["rotation"]) for d in options})
    # The cross looks the same in every rotation: one rotation per cell.
    assert {r for _, r in spots(s, "C08")} == {0}
    # A straight corridor has two looks: 0 (N-S) and 1 (E-W); west of the Waking Room only E-W.
    assert {r for _, r in spots(s, "C01")} <= {0, 1}
    assert {r for cell, r in spots(s, "C01") if cell == "-1|0"} == {1}
    # A corner has four looks; east of 3|0 the ones with a west door: 2 (S+W) and 3 (W+N).
    assert {r for cell, r in spots(s, "C04") if cell == "4|0"} == {2, 3}


def test_apply_never_mutates_its_input():
    s = build(LINE, display=["LAB"], stack=["INF"])
    before = RULES.dump(s)
    RULES.apply(s, {"type": "place", "tile": "LAB", "cell": "4|0", "rotation": 2})
    assert RULES.dump(s) == before


def test_R21_any_rotation_with_the_same_doors_is_the_same_placement_stored_once():
    from games.rules.argo.station import specs
    s = build(LINE, display=["C08", "C01", "C04"], stack=["INF"])
    spec = specs(s)["C01"]
    cell, rotation = next((c, r) for c, r in spots(s, "C01") if r == 0)
    same = next(r for r in (1, 2, 3) if spec.doors_at(r) == spec.doors_at(0))
    after, events = RULES.apply(s, {"type": "place", "tile": "C01", "cell": cell, "rotation": same})
    assert after["board"][cell]["rot"] == 0 and events[0]["e"] == "placed"
    assert RULES.apply(s, {"type": "place", "tile": "C01", "cell": cell, "rotation": 0})[0] == after
