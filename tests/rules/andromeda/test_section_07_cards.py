"""RULES.md section 7: the 21 action cards, each with its effect, its VP and its limits."""
import pytest

from games.rules.andromeda import RULES, IllegalAction

from .positions import do, kinds, loose_position, position


def plays(s, card):
    return [{k: v for k, v in d.items() if k not in ("type", "card")}
            for d in RULES.legal_actions(s) if d["type"] == "play" and d["card"] == card]


def play(s, card, **fields):
    return do(s, type="play", card=card, **fields)


BASE = {"A6": "red", "A9": "yellow", "A2": "green", "B11": "red", "B9": "green", "C7": "yellow"}


@pytest.mark.parametrize("card, fields, board_after", [
    ("W1", {"ship": "A6"}, {"A6": None}),
    ("W2", {"ship": "B11", "to": "B6"}, {"B6": "red", "B11": None}),
    ("W4", {"ship": "C7", "to": "B3"}, {"B3": "yellow", "C7": None}),
    ("W6", {"ship": "A6", "with": "A2"}, {"A6": "green", "A2": "red"}),
    ("W7", {"ship": "A9", "to": "A11"}, {"A11": "yellow", "A9": None}),
    ("W8", {"ship": "A6", "to": "A1"}, {"A1": "red", "A6": None}),
    ("A1", {"ship": "B11", "to": "C11"}, {"C11": "red", "B11": None}),
    ("A3", {"ship": "A6", "with": "A9"}, {"A9": "red", "A6": "yellow"}),
    ("A4", {"ship": "A6", "to": "A11"}, {"A11": "red", "A6": None}),
    ("A5", {"to": "C1"}, {"C1": "red"}),
    ("A6", {"ship": "B11", "to": "W"}, {"B11": None}),
    ("A7", {"ship": "C7", "to": "C3"}, {"C3": "yellow", "C7": None}),
])
def test_moving_cards(card, fields, board_after):
    s = position(3, board=BASE, hands={"red": [card]}, vp={"red": 5})
    assert fields in plays(s, card)
    s, events = play(s, card, **fields)
    assert events[0] == {"e": "card", "colour": "red", "card": card, "vp": RULES_CARDS[card], **fields}
    for node, owner in board_after.items():
        assert s["board"].get(node) == owner, (node, s["board"])
    assert s["vp"]["red"] == 5 + RULES_CARDS[card] and card in s["discard"]["warning" if card[0] == "W" else "alert"]
    assert card not in s["hands"]["red"]


RULES_CARDS = {"W1": 2, "W2": 2, "W3": 2, "W4": 1, "W5": 1, "W6": 1, "W7": 0, "W8": 0, "W9": 1, "A1": -2, "A2": -2,
               "A3": -1, "A4": -1, "A5": -1, "A6": -1, "A7": -1, "A8": 0, "A9": 0, "A10": 0, "A11": 0, "A12": 0}


def test_W1_puts_the_ship_back_on_the_platform():
    s = position(3, board=BASE, hands={"red": ["W1"]})
    before = s["platform"]["red"]
    s, events = play(s, "W1", ship="A6")
    assert s["platform"]["red"] == before + 1 and kinds(events) == ["card", "to_platform"]


def test_AE10_W3_makes_another_player_move_an_inner_ring_ship_sideways():
    """AE10: W3's target chooses which inner-ring ship and where; the turn then comes back."""
    s = position(3, board={"A11": "yellow", "B6": "red"}, hands={"red": ["W3"]})
    assert plays(s, "W3") == [{"player": "yellow"}]
    s, _ = play(s, "W3", player="yellow")
    assert RULES.current_seat(s) == 1 and s["ask"]["q"] == "shift" and s["ask"]["by"] == "red"
    assert {(d["from"], d["to"]) for d in RULES.legal_actions(s)} == {("A11", "B11"), ("A11", "C11")}
    assert RULES.undoable(s) == 0
    s, _ = do(s, type="shift", **{"from": "A11", "to": "C11"})
    assert s["board"]["C11"] == "yellow" and RULES.current_seat(s) == 0 and s["ask"]["q"] == "turn"
    assert RULES.undoable(s) == 0  # nobody takes back another player's answer


def test_AE1_W3_and_W5_need_a_player_with_a_legal_answer():
    """AE1: a card whose action cannot be carried out cannot be played."""
    s = loose_position(3, board={"A11": "yellow", "B11": "green", "C11": "red"}, hands={"red": ["W3"]})
    assert plays(s, "W3") == []
    s = loose_position(3, board={"A1": "red"}, hands={"red": ["W5"]}, platform={"yellow": 0, "green": 0})
    assert plays(s, "W5") == []


def test_W5_another_player_brings_a_ship_in_where_he_chooses():
    s = position(3, board={"A1": "red"}, hands={"red": ["W5"]})
    s, _ = play(s, "W5", player="green")
    assert RULES.current_seat(s) == 2 and s["ask"]["q"] == "enter_for"
    s, _ = do(s, type="enter", to="C2")
    assert s["board"]["C2"] == "green" and RULES.current_seat(s) == 0


def test_W9_and_A12_stand_a_ship_upright():
    s = position(3, board=BASE, hands={"red": ["W9", "A12"]})
    assert {"ship": "A6"} not in plays(s, "W9") and {"ship": "A9"} in plays(s, "W9")
    s, _ = play(s, "W9", ship="A9")
    s, _ = play(s, "A12", ship="A6")
    assert s["upright"] == {"A9": 5, "A6": 5}


def test_no_card_moves_an_upright_ship():
    s = position(3, board=BASE, upright={"A9": 1, "A6": 1},
                 hands={"red": ["W1", "W2", "W4", "W6", "W7", "A3", "A4", "A6", "A7", "A12"]})
    for d in RULES.legal_actions(s):
        if d["type"] == "play":
            assert d.get("ship") not in ("A9", "A6") and d.get("with") not in ("A9", "A6"), d


def test_A2_draws_missions_and_keeps_one_secretly():
    s = position(3, board={"A1": "red"}, hands={"red": ["A2"]}, vp={"red": 2})
    deck = len(s["decks"]["mission"])
    s, events = play(s, "A2")
    assert kinds(events) == ["card", "missions_drawn"] and s["ask"]["q"] == "keep_mission"
    options = s["ask"]["options"]
    assert len(options) == 3 and RULES.undoable(s) == 0
    s, events = do(s, type="keep", mission=options[1])
    assert options[1] in s["missions"]["red"] and len(s["decks"]["mission"]) == deck - 1
    assert events[0] == {"e": "mission_kept", "colour": "red"}


def test_AE8_a_card_whose_cost_cannot_be_paid_cannot_be_played():
    """AE8: VP never fall below 0 during play."""
    s = position(3, board={"A1": "red"}, hands={"red": ["A2", "A9"]}, vp={"red": 1})
    assert plays(s, "A2") == [] and plays(s, "A9")
    with pytest.raises(IllegalAction, match="costs 2 VP"):
        play(s, "A2")


def test_AE12_A8_can_never_be_played_with_one_opponent():
    """AE12: one player's two ships are alike; with one opponent A8 has nothing to trade."""
    s = position(2, board={"A6": "yellow", "A9": "yellow", "B6": "red"}, hands={"red": ["A8"]})
    assert plays(s, "A8") == []


def test_A8_trades_two_linked_ships_of_two_other_players():
    s = position(3, board={"A6": "yellow", "A9": "green", "A2": "yellow", "B6": "red"}, hands={"red": ["A8"]})
    assert plays(s, "A8") == [{"ship": "A6", "with": "A9"}]
    s, _ = play(s, "A8", ship="A6", **{"with": "A9"})
    assert s["board"]["A6"] == "green" and s["board"]["A9"] == "yellow"
    s2 = position(2, board={"A6": "yellow", "A9": "yellow", "B6": "red"}, hands={"red": ["A8"]})
    assert plays(s2, "A8") == []


def test_A9_blocks_a_dotted_link_until_the_players_next_turn():
    s = position(3, board={"A1": "red"}, hands={"red": ["A9"]})
    assert len(plays(s, "A9")) == 6
    s, _ = play(s, "A9", link="C8>A9")
    assert s["blocked"] == [{"link": "C8>A9", "by": "red"}]


def test_A10_discards_a_warning_card_with_it():
    s = position(3, board={"A1": "red"}, hands={"red": ["A10", "W4", "A3"]})
    assert plays(s, "A10") == [{"discard": "W4"}]
    s, _ = play(s, "A10", discard="W4")
    assert s["hands"]["red"] == ["A3"] and s["discard"]["warning"][-1] == "W4"


def test_A11_takes_an_open_card():
    s = position(3, board={"A1": "red"}, hands={"red": ["A11"]}, open={"warning": "W2", "alert": "A5"})
    assert {p["take"] for p in plays(s, "A11")} == {"W2", "A5"}
    s, _ = play(s, "A11", take="W2")
    assert "W2" in s["hands"]["red"] and s["open"]["warning"] is None


def test_a_card_into_the_wormhole_saves_the_ship_for_its_owner():
    s = position(3, board={"A11": "yellow", "B6": "red"}, hands={"red": ["W7"]},
                 open={"warning": "W2", "alert": "A5"})
    s, events = play(s, "W7", ship="A11", to="W")
    assert s["saved"]["yellow"] == 1 and s["ask"] == {"q": "take", "seat": 1}
