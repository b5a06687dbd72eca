"""Andromeda Escape as played on Argo Station: the pure rules module and its words.

`RULES` fulfils games.rules.base.GameRules, and `PRESENTATION` (presentation.py)
games.rules.base.GamePresentation. States are plain JSON and decisions small JSON objects
(games/rules/andromeda/docs/state.md); choices where the rules are silent:
games/rules/andromeda/docs/choices.md.
"""
from __future__ import annotations

from functools import cache
from typing import Any

from ..base import Decision, Event, IllegalAction, ImpossiblePosition, Rules, State
from ..rng import SeededRandom
from . import bots, view as _view
from .cards import FIELDS as CARD_FIELDS
from .components import Card, Mission
from .guess import guessed_world as _guessed_world
from .presentation import AndromedaPresentation
from .refusals import explain
from .ships import BOARD
from .state import PHASES, check_position, check_question, validate_state
from .turn import candidates, clone, legal, new_game as _new_game, play, run as _run
from .versions import VERSIONS

FIELDS = {
    "return": {"mission"}, "keep": {"mission"}, "enter": {"to"}, "move": {"from", "to"}, "warp": {"from", "to"},
    "skip": set(), "swap": {"ship", "with"}, "raise": {"ship"}, "decline": set(), "take": {"card"},
    "place_lost": {"to"}, "shift": {"from", "to"}, "end_turn": set(), "play": {"card"},
}
SECRET_FIELDS: dict[str, tuple[str, ...]] = {"return": ("mission",), "keep": ("mission",)}


INTEGER_FIELDS = {"mission"}  # a mission's number; every other field names a thing (a space, a card, a colour)


def _field_schema(name: str) -> dict[str, Any]:
    if name in INTEGER_FIELDS:
        return {"type": "integer", "minimum": 1, "maximum": 99}
    return {"type": "string", "minLength": 1, "maxLength": 16}


def _shape(kind: str, fields: set[str], card: str | None = None) -> dict[str, Any]:
    properties = {"type": {"type": "string", "enum": [kind]}, **{f: _field_schema(f) for f in sorted(fields)}}
    if card is not None:
        properties["card"] = {"type": "string", "enum": [card]}
    return {"type": "object", "title": f"andromeda: {kind}{' ' + card if card else ''}",
            "additionalProperties": False, "required": ["type", *sorted(fields | ({"card"} if card else set()))],
            "properties": properties}


@cache
def decision_schema() -> dict[str, Any]:
    """FIELDS (and each card's own fields for "play") as a JSON Schema: what the toolkit's check_shape
    lets through (one object, made once: the API serves it and the rules check it)."""
    plain = [_shape(kind, fields) for kind, fields in FIELDS.items() if kind != "play"]
    return {"oneOf": plain + [_shape("play", set(fields), card) for card, fields in CARD_FIELDS.items()]}


def data_texts() -> list[str]:
    """The names and texts of the data file's cards and missions, in English: msgids of the catalogue
    (bin/game-texts)."""
    entries: list[Card | Mission] = [*BOARD.cards.values(), *BOARD.missions.values()]
    return [text for entry in entries for text in (entry.name, entry.text)]


class AndromedaRules(Rules):
    """Andromeda Escape on the toolkit: the ships, the cards and the missions are the game's own modules."""
    name = "andromeda"
    min_players, max_players = 2, 4
    called = AndromedaPresentation.title["en"]

    # What the toolkit (games.rules.base.Rules) builds on. The phases of at_phase: "cards" (before
    # the action, card plays allowed) and "after" (the action taken, on to placing a due Lost Ship
    # and End turn). Undo goes back to the start of the turn, the last reveal or the last answer of
    # another player.
    VERSIONS, BOTS = VERSIONS, bots.BOTS
    setup = staticmethod(_new_game)
    phases = PHASES

    def advance(self, state: State, decision: Decision, events: list[Event]) -> State:
        if decision not in candidates(state, decision):
            raise IllegalAction(explain(state, decision))
        return play(state, dict(decision), events)

    def validate(self, state: State) -> None:
        validate_state(state)

    def check_pieces(self, state: State) -> None:
        check_position(state)  # games/rules/andromeda/docs/state.md, "A valid position"

    def run(self, state: State, events: list[Event]) -> None:
        _run(state, events)

    def check_question(self, state: State) -> None:
        check_question(state, legal)

    def restart(self, state: State, phase: str) -> None:
        """The pending question dropped, the queued questions kept."""
        state["ask"] = None
        state["turn"] = dict(state["turn"], phase=phase)

    # --- the rest of GameRules -----------------------------------------------------------------

    def current_seat(self, state: State) -> int | None:
        return None if state["over"] is not None or state["ask"] is None else state["ask"]["seat"]

    def legal_actions(self, state: State) -> list[Decision]:
        return legal(state)

    def decision_schema(self) -> dict[str, Any]:
        return decision_schema()

    def public_decision(self, decision: Decision) -> Decision:
        hidden = SECRET_FIELDS.get(decision.get("type", ""), ())
        return {k: v for k, v in decision.items() if k not in hidden}

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return _view.view(state, seat)

    def twin(self, state: State, seat: int | None) -> State:
        return _view.twin(state, seat)

    def guessed_world(self, view: dict[str, Any], seat: int | None, rng: SeededRandom) -> State:
        return _guessed_world(view, seat, rng)

    def outcome(self, state: State) -> dict[str, Any] | None:
        return None if state["over"] is None else clone(state["over"])


RULES = AndromedaRules()
PRESENTATION = AndromedaPresentation()

__all__ = ["PRESENTATION", "RULES", "AndromedaPresentation", "AndromedaRules", "IllegalAction", "ImpossiblePosition"]
