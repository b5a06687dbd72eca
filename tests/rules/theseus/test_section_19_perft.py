"""RULES.md 19.5: perft counts for fixed seeds, as a regression.

`perft(state, depth)` counts the distinct sequences of `depth` legal decisions from a position (its
leaves; a game that ends earlier counts as one leaf). Every decision is an answer to the pending
question, and whatever it draws or reveals follows from the seed, so the count is well defined. The
counts below were computed from the rules and data as they stand (2026-11-25); they fix nothing in
the rules by themselves, but any change in what is offered (a question added, dropped or split, an
option more or less, a card number or copy that changes a choice, a different deal from the seed)
changes them, and then this test asks whether that change was meant. If it was, put the new counts here.

Two kinds of position per setting: the start (setup: cards, slots, rooms, team sectors) and the first
turn after a setup that always takes the first option (moves, actions, sector choices).
"""
from __future__ import annotations

import pytest

from games.rules.theseus import RULES

SETTINGS = {
    "duel_seed1": (2, 1, {}),
    "duel_greys_scientists_seed7": (2, 7, {"faction1": "greys", "faction2": "scientists"}),
    "teams_seed3": (4, 3, {"teams": True}),
}
START = {  # counts at depth 1, 2, ...
    "duel_seed1": [3, 45, 135, 1890],
    "duel_greys_scientists_seed7": [3, 45, 135],
    "teams_seed3": [2, 4, 8, 120, 240],
}
FIRST_TURN = {
    "duel_seed1": [3, 6, 22, 66, 562],
    "duel_greys_scientists_seed7": [3, 6, 20, 60, 470],
    "teams_seed3": [2, 4, 12, 24, 168, 354],
}


def perft(state, depth: int) -> int:
    """The number of distinct legal decision sequences of length `depth` from `state`."""
    if depth == 0 or RULES.outcome(state) is not None:
        return 1
    return sum(perft(RULES.apply(state, d)[0], depth - 1) for d in RULES.legal_actions(state))


def start(setting: str):
    players, seed, options = SETTINGS[setting]
    return RULES.new_game(players, seed, options)


def first_turn(setting: str):
    """The position after a setup in which every question takes its first option."""
    s = start(setting)
    while s["turn"]["phase"] == "setup":
        s, _ = RULES.apply(s, RULES.legal_actions(s)[0])
    return s


@pytest.mark.parametrize("setting", sorted(START))
def test_perft_from_the_start(setting):
    s = start(setting)
    assert [perft(s, d) for d in range(1, len(START[setting]) + 1)] == START[setting]


@pytest.mark.parametrize("setting", sorted(FIRST_TURN))
def test_perft_from_the_first_turn(setting):
    s = first_turn(setting)
    assert s["over"] is None and s["turn"]["phase"] != "setup"
    assert [perft(s, d) for d in range(1, len(FIRST_TURN[setting]) + 1)] == FIRST_TURN[setting]


def test_perft_is_the_same_twice():
    """The same seed gives the same tree: perft is a property of the position, not of the run."""
    assert perft(start("duel_seed1"), 3) == perft(start("duel_seed1"), 3)
