"""RULES.md section 10: hidden information, and other players deciding in the middle of a turn.

The main property: for every state of thousands of bot games and every viewer (each seat and a
spectator), a twin state that differs only in what that viewer may not see gives the same view and
the same prompt. Hands, kept missions, deck orders, the seed and the generator all vary in the twin.
"""
import json
import os

import pytest

from games.rules.andromeda import PRESENTATION, RULES
from games.rules.andromeda.ships import BOARD
from games.rules.andromeda.view import returned_by

from .play import steps
from .positions import do, position


def twin(s, viewer):
    """The same public position with every secret hidden from `viewer` changed.

    Only the parts changed here are copied; the rest is shared with `s`, which nothing here or in
    a view changes (a whole copy per viewer and state was a quarter of the long test's time)."""
    t = dict(s)
    t["decks"] = {kind: list(deck) for kind, deck in s["decks"].items()}
    t["returned"] = list(s["returned"])
    t["hands"] = {colour: list(hand) for colour, hand in s["hands"].items()}
    t["missions"] = {colour: list(kept) for colour, kept in s["missions"].items()}
    t["ask"] = None if s["ask"] is None else dict(s["ask"])
    t["seed"] += 1
    t["rng"] ^= 0x5DEECE66D
    for kind in ("mission", "warning", "alert"):
        t["decks"][kind].reverse()
    returned, pool = t["returned"], t["decks"]["mission"]
    own = returned_by(t, viewer)  # the mission the viewer returned during the setup: it knows which
    for i, mission in enumerate(returned):
        if i != own and pool:
            returned[i], pool[0] = pool[0], mission
            pool.append(pool.pop(0))
    mine = None if viewer is None else t["colours"][viewer]
    for colour in t["colours"]:
        if colour == mine:
            continue
        hand = t["hands"][colour]
        for i, card in enumerate(hand):
            deck = t["decks"][BOARD.cards[card].deck]
            if deck:
                hand[i], deck[0] = deck[0], card
                deck.append(deck.pop(0))
        kept, pool = t["missions"][colour], t["decks"]["mission"]
        for i, mission in enumerate(kept):
            if pool:
                kept[i], pool[0] = pool[0], mission
                pool.append(pool.pop(0))
    ask = t["ask"]
    if ask and "options" in ask and ask["seat"] != viewer and t["decks"]["mission"]:
        ask["options"] = sorted(t["decks"]["mission"][:len(ask["options"])])
    return t


def public(view):
    """`view` without its outcome, taken out of the view itself: each view is a new dict, read once."""
    view.pop("outcome")
    return view


def test_a_seat_sees_its_own_hand_and_missions_and_only_counts_of_the_others():
    s = position(3, board={"A1": "red"}, hands={"red": ["W4", "A2"], "yellow": ["A9"]}, missions={"yellow": [3, 5]})
    v = RULES.view(s, 0)
    assert v["hands"] == {"red": ["A2", "W4"], "yellow": 1, "green": 1}
    assert v["missions"]["yellow"] == 2 and isinstance(v["missions"]["red"], list)
    spectator = RULES.view(s, None)
    assert all(isinstance(n, int) for n in spectator["hands"].values())
    assert all(isinstance(n, int) for n in spectator["missions"].values())
    assert "seed" not in v and "rng" not in v and all(isinstance(n, int) for n in v["decks"].values())


def test_the_missions_to_keep_are_shown_only_to_the_player_who_chooses():
    s = position(3, board={"A1": "red"}, hands={"red": ["A2"]})
    s, events = do(s, type="play", card="A2")
    assert RULES.view(s, 0)["question"]["options"] == s["ask"]["options"]
    for viewer in (1, 2, None):
        assert RULES.view(s, viewer)["question"] == {"q": "keep_mission", "seat": 0}
    kept = s["ask"]["options"][0]
    s, events = do(s, type="keep", mission=kept)
    assert str(kept) not in json.dumps(events)
    assert RULES.public_decision({"type": "keep", "mission": kept}) == {"type": "keep"}
    assert RULES.public_decision({"type": "return", "mission": 4}) == {"type": "return"}
    assert RULES.public_decision({"type": "move", "from": "A1", "to": "A6"}) == {"type": "move", "from": "A1", "to": "A6"}


def test_W5_makes_the_other_player_decide_and_the_state_says_so():
    s = position(3, board={"A1": "red"}, hands={"red": ["W5"]})
    s, _ = do(s, type="play", card="W5", player="yellow")
    assert RULES.current_seat(s) == 1 and s["turn"]["seat"] == 0
    assert PRESENTATION.prompt(s) == "Yellow brings a new ship into play (Red's card)."
    assert PRESENTATION.prompt(s, "de") == "Gelb bringt ein neues Schiff ins Spiel (Karte von Rot)."


def test_during_the_setup_a_seat_sees_the_mission_it_returned_and_nobody_else_does():
    """Section 3: the returned mission is face down to the others; its player knows it until the shuffle."""
    s = RULES.new_game(3, 4)
    first = RULES.current_seat(s)
    mission = RULES.legal_actions(s)[0]["mission"]
    s, _ = do(s, type="return", mission=mission)
    assert RULES.view(s, first)["returned"] == [mission]
    for viewer in ((first + 1) % 3, (first + 2) % 3, None):
        assert RULES.view(s, viewer)["returned"] == []
    while s["turn"]["phase"] == "setup":
        s, _ = do(s, **RULES.legal_actions(s)[0])
    assert all(RULES.view(s, viewer)["returned"] == [] for viewer in (0, 1, 2, None))


def test_the_setup_question_hides_the_dealt_missions_from_the_others():
    s = RULES.new_game(3, 4)
    seat = s["ask"]["seat"]
    for viewer in range(3):
        q = RULES.view(s, viewer)["question"]
        assert (q == s["ask"]) if viewer == seat else (q == {"q": "return_mission", "seat": seat})


def check_game(players, seed, mix):
    """Every state once (each step's state after is the next one's before); views carry the prompts."""
    viewers = [*range(players), None]
    first = True
    for before, decision, after, events in steps(players, seed, mix):
        for s in ((before, after) if first else (after,)):
            for viewer in viewers:
                assert public(RULES.view(s, viewer)) == public(RULES.view(twin(s, viewer), viewer)), (viewer, decision)
        first = False
        if decision["type"] in ("keep", "return"):
            assert str(decision["mission"]) not in json.dumps(RULES.public_decision(decision))
            for event in events:
                assert "mission" not in event or event["e"] == "mission", event


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_view_depends_on_what_its_viewer_may_not_see(players):
    """900 bot games over 2, 3 and 4 players (ANDROMEDA_HIDDEN_GAMES each, 300 unless set), every
    state, every seat and the spectator."""
    for seed in range(int(os.environ.get("ANDROMEDA_HIDDEN_GAMES", "300"))):
        check_game(players, seed, "mixed" if seed % 10 == 0 else "random")


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_greedy_bot_decides_only_on_what_its_seat_may_see(players):
    """A bot standing in for an absent player must not use the others' hands, missions or the deck orders."""
    for seed in range(12):
        for n, (before, _, _, _) in enumerate(steps(players, seed, "mixed")):
            if n % 3 or len(RULES.legal_actions(before)) < 2:
                continue
            seat = RULES.current_seat(before)
            mine = RULES.bot("greedy", seed).choose(before)
            assert RULES.bot("greedy", seed).choose(twin(before, seat)) == mine, (players, seed, n)
