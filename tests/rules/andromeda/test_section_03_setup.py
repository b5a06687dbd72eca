"""RULES.md section 3: setup, with the missions chosen one player after the other."""
from collections import Counter

from games.rules.andromeda import RULES
from games.rules.andromeda.turn import clone

from .positions import started


def test_each_player_gets_three_missions_and_returns_one_in_turn_order():
    s = RULES.new_game(3, 5)
    order = []
    while s["ask"]["q"] == "return_mission":
        c = s["colours"][s["ask"]["seat"]]
        order.append(c)
        assert len(s["missions"][c]) == 3
        s, events = RULES.apply(s, RULES.legal_actions(s)[-1])
        assert len(s["missions"][c]) == 2 and next(e["e"] for e in events) == "mission_returned"
    start = s["turn"]["seat"]
    assert order == [s["colours"][(start + i) % 3] for i in range(3)]
    assert len(s["decks"]["mission"]) == 15 - 6
    assert s["ask"] == {"q": "turn", "seat": start}


def test_mission_seven_leaves_the_deck_in_a_two_player_game():
    for seed in range(30):
        s = RULES.new_game(2, seed)
        held = [m for c in s["colours"] for m in s["missions"][c]]
        assert 7 not in held + s["decks"]["mission"]
        assert len(held) + len(s["decks"]["mission"]) == 14


def test_one_open_card_of_each_deck_and_an_alert_card_in_every_hand():
    s = RULES.new_game(4, 2)
    assert s["open"]["warning"].startswith("W") and s["open"]["alert"].startswith("A")
    assert all(len(h) == 1 and h[0].startswith("A") for h in s["hands"].values())
    assert len(s["decks"]["warning"]) == 8 and len(s["decks"]["alert"]) == 12 - 1 - 4


def test_the_start_player_comes_from_the_seed():
    starts = Counter(RULES.new_game(4, seed)["turn"]["seat"] for seed in range(200))
    assert set(starts) == {0, 1, 2, 3}
    assert RULES.new_game(4, 9)["turn"]["seat"] == RULES.new_game(4, 9)["turn"]["seat"]


def test_third_player_starts_on_skip_field_3_and_the_fourth_on_2():
    s = RULES.new_game(4, 11)
    start = s["turn"]["seat"]
    fields = [s["skip"][s["colours"][(start + i) % 4]] for i in range(4)]
    assert fields == [1, 1, 3, 2]
    s2 = RULES.new_game(2, 11)
    assert set(s2["skip"].values()) == {1}


def test_the_returned_missions_go_back_into_a_shuffled_deck():
    s = RULES.new_game(3, 8)
    returned = []
    while s["ask"]["q"] == "return_mission":
        d = RULES.legal_actions(s)[0]
        returned.append(d["mission"])
        s, _ = RULES.apply(s, d)
    assert set(returned) <= set(s["decks"]["mission"]) and s["returned"] == []


def test_started_helper_is_a_real_turn():
    s = started(3)
    assert clone(s)["ask"]["q"] == "turn"
