"""The test's random player (tests/rules/random_player.py) picks what the game's random bot picks, per
game of the registry, over whole games of every player count: the long runs that use it play the
random bot's very games."""
from __future__ import annotations

import pytest

from games import rules

from .random_player import RandomPlayer


@pytest.mark.parametrize("name", rules.names())
def test_the_random_player_picks_as_the_random_bot(name):
    module = rules.get(name)
    for players in range(module.min_players, module.max_players + 1):
        for seed in range(2):
            state = module.new_game(players, seed)
            bots = [module.bot("random", seed * 10 + i) for i in range(players)]
            mine = [RandomPlayer(module, seed * 10 + i) for i in range(players)]
            while module.outcome(state) is None:
                seat = module.current_seat(state)
                decision = bots[seat].choose(state)
                assert mine[seat].choose(state) == decision, (players, seed)
                state, _ = module.apply(state, decision)
