"""The random bot's picks without its world, for tests that only need many positions.

A game's random bot draws each pick with its generator from the legal decisions of a world it guesses
from the deciding seat's view (its own second generator deals that world, and every guess lists the
true legal decisions in their order). Drawing from the true legal decisions with the same generator
gives the very same picks, and skips building a view and a guess at every step: the long runs over
thousands of games stay affordable. tests/rules/test_random_player.py holds the two to each other."""
from __future__ import annotations

from games.rules.rng import SeededRandom


class RandomPlayer:
    def __init__(self, rules, seed: int = 0) -> None:
        self.rules, self.rng = rules, SeededRandom(seed)

    def choose(self, state) -> dict:
        return self.rng.choice(self.rules.legal_actions(state))
