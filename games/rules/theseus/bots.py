"""The bots: random, greedy (one decision ahead on the score) and expert (a short look-ahead over the
turn). Each decides from the deciding seat's view alone; where it looks ahead it plans in a world guessed
from that view (`guessed_world`, guess.py): what no player can see (spec 16) is dealt anew."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..base import Decision, Rules, SeatPlayer, State
from ..rng import SeededRandom
from .guess import guessed_world
from .scoring import side_score
from .station import installed, owner


class RandomBot:
    """Any offered answer: the view shows the question and its options, so it needs no world."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = SeededRandom(seed)

    def decide(self, view: dict[str, Any]) -> Decision:
        ask = view["ask"]
        return {"type": ask["type"], "pick": self.rng.choice(ask["options"])}


def value(s: State, seat: int) -> float:
    """How good a position is for `seat`'s side: its score lead, then tempo (upgrades, cards in play)."""
    if s["over"] is not None:
        winners = s["over"]["winners"]
        return 1000.0 if s["colours"][seat] in winners else -1000.0
    mine = s["side_of"][seat]
    own: int = side_score(s, mine) if s["mode"] != "deathmatch" else s["lp"][seat] + s["dp"][seat]
    others: list[int] = [side_score(s, i) for i in range(len(s["sides"])) if i != mine] if s["mode"] != "deathmatch" else \
        [s["lp"][o] + s["dp"][o] for o in range(s["players"]) if o != seat]
    tempo: float = s["tiles"][mine] * 0.4 + sum(0.3 for u in s["units"].values() if s["side_of"][u["seat"]] == mine and u["up"])
    cards = sum(0.5 for _, c in installed(s) if s["side_of"][owner(s, c)] == mine)
    return own - max(others) + tempo + cards


class GreedyBot:
    """Tries each answer, plays the rest of its own turn out a few times at random, and takes the
    answer whose turn ends best on average (by `value`)."""
    rollouts = 2

    def __init__(self, seed: int = 0) -> None:
        self.rng = SeededRandom(seed)

    def decide(self, view: dict[str, Any]) -> Decision:
        from . import RULES  # here, not at the top: the package imports this module while it builds RULES
        ask, me = view["ask"], view["you"]
        s = guessed_world(view, me, self.rng)
        best: list[Decision] = []
        best_value: float | None = None
        for pick in ask["options"]:
            decision = {"type": ask["type"], "pick": pick}
            after, _ = RULES.apply(s, decision)
            v = sum(self._finish_turn(RULES, after, me) for _ in range(self.rollouts)) / self.rollouts
            if best_value is None or v > best_value + 1e-9:
                best, best_value = [decision], v
            elif abs(v - best_value) <= 1e-9:
                best.append(decision)
        return self.rng.choice(best)

    def _finish_turn(self, rules: Rules, s: State, me: int) -> float:
        steps = 0
        while s["over"] is None and s["ask"]["seat"] == me and steps < 40:
            ask = s["ask"]
            s, _ = rules.apply(s, {"type": ask["type"], "pick": self.rng.choice(ask["options"])})
            steps += 1
        return value(s, me)


from .expert import ExpertBot  # noqa: E402  (after GreedyBot: the expert's module is its own)

BOTS: dict[str, Callable[[int], SeatPlayer]] = {"random": RandomBot, "greedy": GreedyBot, "expert": ExpertBot}
