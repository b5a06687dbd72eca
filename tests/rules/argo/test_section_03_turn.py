"""RULES.md section 3: the turn's phases, the first turn, the two actions, R1, R2, R3."""
from __future__ import annotations

import pytest

from games.rules import IllegalAction
from games.rules.argo import PRESENTATION, RULES

from .positions import kinds, legal, loose_position, play, position

END = {"type": "end_turn"}
ORDER = {"alien": 0, "build": 1, "actions": 2}

# A small station: the Waking Room, a corridor going east (1|0, 2|0) and one going south (0|1),
# a Warehouse north (0|-1), and a corner (C11, alien symbol) at 2|1 below the east corridor.
BOARD = {"0|0": "WR", "1|0": ("C01", 1), "2|0": ("C02", 1), "0|1": "C03", "0|-1": "WH1",
         "3|0": ("C13", 2)}


def from_previous_turn(board, astronauts, aliens=None, *, players=2, seat=0, **kw):
    """The player before `seat` is about to end his turn: apply end_turn to reach `seat`'s turn."""
    before = (seat - 1) % players
    s = loose_position(board, astronauts, aliens, players=players, seat=before, phase="end", **kw)
    return RULES.apply(s, END)


# --- phases in order ---------------------------------------------------------------------------

def test_phases_in_order_alien_build_actions_end():
    s, events = from_previous_turn(
        BOARD, {"red-grunt": "0|0", "red-pilot": "0|0", "yellow-chief": "0|0"},
        {"alien-1": "3|0"}, display=["C04", "INF", "LAB"], stack=["CORE"])
    assert events[-1] == {"e": "turn", "colour": "red", "number": 6, "last": False}
    assert s["turn"]["phase"] == "alien" and s["ask"]["q"] == "alien_move"
    assert PRESENTATION.prompt(s) == "Move an alien"
    s, _ = play(s, {"type": "alien", "alien": "alien-1", "to": "2|0"})
    assert s["turn"]["phase"] == "build" and s["ask"]["q"] == "build"
    place = next(d for d in legal(s) if d["tile"] == "C04")
    s, _ = play(s, place)
    assert s["turn"]["phase"] == "actions" and s["ask"]["q"] == "action"
    assert s["turn"]["actions"] == 2
    s, _ = play(s, {"type": "step", "figure": "red-grunt", "to": "1|0"})
    assert s["ask"]["q"] == "action"
    s, _ = play(s, {"type": "step", "figure": "red-pilot", "to": "0|1"})
    assert s["ask"] == {"q": "end_turn"}
    assert legal(s) == [END]


def test_phases_never_go_backwards_in_bot_games():
    for seed in range(6):
        s = RULES.new_game(2 + seed % 3, seed)
        bot = RULES.bot("random", seed)
        last = (s["turn"]["number"], -1)
        while s["over"] is None:
            here = (s["turn"]["number"], ORDER[s["turn"]["phase"]])
            assert here >= last, (seed, here, last)
            last = here
            if s["ask"]["q"] == "end_turn":
                assert s["turn"]["phase"] == "actions" and s["turn"]["actions"] == 0
            s, _ = RULES.apply(s, bot.choose(s))


def test_alien_phase_is_skipped_without_aliens():
    s, events = from_previous_turn(BOARD, {"red-grunt": "0|0", "yellow-chief": "0|0"},
                                   display=["C04"], stack=["INF"])
    assert s["ask"] == {"q": "build"}
    assert "alien_moves" not in kinds(events) and "lapse" not in kinds(events)


def test_build_phase_is_skipped_when_modules_are_out():
    s, events = from_previous_turn(BOARD, {"red-grunt": "0|0", "yellow-chief": "0|0"},
                                   pod_stack=["P1"])
    assert s["ask"] == {"q": "action"}


# --- the first turn: one action, a Move ----------------------------------------------------------

def test_first_turn_has_one_action_and_it_is_a_move():
    s = RULES.new_game(2, 3)
    s, _ = play(s, legal(s)[0])
    assert s["ask"] == {"q": "action"} and s["turn"]["actions"] == 1
    assert legal(s) and all(d["type"] == "step" for d in legal(s))
    assert PRESENTATION.prompt(s) == "Your single action this first turn: move an astronaut"
    step = next(d for d in legal(s) if d["figure"].endswith("-grunt"))
    s, _ = play(s, step)
    assert s["ask"] == {"q": "end_turn"}


def test_first_turn_refuses_an_activation():
    s, _ = from_previous_turn(BOARD, {"red-chief": "0|-1", "red-grunt": "0|0", "yellow-chief": "0|0"},
                              turns_played={"red": 0, "yellow": 1})
    assert s["turn"]["first"] is True and s["turn"]["actions"] == 1
    assert {"type": "activate", "figure": "red-chief"} not in legal(s)
    assert all(d["type"] == "step" for d in legal(s))
    with pytest.raises(IllegalAction) as info:
        RULES.apply(s, {"type": "activate", "figure": "red-chief"})
    assert "first turn" in str(info.value)


def test_second_turn_has_two_actions():
    s, _ = from_previous_turn(BOARD, {"red-chief": "0|-1", "red-grunt": "0|0", "yellow-chief": "0|0"},
                              turns_played={"red": 1, "yellow": 1})
    assert s["turn"]["first"] is False and s["turn"]["actions"] == 2
    assert {"type": "activate", "figure": "red-chief"} in legal(s)
    assert PRESENTATION.prompt(s) == "Action 1 of 2: move an astronaut or activate a module"


def test_every_players_first_turn_is_short_in_a_real_game():
    s = RULES.new_game(3, 8)
    bot = RULES.bot("random", 1)
    seen = {}
    while len(seen) < 3:
        colour = s["colours"][s["turn"]["seat"]]
        if s["ask"]["q"] == "action" and colour not in seen:
            seen[colour] = s["turn"]["actions"]
            assert all(d["type"] == "step" for d in legal(s))
        s, _ = RULES.apply(s, bot.choose(s))
    assert seen == {"red": 1, "yellow": 1, "green": 1}


# --- two actions, any order, never two Moves for one astronaut -------------------------------

def _two_actions_state():
    s, _ = from_previous_turn(BOARD, {"red-chief": "0|-1", "red-grunt": "0|0", "yellow-chief": "0|0"})
    return s


def test_activate_then_move():
    s = _two_actions_state()
    s, events = play(s, {"type": "activate", "figure": "red-chief"},
                     {"type": "step", "figure": "red-grunt", "to": "1|0"})
    assert s["scores"]["red"] == 4
    assert s["astronauts"]["red-grunt"] == "1|0"
    assert s["ask"] == {"q": "end_turn"}


def test_move_then_activate():
    s = _two_actions_state()
    s, events = play(s, {"type": "step", "figure": "red-grunt", "to": "1|0"},
                     {"type": "activate", "figure": "red-chief"})
    assert s["scores"]["red"] == 4
    assert s["ask"] == {"q": "end_turn"}


def test_two_moves_of_different_astronauts():
    s = _two_actions_state()
    s, _ = play(s, {"type": "step", "figure": "red-grunt", "to": "1|0"},
                {"type": "step", "figure": "red-chief", "to": "0|0"})
    assert s["astronauts"]["red-chief"] == "0|0" and s["ask"] == {"q": "end_turn"}


def test_no_second_move_for_the_same_astronaut():
    s = _two_actions_state()
    s, _ = play(s, {"type": "step", "figure": "red-grunt", "to": "1|0"})
    assert s["ask"] == {"q": "action"}
    assert not [d for d in legal(s) if d.get("figure") == "red-grunt"]
    with pytest.raises(IllegalAction) as info:
        RULES.apply(s, {"type": "step", "figure": "red-grunt", "to": "2|0"})
    assert "already" in str(info.value)


def test_explorer_move_is_one_move_of_up_to_two_steps():
    s, _ = from_previous_turn(BOARD, {"red-explorer": "0|0", "red-grunt": "0|1", "yellow-chief": "0|0"})
    s, _ = play(s, {"type": "step", "figure": "red-explorer", "to": "1|0"})
    assert s["ask"]["q"] == "step" and {"type": "stop"} in legal(s)
    # She must finish her move before another action.
    with pytest.raises(IllegalAction):
        RULES.apply(s, {"type": "step", "figure": "red-grunt", "to": "0|0"})
    s, _ = play(s, {"type": "step", "figure": "red-explorer", "to": "2|0"})
    assert s["ask"] == {"q": "action"} and s["turn"]["actions"] == 1
    assert not [d for d in legal(s) if d.get("figure") == "red-explorer"]


def test_moved_astronaut_may_still_activate():
    s, _ = from_previous_turn(BOARD, {"red-chief": "0|0", "yellow-chief": "0|0"})
    s, _ = play(s, {"type": "step", "figure": "red-chief", "to": "0|-1"})
    assert legal(s) == [{"type": "activate", "figure": "red-chief"}]
    s, _ = play(s, {"type": "activate", "figure": "red-chief"})
    assert s["scores"]["red"] == 4


# --- R1: aliens on board but none can move ---------------------------------------------------------

def test_R1_no_alien_can_move_but_the_kill_still_happens():
    # alien-1 on 1|0 (east-west corridor): west is the Waking Room, east is open space.
    s, events = from_previous_turn({"0|0": "WR", "1|0": ("C09", 1)},
                                   {"red-grunt": "0|0", "yellow-pilot": "1|0"}, {"alien-1": "1|0"})
    assert {"e": "lapse", "what": "alien_move"} in events
    assert "alien_moves" not in kinds(events)
    assert s["astronauts"]["yellow-pilot"] == "dead"
    assert s["track"] == ["yellow-pilot"]
    assert s["scores"]["red"] == 1
    assert kinds(events).index("lapse") < kinds(events).index("dies")
    assert s["ask"]["q"] == "action"  # on to the next phases


def test_R1_aliens_that_cannot_move_and_find_nobody_just_pass():
    s, events = from_previous_turn({"0|0": "WR", "1|0": ("C09", 1), "0|1": ("SAFE", 0)},
                                   {"red-grunt": "0|0"}, {"alien-1": "1|0"})
    assert {"e": "lapse", "what": "alien_move"} in events
    assert "dies" not in kinds(events)
    assert s["aliens"] == {"alien-1": "1|0"}
    assert s["ask"]["q"] == "action"


def test_R1_when_an_alien_can_move_the_move_is_mandatory():
    s, events = from_previous_turn({"0|0": "WR", "1|0": ("C09", 1), "2|0": ("C01", 1)},
                                   {"red-grunt": "0|0", "yellow-chief": "0|0"}, {"alien-1": "1|0"})
    assert s["ask"]["q"] == "alien_move"
    assert legal(s) == [{"type": "alien", "alien": "alien-1", "to": "2|0"}]
    with pytest.raises(IllegalAction):
        RULES.apply(s, END)


def test_R1_kill_happens_after_the_move_also_for_aliens_that_did_not_move():
    board = {"0|0": "WR", "1|0": ("C09", 1), "2|0": ("C01", 1), "0|1": "C10", "0|2": "C03"}
    s, events = from_previous_turn(board, {"red-grunt": "0|0", "yellow-chief": "0|1"},
                                   {"alien-1": "1|0", "alien-2": "0|1"})
    # alien-2 stands on yellow's Chief and could move; whichever alien moves, the Chief dies.
    s, events = play(s, {"type": "alien", "alien": "alien-1", "to": "2|0"})
    assert s["astronauts"]["yellow-chief"] == "dead"
    assert s["scores"]["red"] == 2


# --- R2: nothing can be placed ---------------------------------------------------------------------

# Pods in all four cells around the Waking Room, their doors facing it: no free door anywhere.
SEALED = {"0|0": "WR", "0|-1": ("P1", 2), "1|0": ("P2", 3), "0|1": ("P3", 0), "-1|0": ("P4", 1)}


def test_R2_no_legal_placement_skips_the_build_and_starts_the_final_round():
    s, events = from_previous_turn(SEALED, {"red-grunt": "0|0", "yellow-grunt": "0|0"},
                                   display=["C01", "LAB"], stack=["INF"], pod_stack=[])
    assert {"e": "lapse", "what": "build"} in events
    assert {"e": "final_round", "reason": "no_placement"} in events
    assert s["ask"]["q"] == "action"
    assert s["final"] == ["yellow"]
    assert s["display"] == ["C01", "LAB"]  # nothing was taken
    s, _ = play(s, {"type": "step", "figure": "red-grunt", "to": "1|0"}, END)
    # Yellow plays one more (last) turn, without a build phase, then the game ends.
    assert s["turn"]["seat"] == 1 and s["ask"]["q"] == "action"
    s, events = play(s, {"type": "step", "figure": "yellow-grunt", "to": "0|1"}, END)
    assert s["over"] == {"reason": "last_turns"}


def test_R2_a_pod_that_cannot_be_placed_also_counts():
    s, events = from_previous_turn(SEALED, {"red-grunt": "0|0", "yellow-grunt": "0|0"},
                                   display=[], stack=[], pod_stack=["P5"], players=3,
                                   modules_out=False)
    assert {"e": "lapse", "what": "build"} in events
    assert {"e": "final_round", "reason": "no_placement"} in events


def test_R2_the_build_is_mandatory_while_a_placement_exists():
    s, _ = from_previous_turn(BOARD, {"red-grunt": "0|0", "yellow-grunt": "0|0"},
                              display=["C04"], stack=["INF"])
    assert s["ask"] == {"q": "build"}
    assert legal(s) and all(d["type"] == "place" for d in legal(s))
    with pytest.raises(IllegalAction):
        RULES.apply(s, {"type": "step", "figure": "red-grunt", "to": "1|0"})


# --- R3: actions are mandatory while possible ----------------------------------------------------

def test_R3_cannot_end_the_turn_while_an_action_is_possible():
    s = _two_actions_state()
    assert END not in legal(s)
    with pytest.raises(IllegalAction):
        RULES.apply(s, END)
    s, _ = play(s, {"type": "activate", "figure": "red-chief"})
    with pytest.raises(IllegalAction):
        RULES.apply(s, END)


def test_R3_both_actions_lapse_when_nothing_is_possible():
    s, events = from_previous_turn({"0|0": "WR"}, {"red-grunt": "0|0", "yellow-grunt": "0|0"})
    assert {"e": "lapse", "what": "action", "left": 2} in events
    assert s["ask"] == {"q": "end_turn"} and legal(s) == [END]


def test_R3_the_second_action_lapses_when_the_first_used_the_only_option():
    # The grunt can step east once; then nothing is left for the second action.
    s, events = from_previous_turn({"0|0": "WR", "1|0": ("C01", 1)},
                                   {"red-grunt": "0|0", "yellow-grunt": "0|0"})
    assert legal(s) == [{"type": "step", "figure": "red-grunt", "to": "1|0"}]
    s, events = play(s, legal(s)[0])
    assert {"e": "lapse", "what": "action", "left": 1} in events
    assert s["ask"] == {"q": "end_turn"}


def test_R3_used_module_does_not_keep_an_action_open():
    # The Chief stands on a Warehouse red already used, walled off from the Waking Room: no action
    # is possible, so both lapse although a module is under his feet.
    s, events = from_previous_turn({"0|0": "WR", "0|-1": ("WH1", 1, ["red"])},
                                   {"red-chief": "0|-1", "yellow-grunt": "0|0"})
    assert {"e": "lapse", "what": "action", "left": 2} in events
    assert s["ask"] == {"q": "end_turn"}
    assert s["scores"]["red"] == 0


def test_R3_a_player_whose_astronauts_are_stuck_still_plays_his_turn():
    s, events = from_previous_turn({"0|0": "WR", "5|5": "C01"},
                                   {"red-grunt": "5|5", "yellow-grunt": "0|0"})
    assert {"e": "turn", "colour": "red", "number": 6, "last": False} in events
    assert {"e": "lapse", "what": "action", "left": 2} in events


# --- end_turn hands on -----------------------------------------------------------------------------

def test_end_turn_hands_on_to_the_next_seat():
    s = _two_actions_state()
    s, _ = play(s, {"type": "activate", "figure": "red-chief"},
                {"type": "step", "figure": "red-grunt", "to": "1|0"})
    assert RULES.current_seat(s) == 0
    s, events = play(s, END)
    assert RULES.current_seat(s) == 1
    assert kinds(events)[:2] == ["turn_end", "turn"]
    assert events[0] == {"e": "turn_end", "colour": "red"}
    assert events[1]["colour"] == "yellow"


@pytest.mark.parametrize("players", [3, 4])
def test_end_turn_goes_round_in_seat_order(players):
    colours = ["red", "yellow", "green", "blue"][:players]
    astronauts = {f"{c}-grunt": "0|0" for c in colours}
    s = position({"0|0": "WR"}, astronauts, players=players, seat=players - 1, phase="end")
    order = []
    for _ in range(players + 1):
        s, events = play(s, END)
        order.append(RULES.current_seat(s))
        assert s["ask"] == {"q": "end_turn"}  # nothing to do on a lone Waking Room (R3)
    assert order == [*range(players), 0]


def test_end_turn_only_answers_the_end_question():
    s = _two_actions_state()
    with pytest.raises(IllegalAction) as info:
        RULES.apply(s, END)
    assert "end_turn" in str(info.value)
