"""A guessed world (`RULES.guessed_world(view, seat, rng)`) in Andromeda Escape's terms: what a seat sees
stays, and what RULES.md section 10 keeps secret from it (the others' hands and kept missions, the
returned missions, the order of every deck, the missions drawn by A2 for another player) is dealt anew
from the components the view does not place. tests/rules/test_guessed_world.py checks the contract over
bot games; these name the parts."""

from __future__ import annotations

import copy
from collections import Counter

from games.rules.andromeda import RULES
from games.rules.andromeda.ships import BOARD
from games.rules.rng import SeededRandom

from .play import steps
from .positions import do, position


def guess(s, seat, seed=5):
    return RULES.guessed_world(RULES.view(s, seat), seat, SeededRandom(seed))


def seen_cards(s, seat):
    """The cards a seat sees placed: its own hand, the open cards and both discards."""
    mine = [] if seat is None else s["hands"][s["colours"][seat]]
    return {*mine, *(c for c in s["open"].values() if c), *s["discard"]["warning"], *s["discard"]["alert"]}


def test_the_seat_keeps_its_hand_and_missions_and_the_others_get_unseen_cards_of_the_same_count():
    s = position(3, board={"A1": "red"}, hands={"red": ["W4", "A2"], "yellow": ["A9", "W1"]}, missions={"red": [3, 5]})
    g = guess(s, 0)
    RULES.check(g)
    assert g["hands"]["red"] == ["A2", "W4"] and g["missions"]["red"] == [3, 5]
    for colour in ("yellow", "green"):
        assert len(g["hands"][colour]) == len(s["hands"][colour])
        assert not set(g["hands"][colour]) & seen_cards(s, 0)
        assert len(g["missions"][colour]) == len(s["missions"][colour])
        assert not set(g["missions"][colour]) & {3, 5}


def test_each_face_down_deck_keeps_its_size_and_holds_only_cards_of_its_kind():
    s = position(4, board={"A1": "red"}, hands={"red": ["W4"]})
    g = guess(s, 0)
    for kind in ("mission", "warning", "alert"):
        assert len(g["decks"][kind]) == len(s["decks"][kind])
    for kind in ("warning", "alert"):
        assert all(BOARD.cards[card].deck == kind for card in g["decks"][kind])  # AE11: decks by kind
    assert g["open"] == s["open"] and g["discard"] == s["discard"]


def test_a_spectator_sees_no_hand_so_every_hand_and_every_kept_mission_is_dealt_anew():
    s = position(3, board={"A1": "red"}, hands={"red": ["W4", "A2"]}, missions={"red": [3, 5]})
    views = [RULES.guessed_world(RULES.view(s, None), None, SeededRandom(n)) for n in range(8)]
    for g in views:
        RULES.check(g)
        assert {c: len(h) for c, h in g["hands"].items()} == {c: len(h) for c, h in s["hands"].items()}
        assert all(not set(h) & seen_cards(s, None) for h in g["hands"].values())
    assert len({tuple(g["hands"]["red"]) for g in views}) > 1
    assert len({tuple(g["missions"]["red"]) for g in views}) > 1


def test_two_generators_deal_the_hidden_parts_differently_and_the_same_one_the_same():
    s = position(3, board={"A1": "red"})
    assert guess(s, 0, 1) == guess(s, 0, 1)
    a, b = guess(s, 0, 1), guess(s, 0, 2)
    assert (a["decks"], a["hands"]["yellow"], a["seed"], a["rng"]) != (
        b["decks"],
        b["hands"]["yellow"],
        b["seed"],
        b["rng"],
    )
    assert a["hands"]["red"] == b["hands"]["red"] and a["board"] == b["board"]


def test_the_view_is_read_and_never_changed():
    s = position(3, board={"A1": "red"}, hands={"red": ["A2"]})
    view = RULES.view(s, 1)
    before = copy.deepcopy(view)
    RULES.guessed_world(view, 1, SeededRandom(3))
    assert view == before


def test_in_the_setup_the_dealt_missions_of_the_others_and_the_returned_ones_are_guessed():
    """Section 3: three missions dealt, one returned, in turn order from the start player."""
    s = RULES.new_game(3, 4)
    s, _ = do(s, **RULES.legal_actions(s)[0])  # the start player returns one: two left to choose
    chooser = RULES.current_seat(s)
    for seat in (chooser, (chooser + 1) % 3, None):
        g = guess(s, seat)
        RULES.check(g)
        assert g["turn"] == s["turn"] and g["queue"] == s["queue"]  # the same start seat and setup order
        assert len(g["returned"]) == 1 and RULES.view(g, seat) == RULES.view(s, seat)
    g = guess(s, chooser)
    assert RULES.legal_actions(g) == RULES.legal_actions(s)  # the three dealt to the chooser are his own
    for _ in range(2):  # the rest of the setup plays out in the guessed world too
        g, _ = do(g, **RULES.legal_actions(g)[0])
    assert g["turn"]["phase"] == "cards" and g["returned"] == []


def test_in_the_setup_the_mission_a_seat_returned_stays_in_its_place_and_is_dealt_to_nobody():
    """Section 3: the seat knows which mission it returned; the guess deals only the others' returns."""
    s = RULES.new_game(4, 8)
    first = RULES.current_seat(s)
    for _ in range(2):
        s, _ = do(s, **RULES.legal_actions(s)[-1])
    second = (first + 1) % 4
    for seat, place in ((first, 0), (second, 1)):
        mission = s["returned"][place]
        for n in range(6):
            g = guess(s, seat, n)
            assert g["returned"][place] == mission and len(g["returned"]) == 2
            assert all(mission not in g["missions"][c] for c in g["colours"])
            assert mission not in g["decks"]["mission"]


def test_the_missions_drawn_by_A2_are_seen_only_by_their_chooser_and_guessed_for_the_others():
    s = position(3, board={"A1": "red"}, hands={"red": ["A2"]})
    s, _ = do(s, type="play", card="A2")
    options = s["ask"]["options"]
    assert guess(s, 0)["ask"] == s["ask"]
    for seat in (1, 2, None):
        g = guess(s, seat)
        RULES.check(g)
        assert g["ask"]["q"] == "keep_mission" and len(g["ask"]["options"]) == len(options) == 3
        seen = {m for c in s["colours"] for m in s["revealed"][c]}
        if seat is not None:
            seen |= set(s["missions"][s["colours"][seat]])
        assert not set(g["ask"]["options"]) & seen
    spread = {tuple(guess(s, 1, n)["ask"]["options"]) for n in range(8)}
    assert len(spread) > 1


def test_another_player_deciding_mid_turn_keeps_the_turn_and_the_questions_to_come():
    """Section 10: W5 makes yellow decide in red's turn; the guess keeps who decides and whose turn it is."""
    s = position(3, board={"A1": "red"}, hands={"red": ["W5"]})
    s, _ = do(s, type="play", card="W5", player="yellow")
    for seat in (0, 1, 2, None):
        g = guess(s, seat)
        assert RULES.current_seat(g) == 1 and g["turn"]["seat"] == 0 and g["ask"] == s["ask"]
    assert RULES.legal_actions(guess(s, 1)) == RULES.legal_actions(s)


def test_public_parts_the_view_carries_are_copied():
    """The board, the upright ships, alone (AE6, mission 8), the queue and how far undo reaches are
    public and copied."""
    after = next(
        s
        for seed in range(50)
        for _, _, s, _ in steps(3, seed, "random")
        if s["queue"] and s["turn"]["phase"] != "setup" and s["over"] is None
    )
    g = guess(after, None)
    assert (g["board"], g["upright"], g["queue"], g["alone"], g["undo_floor"], g["seq"]) == (
        after["board"],
        after["upright"],
        after["queue"],
        after["alone"],
        after["undo_floor"],
        after["seq"],
    )


def test_a_finished_game_is_guessed_with_hands_worth_what_the_outcome_says():
    *_, (_, _, s, _) = steps(4, 3, "random")
    assert s["over"] is not None
    g = guess(s, None)
    RULES.check(g)
    assert RULES.view(g, None) == RULES.view(s, None)
    assert Counter(len(h) for h in g["hands"].values()) == Counter(len(h) for h in s["hands"].values())
