"""A refused decision says why: the refusal names the rule it applies, in plain words, and changes
nothing (RULES.md sections 4, 7 and the rulings AE1, AE8, AE10, AE12, AE14)."""
import pytest

from games.rules.andromeda import RULES, IllegalAction

from .positions import do, loose_position, position

A = {"A2": "red", "A6": "yellow", "A7": "green"}


def refusal(s, **decision) -> str:
    before = RULES.dump(s)
    with pytest.raises(IllegalAction) as refused:
        RULES.apply(s, decision)
    assert RULES.dump(s) == before
    return str(refused.value)


def test_an_outward_move_is_refused_because_ships_never_move_outward():
    s = position(3, board={"A6": "red"})
    assert refusal(s, type="move", **{"from": "A6", "to": "A1"}) == "ships never move outward (rules section 4)"


def test_a_move_that_skips_a_link_says_a_move_goes_one_link_inward():
    s = position(3, board={"A6": "red"})
    assert "a move goes one link inward" in refusal(s, type="move", **{"from": "A6", "to": "A11"})


def test_entering_with_an_empty_platform_says_the_platform_is_empty():
    s = loose_position(3, board={"A6": "red"}, platform={"red": 0})
    assert refusal(s, type="enter", to="A1") == "your platform is empty: no ship can enter"


def test_entering_off_the_outer_ring_says_where_ships_enter():
    s = position(3, board={"A6": "red"})
    assert "A9 is not on the outer ring" in refusal(s, type="enter", to="A9")


def test_the_ship_stood_up_this_turn_cannot_move_again_this_turn():
    s = loose_position(3, board={"A2": "red"}, hands={"red": ["A12"]}, platform={"red": 0})
    s, _ = do(s, type="play", card="A12", ship="A2")
    words = "the ship you stood up this turn cannot move again this turn"
    assert refusal(s, type="move", **{"from": "A2", "to": "A6"}).startswith(words)
    assert refusal(s, type="warp", **{"from": "A2", "to": "A9"}).startswith(words)


def test_a_warp_of_a_ship_lying_down_says_only_upright_ships_warp():
    s = position(3, board={"A2": "red"})
    assert "only an upright ship warps" in refusal(s, type="warp", **{"from": "A2", "to": "A9"})


def test_a_blocked_dotted_link_names_the_block():
    s = loose_position(3, board={"A5": "red", "A8": "yellow"}, platform={"red": 0},
                       blocked=[{"link": "A5>B6", "by": "green"}])
    assert "the dotted link A5>B6 is blocked" in refusal(s, type="move", **{"from": "A5", "to": "B6"})


def test_after_the_action_only_the_end_of_the_turn_is_left():
    s = position(3, board={"A6": "red"}, hands={"red": ["A12"]})
    s, _ = do(s, type="move", **{"from": "A6", "to": "A9"})
    assert "taken this turn's one action" in refusal(s, type="enter", to="A1")
    assert "(AE1)" in refusal(s, type="play", card="A12", ship="A9")


def test_a_card_refusal_says_what_the_card_does():
    s = position(3, board={"A6": "red", "A9": "yellow"}, hands={"red": ["W8"]})
    assert refusal(s, type="play", card="W8", ship="A6", to="A11").endswith(
        "the card says: Move one of your ships one node outward to a free node.")


def test_AE12_A8_with_one_opponent_says_it_can_never_be_played():
    """AE12: A8 trades ships of two different other players; with one opponent it never can."""
    s = position(2, board={"A6": "yellow", "A9": "yellow", "B6": "red"}, hands={"red": ["A8"]})
    assert "with one opponent it can never be played" in refusal(s, type="play", card="A8", ship="A6", **{"with": "A9"})


def test_AE12_A8_on_two_ships_of_one_player_is_refused_with_the_ruling():
    s = position(3, board={"A6": "yellow", "A9": "yellow", "B6": "red", "C6": "green"}, hands={"red": ["A8"]})
    assert "two different other players (AE12)" in refusal(s, type="play", card="A8", ship="A6", **{"with": "A9"})


def test_AE14_a_decline_is_refused_with_the_ruling():
    s = loose_position(3, board=A, platform={"red": 0}, skip={"red": 3})
    s, _ = do(s, type="skip")
    assert refusal(s, type="decline") == "the SWAP field acts whenever it can (AE14): it cannot be declined"


def test_a_swap_with_a_ship_not_in_front_says_which_ships_swap():
    s = loose_position(3, board={**A, "B6": "yellow"}, platform={"red": 0}, skip={"red": 3})
    s, _ = do(s, type="skip")
    assert "B6 is not directly in front of A2" in refusal(s, type="swap", ship="A2", **{"with": "B6"})


def test_a_card_not_open_is_refused_naming_the_open_cards():
    s = position(3, board={"A11": "red", "B6": "red"}, open={"warning": "W1", "alert": "A5"})
    s, _ = do(s, type="move", **{"from": "A11", "to": "W"})
    assert refusal(s, type="take", card="A7") == "A7 is not an open card: you take one of A5, W1"


def test_the_lost_ship_is_placed_on_an_empty_outer_ring_node():
    s = loose_position(3, board={"A1": "yellow", "B6": "red"}, lost={"red": "due"}, phase="after")
    assert s["ask"]["q"] == "place_lost"
    assert refusal(s, type="place_lost", to="A1") == "A1 is taken: a node holds one ship"
    assert "B9 is not on the outer ring" in refusal(s, type="place_lost", to="B9")


def test_an_answer_to_W5_enters_on_an_empty_outer_ring_node():
    s = position(3, board={"A1": "red", "B6": "yellow"}, hands={"red": ["W5"]})
    s, _ = do(s, type="play", card="W5", player="yellow")
    assert s["ask"]["q"] == "enter_for"
    assert "B6 is not on the outer ring: a ship enters on an empty outer-ring node" in refusal(s, type="enter", to="B6")
    assert refusal(s, type="enter", to="A1") == "A1 is taken: a node holds one ship"


def test_a_player_out_of_the_game_is_told_only_the_end_of_the_turn_is_left():
    s = position(3, board={"A11": "red", "B6": "yellow", "C6": "green"}, platform={"red": 0}, saved={"red": 7},
                 lost={"red": "placed"}, hands={"red": ["A6", "A9"]}, skip={"red": 2})
    s, _ = do(s, type="play", card="A6", ship="A11", to="W")
    assert refusal(s, type="skip") == "you have saved all your ships: only the end of the turn is left"
    assert refusal(s, type="play", card="A9", link="A5>B6") == "you have saved all your ships: only the end of the turn is left"
