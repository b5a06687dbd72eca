"""The expert bot: a narrow search over the rest of its own turn, judged by a fuller evaluation.

A turn is a chain of the active player's own decisions, so the bot plans it like a puzzle: it tries
every answer to the open question, then follows the most promising continuations (ranked by the
evaluation) to the end of its turn and takes the answer whose best ending scores highest. It is handed
the seat's view alone and plans in a world guessed from it (`guessed_world`: the unseen cards dealt by
its own generator, the turn so far played again on that deal, spec 16), so a card its plan draws is a
guess; the evaluation reads only what every player sees.
"""
from __future__ import annotations

from typing import Any

from ..base import Decision, Rules, State
from ..rng import SeededRandom
from .components import DATA
from .guess import guessed_world
from .scoring import win_is_shared
from .station import collects, in_range, installed, owner, switched_off, units_in_order

# how many continuations are followed at each depth below the root (all answers at the root)
WIDTHS = (3, 2, 1)
# at most this many positions are looked at per decision: keeps a decision well under the site's budget
BUDGET = 400

ATTACKS = {f: DATA.factions[f]["attack"] for f in DATA.factions}
UPGRADE_WORTH = {"marines": 1.6, "aliens": 1.6, "scientists": 1.1, "greys": 1.1}


class ExpertBot:
    def __init__(self, seed: int = 0) -> None:
        self.rng = SeededRandom(seed)

    def decide(self, view: dict[str, Any]) -> Decision:
        from . import RULES  # here, not at the top: the package imports this module while it builds RULES
        ask = view["ask"]
        decisions = [{"type": ask["type"], "pick": p} for p in ask["options"]]
        if len(decisions) == 1:
            return decisions[0]
        s = guessed_world(view, view["you"], self.rng)
        search = _Search(RULES, ask["seat"], BUDGET)
        scored = [(search.best_end(RULES.apply(s, d)[0], 0), d) for d in decisions]
        top = max(v for v, _ in scored)
        return self.rng.choice([d for v, d in scored if v >= top - 1e-9])


class _Search:
    def __init__(self, rules: Rules, me: int, budget: int) -> None:
        self.rules, self.me, self.left = rules, me, budget

    def best_end(self, s: State, depth: int) -> float:
        """The best evaluation reachable at the end of `me`'s turn from `s`, following only the
        answers that look best at once (fewer the deeper, and none once the budget is spent)."""
        if s["over"] is not None or s["ask"] is None or s["ask"]["seat"] != self.me:
            return evaluate(s, self.me)
        ask = s["ask"]
        children: list[tuple[float, State]] = []
        for pick in ask["options"]:
            if self.left <= 0 and children:
                break
            self.left -= 1
            child = self.rules.apply(s, {"type": ask["type"], "pick": pick})[0]
            children.append((evaluate(child, self.me), child))
        children.sort(key=lambda vc: -vc[0])
        width = WIDTHS[min(depth, len(WIDTHS) - 1)] if self.left > 0 else 1
        return max(self.best_end(child, depth + 1) for _, child in children[:width])


# --- the evaluation --------------------------------------------------------------------------------

def evaluate(s: State, me: int) -> float:
    """How good a position is for `me`'s side, in points of score lead."""
    if s["over"] is not None:
        return _outcome(s, me)
    mine = s["side_of"][me]
    if s["mode"] == "deathmatch":
        others = [o for o in range(s["players"]) if o != me and o not in s["out"]]
        lead = _race(s, me) - max(_race(s, o) for o in others)
        worth = _assets(s, [me]) - sum(_assets(s, [o]) for o in others) / max(1, len(others))
        return lead + worth
    enemy = [seat for seat in range(s["players"]) if s["side_of"][seat] != mine]
    friends = s["sides"][mine]
    lead = _race(s, *friends) - _race(s, *enemy)
    return lead + _assets(s, friends) - _assets(s, enemy)


def _outcome(s: State, me: int) -> float:
    winners = s["over"]["winners"]
    if s["colours"][me] not in winners:
        return -1000.0
    return 0.0 if win_is_shared(s) else 1000.0


def _race(s: State, *seats: int) -> float:
    """Score, plus how near the instant ends are: the last LP before 0 (2 players, teams) and the last
    DP (and deathmatch LP) before 20 weigh more than the first, as they decide the game at once."""
    total = 0.0
    for seat in seats:
        lp, dp = s["lp"][seat], s["dp"][seat]
        total += lp + dp
        if s["mode"] == "deathmatch":
            total += 0.12 * max(0, lp - 12) ** 2
        else:
            total -= 0.15 * max(0, 8 - lp) ** 2
        if collects(s, seat):
            total += 0.12 * max(0, dp - 12) ** 2
    return total


def _assets(s: State, seats: list[int]) -> float:
    """What a side has that will become score: tiles, upgraded units, active cards, pending cards."""
    side = s["side_of"][seats[0]]
    total: float = 0.6 * s["tiles"][side]
    for uid in units_in_order(s):
        u = s["units"][uid]
        if u["seat"] not in seats:
            continue
        faction = s["colours"][u["seat"]]
        if u["up"]:
            total += UPGRADE_WORTH[faction]
        if u["at"] == "space":
            total -= 1.5
        total -= 0.8 * bool(u["gripped"]) + 0.5 * u["parasites"] - 0.3 * bool(u["invisible"])
        total -= 0.25 * _exposure(s, uid, u)
    for place, card in installed(s):
        if owner(s, card) not in seats:
            continue
        if switched_off(s, place, card):
            total += 0.2
            continue
        slot = s["slots"][place]
        total += 1.0 + 0.5 * slot["tiles"] + (0.6 * slot["counter"] if collects(s, owner(s, card)) else 0)
    for seat in seats:
        total += 0.5 * len(s["held"][seat])
    total += 0.3 * sum(1 for c in s["pending"].values() if c and owner(s, c) in seats)
    return total


def _exposure(s: State, uid: str, u: dict[str, Any]) -> int:
    """How many enemy attackers have this unit in range (they hit it in their next Combat)."""
    if u["at"] in ("space", "moving") or u["invisible"]:
        return 0
    count = 0
    for other in units_in_order(s):
        v = s["units"][other]
        if v["at"] in ("space", "moving") or v["gripped"] or s["side_of"][v["seat"]] == s["side_of"][u["seat"]]:
            continue
        targets, _ = ATTACKS[s["colours"][v["seat"]]]["upgraded" if v["up"] else "basic"]
        if targets and in_range(s, v["at"], u["at"]):
            count += 1
    return count

