"""Players for tests, benchmarks and absent users, each with its own seeded randomness.

The greedy bot judges a position only by what its own seat may see (its hand and missions, the
board, the counts): the hidden parts of the state play no part in its choice.
"""
from __future__ import annotations

from .rng import SeededRandom
from .ships import BOARD
from .turn import clone, legal, play


class RandomBot:
    """Chooses uniformly among the legal decisions."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = SeededRandom(seed)

    def choose(self, s) -> dict:
        return self.rng.choice(legal(s))


class GreedyBot:
    """Looks one decision ahead and keeps the best position for the seat that decides."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = SeededRandom(seed)

    def choose(self, s) -> dict:
        options = legal(s)
        if len(options) == 1:
            return options[0]
        me = s["colours"][s["ask"]["seat"]]
        best, best_value = [], None
        for decision in options:
            after = play(clone(s), decision, [])
            value = evaluate(after, me)
            if best_value is None or value > best_value + 1e-9:
                best, best_value = [decision], value
            elif abs(value - best_value) <= 1e-9:
                best.append(decision)
        return self.rng.choice(best)


def _strength(s, colour: str) -> float:
    """Ships saved and ships near the wormhole, and the points on the track."""
    value = 9.0 * s["saved"][colour] + s["vp"][colour]
    for node, owner in s["board"].items():
        if owner == colour:
            value += 1.6 * (5 - BOARD.depth[node]) + (0.8 if node in s["upright"] else 0.0)
    if s["lost"][colour] == "placed":
        value += 1.0
    return value


def evaluate(s, me: str) -> float:
    if s["over"] is not None:
        scores = s["over"]["scores"]
        lead = scores[me] - max(v for c, v in scores.items() if c != me)
        return 1000 + lead if lead >= 0 else -1000 + lead
    value = _strength(s, me)
    value += sum(BOARD.cards[card].in_hand + 1.5 for card in s["hands"][me])
    value += 0.4 * sum(BOARD.missions[m].vp for m in s["missions"][me])
    value -= 0.35 * max(_strength(s, c) for c in s["colours"] if c != me)
    return value


BOTS = {"random": RandomBot, "greedy": GreedyBot}
