"""RULES.md section 4: cards first, one action, Skip with SWAP and WARP, warps, saving ships."""
import pytest

from games.rules.andromeda import PRESENTATION, RULES, IllegalAction

from .positions import do, kinds, loose_position, position


def legal_types(s):
    return {d["type"] for d in RULES.legal_actions(s)}


def test_AE1_cards_only_at_the_start_of_the_turn():
    """AE1: cards are played before the action; after it only the end of the turn is left."""
    s = position(3, board={"A6": "red"}, hands={"red": ["A12"]})
    assert "play" in legal_types(s)
    s, _ = do(s, type="move", **{"from": "A6", "to": "A9"})
    assert s["ask"]["q"] == "end_turn"
    with pytest.raises(IllegalAction):
        do(s, type="play", card="A12", ship="A9")


def test_several_cards_may_be_played_one_after_another():
    s = position(3, board={"A6": "red", "B6": "red"}, hands={"red": ["A12", "A6"]}, vp={"red": 3})
    s, _ = do(s, type="play", card="A12", ship="A6")
    assert s["ask"]["q"] == "turn" and "play" in legal_types(s)
    s, _ = do(s, type="play", card="A6", ship="B6", to="B9")
    assert s["board"]["B9"] == "red" and s["ask"]["q"] == "turn"


def test_enter_on_any_empty_outer_ring_node():
    s = position(3, board={"A1": "yellow"})
    enters = {d["to"] for d in RULES.legal_actions(s) if d["type"] == "enter"}
    assert "A1" not in enters and {"B3", "C5", "A2"} <= enters and len(enters) == 14
    s, events = do(s, type="enter", to="B3")
    assert s["board"]["B3"] == "red" and s["platform"]["red"] == 6 and kinds(events)[0] == "enter"


def test_a_move_goes_one_link_inward_to_an_empty_node():
    s = loose_position(3, board={"A2": "red", "A6": "yellow"}, platform={"red": 0})
    moves = {(d["from"], d["to"]) for d in RULES.legal_actions(s) if d["type"] == "move"}
    assert moves == {("A2", "A7")}
    with pytest.raises(IllegalAction, match="taken"):
        do(s, type="move", **{"from": "A2", "to": "A6"})
    with pytest.raises(IllegalAction):
        do(s, type="move", **{"from": "A2", "to": "A1"})


def test_the_action_is_mandatory_when_a_solid_one_exists():
    s = loose_position(3, board={"A2": "red"}, platform={"red": 0})
    assert "skip" not in legal_types(s)


def test_AE2_skip_when_no_action_is_possible():
    """AE2: with nothing to do, the player skips."""
    s = loose_position(3, board={"A2": "red", "A6": "yellow", "A7": "green"}, platform={"red": 0})
    assert legal_types(s) == {"skip"}


def test_AE2_a_dotted_link_is_never_mandatory():
    """AE2: whose only moves use dotted links may skip, and the disc advances then too."""
    s = loose_position(3, board={"A5": "red", "A8": "yellow"}, platform={"red": 0}, skip={"red": 2})
    assert RULES.legal_actions(s) == [{"type": "move", "from": "A5", "to": "B6"}, {"type": "skip"}]
    s, events = do(s, type="skip")
    assert s["skip"]["red"] == 3 and kinds(events)[0] == "skip"


def test_AE14_skip_to_field_1_swaps_with_a_ship_in_front_and_offers_no_decline():
    """AE14: the SWAP field acts whenever it can: the player chooses which ship, not whether."""
    s = loose_position(3, board={"A2": "red", "A6": "yellow", "A7": "green"}, platform={"red": 0}, skip={"red": 3})
    s, _ = do(s, type="skip")
    assert s["skip"]["red"] == 1 and s["ask"]["q"] == "swap"
    assert RULES.legal_actions(s) == [{"type": "swap", "ship": "A2", "with": "A6"},
                                      {"type": "swap", "ship": "A2", "with": "A7"}]
    with pytest.raises(IllegalAction, match="SWAP field acts whenever it can"):
        do(s, type="decline")
    s, events = do(s, type="swap", ship="A2", **{"with": "A7"})
    assert s["board"]["A7"] == "red" and s["board"]["A2"] == "green" and kinds(events) == ["trade"]
    assert s["ask"]["q"] == "end_turn"


def test_skip_to_field_2_waits_and_field_3_raises_a_ship():
    s = loose_position(3, board={"A2": "red", "A6": "yellow", "A7": "green"}, platform={"red": 0}, skip={"red": 1})
    s, _ = do(s, type="skip")
    assert s["skip"]["red"] == 2 and s["ask"]["q"] == "end_turn"
    s = loose_position(3, board={"A2": "red", "A6": "yellow", "A7": "green"}, platform={"red": 0}, skip={"red": 2})
    s, _ = do(s, type="skip")
    assert s["ask"]["q"] == "raise"
    s, _ = do(s, type="raise", ship="A2")
    assert s["upright"] == {"A2": 5}


def test_AE14_warp_offers_no_decline():
    """AE14: landing on WARP stands one of his ships upright; he may not let it pass."""
    s = loose_position(3, board={"A2": "red", "A6": "yellow", "A7": "green"}, platform={"red": 0}, skip={"red": 2})
    s, _ = do(s, type="skip")
    assert RULES.legal_actions(s) == [{"type": "raise", "ship": "A2"}]
    with pytest.raises(IllegalAction, match="WARP field acts whenever it can"):
        do(s, type="decline")
    assert s["upright"] == {}


def test_under_version_1_swap_and_warp_may_still_be_declined():
    """A game started before AE14 (rules version 1) keeps the decline to its end."""
    for field, question in ((3, "swap"), (2, "raise")):
        s = loose_position(3, board={"A2": "red", "A6": "yellow", "A7": "green"}, platform={"red": 0},
                           skip={"red": field}, rules_version=1)
        s, _ = do(s, type="skip")
        assert s["ask"]["q"] == question and {"type": "decline"} in RULES.legal_actions(s)
        s, events = do(s, type="decline")
        assert s["upright"] == {} and s["board"]["A2"] == "red" and kinds(events) == ["decline"]


def test_an_upright_ship_cannot_be_swapped():
    s = loose_position(3, board={"A2": "red", "A6": "yellow", "A7": "green"}, upright={"A6": 1, "A7": 1},
                 platform={"red": 0}, skip={"red": 3})
    s, _ = do(s, type="skip")
    assert s["ask"]["q"] == "end_turn"


def test_AE7_a_warp_jumps_over_an_occupied_node_but_not_onto_one():
    """AE7: one or two links inward; the node passed may be taken, the node reached must be free."""
    s = loose_position(3, board={"A2": "red", "A7": "yellow", "A9": "green"}, upright={"A2": 2}, platform={"red": 0})
    warps = {d["to"] for d in RULES.legal_actions(s) if d["type"] == "warp"}
    assert warps == {"A6", "A10"}
    assert not [d for d in RULES.legal_actions(s) if d["type"] == "move"]
    s, events = do(s, type="warp", **{"from": "A2", "to": "A10"})
    assert s["board"]["A10"] == "red" and s["upright"] == {} and kinds(events) == ["warp"]


def test_a_warp_into_the_wormhole_counts_the_wormhole_as_a_link():
    s = position(3, board={"A9": "red", "A11": "yellow"}, upright={"A9": 1})
    assert {"type": "warp", "from": "A9", "to": "W"} in RULES.legal_actions(s)
    s, events = do(s, type="warp", **{"from": "A9", "to": "W"})
    assert s["saved"]["red"] == 1 and "saved" in kinds(events)


def test_a_ship_raised_this_turn_cannot_warp_in_it():
    s = loose_position(3, board={"A9": "red"}, hands={"red": ["A12"]}, platform={"red": 0})
    s, _ = do(s, type="play", card="A12", ship="A9")
    assert not [d for d in RULES.legal_actions(s) if d["type"] in ("warp", "move")]


def test_a_ship_entering_the_wormhole_is_saved_and_its_owner_takes_an_open_card():
    s = position(3, board={"A11": "red"}, open={"warning": "W4", "alert": "A7"})
    s, _ = do(s, type="move", **{"from": "A11", "to": "W"})
    assert "A11" not in s["board"] and s["saved"]["red"] == 1
    assert s["ask"]["q"] == "take" and {d["card"] for d in RULES.legal_actions(s)} == {"W4", "A7"}
    s, _ = do(s, type="take", card="A7")
    assert "A7" in s["hands"]["red"] and s["open"] == {"warning": "W4", "alert": None}


def test_AE3_the_open_cards_refill_only_when_both_are_taken():
    """AE3: the last open card is taken at once; then one new card from each deck."""
    s = position(3, board={"A11": "red"}, open={"warning": None, "alert": "A7"})
    s, events = do(s, type="move", **{"from": "A11", "to": "W"})
    assert kinds(events) == ["saved", "take", "refill"]
    assert s["open"]["warning"] is not None and s["open"]["alert"] is not None
    assert s["undo_floor"] == s["seq"]  # a reveal: no undo across it


def test_AE3_an_empty_deck_reshuffles_its_discards():
    """AE3: the discards of that kind become the new deck."""
    s = position(3, board={"A11": "red"}, open={"warning": None, "alert": "A7"})
    s["decks"]["warning"], s["discard"]["warning"] = [], ["W2", "W5"]
    s, events = do(s, type="move", **{"from": "A11", "to": "W"})
    assert "reshuffle" in kinds(events) and s["open"]["warning"] in ("W2", "W5") and s["discard"]["warning"] == []


def test_the_turn_ends_when_the_player_confirms_and_passes_clockwise():
    s = position(3, board={"A6": "red"})
    s, _ = do(s, type="move", **{"from": "A6", "to": "A9"})
    assert RULES.undoable(s) == 1
    s, events = do(s, type="end_turn")
    assert kinds(events) == ["end_turn", "turn"] and s["ask"] == {"q": "turn", "seat": 1}
    assert RULES.undoable(s) == 0


def test_a_blocked_dotted_link_cannot_be_used():
    s = loose_position(3, board={"A5": "red", "A8": "yellow"}, platform={"red": 0},
                 blocked=[{"link": "A5>B6", "by": "green"}])
    assert RULES.legal_actions(s) == [{"type": "skip"}]


def test_a_block_ends_when_the_turn_reaches_its_owner():
    s = position(3, seat=1, board={"B6": "yellow"}, blocked=[{"link": "A5>B6", "by": "green"}])
    s, _ = do(s, type="move", **{"from": "B6", "to": "B9"})
    s, events = do(s, type="end_turn")
    assert s["blocked"] == [] and "unblock" in kinds(events)


def test_bad_decisions_are_refused_with_a_reason_and_change_nothing():
    s = position(3, board={"A6": "red"})
    before = RULES.dump(s)
    for bad, words in [({"type": "fly"}, "unknown decision type"), ({"type": "move", "to": "A9"}, "needs the field 'from'"),
                       ({"type": "move", "from": "A6", "to": "A9", "x": 1}, "has no field 'x'"),
                       ({"type": "move", "from": "B6", "to": "B9"}, "no ship of yours"),
                       ({"type": "play", "card": "W1", "ship": "A6"}, "do not hold"),
                       ({"type": "end_turn"}, "not taken your action yet"),
                       ({"type": "take", "card": "A1"}, "does not answer"), ("move", "JSON object")]:
        with pytest.raises(IllegalAction, match=words):
            RULES.apply(s, bad)
    assert RULES.dump(s) == before


@pytest.mark.parametrize("lang, words", [("en", "chooses which of his ships"), ("de", "wählt, welches seiner Schiffe")])
def test_AE14_the_swap_and_warp_prompts_ask_which_ship_not_whether(lang, words):
    for field in (3, 2):
        s = loose_position(3, board={"A2": "red", "A6": "yellow", "A7": "green"}, platform={"red": 0},
                           skip={"red": field})
        s, _ = do(s, type="skip")
        assert words in PRESENTATION.prompt(s, lang)
