"""Players for tests, benchmarks and absent users, each with its own seeded randomness.

Each decides from the view of the seat that must decide: it first guesses a whole position from that
view (`guessed_world`, the hidden cards, missions, deck orders and generator dealt anew from its own
generator) and plans only in it, so nothing it does can depend on what the seat may not see. The
greedy bot judges a position by what its own seat would see there (its hand and missions, the board,
the counts): the others' guessed hands and missions play no part in its choice.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from ..base import Decision, SeatPlayer, State
from ..rng import SeededRandom
from .guess import guessed_world
from .ships import BOARD, finished
from .turn import clone, legal, play


def world_of(view: dict[str, Any], rng: SeededRandom) -> State:
    """A position the deciding seat cannot tell from the true one, its hidden parts drawn from `rng`."""
    return guessed_world(view, view["you"], rng)


class RandomBot:
    """Chooses uniformly among the legal decisions. Its world only lists them, and they are the true ones
    whatever the guess, so the world is dealt by a generator of its own: `rng` draws the picks alone,
    the very picks it drew when it was handed the state (tests/rules/test_rng.py)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng, self.dealer = SeededRandom(seed), SeededRandom(seed)

    def decide(self, view: dict[str, Any]) -> Decision:
        return self.rng.choice(legal(world_of(view, self.dealer)))


class GreedyBot:
    """Looks one decision ahead and keeps the best position for the seat that decides."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = SeededRandom(seed)

    def decide(self, view: dict[str, Any]) -> Decision:
        return self.decide_in(world_of(view, self.rng))

    def decide_in(self, s: State) -> Decision:
        """The decision in a position already guessed (a world of the expert's search, or its own guess)."""
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

    def _best(self, s: State, options: list[Decision], me: str) -> tuple[Decision, float]:
        best: list[Decision] = []
        best_value: float | None = None
        for decision in options:
            value = evaluate(play(clone(s), decision, []), me)
            if best_value is None or value > best_value + 1e-9:
                best, best_value = [decision], value
            elif abs(value - best_value) <= 1e-9:
                best.append(decision)
        assert best_value is not None  # there is always a decision to take
        return self.rng.choice(best), best_value


# What an unknown card in another hand is taken to cost at the end: the commonest in-hand VP.
UNKNOWN_CARD = "A12"


def as_seen_by(s: State, me: str) -> State:
    """A copy in which the other players hold no missions and only stand-in cards: one decision ahead
    is judged the same whatever the guess dealt them (a mission they would meet, the VP of their hands)."""
    probe = clone(s)
    for c in probe["colours"]:
        if c != me:
            probe["missions"][c] = []
            probe["hands"][c] = [UNKNOWN_CARD] * len(probe["hands"][c])
    return probe


def _share(s: State, me: str, nodes: Sequence[str]) -> float:
    return sum(1 for n in nodes if s["board"].get(n) == me) / len(nodes)


def remaining(s: State, colour: str) -> int:
    """Actions still needed to save every ship: 5 from the platform, 4 for an unplaced Lost Ship,
    one per link for a ship on the board (one fewer when it stands upright, ready to warp)."""
    count: int = 5 * s["platform"][colour] + (4 if s["lost"][colour] != "placed" else 0)
    for node, owner in s["board"].items():
        if owner == colour:
            count += BOARD.depth[node] - (1 if node in s["upright"] else 0)
    return count


def _in_hand(s: State, me: str, deck: str) -> int:
    return sum(1 for card in s["hands"][me] if BOARD.cards[card].deck == deck)


# Missions 9 and 10: how likely the disc ends on the wanted field, by the Skips still needed to get there.
SKIP_CHANCE = {0: 1.0, 1: 0.4, 2: 0.2}


def _progress(s: State, me: str, mission: int) -> float:
    """How near a kept mission is (0 to 1), judged from what `me` may see."""
    if mission == 1:
        return max(sum(1 for n in BOARD.outer if BOARD.zone[n] == z and s["board"].get(n) == me) for z in BOARD.zones) / 4
    if mission == 2:
        return max(_share(s, me, ends) for ends in BOARD.crossings)
    if mission == 3:
        return _share(s, me, BOARD.inner)
    if mission in (4, 5):
        return max(_share(s, me, line.nodes) for line in BOARD.lines if line.dotted == (mission == 4))
    if mission in (9, 10):
        return SKIP_CHANCE[((1 if mission == 9 else 3) - s["skip"][me]) % 3]
    if mission in (12, 13, 14):
        warning, alert = _in_hand(s, me, "warning"), _in_hand(s, me, "alert")
        if mission == 14:
            return (min(warning, 1) + min(alert, 2)) / 3
        return min(warning if mission == 12 else alert, 3) / 3
    if mission == 8:  # every ship from the platform saved while the Lost Ship stays unfound
        return s["saved"][me] / BOARD.ships[s["players"]] if s["lost"][me] == "aside" else 0.0
    if mission == 15:
        theirs = min(s["platform"][c] for c in s["colours"] if c != me)
        return 0.8 if s["platform"][me] < theirs else 0.4 if s["platform"][me] == theirs else 0.1
    return 0.0


# A card in hand may still be played to profit: worth a point more than its end penalty while the
# race is long, fading to nothing as its end (the fewest actions any player still needs) nears.
HOLD_VALUE, HOLD_HORIZON = 1.0, 40.0

# The race, in VP: each action still needed costs TEMPO, and the next Last Ship place is shared out
# by a logistic chance of getting there first, on the lead in actions over RACE_SCALE.
TEMPO, RACE_SCALE = 0.6, 3.0

# How often a kept mission is met in the end, before any progress shows (greedy bot games).
CHANCE = {1: 0.3, 2: 0.3, 3: 0.5, 4: 0.2, 5: 0.5, 6: 0.0, 7: 0.0, 8: 0.1, 9: 0.0, 10: 0.0, 11: 0.1,
          12: 0.3, 13: 0.3, 14: 0.4, 15: 0.0}


def _first_chance(s: State, me: str) -> float:
    """How likely `me` saves all his ships before every rival still racing (by actions still needed)."""
    rivals = [remaining(s, c) for c in s["colours"] if c != me and not finished(s, c)]
    if not rivals:
        return 1.0
    lead = min(rivals) - remaining(s, me)
    return 1.0 / (1.0 + math.exp(-lead / RACE_SCALE))


def _mission_value(s: State, me: str, m: int, first: float) -> float:
    """A kept mission in VP: its chance from the start, raised by the progress seen; nothing once it
    cannot be met any more. In a two-player game mission 6 is met by losing the race."""
    vp = BOARD.missions[m].vp
    if m == 6 and s["players"] == 2:
        return vp * (1.0 - first)
    if m == 8 and s["lost"][me] != "aside":
        return 0.0
    if m == 15 and s["first_empty"] not in (None, me):
        return 0.0
    base = CHANCE.get(m, 0.0)
    return vp * (base + (1.0 - base) * 0.9 * _progress(s, me, m))


def _race(s: State, me: str, first: float) -> float:
    """The Last Ship place still to come: the next one with the chance of getting there first."""
    places = BOARD.last_ship_vp
    if me in s["last_ship"]:
        place: int = s["last_ship"].index(me)
        return places[place]
    taken = len(s["last_ship"])
    nxt = places[taken] if taken < len(places) else 0
    after = places[taken + 1] if taken + 1 < len(places) else 0
    return after + (nxt - after) * first


def evaluate(s: State, me: str) -> float:
    if s["over"] is not None:
        scores: dict[str, int] = s["over"]["scores"]
        lead = scores[me] - max(v for c, v in scores.items() if c != me)
        return 1000 + lead if lead >= 0 else -1000 + lead
    hold = HOLD_VALUE * min(1.0, min(remaining(s, c) for c in s["colours"]) / HOLD_HORIZON)
    first = _first_chance(s, me)
    value: float = s["vp"][me] + _race(s, me, first) - TEMPO * remaining(s, me)
    value += sum(BOARD.cards[card].in_hand + hold for card in s["hands"][me])
    value += sum(_mission_value(s, me, m, first) for m in s["missions"][me])
    # The best placed rival, judged the same way from what everyone sees (his VP track and race).
    value -= max(s["vp"][c] + _race(s, c, _first_chance(s, c)) - TEMPO * remaining(s, c)
                 for c in s["colours"] if c != me)
    return value


# The expert searches with the greedy bot and `evaluate` above, so it is imported once they exist.
from .expert import ExpertBot  # noqa: E402

BOTS: dict[str, Callable[[int], SeatPlayer]] = {"random": RandomBot, "greedy": GreedyBot, "expert": ExpertBot}
