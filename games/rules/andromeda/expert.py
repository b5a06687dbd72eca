"""The expert bot: determinized Monte Carlo search over the pure rules module.

For each decision it guesses a number of worlds from the deciding seat's view (`guessed_world`: the
hidden cards, missions, deck orders and generator dealt anew from its own seeded randomness; it is
never handed the state), plays every promising decision in each world, lets greedy bots play on for a
few turns and judges the position reached. Weak decisions are dropped as the worlds come in
(successive halving), so most playouts go to the close calls. The budget is a count of playouts,
never a time, so the same seed and the same view always give the same decision.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Decision, State
from ..rng import SeededRandom
from .bots import GreedyBot, as_seen_by, evaluate, world_of
from .turn import clone, legal, play


class ExpertBot:
    """Determinized Monte Carlo search with greedy playouts cut short and judged by `evaluate`.

    `worlds` worlds are guessed per decision; the `width` decisions the greedy judgement likes best
    are tried in each, and after each round of worlds the worse half is dropped. A playout runs
    `turns` turns past the current one (greedy bots for every seat), then the position is judged."""

    def __init__(self, seed: int = 0, worlds: int = 6, width: int = 6, turns: int = 4) -> None:
        self.rng = SeededRandom(seed)
        self.worlds, self.width, self.turns = worlds, width, turns

    def decide(self, view: dict[str, Any]) -> Decision:
        world = world_of(view, self.rng)  # its legal decisions are the true ones: the seat sees its question
        options = legal(world)
        if len(options) == 1:
            return options[0]
        me = view["colours"][view["you"]]
        alive = self._shortlist(world, options, me)
        totals = [0.0] * len(alive)
        guesses = self._guesses(view, world)
        for worlds in _halvings(len(alive), self.worlds):
            for _ in range(worlds):
                world, seed = next(guesses), self.rng.next64()
                for i, decision in enumerate(alive):
                    totals[i] += self._playout(world, decision, me, seed)
            ranked = sorted(range(len(alive)), key=lambda i: -totals[i])
            keep = sorted(ranked[:max(1, len(alive) // 2)])
            alive, totals = [alive[i] for i in keep], [totals[i] for i in keep]
            if len(alive) == 1:
                break
        return alive[max(range(len(alive)), key=lambda i: totals[i])]

    def _guesses(self, view: dict[str, Any], first: State) -> Iterator[State]:
        """The worlds the search plays in: the one its shortlist was drawn up in, then new guesses."""
        yield first
        while True:
            yield world_of(view, self.rng)

    def _shortlist(self, world: State, options: list[Decision], me: str) -> list[Decision]:
        """The `width` decisions that look best one step ahead, in their legal order."""
        if len(options) <= self.width:
            return options
        seen = as_seen_by(world, me)
        values = [evaluate(play(clone(seen), d, []), me) for d in options]
        best = sorted(range(len(options)), key=lambda i: -values[i])[:self.width]
        return [options[i] for i in sorted(best)]

    def _playout(self, world: State, decision: Decision, me: str, seed: int) -> float:
        """Play `decision` in a copy of `world`, let greedy bots play on, judge the end reached."""
        s = play(clone(world), decision, [])
        stop = s["turn"]["number"] + self.turns
        bots = [GreedyBot(seed + seat) for seat in range(s["players"])]
        while s["over"] is None and not (s["turn"]["number"] >= stop and s["ask"]["q"] == "turn"):
            s = play(s, bots[s["ask"]["seat"]].decide_in(s), [])
        return evaluate(s, me)


def _halvings(candidates: int, worlds: int) -> list[int]:
    """How many worlds each round of successive halving deals: the budget split evenly over the
    rounds it takes to get down to one candidate, at least one world a round."""
    rounds = max(1, (candidates - 1).bit_length())
    return [max(1, worlds // rounds)] * rounds
