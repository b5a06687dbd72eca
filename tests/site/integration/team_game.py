"""Relay, a tiny game for the site's tests of team play (tests/site/integration/test_teams.py registers it for a
test through the `relay` fixture; the registry never holds it otherwise).

Every player for themselves, or with the option "teams" (four players only) seats 0 and 2 against
seats 1 and 3. The seat to decide passes the baton to the next seat, or finishes the race: then that
seat wins, with its partner in a team game. Winners score 1 and share the first place; the others
score 0 and share the place after them: partners always share a place, as the contract asks.
"""
from __future__ import annotations

from games.rules.base import (
    NAMED_COLOURS,
    IllegalAction,
    ImpossiblePosition,
    MalformedDecision,
    Presentation,
    Rules,
    RulesVersions,
)

COLOURS = ("red", "yellow", "green", "blue")
PASS, FINISH = {"type": "pass"}, {"type": "finish"}


class FirstChoice:
    """The greedy bot: it finishes at once."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def decide(self, view):
        return dict(FINISH)


class Passer(FirstChoice):
    """The random bot, as random as these tests need: it passes for two rounds, then finishes."""

    def decide(self, view):
        return dict(PASS if view["seq"] < 2 * len(view["colours"]) else FINISH)


class RelayRules(Rules):
    name = "relay"
    min_players, max_players = 2, 4
    called = "Relay Race"
    VERSIONS = RulesVersions("Relay Race", current=1, published=(1,), since={})
    BOTS = {"random": Passer, "greedy": FirstChoice}

    def options_schema(self) -> dict:
        return {"teams": {"choices": [False, True], "default": False, "label": {"en": "Teams", "de": "Teams"},
                          "choice_labels": {"en": ["every player for themselves", "two against two"],
                                            "de": ["jeder für sich", "zwei gegen zwei"]}}}

    def check_options(self, players, options):
        checked = super().check_options(players, options)
        if checked["teams"] and players != 4:
            raise IllegalAction("Relay Race is played in teams by 4 players only")
        return checked

    def teams(self, players, options):
        return [[0, 2], [1, 3]] if options.get("teams") and players == 4 else None

    # --- the toolkit's hooks -------------------------------------------------------------------

    def setup(self, players, seed, options, version):
        return {"colours": list(COLOURS[:players]), "ask": {"seat": 0}, "over": None, "seq": 0, "undo_floor": 0,
                "rules_version": version, "teams": options["teams"], "seed": seed}

    def check_shape(self, decision):
        if decision not in (PASS, FINISH):
            raise MalformedDecision('a decision is {"type": "pass"} or {"type": "finish"}')

    def advance(self, state, decision, events):
        seat = state["ask"]["seat"]
        state["seq"] += 1
        state["undo_floor"] = state["seq"]
        if decision == PASS:
            state["ask"] = {"seat": (seat + 1) % len(state["colours"])}
            events.append({"e": "passed", "seat": seat})
            return state
        winners = [seat]
        teams = self.teams(len(state["colours"]), {"teams": state["teams"]})
        if teams:
            winners = next(team for team in teams if seat in team)
        state["ask"], state["over"] = None, {"winners": sorted(winners)}
        events.append({"e": "finished", "seat": seat})
        return state

    def validate(self, state):
        if not isinstance(state, dict) or "colours" not in state:
            raise ImpossiblePosition("not a relay")

    def check_pieces(self, state):
        pass

    def check_question(self, state):
        pass

    # --- the rest of GameRules -----------------------------------------------------------------

    def current_seat(self, state):
        return None if state["ask"] is None else state["ask"]["seat"]

    def legal_actions(self, state):
        return [] if state["ask"] is None else [dict(PASS), dict(FINISH)]

    def decision_schema(self):
        return {"oneOf": [{"type": "object", "title": "relay: pass", "additionalProperties": False, "required": ["type"],
                           "properties": {"type": {"type": "string", "enum": [kind]}}} for kind in ("pass", "finish")]}

    def public_decision(self, decision):
        return dict(decision)

    def view(self, state, seat):
        return {"you": seat, "seq": state["seq"], "colours": state["colours"], "ask": state["ask"], "over": state["over"]}

    def twin(self, state, seat):
        return {**state, "seed": state["seed"] + 1}

    def outcome(self, state):
        if state["over"] is None:
            return None
        names = state["colours"]
        won = [names[s] for s in state["over"]["winners"]]
        last = len(won) + 1
        ranking = [{"who": who, "rank": 1 if who in won else last, "score": int(who in won)} for who in names]
        ranking.sort(key=lambda entry: entry["rank"])
        return {"scores": {who: int(who in won) for who in names}, "winners": won, "ranking": ranking}


class RelayPresentation(Presentation):
    name = "relay"
    title = {"en": "Relay Race", "de": "Staffellauf"}
    summary = {"en": "Pass the baton or finish the race.", "de": "Gib den Stab weiter oder lauf ins Ziel."}

    def prompt(self, state, lang="en"):
        return {"en": "Pass the baton or finish", "de": "Stab weitergeben oder ins Ziel"}[lang if lang == "de" else "en"]

    def render(self, event, lang="en", names=None):
        words = {"passed": {"en": "{who} passes the baton.", "de": "{who} gibt den Stab weiter."},
                 "finished": {"en": "{who} finishes the race.", "de": "{who} läuft ins Ziel."}}
        who = names[event["seat"]] if names else COLOURS[event["seat"]]
        return words[event["e"]][lang if lang == "de" else "en"].format(who=who)

    def client_data(self, lang="en"):
        return {"seat_colours": {c: NAMED_COLOURS[c] for c in COLOURS}}


RULES = RelayRules()
PRESENTATION = RelayPresentation()
