"""The expert bot: determinized Monte Carlo search over the greedy bot's playouts.

What it may see: exactly what its seat's view shows. The only hidden parts of an Argo position are
the order of the face-down modules and the setup seed (view.py), so each world it plans in is
`guessed_world(view)`: the view's sorted face-down modules shuffled and a seed drawn with the bot's
own generator. The true order can neither steer the search nor the generator's draws.

How it decides: the legal decisions are first ranked by the greedy one-step evaluation in one
guessed world and cut to a shortlist; every shortlisted decision is then played out in the same
guessed worlds (common random numbers: the candidates are compared on equal luck) with the greedy
policy for every seat, until `horizon` more turns have started or the game ends, and judged by
`judge`: my prospects against the best other player's. The best total wins; ties go to the earlier
(greedier) candidate. The number of playouts is fixed (at most SHORTLIST x WORLDS), so a decision
depends on the view and the bot's seed only, never the clock.
"""
from __future__ import annotations

from typing import Any

from ..base import Decision, State, clone
from ..rng import SeededRandom
from .bots import GreedyBot, evaluate, pod_steps, standing
from .guess import guessed_world
from .scoring import active_colour, alien_score, outcome
from .turn import dispatch, iter_legal

# Tuned with the match runner on 2 cores: see docs/bots.md.
SHORTLIST = 5       # decisions kept for playouts after the one-step ranking
WORLDS = 4          # determinizations; each shortlisted decision is played out once in each
HORIZON = 2         # turn starts a playout runs on for (2: the rest of mine, then the next player's)
MAX_PLIES = 60      # a safety stop for one playout


class ExpertBot:
    def __init__(self, seed: int = 0, shortlist: int = SHORTLIST, worlds: int = WORLDS,
                 horizon: int = HORIZON) -> None:
        self.rng = SeededRandom(seed)
        self.shortlist, self.worlds, self.horizon = shortlist, worlds, horizon

    def decide(self, view: dict[str, Any]) -> Decision:
        worlds = [(guessed_world(view, view["you"], self.rng), self.rng.next64()) for _ in range(self.worlds)]
        legal = list(iter_legal(worlds[0][0]))
        if len(legal) == 1:
            return legal[0]
        me = active_colour(worlds[0][0])
        candidates = self._shortlist(worlds[0][0], legal, me)
        if len(candidates) == 1:
            return candidates[0]
        totals = [0.0] * len(candidates)
        for world, policy_seed in worlds:
            for i, d in enumerate(candidates):
                totals[i] += self._playout(world, d, me, policy_seed)
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        return candidates[best]

    def _shortlist(self, world: State, legal: list[Decision], me: str) -> list[Decision]:
        """The greedy favourites: one step ahead in one world, best first, stable on ties."""
        scored = []
        for i, d in enumerate(legal):
            t = clone(world)
            dispatch(t, [], d)
            scored.append((-evaluate(t, me), i))
        scored.sort()
        return [legal[i] for _, i in scored[:self.shortlist]]

    def _playout(self, world: State, d: Decision, me: str, policy_seed: int) -> float:
        """`d` in `world`, then every seat plays greedy until the horizon; my evaluation there."""
        t = clone(world)
        dispatch(t, [], d)
        policy = GreedyBot(policy_seed)
        stop = t["turn"]["number"] + self.horizon
        for _ in range(MAX_PLIES):
            if t["over"] is not None or t["turn"]["number"] >= stop:
                break
            dispatch(t, [], policy.decide_in(t))
        return judge(t, me)


def judge(s: State, me: str) -> float:
    """My standing against the best other player's: in a match only the ranking of the seats
    counts, so his prospects weigh as much as mine; the aliens' score counts a little."""
    if s["over"] is not None:
        result = outcome(s)
        assert result is not None  # the game is over
        scores = result["scores"]
        lead: int = scores[me] - max(v for c, v in scores.items() if c != me)
        won = me in result["winners"] or (result["alien_victory"] and lead > 0)
        return (100 if won else -100) + 2 * lead - (20 if result["alien_victory"] else 0)
    steps = pod_steps(s)
    mine = standing(s, me, steps)
    best_other = max(standing(s, c, steps) for c in s["colours"] if c != me)
    return mine - best_other - 0.3 * alien_score(s)
