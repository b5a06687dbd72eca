"""Coin Toss, a tiny game for the tournaments' tests (registered for a test through a fixture, never
in the registry otherwise): every seat tosses once, in turn; the highest toss wins, equal tosses share
their place. The tosses come from the seed, so results differ from game to game, draws included."""
from __future__ import annotations

from games.rules.base import Rules
from games.rules.rng import SeededRandom

from .team_game import COLOURS, RelayPresentation, RelayRules

TOSS = {"type": "finish"}  # the Relay's decision, so that its bots toss


class CoinRules(RelayRules):
    name = "coin"
    called = "Coin Toss"

    def options_schema(self) -> dict:
        return {}

    def check_options(self, players, options):
        return Rules.check_options(self, players, options)

    def teams(self, players, options):
        return None

    def setup(self, players, seed, options, version):
        rng = SeededRandom(seed)
        return {"colours": list(COLOURS[:players]), "ask": {"seat": 0}, "over": None, "seq": 0, "undo_floor": 0,
                "rules_version": version, "teams": False, "seed": seed,
                "tosses": [rng.below(3) for _ in range(players)], "tossed": 0}

    def advance(self, state, decision, events):
        seat = state["ask"]["seat"]
        state["seq"] += 1
        state["undo_floor"] = state["seq"]
        state["tossed"] += 1
        events.append({"e": "finished", "seat": seat})
        if state["tossed"] < len(state["colours"]):
            state["ask"] = {"seat": seat + 1}
        else:
            best = max(state["tosses"])
            state["ask"], state["over"] = None, {"winners": [s for s, t in enumerate(state["tosses"]) if t == best]}
        return state

    def view(self, state, seat):
        return {"you": seat, "colours": state["colours"], "ask": state["ask"], "over": state["over"]}

    def outcome(self, state):
        if state["over"] is None:
            return None
        names, tosses = state["colours"], state["tosses"]
        ranking = [{"who": who, "rank": 1 + sum(t > tosses[i] for t in tosses), "score": tosses[i]}
                   for i, who in enumerate(names)]
        ranking.sort(key=lambda entry: entry["rank"])
        return {"scores": {who: tosses[i] for i, who in enumerate(names)},
                "winners": [names[s] for s in state["over"]["winners"]], "ranking": ranking}


class CoinPresentation(RelayPresentation):
    name = "coin"
    title = {"en": "Coin Toss", "de": "Münzwurf"}
    summary = {"en": "Toss once; the highest toss wins.", "de": "Einmal werfen; der höchste Wurf gewinnt."}


RULES = CoinRules()
PRESENTATION = CoinPresentation()
