"""Theseus as played on Argo Station: the pure rules module and its words.

`RULES` fulfils games.rules.base.GameRules, and `PRESENTATION` (presentation.py)
games.rules.base.GamePresentation. The state is plain JSON (docs/state.md); a decision
answers the pending question: {"type": <question>, "pick": <one of its options>}. Choices where the
rules are silent: docs/choices.md.
"""
from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any

from ..base import N_, Decision, Event, IllegalAction, ImpossiblePosition, Rules, State, clone
from ..rng import SeededRandom
from . import bots, guess, state as _state, view as _view
from .components import CATALOGUE, DATA, FACTIONS
from .play import Play
from .presentation import TheseusPresentation
from .turn import PHASES, new_state, run_segment
from .versions import VERSIONS

QUESTIONS = ("team_sector", "setup_card", "setup_slot", "setup_room", "free_step", "move_unit", "shortcut", "eject",
             "room", "space_room", "trap_next", "target", "double_shot", "action_next", "pick_unit", "pick_card",
             "pick_slot", "pick_opponent", "pick_pending", "disc_target", "faction_action", "extra_unit", "pending",
             "install_slot", "lose_upgrade", "heal_split")
PICK_LENGTH = 32


@cache
def decision_schema() -> dict[str, Any]:
    """One shape per question, its pick a text: what the toolkit's check_shape lets through (one
    object, made once: the API serves it and the rules check it)."""
    return {"oneOf": [{"type": "object", "title": f"theseus: {q}", "additionalProperties": False,
                       "required": ["type", "pick"],
                       "properties": {"type": {"type": "string", "enum": [q]},
                                      "pick": {"type": "string", "minLength": 1, "maxLength": PICK_LENGTH}}}
                      for q in QUESTIONS]}


def _faction_option(i: int) -> dict[str, Any]:
    return {"choices": ["random", *FACTIONS], "default": "random",
            "label": {lang: text.format(n=i) for lang, text in CATALOGUE.texts(N_("Faction of seat {n}")).items()},
            "choice_labels": CATALOGUE.each([N_("random"), *(DATA.factions[f]["name"]["en"] for f in FACTIONS)])}


def _yes_no(label: str) -> dict[str, Any]:
    return {"choices": [False, True], "default": False, "label": CATALOGUE.texts(label),
            "choice_labels": CATALOGUE.each([N_("no"), N_("yes")])}


def data_texts() -> list[str]:
    """The names and texts of the data files' sectors, factions and cards, in English: msgids of the
    catalogue (bin/game-texts)."""
    names = [*(s.name["en"] for s in DATA.sectors.values()), *(f["name"]["en"] for f in DATA.factions.values())]
    return [*names, *(text for card in DATA.kinds.values() for text in (card.name["en"], card.text["en"]))]


class TheseusRules(Rules):
    """Theseus on the toolkit; a turn runs as plain code from the mark of its start (play.py)."""
    name = "theseus"
    min_players, max_players = 2, 4
    called = TheseusPresentation.title["en"]
    VERSIONS, BOTS = VERSIONS, bots.BOTS
    phases = PHASES

    def options_schema(self) -> dict[str, Any]:
        return {"teams": _yes_no(N_("Two teams of two (4 players)")),
                "no_bonus": _yes_no(N_("No bonus cards")),
                "random_ring": _yes_no(N_("Sectors in random order")),
                **{f"faction{i}": _faction_option(i) for i in range(1, 5)}}

    def check_options(self, players: object, options: dict[str, Any] | None) -> dict[str, Any]:
        checked = super().check_options(players, options)
        assert isinstance(players, int)  # the toolkit's check_options refused any other player count
        if checked["teams"] and players != 4:
            raise IllegalAction("Theseus is played in teams by exactly 4 players")
        if checked["teams"] and checked["random_ring"]:
            raise IllegalAction("the random ring is not played in teams")
        fixed = [checked[f"faction{i}"] for i in range(1, players + 1) if checked[f"faction{i}"] != "random"]
        if len(set(fixed)) != len(fixed):
            raise IllegalAction("each seat needs a different faction")
        if any(checked[f"faction{i}"] != "random" for i in range(players + 1, 5)):
            raise IllegalAction(f"a game of {players} players has no faction for seats beyond {players}")
        return checked

    def teams(self, players: int, options: dict[str, Any]) -> list[list[int]] | None:
        return [[0, 2], [1, 3]] if options.get("teams") and players == 4 else None

    def setup(self, players: int, seed: int, options: dict[str, Any], version: int) -> State:
        s = new_state(players, seed, options, version)
        out, _ = run_segment(s, [], 0, 0)
        return out

    def apply(self, state: State, decision: Decision) -> tuple[State, list[Event]]:
        self.check_shape(decision)
        if self.over(state):
            raise IllegalAction("the game is over")
        return self._run(state, decision)

    def _run(self, state: State, decision: Decision) -> tuple[State, list[Event]]:
        seq0 = state["seq"] - len(state["answers"])
        out, g = run_segment(state["mark"], state["answers"] + [decision], seq0, state["undo_floor"])
        return out, g.new_events

    def advance(self, state: State, decision: Decision, events: list[Event]) -> State:
        out, new = self._run(state, decision)
        events.extend(new)
        return out

    def replay(self, players: int, seed: int, options: dict[str, Any] | None, decisions: Iterable[Decision],
               version: int | None = None) -> State:
        """One run through the whole game: each decision checked where it is asked."""
        decisions = list(decisions)
        for d in decisions:
            self.check_shape(d)
        s = new_state(players, seed, self.check_options(players, options), self.VERSIONS.check(version))
        out, _ = run_segment(s, decisions, 0, 0)
        return out

    def validate(self, state: State) -> None:
        _state.validate(state)

    def check_pieces(self, state: State) -> None:
        _state.check_pieces(state)

    def check_question(self, state: State) -> None:
        _state.check_question(state)

    def restart(self, state: State, phase: str) -> None:
        state["ask"] = None
        state["turn"]["phase"] = phase

    def run(self, state: State, events: list[Event]) -> None:
        state["mark"], state["answers"] = None, []
        out, g = run_segment(clone(state), [], state["seq"], state["seq"])
        state.clear()
        state.update(out)
        events.extend(g.events)

    # --- the rest of GameRules -----------------------------------------------------------------

    def current_seat(self, state: State) -> int | None:
        return None if state["over"] is not None or state["ask"] is None else state["ask"]["seat"]

    def legal_actions(self, state: State) -> list[Decision]:
        ask = state["ask"]
        return [] if ask is None or state["over"] is not None else \
            [{"type": ask["type"], "pick": o} for o in ask["options"]]

    def decision_schema(self) -> dict[str, Any]:
        return decision_schema()

    def public_decision(self, decision: Decision) -> Decision:
        return dict(decision)  # every choice is made in the open (spec 16)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return _view.view(state, seat)

    def twin(self, state: State, seat: int | None) -> State:
        return _view.twin(state, seat)

    def guessed_world(self, view: dict[str, Any], seat: int | None, rng: SeededRandom) -> State:
        return guess.guessed_world(view, seat, rng)

    def outcome(self, state: State) -> dict[str, Any] | None:
        return None if state["over"] is None else clone(state["over"])


RULES = TheseusRules()
PRESENTATION = TheseusPresentation()

__all__ = ["PRESENTATION", "RULES", "TheseusPresentation", "TheseusRules", "IllegalAction", "ImpossiblePosition", "Play"]
