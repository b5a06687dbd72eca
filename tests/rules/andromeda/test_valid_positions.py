"""`RULES.check` / `RULES.load` refuse impossible positions, naming the reason; `RULES.at_phase`
starts a hand-written position; no position reached in real play is ever refused
(games/rules/andromeda/docs/state.md, "A valid position")."""
from __future__ import annotations

import json

import pytest

from games.rules import ImpossiblePosition
from games.rules.andromeda import RULES
from games.rules.andromeda.ships import BOARD
from games.rules.andromeda.state import PHASES
from games.rules.andromeda.turn import clone

from .positions import position

# Three players, red to act in turn 5: a ship of each colour on the board, every other ship on
# its platform (six each), every Lost Ship aside. The seed deals red A10, yellow A5, green A3;
# W6 and A9 lie open.
SHIPS = {"A11": "red", "C6": "red", "A9": "yellow", "B3": "green"}


def base(**kwargs) -> dict:
    return position(3, board=SHIPS, **kwargs)


def refused(s, reason: str) -> None:
    """Both `check` and `load` refuse `s`, naming `reason`."""
    with pytest.raises(ImpossiblePosition, match=reason):
        RULES.check(s)
    with pytest.raises(ImpossiblePosition, match=reason):
        RULES.load(json.dumps(s))


def home(s, colour: str) -> None:
    """`colour` has saved every ship: platform empty, Lost Ship placed, none left on the board."""
    for node in [n for n, c in s["board"].items() if c == colour]:
        del s["board"][node]
    s["platform"][colour] = 0
    s["lost"][colour] = "placed"
    s["saved"][colour] = BOARD.ships[s["players"]] + 1
    s["first_empty"] = s["first_empty"] or colour


def test_the_base_position_is_possible():
    s = base()
    RULES.check(s)
    assert RULES.load(RULES.dump(s)) == s
    assert s["ask"] == {"q": "turn", "seat": 0} and s["turn"]["phase"] == "cards"
    assert s["hands"] == {"red": ["A10"], "yellow": ["A5"], "green": ["A3"]}
    assert s["open"] == {"warning": "W6", "alert": "A9"}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_start_position_is_possible(players):
    s = RULES.new_game(players, 7)
    RULES.check(s)
    assert RULES.load(RULES.dump(s)) == s
    assert s["turn"]["phase"] == "setup" and s["ask"]["q"] == "return_mission"


# --- the shape (validate_state) ---------------------------------------------------------------

def test_the_shape_is_checked_first():
    s = base()
    del s["blocked"]
    refused(s, "state field 'blocked' is missing")
    s = base()
    s["board"] = []
    refused(s, "state field 'board' has the wrong type")
    with pytest.raises(ImpossiblePosition, match="a state is a JSON object"):
        RULES.check([])
    with pytest.raises(ImpossiblePosition, match="not JSON"):
        RULES.load("{")


def test_another_game_is_refused():
    s = base()
    s["game"] = "argo"
    refused(s, "not an Andromeda Escape state")


def test_players_and_colours_must_agree():
    s = base()
    s["colours"] = ["red", "green", "yellow"]  # seat order is the colour order of the box
    refused(s, "players and colours disagree")


def test_a_per_colour_field_names_every_colour():
    s = base()
    del s["vp"]["green"]
    refused(s, "vp must name every colour")


def test_a_ship_on_a_missing_node_is_refused():
    s = base()
    s["board"]["Z9"] = s["board"].pop("C6")
    refused(s, "board: 'Z9' is not a node")


def test_a_ship_standing_in_the_wormhole_is_refused():
    s = base()
    s["board"]["W"] = s["board"].pop("C6")  # a ship reaching W is saved at once
    refused(s, "board: 'W' is not a node")


def test_a_ship_of_a_colour_not_playing_is_refused():
    s = base()
    s["board"]["C6"] = "blue"  # three players: red, yellow, green
    refused(s, "'blue' is not a colour of this game")


def test_an_upright_mark_on_an_empty_node_is_refused():
    s = base()
    s["upright"]["A1"] = 3
    refused(s, "upright A1: no ship stands there")


def test_an_unknown_lost_ship_state_is_refused():
    s = base()
    s["lost"]["red"] = "sunk"
    refused(s, "lost red: aside, due or placed")


def test_an_unknown_skip_field_is_refused():
    s = base()
    s["skip"]["red"] = 4
    refused(s, "skip red: field 1, 2 or 3")


def test_an_unknown_card_in_a_hand_is_refused():
    s = base()
    s["hands"]["red"].append("W99")
    refused(s, "hand of red: unknown card 'W99'")


def test_a_fleet_that_does_not_add_up_is_refused():
    s = base()
    s["board"]["B4"] = "red"  # one ship more than red has: the platform still holds six
    refused(s, "red: platform, board, saved and the Lost Ship must add up to the fleet")
    s = base()
    s["saved"]["yellow"] = 1  # saved out of nothing
    refused(s, "yellow: platform, board, saved and the Lost Ship must add up")


def test_a_negative_platform_is_refused_even_when_the_fleet_adds_up():
    s = base()
    s["platform"]["red"], s["saved"]["red"] = -1, 7
    refused(s, "platform of red must be a whole number, 0 or more")


def test_values_of_the_wrong_type_are_refused_not_crashed_on():
    """A hand-written position with a string where a number belongs names the field."""
    cases = [
        (lambda s: s["platform"].update(red="6"), "platform of red must be a whole number"),
        (lambda s: s["turn"].update(seat="0"), "turn.seat is not a seat"),
        (lambda s: s["turn"].update(number="5"), "turn.number must be a whole number"),
        (lambda s: s["missions"].update(red=6), "missions of red must be a list"),
        (lambda s: s["vp"].update(red="3"), "vp of red must be a whole number"),
        (lambda s: s["last_ship"].append(["red"]), "last_ship must list colours of this game"),
        (lambda s: s["queue"].append("take"), "queue: 'take' is not a question"),
    ]
    for change, reason in cases:
        s = base()
        change(s)
        refused(s, reason)


def test_turn_and_question_seats_are_seats():
    s = base()
    s["turn"]["seat"] = 3
    refused(s, "turn.seat is not a seat")
    s = base()
    s["ask"]["seat"] = -1
    refused(s, "ask.seat is not a seat")


# --- action cards -----------------------------------------------------------------------------

def test_a_card_in_two_places_is_refused():
    s = base()
    s["decks"]["warning"].append("W6")  # W6 lies open
    refused(s, "card W6 is in two places: the warning deck and the open warning card")


def test_a_card_in_two_hands_is_refused():
    s = base()
    s["hands"]["yellow"].append("A10")
    refused(s, "card A10 is in two places: the hand of red and the hand of yellow")


def test_a_missing_card_is_refused():
    s = base()
    s["decks"]["warning"].remove("W1")
    refused(s, "card W1 is missing")


def test_a_card_in_the_wrong_deck_is_refused():
    s = base()
    s["decks"]["warning"].remove("W1")
    s["decks"]["alert"].append("W1")
    refused(s, "the alert deck holds W1, a warning card")


def test_a_card_on_the_wrong_discard_pile_is_refused():
    s = base()
    s["decks"]["alert"].remove("A1")
    s["discard"]["warning"].append("A1")
    refused(s, "the warning discard holds A1, a alert card")


def test_a_card_open_in_the_wrong_slot_is_refused():
    s = base()
    s["open"] = {"warning": "A9", "alert": "W6"}
    refused(s, "the open warning card holds A9, a alert card")


def test_an_unknown_card_in_a_deck_is_refused():
    s = base()
    s["decks"]["alert"].append("A99")
    refused(s, "the alert deck: unknown card 'A99'")


def test_decks_open_and_discards_have_both_kinds():
    s = base()
    del s["discard"]["alert"]
    refused(s, "decks, open and discard must each have a alert part")


# --- missions ---------------------------------------------------------------------------------

def test_a_mission_in_two_places_is_refused():
    s = base()
    s["decks"]["mission"].append(6)  # red keeps 6
    refused(s, "mission 6 is in two places: the missions of red and the mission deck")


def test_a_mission_both_kept_and_met_is_refused():
    s = base()
    s["revealed"]["red"].append(10)  # red still keeps 10
    refused(s, "mission 10 is in two places: the missions of red and the missions red met")


def test_a_missing_mission_is_refused():
    s = base()
    s["decks"]["mission"].remove(2)
    refused(s, "mission 2 is missing")


def test_a_mission_out_of_the_game_is_refused():
    s = base()
    s["decks"]["mission"].append(99)
    refused(s, "the mission deck: mission 99 is not in this game")
    two = position(2, board={"A11": "red", "B3": "yellow"})
    removed = BOARD.removed_in_two[0]  # the two-player game plays without it
    two["decks"]["mission"].append(removed)
    refused(two, f"the mission deck: mission {removed} is not in this game")


def test_the_missions_drawn_by_a2_count_as_a_place():
    s = base()
    drawn = s["decks"]["mission"][-3:]
    s["ask"] = {"q": "keep_mission", "seat": 0, "options": sorted(drawn)}
    refused(s, f"mission {sorted(drawn)[0]} is in two places: the mission deck and the missions drawn by A2")
    del s["decks"]["mission"][-3:]
    RULES.check(s)


def test_the_deck_has_a_mission_part():
    s = base()
    del s["decks"]["mission"]
    refused(s, "decks must have a mission part")


# --- ships, VP and the tracks -----------------------------------------------------------------

def test_vp_below_zero_during_play_is_refused():
    s = base()
    s["vp"]["green"] = -1
    refused(s, "vp of green is below 0")


def test_a_ship_raised_in_a_later_turn_is_refused():
    s = base(upright={"C6": 3})
    RULES.check(s)
    s["upright"]["C6"] = 6  # it is turn 5
    refused(s, "upright C6: raised on turn 6, not a turn played so far")


def test_a_block_on_a_solid_link_is_refused():
    s = base()
    s["blocked"] = [{"link": "A6>A9", "by": "red"}]
    refused(s, "a dotted link and the colour that blocked it")


def test_a_link_blocked_twice_is_refused():
    s = base(blocked=[{"link": "A5>B6", "by": "red"}])
    RULES.check(s)
    s["blocked"].append({"link": "A5>B6", "by": "yellow"})
    refused(s, "link A5>B6 is blocked twice")


def test_a_colour_twice_on_the_last_ship_track_is_refused():
    s = base()
    home(s, "green")
    s["last_ship"] = ["green", "green"]
    refused(s, "last_ship must list colours of this game, once each")


def test_the_last_ship_track_lists_exactly_who_is_home():
    s = base()
    s["last_ship"] = ["yellow"]  # yellow still has ships to save
    refused(s, r"the Last Ship track \(yellow\) must list exactly the colours that saved every ship \(none\)")
    s = base()
    home(s, "green")  # home, but not on the track
    refused(s, r"the Last Ship track \(empty\) must list exactly the colours that saved every ship \(green\)")
    s["last_ship"] = ["green"]
    RULES.check(s)


def test_all_but_one_home_means_the_game_is_over():
    s = base()
    for colour in ("yellow", "green"):
        home(s, colour)
    s["last_ship"] = ["yellow", "green"]
    refused(s, "all but one player saved every ship: the game must be over")


def test_first_empty_names_a_colour():
    s = base()
    s["first_empty"] = "blue"
    refused(s, "first_empty must be null or a colour")


def test_an_empty_platform_needs_first_empty():
    s = base(platform={"yellow": 0}, saved={"yellow": 6})
    assert s["first_empty"] == "yellow"
    s["first_empty"] = None
    refused(s, "yellow's platform is empty but first_empty is null")


def test_a_lost_ship_still_aside_cannot_have_entered_alone():
    s = base()
    s["alone"] = ["red"]
    refused(s, "alone: 'red' has no Lost Ship that entered alone")


# --- the turn and the question ----------------------------------------------------------------

def test_an_unknown_phase_is_refused():
    s = base()
    s["turn"]["phase"] = "lunch"
    refused(s, "turn.phase 'lunch' is not one of setup, cards, after")


def test_a_negative_count_of_ships_into_the_wormhole_is_refused():
    s = base()
    s["turn"]["into_wormhole"] = -1
    refused(s, "turn.into_wormhole must be a count")


def test_a_player_home_takes_no_more_turns():
    s = base()
    home(s, "red")
    s["last_ship"] = ["red"]
    refused(s, "red saved every ship and plays no more turns")


def test_undo_floor_lies_between_zero_and_seq():
    s = base()
    s["undo_floor"] = s["seq"] + 1
    refused(s, "undo_floor must lie between 0 and seq")


def test_a_question_with_no_legal_answer_is_refused():
    s = base(open={"warning": None, "alert": None})
    s["ask"] = {"q": "take", "seat": 1}  # nothing lies open to take
    refused(s, r"the pending question {'q': 'take', 'seat': 1} has no legal answer")


def test_at_phase_lets_the_same_position_pass_on():
    s = base(open={"warning": None, "alert": None})
    s["turn"]["phase"] = "after"
    s["ask"] = {"q": "take", "seat": 1}
    started = RULES.at_phase(s, "after")  # the question dropped: on to End turn
    assert started["ask"] == {"q": "end_turn", "seat": 0}
    assert RULES.at_phase(s, "cards")["ask"] == {"q": "turn", "seat": 0}
    assert s["ask"] == {"q": "take", "seat": 1}  # the input is left alone


def test_a_malformed_question_is_refused():
    s = base()
    s["ask"] = {"q": "keep_mission", "seat": 0}  # which missions were drawn?
    refused(s, r"the pending question {'q': 'keep_mission', 'seat': 0} is malformed")
    s["ask"] = {"q": "fly", "seat": 0}
    refused(s, "is malformed")


def test_the_turn_questions_belong_to_their_phase_and_player():
    s = base()
    s["turn"]["phase"] = "after"  # the action is taken: no second one
    refused(s, "the question 'turn' is asked only in the cards phase")
    s = base()
    s["ask"] = {"q": "end_turn", "seat": 0}  # before the action
    refused(s, "the question 'end_turn' is asked only in the after phase")
    s = base()
    s["ask"]["seat"] = 1  # it is red's turn
    refused(s, "the question 'turn' goes only to the player whose turn it is")


def test_missions_are_returned_only_during_the_setup():
    s = base()
    s["ask"] = {"q": "return_mission", "seat": 0}
    refused(s, "missions are returned only during the setup")
    setup = RULES.new_game(3, 1)
    setup["ask"] = {"q": "turn", "seat": setup["turn"]["seat"]}
    refused(setup, "during the setup the only question is which mission to return")


def test_no_question_while_the_game_goes_on_is_refused():
    s = base()
    s["ask"] = None
    refused(s, "the game is not over but no question is pending")


def test_a_question_after_the_end_is_refused():
    s = base()
    s["over"] = {"winners": ["red"]}
    refused(s, "the game is over, so no question may be pending")
    s["ask"] = None
    s["queue"] = [{"q": "take", "colour": "red"}]
    refused(s, "the game is over, so no question may be pending")


# --- at_phase ---------------------------------------------------------------------------------

def test_at_phase_starts_each_phase():
    assert PHASES == ("cards", "after")
    s = base()
    for phase, ask in (("cards", {"q": "turn", "seat": 0}), ("after", {"q": "end_turn", "seat": 0})):
        started = RULES.at_phase(s, phase)
        assert started["turn"]["phase"] == phase and started["ask"] == ask
        RULES.check(started)
    # After the action a found Lost Ship is placed before End turn (an outer node is free).
    due = position(3, board={"A6": "red", "B6": "red", "C6": "red"}, lost={"red": "due"}, phase="after")
    assert due["ask"] == {"q": "place_lost", "seat": 0}
    # The queued questions are kept: the owner of a saved ship takes an open card first.
    queued = base()
    queued["queue"] = [{"q": "take", "colour": "yellow"}]
    assert RULES.at_phase(queued, "after")["ask"] == {"q": "take", "seat": 1}
    # Another seat's turn starts with that seat.
    assert position(3, board=SHIPS, seat=2)["ask"] == {"q": "turn", "seat": 2}


def test_at_phase_refuses_an_unknown_phase_a_finished_game_and_an_impossible_position():
    s = base()
    with pytest.raises(ImpossiblePosition, match="unknown phase 'lunch'; phases: cards, after"):
        RULES.at_phase(s, "lunch")
    with pytest.raises(ImpossiblePosition, match="unknown phase 'setup'"):
        RULES.at_phase(s, "setup")  # the setup is started by new_game, not by hand
    over = clone(s)
    over.update(over={"winners": ["red"]}, ask=None)
    with pytest.raises(ImpossiblePosition, match="the game is over: no phase can start"):
        RULES.at_phase(over, "cards")
    s["board"]["B4"] = "red"
    with pytest.raises(ImpossiblePosition, match="must add up to the fleet"):
        RULES.at_phase(s, "cards")
    with pytest.raises(ImpossiblePosition, match="must add up to the fleet"):
        position(3, board=SHIPS, platform={"red": 7})
    position(3, board=SHIPS, platform={"red": 7}, check=False)  # a test of one rule may skip the check


def test_load_refuses_what_is_not_json():
    with pytest.raises(ImpossiblePosition, match="not JSON"):
        RULES.load("{'board': {}}")
    with pytest.raises(ImpossiblePosition, match="a state is a JSON object"):
        RULES.load("[]")


# --- real play is never refused ---------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_position_of_real_play_passes_the_check(players):
    """Every state of 5 whole games per player count, random and greedy bots mixed."""
    for seed in range(5):
        bots = [RULES.bot("greedy" if (seed + i) % 3 == 0 else "random", seed * 10 + i) for i in range(players)]
        s = RULES.new_game(players, seed)
        while True:
            try:
                RULES.check(s)
            except ImpossiblePosition as exc:
                raise AssertionError(f"{players} players, seed {seed}, decision {s['seq']}: {exc}") from None
            if s["over"] is not None:
                break
            s, _ = RULES.apply(s, bots[RULES.current_seat(s)].choose(s))
