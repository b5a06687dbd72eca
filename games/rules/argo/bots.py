"""Players for tests, benchmarks and absent users, each with its own seeded randomness.

Each decides from its seat's view alone (`decide(view)`): it first guesses a whole position from the
view (`guessed_world`: the face-down order and the seed dealt from its own generator, all else as the
view shows it) and plans in that world, so the true face-down order never steers it.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..base import Decision, SeatPlayer, State, clone
from ..rng import SeededRandom
from .guess import guessed_world
from .scoring import active_colour, alien_score
from .station import distances, free_astronauts, kind_at, specs
from .turn import dispatch, iter_legal


class RandomBot:
    """Chooses uniformly among the legal decisions. Its world only lists them, and every guess lists
    the true ones, so the world is dealt by a generator of its own: `rng` draws the picks alone, the
    very picks it drew when it was handed the state (tests/rules/test_rng.py)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng, self.dealer = SeededRandom(seed), SeededRandom(seed)

    def decide(self, view: dict[str, Any]) -> Decision:
        world = guessed_world(view, view["you"], self.dealer)
        return self.rng.choice(list(iter_legal(world)))


class GreedyBot:
    """Looks one decision ahead: prefers escaping and scoring, and not feeding the aliens."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = SeededRandom(seed)

    def decide(self, view: dict[str, Any]) -> Decision:
        return self.decide_in(guessed_world(view, view["you"], self.rng))

    def decide_in(self, s: State) -> Decision:
        """The greedy decision in a whole position: a world guessed from the view, or a playout's."""
        legal = list(iter_legal(s))
        if len(legal) == 1:
            return legal[0]
        me = active_colour(s)
        if s["ask"]["q"] == "build":
            return self._build(s, legal, me)
        best: list[Decision] = []
        best_value: float | None = None
        for d in legal:
            t = clone(s)
            dispatch(t, [], d)
            value = evaluate(t, me)
            if best_value is None or value > best_value + 1e-9:
                best, best_value = [d], value
            elif abs(value - best_value) <= 1e-9:
                best.append(d)
        return self.rng.choice(best)

    def _build(self, s: State, legal: list[Decision], me: str) -> Decision:
        """Pods near my astronauts, alien tiles far from them; judged without simulating."""
        mine = [s["astronauts"][a] for a in free_astronauts(s, me)]
        pods = [d for d in legal if specs(s)[d["tile"]].is_pod]
        pool = pods or legal
        best: list[Decision] = []
        best_value: float | None = None
        for d in pool:
            x, y = map(int, d["cell"].split("|"))
            near = min((abs(x - int(c.split("|")[0])) + abs(y - int(c.split("|")[1])) for c in mine),
                       default=0)
            value = -near if pods else near * 0.1
            if best_value is None or value > best_value:
                best, best_value = [d], value
            elif value == best_value:
                best.append(d)
        return self.rng.choice(best)


def evaluate(s: State, me: str) -> float:
    """My score, my seated astronauts, my astronauts' closeness to pods; the aliens' score counts against."""
    if s["over"] is not None:
        best_other = max((v for c, v in s["scores"].items() if c != me), default=0)
        lead: int = s["scores"][me] - max(best_other, alien_score(s))
        return 1000 + lead if lead > 0 else -1000 + lead
    value = standing(s, me, pod_steps(s)) - 0.6 * alien_score(s)
    return value - 1.0 * max((v for c, v in s["scores"].items() if c != me), default=0)


def pod_steps(s: State) -> dict[str, int]:
    """Steps from each cell to the nearest docked pod."""
    steps: dict[str, int] = {}
    for pod in (c for c, e in s["board"].items() if "seats" in e):
        for cell, d in distances(s, pod).items():
            steps[cell] = min(d, steps.get(cell, 99))
    return steps


def standing(s: State, colour: str, steps: dict[str, int]) -> float:
    """Points, plus what the colour's astronauts promise: seated ones most, near a pod some."""
    value: float = 3.0 * s["scores"][colour]
    for figure, where in s["astronauts"].items():
        if not figure.startswith(colour + "-"):
            continue
        if where == "dead":
            value -= 4
        elif where == "escaped":
            value += 1
        elif kind_at(s, where) == "pod":
            value += 5
        elif steps:
            value -= 0.3 * min(steps.get(where, 12), 12)
    return value


# Imported last: the expert builds on GreedyBot and evaluate above.
from .expert import ExpertBot  # noqa: E402

BOTS: dict[str, Callable[[int], SeatPlayer]] = {"random": RandomBot, "greedy": GreedyBot, "expert": ExpertBot}
