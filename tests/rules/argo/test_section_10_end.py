"""RULES.md section 10: the end of the game, as Yucata plays it."""
from __future__ import annotations

import pytest

from games.rules import IllegalAction
from games.rules.argo import RULES

from .positions import kinds, legal, loose_position, play, position

END = {"type": "end_turn"}

# Waking Room, a corridor north-south below it down to 0|3, an east-west corridor at 1|0 and -1|0.
BOARD = {"0|0": "WR", "0|1": "C01", "0|2": "C02", "0|3": "C03", "1|0": ("C04", 2), "-1|0": ("C05", 1)}


def turns_of(events):
    return [(e["colour"], e["last"]) for e in events if e["e"] == "turn"]


def finish_turn(s):
    """Play the current turn with the first legal decision each time, up to and with end_turn."""
    events = []
    seat = s["turn"]["seat"]
    number = s["turn"]["number"]
    while s["over"] is None and s["turn"]["number"] == number:
        d = legal(s)[0]
        s, ev = RULES.apply(s, d)
        events.extend(ev)
        if d == END:
            break
    assert number != s["turn"]["number"] or s["over"] is not None or s["turn"]["seat"] != seat
    return s, events


def assert_over(s, reason):
    assert s["over"] == {"reason": reason}
    assert RULES.current_seat(s) is None
    assert legal(s) == []
    with pytest.raises(IllegalAction) as info:
        RULES.apply(s, END)
    assert "over" in str(info.value)


# --- the alien track is full ----------------------------------------------------------------------

DEAD7 = ["yellow-chief", "yellow-explorer", "yellow-grunt", "yellow-robot", "red-explorer",
         "red-pilot", "red-robot"]


def test_full_track_ends_the_game_at_once_and_the_aliens_win():
    # Two players, easy: the 8th death fills the track. alien-1 cannot move (R1) and kills.
    s = position({"0|0": "WR", "1|0": ("C09", 1)},
                 {"red-chief": "0|0", "red-grunt": "0|0", "yellow-pilot": "1|0",
                  **dict.fromkeys(DEAD7, "dead")},
                 {"alien-1": "1|0"}, seat=1, phase="end", track=DEAD7,
                 options={"difficulty": "easy"}, scores={"red": 30, "yellow": 3},
                 display=["C04"], stack=["INF"])
    s, events = RULES.apply(s, END)
    assert s["astronauts"]["yellow-pilot"] == "dead"
    assert events[-1]["e"] == "game_over" and events[-1]["reason"] == "track_full"
    assert_over(s, "track_full")
    result = RULES.outcome(s)
    assert result["alien_victory"] is True and result["winners"] == []
    assert result["ranking"][0]["who"] == "aliens" and result["ranking"][0]["rank"] == 1


def test_full_track_stops_everything_else_in_the_kill_step():
    s = position({"0|0": "WR", "1|0": ("C09", 1), "-1|0": ("C10", 1)},
                 {"red-chief": "0|0", "red-grunt": "-1|0", "yellow-pilot": "1|0",
                  **dict.fromkeys(DEAD7, "dead")},
                 {"alien-1": "1|0", "alien-2": "-1|0"}, seat=1, phase="end", track=DEAD7,
                 options={"difficulty": "easy"})
    s, events = RULES.apply(s, END)
    assert s["ask"]["q"] == "kill_order"  # R20: one slot left, two victims: yellow chooses
    s, more = RULES.apply(s, {"type": "kill_first", "alien": "alien-1"})
    assert_over(s, "track_full")
    assert s["astronauts"]["red-grunt"] == "-1|0"  # alien-2 never got to kill
    assert kinds(events + more).count("dies") == 1


def test_track_not_yet_full_goes_on():
    s = position({"0|0": "WR", "1|0": ("C09", 1)},
                 {"red-chief": "0|0", "yellow-pilot": "1|0", **dict.fromkeys(DEAD7[:6], "dead")},
                 {"alien-1": "1|0"}, seat=1, phase="end", track=DEAD7[:6],
                 options={"difficulty": "easy"})
    s, _ = RULES.apply(s, END)
    assert s["over"] is None
    assert RULES.view(s, 0)["alien_track"]["score"] == 26


# --- the last pod launches ------------------------------------------------------------------------

def test_last_pod_launch_ends_the_game_at_once():
    s = position({**BOARD, "0|4": ("P4", 0, ["yellow-chief", None])},
                 {"red-grunt": "0|3", "red-chief": "0|0", "yellow-grunt": "0|0"})
    s["launched"] = 3  # P1-P3 are gone: P4 is the last pod of a two-player game
    s, events = play(s, {"type": "step", "figure": "red-grunt", "to": "0|4"})
    assert "launch" in kinds(events)
    assert_over(s, "all_pods")
    assert s["astronauts"]["yellow-chief"] == "escaped" and s["astronauts"]["red-grunt"] == "escaped"
    assert s["scores"] == {"red": 5, "yellow": 8}
    assert s["turn"]["actions"] == 1  # red's second action never came


def test_a_launch_that_is_not_the_last_goes_on():
    s = position({**BOARD, "0|4": ("P4", 0, ["yellow-chief", None])},
                 {"red-grunt": "0|3", "red-chief": "0|0", "yellow-grunt": "0|0"})
    s["launched"] = 2
    s, events = play(s, {"type": "step", "figure": "red-grunt", "to": "0|4"})
    assert "launch" in kinds(events)
    assert s["over"] is None and s["ask"] == {"q": "action"}


def test_pods_never_placed_mean_the_last_launch_does_not_end_the_game():
    # Three players: six pods; five launched, but the sixth was never placed. The fifth launch is
    # not the last: the game goes on.
    s = position({**BOARD, "0|4": ("P5", 0, ["yellow-chief", None])},
                 {"red-grunt": "0|3", "red-chief": "0|0", "yellow-grunt": "0|0",
                  "green-grunt": "0|0"}, players=3)
    s["launched"] = 4
    s, events = play(s, {"type": "step", "figure": "red-grunt", "to": "0|4"})
    assert "launch" in kinds(events) and s["over"] is None


# --- the last module is placed ------------------------------------------------------------------

def three_players(**astronauts):
    base = {"red-grunt": "0|0", "red-chief": "0|0", "yellow-grunt": "0|0", "green-grunt": "0|0"}
    base.update(astronauts)
    return {k: v for k, v in base.items() if v is not None}


def test_last_module_current_player_finishes_then_every_other_player_once():
    s = position(BOARD, three_players(), players=3, seat=0, phase="build",
                 display=["C06"], stack=[], pod_stack=["P1", "P2"])
    s, events = play(s, legal(s)[0])
    assert {"e": "final_round", "reason": "last_module"} in events
    assert s["ask"] == {"q": "action"} and s["turn"]["actions"] == 2  # red finishes his turn
    all_events = []
    for _ in range(3):
        s, ev = finish_turn(s)
        all_events.extend(ev)
        if s["over"] is None:
            # Building is over: pods still waiting are never placed.
            assert s["ask"]["q"] != "build"
    assert turns_of(all_events) == [("yellow", True), ("green", True)]
    assert_over(s, "last_turns")
    assert s["pod_stack"] == ["P1", "P2"]


def test_last_module_start_player_does_not_matter():
    s = position(BOARD, three_players(), players=3, seat=2, phase="build",
                 display=["C06"], stack=[])
    s, events = play(s, legal(s)[0])
    assert {"e": "final_round", "reason": "last_module"} in events
    all_events = []
    while s["over"] is None:
        s, ev = finish_turn(s)
        all_events.extend(ev)
    assert turns_of(all_events) == [("red", True), ("yellow", True)]


def test_modules_left_in_the_display_keep_the_game_going():
    s = position(BOARD, three_players(), players=3, seat=0, phase="build",
                 display=["C06", "C07"], stack=[])
    s, events = play(s, legal(s)[0])
    assert "final_round" not in kinds(events)
    s, _ = finish_turn(s)
    assert s["final"] is None and s["ask"] == {"q": "build"}


# --- a player with no astronaut on board --------------------------------------------------------

def test_player_without_astronauts_plays_no_turn_and_every_other_plays_one_more():
    # Yellow's astronauts have all escaped. Red ends his turn.
    s = position(BOARD, three_players(**{"yellow-grunt": None}), players=3, seat=0, phase="end")
    s, events = RULES.apply(s, END)
    assert {"e": "no_astronauts", "colour": "yellow"} in events
    assert {"e": "final_round", "reason": "no_astronauts"} in events
    assert s["over"] is None  # German rulebook and Yucata: not at once
    all_events = list(events)
    while s["over"] is None:
        s, ev = finish_turn(s)
        all_events.extend(ev)
    assert turns_of(all_events) == [("green", True), ("red", True)]
    assert_over(s, "last_turns")


def test_seated_astronauts_do_not_count_as_on_board():
    s = position({**BOARD, "0|4": ("P4", 0, ["yellow-grunt", None])},
                 three_players(**{"yellow-grunt": None}), players=3, seat=0, phase="end")
    s, events = RULES.apply(s, END)
    assert {"e": "no_astronauts", "colour": "yellow"} in events


def test_dead_astronauts_do_not_count_as_on_board():
    dead = [f"yellow-{r}" for r in ("chief", "explorer", "pilot", "grunt", "robot")]
    s = position(BOARD, three_players(**dict.fromkeys(dead, "dead")), players=3, seat=0,
                 phase="end", track=dead)
    s, events = RULES.apply(s, END)
    assert {"e": "no_astronauts", "colour": "yellow"} in events


def test_stuck_astronauts_still_count_by_status():
    # Yellow's grunt stands on a tile that no door reaches: yellow still has a turn.
    s = loose_position({**BOARD, "5|5": "C06"}, three_players(**{"yellow-grunt": "5|5"}),
                 players=3, seat=0, phase="end")
    s, events = RULES.apply(s, END)
    assert "no_astronauts" not in kinds(events)
    assert ("yellow", False) in turns_of(events)


def test_player_out_is_never_asked_again():
    s = position(BOARD, three_players(**{"yellow-grunt": None}), players=3, seat=2, phase="end")
    seen = []
    while s["over"] is None:
        seen.append(RULES.current_seat(s))
        s, _ = finish_turn(s)
    assert 1 not in seen


def test_two_players_the_remaining_player_plays_twice_in_a_row():
    s = position(BOARD, {"red-grunt": "0|0"}, players=2, seat=0, phase="end")
    s, events = RULES.apply(s, END)
    assert {"e": "no_astronauts", "colour": "yellow"} in events
    assert turns_of(events) == [("red", True)]
    s, _ = finish_turn(s)
    assert_over(s, "last_turns")


# --- a later trigger only takes turns away ---------------------------------------------------------

def test_later_no_astronauts_trigger_does_not_give_extra_turns():
    # Red places the last module (final round: yellow, green). Yellow then has nobody left.
    s = position(BOARD, three_players(**{"yellow-grunt": None}), players=3, seat=0,
                 phase="build", display=["C06"], stack=[])
    s, events = play(s, legal(s)[0])
    assert s["final"] == ["yellow", "green"]
    all_events = []
    while s["over"] is None:
        s, ev = finish_turn(s)
        all_events.extend(ev)
    assert {"e": "no_astronauts", "colour": "yellow"} in all_events
    assert turns_of(all_events) == [("green", True)]  # red gets no new turn
    assert [e for e in all_events if e["e"] == "final_round"] == []


def test_later_last_module_does_not_give_extra_turns():
    # Yellow has nobody: final round green, red. Green then places the last module.
    s = position(BOARD, three_players(**{"yellow-grunt": None}), players=3, seat=0, phase="end",
                 display=["C06"], stack=[])
    s, events = RULES.apply(s, END)
    assert ("green", True) in turns_of(events) and s["ask"] == {"q": "build"}
    s, ev = play(s, legal(s)[0])
    assert "final_round" not in kinds(ev)
    all_events = []
    while s["over"] is None:
        s, ev = finish_turn(s)
        all_events.extend(ev)
    assert turns_of(all_events) == [("red", True)]
    assert_over(s, "last_turns")


def test_later_R2_skip_does_not_give_extra_turns():
    sealed = {"0|0": "WR", "0|-1": ("P1", 2), "1|0": ("P2", 3), "0|1": ("P3", 0), "-1|0": ("P4", 1)}
    s = position(sealed, {"red-grunt": "0|0", "green-grunt": "0|0"}, players=3, seat=0,
                 phase="end", display=["C06"], stack=["INF"])
    s, events = RULES.apply(s, END)
    # Yellow is out first; green cannot build (R2) in his last turn: nothing is added.
    assert {"e": "no_astronauts", "colour": "yellow"} in events
    assert {"e": "lapse", "what": "build"} in events
    assert [e["reason"] for e in events if e["e"] == "final_round"] == ["no_astronauts"]
    all_events = list(events)
    while s["over"] is None:
        s, ev = finish_turn(s)
        all_events.extend(ev)
    assert turns_of(all_events) == [("green", True), ("red", True)]


def test_a_player_in_the_final_round_who_loses_everyone_loses_his_last_turn():
    # Red places the last module (final round: yellow, green); green has only a seated grunt.
    s = position({**BOARD, "0|4": ("P4", 0, ["green-grunt", None])},
                 three_players(**{"green-grunt": None}), players=3, seat=0, phase="build",
                 display=["C06"], stack=[])
    s, _ = play(s, legal(s)[0])
    all_events = []
    while s["over"] is None:
        s, ev = finish_turn(s)
        all_events.extend(ev)
    assert turns_of(all_events) == [("yellow", True)]
    assert {"e": "no_astronauts", "colour": "green"} in all_events


def test_game_ends_when_no_player_has_a_turn_left():
    # Two players: red places the last module; yellow, the only one left to play, has nobody.
    s = position(BOARD, {"red-grunt": "0|0"}, players=2, seat=0, phase="build",
                 display=["C06"], stack=[])
    s, _ = play(s, legal(s)[0])
    s, events = finish_turn(s)
    assert {"e": "no_astronauts", "colour": "yellow"} in events
    assert turns_of(events) == []
    assert_over(s, "last_turns")


def test_everyone_out_ends_the_game():
    s = position(BOARD, {}, players=2, seat=0, phase="end")  # nobody of either colour on board
    s, events = RULES.apply(s, END)
    assert_over(s, "last_turns")
    assert turns_of(events) == []


def test_bot_games_end_for_a_reason_of_section_10():
    reasons = set()
    for seed in range(15):
        s = RULES.new_game(2 + seed % 3, seed)
        bot = RULES.bot("random", seed)
        while s["over"] is None:
            s, _ = RULES.apply(s, bot.choose(s))
        reasons.add(s["over"]["reason"])
        assert s["over"]["reason"] in ("track_full", "all_pods", "last_turns")
        assert RULES.outcome(s) is not None
    assert len(reasons) >= 2


def test_a_player_out_stays_out_even_with_an_astronaut_back_on_board():
    # Yellow went out earlier (final round: green, red); the Infirmary has since brought
    # yellow's Chief back to the Waking Room. Yellow still plays no turn ("now or later").
    s = position(BOARD, three_players(**{"yellow-chief": "0|0"}), players=3, seat=0,
                 phase="end", out=["yellow"], final=["green"])
    s, events = RULES.apply(s, END)
    assert ("yellow", True) not in turns_of(events) and ("yellow", False) not in turns_of(events)
    assert turns_of(events) == [("green", True)]
    s, events = finish_turn(s)
    assert_over(s, "last_turns")
