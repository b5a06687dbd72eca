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
        s = as_seen_by(s, me)
        cards = [d for d in options if d["type"] == "play"]
        if cards:
            # A card does not use up the action: play the best one if it leaves me better off
            # than I stand now, and only then compare the actions.
            best, value = self._best(s, cards, me)
            if value > evaluate(s, me) + 0.05:
                return best
            options = [d for d in options if d["type"] != "play"]
        return self._best(s, options, me)[0]

    def _best(self, s, options, me):
        best, best_value = [], None
        for decision in options:
            value = evaluate(play(clone(s), decision, []), me)
            if best_value is None or value > best_value + 1e-9:
                best, best_value = [decision], value
            elif abs(value - best_value) <= 1e-9:
                best.append(decision)
        return self.rng.choice(best), best_value


# What an unknown card in another hand is taken to cost at the end: the commonest in-hand VP.
UNKNOWN_CARD = "A12"


def as_seen_by(s, me: str) -> dict:
    """A copy in which the other players hold no missions and only stand-in cards, so that looking a
    decision ahead never reveals their secrets (a mission they would meet, the VP of their hands)."""
    probe = clone(s)
    for c in probe["colours"]:
        if c != me:
            probe["missions"][c] = []
            probe["hands"][c] = [UNKNOWN_CARD] * len(probe["hands"][c])
    return probe


def _strength(s, colour: str) -> float:
    """Ships saved and ships near the wormhole, and the points on the track."""
    value = 9.0 * s["saved"][colour] + s["vp"][colour]
    for node, owner in s["board"].items():
        if owner == colour:
            value += 1.6 * (5 - BOARD.depth[node]) + (0.8 if node in s["upright"] else 0.0)
    if s["lost"][colour] == "placed":
        value += 1.0
    return value


def _share(s, me, nodes) -> float:
    return sum(1 for n in nodes if s["board"].get(n) == me) / len(nodes)


def _progress(s, me: str, mission: int) -> float:
    """How near a kept board mission is (0 to 1); other missions count as a plain chance."""
    if mission == 1:
        return max(sum(1 for n in BOARD.outer if BOARD.zone[n] == z and s["board"].get(n) == me) for z in BOARD.zones) / 4
    if mission == 2:
        return max(_share(s, me, ends) for ends in BOARD.crossings)
    if mission == 3:
        return _share(s, me, BOARD.inner)
    if mission in (4, 5):
        return max(_share(s, me, line.nodes) for line in BOARD.lines if line.dotted == (mission == 4))
    return 0.0


def evaluate(s, me: str) -> float:
    if s["over"] is not None:
        scores = s["over"]["scores"]
        lead = scores[me] - max(v for c, v in scores.items() if c != me)
        return 1000 + lead if lead >= 0 else -1000 + lead
    value = _strength(s, me)
    value += sum(BOARD.cards[card].in_hand + 1.0 for card in s["hands"][me])
    value += sum(BOARD.missions[m].vp * (0.3 + 0.5 * _progress(s, me, m)) for m in s["missions"][me])
    value -= 0.35 * max(_strength(s, c) for c in s["colours"] if c != me)
    return value


BOTS = {"random": RandomBot, "greedy": GreedyBot}
