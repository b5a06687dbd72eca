"""Bot games for the property tests: every state of a game, with the decision that led to it."""
from __future__ import annotations

from games.rules.andromeda import RULES

from ..random_player import RandomPlayer

MAX_DECISIONS = 4000


def bots_for(players: int, seed: int, mix: str = "mixed"):
    kinds = {"random": ["random"] * players, "greedy": ["greedy"] * players,
             "mixed": ["greedy" if (seed + i) % 2 else "random" for i in range(players)]}[mix]
    # the random bot's picks without a view and a guess at every step (tests/rules/random_player.py)
    return [RandomPlayer(RULES, seed * 10 + i) if kind == "random" else RULES.bot(kind, seed * 10 + i)
            for i, kind in enumerate(kinds)]


def steps(players: int, seed: int, mix: str = "random"):
    """Yield (state before, decision, state after, events) until the game ends."""
    bots = bots_for(players, seed, mix)
    state = RULES.new_game(players, seed)
    for _ in range(MAX_DECISIONS):
        if state["over"] is not None:
            return
        decision = bots[RULES.current_seat(state)].choose(state)
        after, events = RULES.apply(state, decision)
        yield state, decision, after, events
        state = after
    raise AssertionError(f"game {players}p seed {seed} does not end within {MAX_DECISIONS} decisions")
