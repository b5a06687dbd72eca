"""The expert bot: determinized Monte Carlo search over the pure rules module.

For each decision it imagines a number of worlds consistent with what its own seat may see (the
hidden cards, missions and generator made up afresh from its own seeded randomness, never read from
the state), plays every promising decision in each world, lets greedy bots play on for a few turns
and judges the position reached. Weak decisions are dropped as the worlds come in (successive
halving), so most playouts go to the close calls. The budget is a count of playouts, never a time,
so the same seed and the same visible position always give the same decision.
"""
from __future__ import annotations

from ..rng import SeededRandom
from .bots import GreedyBot, as_seen_by, evaluate
from .ships import BOARD
from .turn import clone, legal, play


def _deal(pool: list, counts: list[int]) -> list[list]:
    """Cut a shuffled pool into consecutive parts of the given sizes."""
    parts, start = [], 0
    for n in counts:
        parts.append(pool[start:start + n])
        start += n
    return parts


def determinize(s, me: str, rng: SeededRandom) -> dict:
    """A copy of `s` in which everything `me` may not see is made up again: the other hands, the
    order and contents of the decks, the others' kept and returned missions, the seed and the
    generator. Only what `me` sees is read, and every pool is sorted before it is shuffled, so two
    states that look the same to `me` give the same world."""
    w = clone(s)
    others = [c for c in s["colours"] if c != me]
    hand_pool = []
    for kind in ("warning", "alert"):
        unseen = sorted([card for c in others for card in s["hands"][c] if BOARD.cards[card].deck == kind]
                        + s["decks"][kind])
        rng.shuffle(unseen)
        size = len(s["decks"][kind])  # the deck sizes are public, and so is how many cards each kind has
        w["decks"][kind], rest = unseen[:size], unseen[size:]
        hand_pool += rest
    hand_pool.sort()
    rng.shuffle(hand_pool)
    for c, hand in zip(others, _deal(hand_pool, [len(s["hands"][c]) for c in others])):
        w["hands"][c] = hand
    _determinize_missions(s, w, me, others, rng)
    w["seed"] = rng.next64() >> 1
    w["rng"] = rng.next64()
    return w


def _determinize_missions(s, w, me: str, others: list[str], rng: SeededRandom) -> None:
    """The same for missions: the others' kept ones, the returned ones and the deck, dealt anew.
    (Missions drawn by card A2 are only ever in the question of the player choosing, here `me`.)"""
    pool = sorted([m for c in others for m in s["missions"][c]] + s["returned"] + s["decks"]["mission"])
    rng.shuffle(pool)
    counts = [len(s["missions"][c]) for c in others] + [len(s["returned"]), len(s["decks"]["mission"])]
    parts = _deal(pool, counts)
    for c, kept in zip(others, parts):
        w["missions"][c] = sorted(kept)
    w["returned"], w["decks"]["mission"] = parts[len(others)], parts[len(others) + 1]


class ExpertBot:
    """Determinized Monte Carlo search with greedy playouts cut short and judged by `evaluate`.

    `worlds` worlds are dealt per decision; the `width` decisions the greedy judgement likes best
    are tried in each, and after each round of worlds the worse half is dropped. A playout runs
    `turns` turns past the current one (greedy bots for every seat), then the position is judged."""

    def __init__(self, seed: int = 0, worlds: int = 6, width: int = 6, turns: int = 4) -> None:
        self.rng = SeededRandom(seed)
        self.worlds, self.width, self.turns = worlds, width, turns

    def choose(self, s) -> dict:
        options = legal(s)
        if len(options) == 1:
            return options[0]
        me = s["colours"][s["ask"]["seat"]]
        alive = self._shortlist(s, options, me)
        totals = [0.0] * len(alive)
        rounds = _halvings(len(alive), self.worlds)
        done = 0
        for worlds in rounds:
            for _ in range(worlds):
                world = determinize(s, me, self.rng)
                seed = self.rng.next64()
                for i, decision in enumerate(alive):
                    totals[i] += self._playout(world, decision, me, seed)
            done += worlds
            ranked = sorted(range(len(alive)), key=lambda i: -totals[i])
            keep = sorted(ranked[:max(1, len(alive) // 2)]) if len(alive) > 1 else [0]
            alive, totals = [alive[i] for i in keep], [totals[i] for i in keep]
            if len(alive) == 1:
                break
        return alive[max(range(len(alive)), key=lambda i: totals[i])]

    def _shortlist(self, s, options, me) -> list[dict]:
        """The `width` decisions that look best one step ahead, in their legal order."""
        if len(options) <= self.width:
            return options
        seen = as_seen_by(s, me)
        values = [evaluate(play(clone(seen), d, []), me) for d in options]
        best = sorted(range(len(options)), key=lambda i: -values[i])[:self.width]
        return [options[i] for i in sorted(best)]

    def _playout(self, world, decision, me: str, seed: int) -> float:
        """Play `decision` in a copy of `world`, let greedy bots play on, judge the end reached."""
        s = play(clone(world), decision, [])
        stop = s["turn"]["number"] + self.turns
        bots = [GreedyBot(seed + seat) for seat in range(s["players"])]
        while s["over"] is None and not (s["turn"]["number"] >= stop and s["ask"]["q"] == "turn"):
            seat = s["ask"]["seat"]
            s = play(s, bots[seat].choose(s), [])
        return evaluate(s, me)


def _halvings(candidates: int, worlds: int) -> list[int]:
    """How many worlds each round of successive halving deals: the budget split evenly over the
    rounds it takes to get down to one candidate, at least one world a round."""
    rounds = max(1, (candidates - 1).bit_length())
    return [max(1, worlds // rounds)] * rounds
