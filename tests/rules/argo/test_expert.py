"""The expert bot: it sees only its seat's view, is deterministic from its seed, plays legally and
takes a winning escape when one is there. Small budgets keep these quick."""
from __future__ import annotations

from games.rules.argo import RULES
from games.rules.argo.expert import ExpertBot
from games.rules.base import SeatedBot
from games.rules.rng import SeededRandom

from .positions import position

# Waking Room, corridors 1|0 and 2|0, a Warehouse on 3|0 and pod P4 on 4|0, its door facing west.
BAY = {"0|0": "WR", "1|0": ("C01", 1), "2|0": ("C02", 1), "3|0": "WH2"}


def small(seed: int) -> SeatedBot:
    return SeatedBot(RULES, ExpertBot(seed, shortlist=3, worlds=2, horizon=1))


def game_states(seed: int, plies: int) -> list[dict]:
    """The states of a short greedy game, each one a question for some seat."""
    bots = [RULES.bot("greedy", seed * 10 + i) for i in range(2)]
    state, states = RULES.new_game(2, seed), []
    while state["over"] is None and len(states) < plies:
        states.append(state)
        state, _ = RULES.apply(state, bots[RULES.current_seat(state)].choose(state))
    return states


def other_hidden(state: dict, seed: int) -> dict:
    """The same position with another face-down order and another setup seed."""
    other = RULES.load(RULES.dump(state))
    SeededRandom(seed).shuffle(other["stack"])
    other["seed"] = seed
    return other


def test_hidden_information_never_changes_the_decision():
    for state in game_states(3, 30):
        twin = other_hidden(state, 99)
        assert RULES.view(twin, RULES.current_seat(twin)) == RULES.view(state, RULES.current_seat(state))
        assert small(5).choose(state) == small(5).choose(twin)


def test_the_same_seed_gives_the_same_decisions():
    states = game_states(4, 20)
    first, second = small(8), small(8)
    assert [first.choose(s) for s in states] == [second.choose(s) for s in states]


def test_it_only_ever_decides_legally():
    seats = [small(11), RULES.bot("greedy", 12)]
    state = RULES.new_game(2, 6)
    for _ in range(60):
        if state["over"] is not None:
            break
        decision = seats[RULES.current_seat(state)].choose(state)
        assert decision in RULES.legal_actions(state)
        state, _ = RULES.apply(state, decision)


def test_it_takes_the_escape_that_wins_the_game():
    # The last pod of the game holds a yellow Grunt; the red Chief next to it launches it by
    # boarding (Chief on seat 5, doubled: 10 points) and red wins 10 to 7.
    board = dict(BAY, **{"4|0": ("P4", 3, ["yellow-grunt", None])})
    state = position(board, {"red-chief": "3|0", "red-pilot": "1|0", "yellow-chief": "0|0"},
                     scores={"yellow": 3}, actions=1)
    state["launched"] = 3
    decision = small(2).choose(state)
    assert decision == {"type": "step", "figure": "red-chief", "to": "4|0"}
    after, _ = RULES.apply(state, decision)
    assert RULES.outcome(after)["winners"] == ["red"]
