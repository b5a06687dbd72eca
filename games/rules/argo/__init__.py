"""Argo (Faidutti & Laget) as played on Argo Station: the pure rules module and its words.

`RULES` fulfils games.rules.base.GameRules, and `PRESENTATION` (presentation.py)
games.rules.base.GamePresentation. States are plain JSON (games/rules/argo/docs/state.md);
decisions are small JSON objects (games/rules/argo/docs/decisions.md).
"""
from __future__ import annotations

from typing import Any

from ..base import N_, Decision, Event, IllegalAction, ImpossiblePosition, Rules, State
from ..rng import SeededRandom
from . import bots, guess, log, view as _view
from .components import DIFFICULTIES, Station, load_station
from .decisions import decision_schema, explain
from .presentation import ArgoPresentation
from .scoring import outcome as _outcome
from .state import PHASES, check_position, check_question, validate_state
from .station import specs
from .turn import iter_legal, new_game as _new_game, play, run as _run
from .versions import VERSIONS, holds


def canonical(state: State, decision: Decision) -> Decision:
    """R21: a tile may be given in any rotation; rotations with the same doors are one placement,
    checked and stored as the smallest of them."""
    rotation = decision.get("rotation")
    if rotation not in (0, 1, 2, 3) or isinstance(rotation, bool) or not holds(state, "R21"):
        return decision
    ask = state["ask"] or {}
    if decision["type"] == "place":
        tile = decision.get("tile")
    elif decision["type"] in ("relocate", "pilot") and ask.get("cell") in state["board"]:
        tile = state["board"][ask["cell"]]["tile"]
    else:
        return decision
    spec = specs(state).get(tile) if isinstance(tile, str) else None
    if spec is None:
        return decision
    doors = spec.doors_at(rotation)
    return {**decision, "rotation": min(r for r in range(4) if spec.doors_at(r) == doors)}


class ArgoRules(Rules):
    """Argo on the toolkit: the station, the aliens and the pods are the game's own modules."""
    name = "argo"
    min_players, max_players = 2, 4
    called = ArgoPresentation.title["en"]

    # What the toolkit (games.rules.base.Rules) builds on. The phases of at_phase: "alien", "build",
    # "actions" with `turn.actions` left, or "end" (the End-turn question); undo goes back to the
    # start of the turn or the last reveal, whichever is later (section 9).
    VERSIONS, BOTS = VERSIONS, bots.BOTS
    phases = (*PHASES, "end")

    def setup(self, players: int, seed: int, options: dict[str, Any], version: int) -> State:
        return _new_game(players, seed, options, version=version)

    def validate(self, state: State) -> None:
        validate_state(state)

    def check_pieces(self, state: State) -> None:
        check_position(state)  # games/rules/argo/docs/state.md, "A valid position"

    def run(self, state: State, events: list[Event]) -> None:
        _run(state, events)

    def advance(self, state: State, decision: Decision, events: list[Event]) -> State:
        new = play(state, canonical(state, dict(decision)), events)
        if new is None:
            raise IllegalAction(explain(state, decision, log.prompt(state)))
        return new

    def check_question(self, state: State) -> None:
        check_question(state, iter_legal)

    def restart(self, state: State, phase: str) -> None:
        """Any pending question, queue and chain dropped."""
        state.update(ask=None, queue=[], chain=None)
        state["turn"] = dict(state["turn"], phase="actions" if phase == "end" else phase)
        if phase == "end":
            state["turn"]["actions"] = 0
        state["queue"] = [{"do": "phase", "to": state["turn"]["phase"]}]

    # --- the rest of GameRules -----------------------------------------------------------------

    def options_schema(self) -> dict[str, Any]:
        """The options' labels are the game's words, from its catalogue, kept beside the choices they name."""
        catalogue = log.CATALOGUE
        return {
            "difficulty": {"choices": list(DIFFICULTIES), "default": "medium",
                           "label": catalogue.texts(N_("Difficulty")),
                           "choice_labels": catalogue.each([N_("easy"), N_("medium"), N_("hard")])},
            "mean_teleporters": {"choices": [False, True], "default": False,
                                 "label": catalogue.texts(N_("Mean teleporters")),
                                 "choice_labels": catalogue.each([N_("no"), N_("yes")])},
        }

    def public_decision(self, decision: Decision) -> Decision:
        return dict(decision)  # Argo has no hidden decision: the face-down modules are drawn, not chosen

    def current_seat(self, state: State) -> int | None:
        return None if state["over"] is not None else state["turn"]["seat"]

    def legal_actions(self, state: State) -> list[Decision]:
        return list(iter_legal(state))

    def decision_schema(self) -> dict[str, Any]:
        return decision_schema()

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return _view.view(state, seat)

    def twin(self, state: State, seat: int | None) -> State:
        return _view.twin(state, seat)

    def guessed_world(self, view: dict[str, Any], seat: int | None, rng: SeededRandom) -> State:
        """The face-down order and the seed dealt anew from `rng`; the rest copied from `view`."""
        return guess.guessed_world(view, seat, rng)

    def outcome(self, state: State) -> dict[str, Any] | None:
        return _outcome(state)

    def station(self) -> Station:
        return load_station("station")


RULES = ArgoRules()
PRESENTATION = ArgoPresentation()

__all__ = ["PRESENTATION", "RULES", "ArgoPresentation", "ArgoRules", "IllegalAction", "ImpossiblePosition"]
