"""`RULES.check` / `RULES.load` refuse impossible positions, naming the reason; `RULES.at_phase`
starts a hand-written position; no position reached in real play is ever refused
(games/rules/argo/docs/state.md, "A valid position")."""
from __future__ import annotations

import json

import pytest

from games.rules import ImpossiblePosition
from games.rules.argo import RULES
from games.rules.argo.turn import clone

from .positions import position

# Waking Room, corridors on 1|0, 2|0 and 3|0 (capacity 1, doors turned east-west), a Warehouse
# (capacity 2) on 4|0 and pod P1 on 5|0 with its door turned west onto the Warehouse.
BOARD = {"0|0": "WR", "1|0": ("C01", 1), "2|0": ("C02", 1), "3|0": ("C03", 1), "4|0": "WH2", "5|0": ("P1", 3)}
FIGURES = {"red-chief": "0|0", "red-grunt": "2|0", "yellow-grunt": "4|0", "yellow-pilot": "0|0"}


def base(**kwargs) -> dict:
    return position(BOARD, FIGURES, **kwargs)


def refused(s, reason: str) -> None:
    """Both `check` and `load` refuse `s`, naming `reason`."""
    with pytest.raises(ImpossiblePosition, match=reason):
        RULES.check(s)
    with pytest.raises(ImpossiblePosition, match=reason):
        RULES.load(json.dumps(s))


def test_the_base_position_is_possible():
    s = base()
    RULES.check(s)
    assert RULES.load(RULES.dump(s)) == s
    assert s["ask"] == {"q": "action"}


# --- the station -----------------------------------------------------------------------------

def test_a_disconnected_station_is_refused():
    s = base()
    s["board"]["7|7"] = {"tile": "C05", "rot": 0}
    refused(s, r"the station is disconnected: 7\|7 cannot be reached from the Waking Room")


def test_a_tile_whose_door_faces_a_wall_is_disconnected():
    s = base()
    s["board"]["1|0"]["rot"] = 0  # C01 turned north-south: the Waking Room sees a wall
    refused(s, "the station is disconnected")


def test_a_pod_docked_to_nothing_is_refused():
    s = base()
    s["board"]["5|0"]["rot"] = 0  # its one door faces north, where nothing lies
    refused(s, r"pod P1 on 5\|0 is docked to nothing")


def test_a_pod_docked_to_a_pod_is_refused():
    s = base(pod_stack=())
    s["board"]["5|-1"] = {"tile": "P2", "rot": 2, "seats": [None, None]}  # door south, onto P1's wall
    s["board"]["5|0"]["rot"] = 0  # P1's door north, onto P2
    refused(s, "is docked to nothing")


def test_the_waking_room_lies_on_the_origin():
    s = base()
    s["board"]["0|0"], s["board"]["1|0"] = s["board"]["1|0"], s["board"]["0|0"]
    refused(s, r"the Waking Room must lie on 0\|0")


# --- components ------------------------------------------------------------------------------

def test_a_tile_in_two_places_is_refused():
    s = base()
    s["display"] = ["C01", "LAB", "SEC"]
    refused(s, r"tile C01 is in two places: board 1\|0 and the display")


def test_a_tile_twice_on_the_board_is_refused():
    s = base()
    s["board"]["-1|0"] = {"tile": "C02", "rot": 1}
    refused(s, "tile C02 is in two places")


def test_more_pods_than_the_game_has_are_refused():
    s = base()
    s["launched"] = 4  # two players play with four pods; one more lies on the board
    refused(s, "1 pods on the board or in the stack and 4 launched: this game has 4 pods")


def test_a_pod_for_more_players_is_refused():
    s = base()
    s["pod_stack"] = ["P5"]
    refused(s, r"pod P5 is for 3\+ players only")


def test_a_module_in_the_pod_stack_is_refused():
    s = base()
    s["pod_stack"] = ["LAB"]
    refused(s, "the pod stack holds LAB, a lab")


def test_a_display_of_more_than_three_is_refused():
    s = base()
    s["display"] = ["LAB", "SEC", "JUMP", "CTRL"]
    refused(s, "the display holds 4 modules; it holds at most 3")


def test_more_aliens_than_the_box_holds_are_refused():
    s = base()
    s["aliens"] = {f"alien-{i}": "2|0" for i in range(1, 8)}
    s["next_alien"] = 8
    refused(s, "7 aliens on the station")


# --- figures ---------------------------------------------------------------------------------

def test_a_figure_on_a_missing_tile_is_refused():
    s = base()
    s["astronauts"]["red-chief"] = "9|9"
    refused(s, r"red-chief stands on '9\|9', which is not a tile on the board")


def test_an_alien_on_a_missing_tile_is_refused():
    s = base(aliens={"alien-1": "2|0"})
    s["aliens"]["alien-1"] = "9|9"
    refused(s, r"alien-1 stands on '9\|9', which is not a tile")


def test_a_tile_over_capacity_is_refused():
    s = base()
    s["astronauts"]["red-chief"] = "2|0"  # C02 holds one astronaut; red's grunt stands there
    refused(s, r"C02 on 2\|0 holds 2 astronauts, over its capacity of 1")


def test_a_seated_astronaut_must_stand_on_her_pod():
    s = base()
    s["board"]["5|0"]["seats"] = ["yellow-pilot", None]  # but she is in the Waking Room
    refused(s, r"yellow-pilot sits in the pod on 5\|0 but stands on '0\|0'")


def test_an_astronaut_on_a_pod_needs_a_seat():
    s = base()
    s["astronauts"]["yellow-pilot"] = "5|0"
    refused(s, r"yellow-pilot stands on the pod on 5\|0 without a seat in it")


def test_a_full_pod_on_the_board_is_refused():
    s = base()
    s["board"]["5|0"]["seats"] = ["yellow-pilot", "red-chief"]
    s["astronauts"].update({"yellow-pilot": "5|0", "red-chief": "5|0"})
    refused(s, "is full; a full pod launches at once")


def test_the_seat_of_lowest_value_fills_first():
    s = base()
    s["board"]["5|0"]["seats"] = [None, "yellow-pilot"]
    s["astronauts"]["yellow-pilot"] = "5|0"
    refused(s, "the seat of lowest value fills first")


def test_the_track_holds_exactly_the_dead():
    s = base()
    s["astronauts"]["red-chief"] = "dead"
    refused(s, r"the alien track must hold exactly the dead astronauts \(red-chief\)")


def test_a_full_track_ends_the_game():
    s = base()  # medium, two players: the token covers 2 of 9 slots, leaving room for 7
    dead = ["red-chief", "red-explorer", "red-pilot", "red-robot", "yellow-chief", "yellow-explorer",
            "yellow-robot"]
    s["astronauts"].update(dict.fromkeys(dead, "dead"))
    s["track"] = dead
    refused(s, "the alien track is full, so the game must be over")


def test_an_alien_in_the_waking_room_is_refused():
    s = base(aliens={"alien-1": "2|0"})
    s["aliens"]["alien-1"] = "0|0"
    refused(s, r"alien-1 stands on a waking_room \(0\|0\)")


def test_two_aliens_on_one_tile_outside_an_alien_push_are_refused():
    s = base(aliens={"alien-1": "2|0", "alien-2": "3|0"})
    s["aliens"]["alien-2"] = "2|0"
    refused(s, r"2 aliens share 2\|0")


def test_an_alien_id_not_below_next_alien_is_refused():
    s = base(aliens={"alien-1": "2|0"})
    s["next_alien"] = 1
    refused(s, r"'alien-1' is not an alien id below next_alien \(1\)")


# --- the turn and the question ---------------------------------------------------------------

def test_a_question_with_no_legal_answer_is_refused():
    s = base()
    s["turn"]["phase"] = "alien"
    s["ask"] = {"q": "alien_move"}  # there is no alien to move
    refused(s, "the pending question {'q': 'alien_move'} has no legal answer")


def test_at_phase_lets_the_same_position_pass_on():
    s = base()
    s["turn"]["phase"] = "alien"
    s["ask"] = {"q": "alien_move"}
    started = RULES.at_phase(s, "alien")  # no alien: on to the build, then the actions
    assert started["turn"]["phase"] == "actions" and started["ask"] == {"q": "action"}
    assert s["ask"] == {"q": "alien_move"}  # the input is left alone


def test_a_malformed_question_is_refused():
    s = base()
    s["ask"] = {"q": "step"}  # which astronaut steps?
    refused(s, "the pending question {'q': 'step'} is malformed")


def test_a_question_of_another_phase_is_refused():
    s = base()
    s["ask"] = {"q": "build"}
    refused(s, "the question 'build' is never asked in the actions phase")


def test_no_question_while_the_game_goes_on_is_refused():
    s = base()
    s["ask"] = None
    refused(s, "the game is not over but no question is pending")


def test_a_question_after_the_end_is_refused():
    s = base()
    s["over"] = {"reason": "last_turns"}
    refused(s, "the game is over, so no question, queue or chain may be pending")


def test_a_push_question_outside_a_chain_is_refused():
    s = base()
    s["ask"] = {"q": "push", "cell": "2|0", "from": "1|0", "entering": "red-chief"}
    refused(s, "a 'push' question is asked only inside a chain")


def test_the_first_turn_flag_follows_the_turns_played():
    s = base()
    s["turn"]["first"] = True
    refused(s, "turn.first must be true exactly when red has not finished a turn yet")


def test_an_unknown_phase_is_refused():
    s = base()
    s["turn"]["phase"] = "lunch"
    refused(s, "turn.phase 'lunch' is not one of alien, build, actions")


def test_the_shape_is_checked_first():
    s = base()
    del s["track"]
    refused(s, "state field 'track' is missing")
    with pytest.raises(ImpossiblePosition, match="not JSON"):
        RULES.load("{")


# --- at_phase --------------------------------------------------------------------------------

def test_at_phase_starts_each_phase():
    s = base(display=["LAB", "SEC", "JUMP"])
    assert RULES.at_phase(s, "build")["ask"] == {"q": "build"}
    assert RULES.at_phase(s, "actions")["ask"] == {"q": "action"}
    end = RULES.at_phase(s, "end")
    assert end["ask"] == {"q": "end_turn"} and end["turn"]["actions"] == 0
    with_alien = position(BOARD, FIGURES, {"alien-1": "2|0"}, display=["LAB", "SEC", "JUMP"])
    assert RULES.at_phase(with_alien, "alien")["ask"] == {"q": "alien_move"}


def test_at_phase_refuses_an_unknown_phase_a_finished_game_and_an_impossible_position():
    s = base()
    with pytest.raises(ImpossiblePosition, match="unknown phase 'lunch'"):
        RULES.at_phase(s, "lunch")
    over = clone(s)
    over.update(over={"reason": "last_turns"}, ask=None)
    with pytest.raises(ImpossiblePosition, match="the game is over"):
        RULES.at_phase(over, "actions")
    s["astronauts"]["red-chief"] = "2|0"
    with pytest.raises(ImpossiblePosition, match="over its capacity"):
        RULES.at_phase(s, "actions")
    with pytest.raises(ImpossiblePosition, match="over its capacity"):
        position(BOARD, {**FIGURES, "red-chief": "2|0"})


# --- real play is never refused --------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_position_of_real_play_passes_the_check(players):
    """Every state of 8 whole games per player count (random and greedy bots, every option)."""
    for seed in range(8):
        options = {"difficulty": ("easy", "medium", "hard")[seed % 3], "mean_teleporters": seed % 2 == 1}
        bots = [RULES.bot("greedy" if (seed + i) % 3 == 0 else "random", seed * 10 + i) for i in range(players)]
        s = RULES.new_game(players, seed, options)
        while True:
            try:
                RULES.check(s)
            except ImpossiblePosition as exc:
                raise AssertionError(f"{players} players, seed {seed}, decision {s['seq']}: {exc}") from None
            if s["over"] is not None:
                break
            s, _ = RULES.apply(s, bots[RULES.current_seat(s)].choose(s))
